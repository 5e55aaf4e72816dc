import type { AcquisitionSource, JoinLanding, UnlockMethod } from '@snapdrama/contract';
import type { Db, Tx } from '../../db/client';
import type { AnalyticsRepository } from './analytics.repository';

/**
 * A fact for the event log, written by the module that owns the fact, in its transaction
 * (docs/analytics-events.md). `key` is unique per source fact: the same fact again is ignored.
 */
export type AnalyticsFact = { userId: string; at: Date; key: string } & (
  | { kind: 'sign_up'; acquisition: AcquisitionSource }
  | { kind: 'episode_start' | 'episode_complete' | 'paywall_shown'; dramaId: number; epsd: number }
  | { kind: 'unlock'; dramaId: number; epsd: number; method: UnlockMethod; coins: number }
  | { kind: 'unlock_undone'; dramaId: number; epsd: number; coins: number }
  | {
      kind: 'purchase' | 'refund';
      orderId: string;
      gateway: string;
      amount: number;
      currency: string;
    }
  | { kind: 'share'; dramaId: number; epsd: number; target: string }
);

/**
 * How a new member came (decision 1606): `invite` when the join carried an invite code, else
 * `shared_link` when it said the member landed through a shared episode link, else `organic`.
 */
export function acquisitionOf(join: { code?: string; landing?: JoinLanding }): AcquisitionSource {
  if (join.code) return 'invite';
  return join.landing === 'share' ? 'shared_link' : 'organic';
}

/**
 * What other modules hold: one call that appends a fact, in their transaction when the fact is
 * one of their writes (tx), else on its own.
 */
export interface AnalyticsRecorder {
  record(fact: AnalyticsFact, tx?: Tx): Promise<void>;
}

/** The fact as a row of the log. */
function rowOf(fact: AnalyticsFact) {
  const base = { kind: fact.kind, sourceKey: fact.key, occurredAt: fact.at, userId: fact.userId };
  switch (fact.kind) {
    case 'sign_up':
      return { ...base, method: fact.acquisition };
    case 'episode_start':
    case 'episode_complete':
    case 'paywall_shown':
      return { ...base, dramaId: fact.dramaId, episodeNumber: fact.epsd };
    case 'unlock':
      return {
        ...base,
        dramaId: fact.dramaId,
        episodeNumber: fact.epsd,
        method: fact.method,
        coins: fact.coins,
      };
    case 'unlock_undone':
      return { ...base, dramaId: fact.dramaId, episodeNumber: fact.epsd, coins: fact.coins };
    case 'purchase':
    case 'refund':
      return {
        ...base,
        method: fact.gateway,
        amount: fact.amount,
        currency: fact.currency,
        ref: fact.orderId,
      };
    case 'share':
      return { ...base, dramaId: fact.dramaId, episodeNumber: fact.epsd, method: fact.target };
  }
}

export function createAnalyticsRecorder(repo: AnalyticsRepository, db: Db): AnalyticsRecorder {
  return {
    async record(fact, tx) {
      await repo.insertEvent(tx ?? db, rowOf(fact));
    },
  };
}
