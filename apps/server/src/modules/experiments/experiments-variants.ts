import {
  assignVariant,
  lowerPrices,
  pricesWithPaywallAt,
  type PricedEpisode,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { GoodsRow } from '../payments/payments.service';
import type { ExperimentsRepository, ExposureRow } from './experiments.repository';
import type { ExperimentRow } from './experiments.tables';

/** How long an instance reuses the list of experiments past their draft (decision 1611). */
export const EXPERIMENT_LIST_TTL_MS = 5_000;

export const dramaTarget = (dramaId: number) => `drama:${dramaId}`;
export const goodsTarget = (godsCode: string) => `goods:${godsCode}`;

interface PaywallVariant {
  firstPaidEpisode: number;
}
interface PackVariant {
  krw: number;
  usdCents: number;
  bonusCoin: number;
}
interface FirstChargeVariant {
  firstBonusCoin: number;
}

const splitOf = (row: ExperimentRow) => row.split as number[];
export const variantsOf = <V>(row: ExperimentRow) => row.variants as V[];

/** A pack's terms under a variant of a pack or first-charge experiment. */
export function goodsUnderVariant(row: ExperimentRow, goods: GoodsRow, variant: number): GoodsRow {
  if (row.kind === 'coin_pack') {
    const v = variantsOf<PackVariant>(row)[variant];
    return v ? { ...goods, krw: v.krw, usdCents: v.usdCents, bonusCoin: v.bonusCoin } : goods;
  }
  const v = variantsOf<FirstChargeVariant>(row)[variant];
  return v ? { ...goods, firstBonusCoin: v.firstBonusCoin } : goods;
}

/** A drama's prices under a variant of a paywall experiment. */
export function episodesUnderVariant<E extends PricedEpisode>(
  row: ExperimentRow,
  episodes: E[],
  variant: number,
): E[] {
  const v = variantsOf<PaywallVariant>(row)[variant];
  return v ? pricesWithPaywallAt(episodes, v.firstPaidEpisode) : episodes;
}

/**
 * Where variants are applied (decision 1611): the prices and pack terms one viewer is shown and
 * charged. While an experiment runs on a drama or pack, the viewer's variant (assigned from the
 * experiment's salt and the viewer's id) decides; showing it records the first exposure. A viewer
 * once shown a variant is never charged more than it showed, after the experiment stops or ships.
 */
export function createExperimentVariants(deps: { repo: ExperimentsRepository; clock: Clock }) {
  const { repo, clock } = deps;
  let cached: { at: number; byTarget: Map<string, ExperimentRow[]> } | undefined;

  async function experimentsOn(target: string): Promise<ExperimentRow[]> {
    const now = clock.now().getTime();
    if (!cached || now - cached.at >= EXPERIMENT_LIST_TTL_MS || now < cached.at) {
      const byTarget = new Map<string, ExperimentRow[]>();
      for (const row of await repo.shownExperiments()) {
        byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row]);
      }
      cached = { at: now, byTarget };
    }
    return cached.byTarget.get(target) ?? [];
  }

  /**
   * The running experiment's variant for the viewer, and the variants they were shown before.
   * Records the exposure when `show` and the viewer has none yet.
   */
  async function viewerState(userId: string, rows: ExperimentRow[], show: boolean) {
    const exposures = await repo.exposuresOf(
      userId,
      rows.map((r) => r.id),
    );
    const running = rows.find((r) => r.status === 'running');
    const assigned = running && assignVariant(running.salt, userId, splitOf(running));
    if (
      running &&
      assigned !== undefined &&
      show &&
      !exposures.some((x) => x.experimentId === running.id)
    ) {
      const exposure: ExposureRow = {
        experimentId: running.id,
        userId,
        variant: assigned,
        firstExposedAt: clock.now(),
      };
      await repo.recordExposure(exposure);
    }
    const seen = exposures
      .map((x) => ({ row: rows.find((r) => r.id === x.experimentId), variant: x.variant }))
      .filter(
        (x): x is { row: ExperimentRow; variant: number } =>
          x.row !== undefined && x.row !== running,
      );
    return { running, assigned, seen };
  }

  return {
    /** Drops this instance's list at once (the console changed an experiment). */
    forget() {
      cached = undefined;
    },

    /** A drama's episode prices as this viewer is shown and charged them. */
    async episodesFor<E extends PricedEpisode>(
      userId: string,
      dramaId: number,
      episodes: E[],
      show: boolean,
    ): Promise<E[]> {
      const rows = await experimentsOn(dramaTarget(dramaId));
      if (rows.length === 0) return episodes;
      const { running, assigned, seen } = await viewerState(userId, rows, show);
      let prices =
        running && assigned !== undefined
          ? episodesUnderVariant(running, episodes, assigned)
          : episodes;
      for (const s of seen)
        prices = lowerPrices(prices, episodesUnderVariant(s.row, episodes, s.variant));
      return prices;
    },

    /** Coin packs as this viewer is shown and charged them. */
    async goodsFor(userId: string, goods: GoodsRow[], show: boolean): Promise<GoodsRow[]> {
      return Promise.all(
        goods.map(async (g) => {
          const rows = await experimentsOn(goodsTarget(g.godsCode));
          if (rows.length === 0) return g;
          const { running, assigned, seen } = await viewerState(userId, rows, show);
          let terms =
            running && assigned !== undefined ? goodsUnderVariant(running, g, assigned) : g;
          // never a price above one shown, never a bonus below one shown
          for (const s of seen) {
            const shown = goodsUnderVariant(s.row, g, s.variant);
            terms = {
              ...terms,
              krw: Math.min(terms.krw, shown.krw),
              usdCents: Math.min(terms.usdCents, shown.usdCents),
              bonusCoin: Math.max(terms.bonusCoin, shown.bonusCoin),
              firstBonusCoin: Math.max(terms.firstBonusCoin, shown.firstBonusCoin),
            };
          }
          return terms;
        }),
      );
    },
  };
}

export type ExperimentVariants = ReturnType<typeof createExperimentVariants>;
