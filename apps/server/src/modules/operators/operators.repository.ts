import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  operatorLinks,
  operatorRecoveryCodes,
  operatorSessions,
  operators,
  type OperatorLinkRow,
  type OperatorRow,
} from './operators.tables';

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

    async byId(id: string, executor: Db | Tx = db) {
      const [row] = await executor.select().from(operators).where(eq(operators.id, id));
      return row;
    },

    /** The row, locked for the rest of the transaction (two admins changing one operator). */
    async lockById(tx: Tx, id: string) {
      const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
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
          | 'role'
          | 'passwordHash'
          | 'totpSecret'
          | 'totpPendingSecret'
          | 'totpLastStep'
          | 'disabledAt'
          | 'displayName'
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

    /** Ends the operator's sessions, all of them or all but `keep` (the caller's own). */
    async revokeSessionsOf(tx: Tx, operatorId: string, now: Date, keep?: string) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSessions.operatorId, operatorId),
            isNull(operatorSessions.revokedAt),
            keep === undefined ? undefined : ne(operatorSessions.id, keep),
          ),
        );
    },

    /** A new one-time link; the operator's links still open end (one link works at a time). */
    async insertLink(
      tx: Tx,
      values: Pick<
        OperatorLinkRow,
        'operatorId' | 'purpose' | 'tokenHash' | 'createdBy' | 'createdAt' | 'expiresAt'
      >,
    ): Promise<OperatorLinkRow> {
      await tx
        .update(operatorLinks)
        .set({ endedAt: values.createdAt })
        .where(and(eq(operatorLinks.operatorId, values.operatorId), isNull(operatorLinks.endedAt)));
      const [row] = await tx.insert(operatorLinks).values(values).returning();
      if (!row) throw new Error('link insert returned nothing');
      return row;
    },

    /** A link that is open now (not used, not replaced, not expired), with its operator. */
    async openLink(tokenHash: string, now: Date, executor: Db | Tx = db) {
      const [row] = await executor
        .select({ link: operatorLinks, operator: operators })
        .from(operatorLinks)
        .innerJoin(operators, eq(operators.id, operatorLinks.operatorId))
        .where(
          and(
            eq(operatorLinks.tokenHash, tokenHash),
            isNull(operatorLinks.endedAt),
            gt(operatorLinks.expiresAt, now),
          ),
        );
      return row;
    },

    /** Ends an open link; false when it was not open any more (used at the same moment). */
    async endLink(tx: Tx, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(operatorLinks)
        .set({ endedAt: now })
        .where(
          and(
            eq(operatorLinks.id, id),
            isNull(operatorLinks.endedAt),
            gt(operatorLinks.expiresAt, now),
          ),
        )
        .returning({ id: operatorLinks.id });
      return rows.length > 0;
    },

    /** The operator's recovery codes become these (the old ones, used or not, go). */
    async replaceRecoveryCodes(tx: Tx, operatorId: string, codeHashes: string[]) {
      await tx
        .delete(operatorRecoveryCodes)
        .where(eq(operatorRecoveryCodes.operatorId, operatorId));
      if (codeHashes.length > 0) {
        await tx
          .insert(operatorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
      }
    },

    /** Takes an unused recovery code; false when there is none of that hash. */
    async useRecoveryCode(operatorId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(operatorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, operatorId),
            eq(operatorRecoveryCodes.codeHash, codeHash),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: operatorRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(operatorId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(operatorRecoveryCodes)
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, operatorId),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
