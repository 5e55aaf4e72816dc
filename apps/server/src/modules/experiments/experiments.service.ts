import { randomBytes } from 'node:crypto';
import {
  ResultCode,
  type CreateExperimentBody,
  type Experiment,
  type ExperimentResults,
} from '@snapdrama/contract';
import {
  firstPaywalledEpisode,
  isValidSplit,
  paywallPrice,
  type PricedEpisode,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditRecord } from '../audit/audit.service';
import type { GoodsRow } from '../payments/payments.service';
import type { ExperimentsRepository } from './experiments.repository';
import type { ExperimentRow } from './experiments.tables';
import { computeResults } from './experiments-results';
import {
  dramaTarget,
  episodesUnderVariant,
  goodsTarget,
  goodsUnderVariant,
  type ExperimentVariants,
} from './experiments-variants';

/** What the console's experiments need of the modules that own the settings (decision 1610). */
export interface ExperimentTargets {
  /** the drama's episodes and prices as the catalog has them; 404002 when unknown */
  dramaEpisodes(dramaId: number): Promise<PricedEpisode[]>;
  /** writes a drama's episode prices through the catalog's console service (audited there) */
  setDramaPrices(operatorId: string, dramaId: number, episodes: PricedEpisode[]): Promise<void>;
  goods(godsCode: string): Promise<GoodsRow | undefined>;
  /** saves a pack through payments, with the audit entry in its transaction */
  saveGoods(operatorId: string, goods: GoodsRow): Promise<void>;
}

export function toWireExperiment(row: ExperimentRow): Experiment {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as Experiment['kind'],
    dramaId: row.dramaId,
    godsCode: row.godsCode,
    variants: row.variants as Experiment['variants'],
    split: row.split as number[],
    status: row.status as Experiment['status'],
    shippedVariant: row.shippedVariant,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
  };
}

const invalid = (why: string) => new AppError(ResultCode.EXPERIMENT_INVALID, why);
const notFound = () => new AppError(ResultCode.EXPERIMENT_NOT_FOUND, 'No such experiment');
const wrongState = (status: string, step: string) =>
  new AppError(ResultCode.EXPERIMENT_WRONG_STATE, `A ${status} experiment cannot ${step}`);

/** PostgreSQL's unique violation: another experiment runs on the target (partial unique index). */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * The console's experiments (issue 43 item 5): create with checks against the target, start,
 * stop, ship a variant (the owning module writes the setting, audited), list, results.
 */
export function createExperimentsService(deps: {
  repo: ExperimentsRepository;
  clock: Clock;
  variants: ExperimentVariants;
  targets: ExperimentTargets;
  audit: { record(tx: Tx, entry: AuditRecord): Promise<unknown> };
}) {
  const { repo, clock, targets, audit } = deps;
  const db = repo.db;

  /** Refuses variants that do not fit the drama or pack; answers the target key. */
  async function checkTarget(body: CreateExperimentBody): Promise<string> {
    if (body.variants.length !== body.split.length)
      throw invalid('variants and split must have the same length');
    if (!isValidSplit(body.split)) throw invalid('split must be whole percents adding up to 100');
    switch (body.kind) {
      case 'paywall_position': {
        const episodes = await targets.dramaEpisodes(body.dramaId);
        if (paywallPrice(episodes) === undefined) throw invalid('the drama has no paid episode');
        const last = episodes.reduce((m, e) => Math.max(m, e.number), 0);
        for (const v of body.variants)
          if (v.firstPaidEpisode > last)
            throw invalid(
              `the drama has ${last} episodes; episode ${v.firstPaidEpisode} is beyond it`,
            );
        const firsts = new Set(body.variants.map((v) => v.firstPaidEpisode));
        if (firsts.size !== body.variants.length) throw invalid('the variants must differ');
        return dramaTarget(body.dramaId);
      }
      case 'coin_pack':
      case 'first_charge_bonus': {
        const goods = await targets.goods(body.godsCode);
        if (!goods?.active) throw invalid(`no coin pack ${body.godsCode} on sale`);
        const keys = new Set(body.variants.map((v) => JSON.stringify(v)));
        if (keys.size !== body.variants.length) throw invalid('the variants must differ');
        return goodsTarget(body.godsCode);
      }
    }
  }

  async function step(operatorId: string, id: string, name: 'start' | 'stop'): Promise<Experiment> {
    const now = clock.now();
    try {
      const row = await db.transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before) throw notFound();
        const allowed = name === 'start' ? before.status === 'draft' : before.status === 'running';
        if (!allowed) throw wrongState(before.status, name);
        const after = await repo.update(
          tx,
          id,
          name === 'start'
            ? { status: 'running', startedAt: now }
            : { status: 'stopped', stoppedAt: now },
        );
        await audit.record(tx, {
          operatorId,
          action: `experiment.${name}`,
          targetType: 'experiment',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status },
        });
        return after;
      });
      deps.variants.forget();
      return toWireExperiment(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(
          ResultCode.EXPERIMENT_TARGET_BUSY,
          'Another experiment is running on this target',
        );
      throw error;
    }
  }

  return {
    async list(): Promise<Experiment[]> {
      return (await repo.list()).map(toWireExperiment);
    },

    async get(id: string): Promise<ExperimentRow> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound();
      return row;
    },

    async create(operatorId: string, body: CreateExperimentBody): Promise<Experiment> {
      const target = await checkTarget(body);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          name: body.name,
          kind: body.kind,
          target,
          dramaId: body.kind === 'paywall_position' ? body.dramaId : null,
          godsCode: body.kind === 'paywall_position' ? null : body.godsCode,
          variants: body.variants,
          split: body.split,
          salt: randomBytes(12).toString('base64url'),
          status: 'draft',
          createdBy: operatorId,
          createdAt: now,
        });
        await audit.record(tx, {
          operatorId,
          action: 'experiment.create',
          targetType: 'experiment',
          targetId: created.id,
          after: {
            name: body.name,
            kind: body.kind,
            target,
            variants: body.variants,
            split: body.split,
          },
        });
        return created;
      });
      return toWireExperiment(row);
    },

    start: (operatorId: string, id: string) => step(operatorId, id, 'start'),
    stop: (operatorId: string, id: string) => step(operatorId, id, 'stop'),

    /**
     * Ships a variant: the owning module writes it as the setting (its own audit entry), then the
     * experiment is marked shipped (audited). A running experiment is stopped by shipping. Viewers
     * shown a cheaper variant keep its prices (the guardrail, decision 1611).
     */
    async ship(operatorId: string, id: string, variant: number): Promise<Experiment> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound();
      if (row.status !== 'running' && row.status !== 'stopped')
        throw wrongState(row.status, 'ship');
      if (variant >= (row.split as number[]).length) throw invalid(`no variant ${variant}`);
      if (row.kind === 'paywall_position' && row.dramaId !== null) {
        const episodes = await targets.dramaEpisodes(row.dramaId);
        await targets.setDramaPrices(
          operatorId,
          row.dramaId,
          episodesUnderVariant(row, episodes, variant),
        );
      } else if (row.godsCode !== null) {
        const goods = await targets.goods(row.godsCode);
        if (!goods) throw invalid(`no coin pack ${row.godsCode}`);
        await targets.saveGoods(operatorId, goodsUnderVariant(row, goods, variant));
      }
      const now = clock.now();
      const shipped = await db.transaction(async (tx) => {
        const before = await repo.byId(tx, id, true);
        if (!before || (before.status !== 'running' && before.status !== 'stopped'))
          throw wrongState(before?.status ?? 'missing', 'ship');
        const after = await repo.update(tx, id, {
          status: 'shipped',
          shippedVariant: variant,
          stoppedAt: before.stoppedAt ?? now,
        });
        await audit.record(tx, {
          operatorId,
          action: 'experiment.ship',
          targetType: 'experiment',
          targetId: id,
          before: { status: before.status },
          after: { status: 'shipped', variant, setting: (row.variants as unknown[])[variant] },
        });
        return after;
      });
      deps.variants.forget();
      return toWireExperiment(shipped);
    },

    /**
     * Per-variant exposures, conversions, revenue, intervals and the sample-ratio check (1612),
     * from the per-variant sums of the rollup (1613): the read never loads a viewer's row.
     */
    async results(id: string): Promise<ExperimentResults> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound();
      return {
        experiment: toWireExperiment(row),
        revenueUnit: row.kind === 'paywall_position' ? 'coins' : 'krw',
        ...computeResults(row.split as number[], await repo.variantSums(id)),
      };
    },

    /** The first paywalled episode of a drama as the catalog has it now (the create form's hint). */
    async currentPaywall(dramaId: number) {
      return firstPaywalledEpisode(await targets.dramaEpisodes(dramaId)) ?? null;
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
