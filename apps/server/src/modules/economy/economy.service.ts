import { ResultCode } from '@snapdrama/contract';
import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AdLimits } from '../events/events.service';
import type { EconomyRepository } from './economy.repository';

/** The change-notice topic: every instance drops its copy of the settings. */
export const ECONOMY_TOPIC = 'economy';
/** An instance that missed a notice (Redis away) still reads a change within this. */
const MAX_AGE_MS = 30_000;

export const AD_LIMIT_BOUNDS = {
  cooldownSeconds: { min: 0, max: 86_400 },
  dailyCap: { min: 0, max: 1000 },
} as const;

function isAdLimits(value: unknown): value is AdLimits {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Number.isSafeInteger(v.cooldownSeconds) && Number.isSafeInteger(v.dailyCap);
}

/** Why these limits cannot be saved; undefined when they can. */
export function adLimitsProblem(limits: AdLimits): string | undefined {
  for (const field of ['cooldownSeconds', 'dailyCap'] as const) {
    const { min, max } = AD_LIMIT_BOUNDS[field];
    const n = limits[field];
    if (!Number.isSafeInteger(n) || n < min || n > max)
      return `${field}: a whole number from ${min} to ${max}`;
  }
  return undefined;
}

/**
 * Stored economy settings read by the services on every call (no redeploy), from a copy each
 * instance keeps for at most 30 s and drops at once when any instance changes it (change notices).
 */
export function createEconomyService(deps: {
  repo: EconomyRepository;
  clock: Clock;
  notices: ChangeNotices;
  /** the environment's values: what applies until an operator saves others */
  defaults: { adLimits: AdLimits };
}) {
  const { repo, clock, notices } = deps;
  let cached: { at: number; adLimits: AdLimits } | undefined;
  let loading: Promise<AdLimits> | undefined;
  notices.subscribe(ECONOMY_TOPIC, () => {
    cached = undefined;
  });

  async function load(): Promise<AdLimits> {
    const stored = await repo.read(repo.db, 'ad_limits');
    const adLimits = isAdLimits(stored) ? stored : deps.defaults.adLimits;
    cached = { at: clock.now().getTime(), adLimits };
    return adLimits;
  }

  return {
    /** The ad-unlock cooldown and daily cap in force. */
    async adLimits(): Promise<AdLimits> {
      if (cached && clock.now().getTime() - cached.at < MAX_AGE_MS) return cached.adLimits;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },

    /** An operator's new limits: in force on this instance at once, on the others on the notice. */
    async setAdLimits(
      limits: AdLimits,
      onChanged?: (tx: Tx, change: { before: AdLimits; after: AdLimits }) => Promise<void>,
    ): Promise<{ before: AdLimits; after: AdLimits }> {
      const problem = adLimitsProblem(limits);
      if (problem) throw new AppError(ResultCode.BAD_REQUEST, problem);
      const after = { cooldownSeconds: limits.cooldownSeconds, dailyCap: limits.dailyCap };
      const now = clock.now();
      const change = await repo.db.transaction(async (tx) => {
        const stored = await repo.lock(tx, 'ad_limits', now);
        const before = isAdLimits(stored) ? stored : deps.defaults.adLimits;
        await repo.write(tx, 'ad_limits', after, now);
        await onChanged?.(tx, { before, after });
        return { before, after };
      });
      cached = undefined;
      await notices.publish(ECONOMY_TOPIC);
      return change;
    },
  };
}

export type EconomyService = ReturnType<typeof createEconomyService>;
