import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callerPlaceholders, readPart, type ReadPart } from '../../db/read-parts';
import { ageChecks, identityChecks } from './identity.tables';

/** A member's age check: the birth year and the time of the check, nothing else. */
export interface AgeCheckRow {
  birthYear: number;
  verifiedAt: Date;
}

function decodeAgeCheck(raw: unknown): AgeCheckRow | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const v = raw as { birthYear?: unknown; verifiedAt?: unknown };
  if (typeof v.birthYear !== 'number' || typeof v.verifiedAt !== 'string') return undefined;
  return { birthYear: v.birthYear, verifiedAt: new Date(v.verifiedAt) };
}

export function createIdentityRepository(db: Db) {
  return {
    db,

    async insertCheck(values: {
      id: string;
      userId: string;
      provider: 'portone' | 'sandbox';
      startedAt: Date;
    }): Promise<void> {
      await db.insert(identityChecks).values(values);
    },

    async findCheck(id: string) {
      const [row] = await db.select().from(identityChecks).where(eq(identityChecks.id, id));
      return row;
    },

    /**
     * Completes a started check of this member once and stores the member's age from it, in one
     * transaction: a second completion of the same id (a replay, a race) finds it completed and
     * changes nothing. Answers false then.
     */
    async completeCheck(values: {
      id: string;
      userId: string;
      birthYear: number;
      verifiedAt: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(identityChecks)
          .set({ completedAt: values.verifiedAt })
          .where(
            and(
              eq(identityChecks.id, values.id),
              eq(identityChecks.userId, values.userId),
              isNull(identityChecks.completedAt),
            ),
          )
          .returning({ id: identityChecks.id });
        if (used.length === 0) return false;
        const age = { birthYear: values.birthYear, verifiedAt: values.verifiedAt };
        await tx
          .insert(ageChecks)
          .values({ userId: values.userId, ...age })
          .onConflictDoUpdate({ target: ageChecks.userId, set: age });
        return true;
      });
    },

    async ageCheckOf(userId: string): Promise<AgeCheckRow | undefined> {
      const [row] = await db
        .select({ birthYear: ageChecks.birthYear, verifiedAt: ageChecks.verifiedAt })
        .from(ageChecks)
        .where(eq(ageChecks.userId, userId));
      return row;
    },

    /** ageCheckOf() as a part of a caller's statement (decision 1300). */
    ageCheckPart(): ReadPart<AgeCheckRow | undefined> {
      return readPart(
        sql`(select json_build_object('birthYear', ${ageChecks.birthYear}, 'verifiedAt', ${ageChecks.verifiedAt})
          from ${ageChecks} where ${ageChecks.userId} = ${callerPlaceholders.userId})`,
        decodeAgeCheck,
      );
    },

    /** A withdrawal: the member's age and checks go (decision 0400). */
    async eraseUser(tx: Tx, userId: string): Promise<void> {
      await tx.delete(ageChecks).where(eq(ageChecks.userId, userId));
      await tx.delete(identityChecks).where(eq(identityChecks.userId, userId));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
