import { and, asc, eq, gt, inArray, isNull, or, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { operatorSessions, operators } from './operators.tables';

export type OperatorRow = typeof operators.$inferSelect;

export function createOperatorsRepository(db: Db) {
  return {
    async insert(
      tx: Tx,
      values: Pick<
        OperatorRow,
        'email' | 'displayName' | 'role' | 'passwordHash' | 'totpSecret' | 'createdAt'
      >,
    ): Promise<OperatorRow | undefined> {
      const [row] = await tx
        .insert(operators)
        .values(values)
        .onConflictDoNothing({ target: operators.email })
        .returning();
      return row;
    },

    async byEmail(email: string, executor: Db | Tx = db) {
      const [row] = await executor.select().from(operators).where(eq(operators.email, email));
      return row;
    },

    async byId(id: string) {
      const [row] = await db.select().from(operators).where(eq(operators.id, id));
      return row;
    },

    async emailsOf(ids: string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: operators.id, email: operators.email })
        .from(operators)
        .where(inArray(operators.id, ids));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    async list() {
      return db.select().from(operators).orderBy(asc(operators.createdAt));
    },

    async update(
      tx: Tx,
      id: string,
      values: Partial<
        Pick<
          OperatorRow,
          'role' | 'passwordHash' | 'totpSecret' | 'totpLastStep' | 'disabledAt' | 'displayName'
        >
      >,
    ) {
      const [row] = await tx.update(operators).set(values).where(eq(operators.id, id)).returning();
      return row;
    },

    /** Takes a TOTP step only if it is newer than the last one used (a code works once). */
    async useTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(operators.id, id),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      return rows.length > 0;
    },

    async insertSession(values: { operatorId: string; createdAt: Date; expiresAt: Date }) {
      const [row] = await db.insert(operatorSessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    /** The operator of a live session (not revoked, not expired, operator not disabled). */
    async liveSession(sessionId: string, now: Date) {
      const [row] = await db
        .select({ operator: operators, sessionId: operatorSessions.id })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.id, sessionId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            isNull(operators.disabledAt),
          ),
        );
      return row;
    },

    async revokeSession(sessionId: string, now: Date) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
    },

    async revokeSessionsOf(tx: Tx, operatorId: string, now: Date) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)),
        );
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
