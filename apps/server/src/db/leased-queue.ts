import { and, asc, eq, lt, lte, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** A queue table whose rows workers claim under a lease (transcode jobs, push reminders). */
export type LeasedQueue<Id> = PgTable & {
  id: AnyPgColumn<{ data: Id; notNull: true }>;
  status: AnyPgColumn;
  runAfter: AnyPgColumn;
  leaseUntil: AnyPgColumn;
};

/**
 * The id of the next due row, locked for this transaction: a queued one whose time came, or one
 * in the status `held` (a worker took it) whose worker let its lease run out (it died).
 * `for update skip locked`: workers racing for rows never take the same one and never wait on
 * each other.
 */
export async function lockNextDue<Id>(
  tx: Tx,
  q: LeasedQueue<Id>,
  held: string,
  now: Date,
): Promise<Id | undefined> {
  const [due] = await tx
    .select({ id: q.id })
    .from(q)
    .where(
      or(
        and(eq(q.status, 'queued'), lte(q.runAfter, now)),
        and(eq(q.status, held), lt(q.leaseUntil, now)),
      ),
    )
    .orderBy(asc(q.runAfter), asc(q.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return due?.id;
}
