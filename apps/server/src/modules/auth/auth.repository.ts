import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, sessions, users } from './auth.tables';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    async findUserById(id: string, tx: Db | Tx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row;
    },

    async findGuest(guestId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.guestId, guestId), isNull(users.deletedAt)));
      return row;
    },

    /** Creates the guest, or returns the one that already has this id (a retried join). */
    async insertGuest(values: { guestId: string; nickname: string; lang: string; now: Date }) {
      const [created] = await db
        .insert(users)
        .values({
          authMethod: 'guest',
          guestId: values.guestId,
          nickname: values.nickname,
          lang: values.lang,
          createdAt: values.now,
        })
        .onConflictDoNothing({ target: users.guestId })
        .returning();
      return created;
    },

    async updateUserLang(id: string, lang: string) {
      await db.update(users).set({ lang }).where(eq(users.id, id));
    },

    async insertSession(
      tx: Db | Tx,
      values: { userId: string; now: Date; expiresAt: Date; tokenHash: string },
    ): Promise<SessionRow> {
      const [session] = await tx
        .insert(sessions)
        .values({ userId: values.userId, createdAt: values.now, expiresAt: values.expiresAt })
        .returning();
      if (!session) throw new Error('session insert returned nothing');
      await tx.insert(refreshTokens).values({
        sessionId: session.id,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      });
      return session;
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    async findRefreshToken(tx: Db | Tx, tokenHash: string) {
      const [row] = await tx
        .select({ token: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      return row;
    },

    /** Marks a token used; false when it already was (a replay or a race lost). */
    async consumeRefreshToken(tx: Db | Tx, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async insertRefreshToken(
      tx: Db | Tx,
      values: { sessionId: string; tokenHash: string; now: Date; expiresAt: Date },
    ) {
      await tx.insert(refreshTokens).values({
        sessionId: values.sessionId,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      });
    },

    async revokeSession(tx: Db | Tx, id: string, now: Date) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeAllSessions(tx: Db | Tx, userId: string, now: Date) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
