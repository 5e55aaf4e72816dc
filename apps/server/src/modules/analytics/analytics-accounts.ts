import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** The tables of the rollups that hold one row (or more) per viewer, by `user_id`. */
const VIEWER_TABLES = [
  'analytics_reach',
  'analytics_drama_reach',
  'analytics_viewers',
  'analytics_orders',
  'analytics_viewer_returns',
] as const;

/**
 * Holds the rollups' state row for the rest of the caller's transaction: a batch being applied
 * is waited for, the next one waits (it finds the row locked and returns). So the viewer's rows
 * are rewritten between batches, never under one that read them before.
 */
async function holdRollups(tx: Tx) {
  await tx.execute(sql`
    insert into analytics_rollup_state (id, last_tx_id, last_event_id, updated_at)
    values (1, '0'::xid8, 0, now()) on conflict (id) do nothing`);
  await tx.execute(sql`select id from analytics_rollup_state where id = 1 for update`);
}

/**
 * What a withdrawal does to the event log and the rollups (decision 1609): the viewer's id is
 * replaced, in every event (its key too) and every per-viewer rollup row, by a pseudonym drawn
 * for this withdrawal and kept nowhere. The aggregates never held the id, and the per-viewer rows
 * stay consistent with the events under the same pseudonym, so every figure reads as before and
 * events not applied yet are applied as they would have been.
 */
async function pseudonymize(tx: Tx, userId: string): Promise<void> {
  await holdRollups(tx);
  const pseudonym = randomUUID();
  await tx.execute(sql`
    update analytics_events set user_id = ${pseudonym}::uuid,
      source_key = replace(source_key, ${userId}, ${pseudonym})
    where user_id = ${userId}::uuid`);
  for (const table of VIEWER_TABLES) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set user_id = ${pseudonym}::uuid where user_id = ${userId}::uuid`,
    );
  }
}

/** The analytics module's part in account changes (auth AccountDataHooks). */
export function createAnalyticsAccounts(_db: Db) {
  return {
    /**
     * a guest signed in to an existing account: their events stay under the guest's id for now
     * (docs/analytics-events.md; counting them for the member is still open in issue 43)
     */
    transferUserData: (): Promise<void> => Promise.resolve(),
    /** a withdrawal: the viewer's id leaves the log and the rollups; the figures stay */
    eraseUserData: (userId: string, tx: Tx) => pseudonymize(tx, userId),
  };
}
