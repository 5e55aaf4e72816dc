import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users, userSuspensions, type SuspensionRow } from './auth.tables';

/** In force at `now`: not lifted, and its end (if any) still ahead. */
const inForce = (now: Date) =>
  and(
    isNull(userSuspensions.liftedAt),
    or(isNull(userSuspensions.endsAt), gt(userSuspensions.endsAt, now)),
  );

/** The SQL of viewers' suspensions (decision 1560). */
export function createSuspensionsRepository(db: Db) {
  return {
    db,

    async inForce(userId: string, now: Date, tx: Db | Tx = db): Promise<SuspensionRow | undefined> {
      const [row] = await tx
        .select()
        .from(userSuspensions)
        .where(and(eq(userSuspensions.userId, userId), inForce(now)))
        .limit(1);
      return row;
    },

    /** The suspensions in force of many viewers (the console's lists). */
    async inForceOf(userIds: string[], now: Date): Promise<SuspensionRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(userSuspensions)
        .where(and(inArray(userSuspensions.userId, userIds), inForce(now)));
    },

    /** Locks the viewer's row (suspensions of one viewer one at a time); false: no such viewer. */
    async lockUser(tx: Tx, userId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return rows.length === 1;
    },

    /** The open row (not lifted, in force or ended by its date), locked. */
    async lockOpen(tx: Tx, userId: string): Promise<SuspensionRow | undefined> {
      const [row] = await tx
        .select()
        .from(userSuspensions)
        .where(and(eq(userSuspensions.userId, userId), isNull(userSuspensions.liftedAt)))
        .for('update');
      return row;
    },

    async close(tx: Tx, id: string, at: Date, by: string): Promise<void> {
      await tx
        .update(userSuspensions)
        .set({ liftedAt: at, liftedBy: by })
        .where(eq(userSuspensions.id, id));
    },

    async insert(
      tx: Tx,
      values: { userId: string; reason: string; startsAt: Date; endsAt: Date | null; by: string },
    ): Promise<SuspensionRow> {
      const [row] = await tx
        .insert(userSuspensions)
        .values({
          userId: values.userId,
          reason: values.reason,
          startsAt: values.startsAt,
          endsAt: values.endsAt,
          createdBy: values.by,
        })
        .returning();
      if (!row) throw new Error('suspension insert returned nothing');
      return row;
    },

    async history(userId: string, limit = 20): Promise<SuspensionRow[]> {
      return db
        .select()
        .from(userSuspensions)
        .where(eq(userSuspensions.userId, userId))
        .orderBy(desc(userSuspensions.startsAt))
        .limit(limit);
    },
  };
}

export type SuspensionsRepository = ReturnType<typeof createSuspensionsRepository>;
