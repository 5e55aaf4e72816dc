import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsPerServiceDay } from '../../db/rows-per-day';
import {
  callerPlaceholders,
  partFields,
  partsBinder,
  preparedRows,
  readPart,
  type ReadPart,
  type ReadParts,
  type ReadPartValues,
} from '../../db/read-parts';
import {
  authRequests,
  refreshTokens,
  sessions,
  signInTicketUses,
  userConsents,
  users,
  type AuthRequestRow,
  type SessionRow,
  type UserRow,
} from './auth.tables';

export type ConsentItem = 'age14' | 'terms' | 'privacy' | 'alarm';

export function createAuthRepository(db: Db) {
  const findSessionStatement = db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('auth_find_session');

  return {
    /**
     * A statement reading `parts` in the row of a live session (this id, of this user, not
     * revoked), prepared once as `name`: undefined when the session is not live (decision 1300).
     */
    forLiveSession<P extends ReadParts>(name: string, parts: P) {
      const query = db
        .select(partFields(parts))
        .from(sessions)
        .where(
          and(
            eq(sessions.id, sql.placeholder('sessionId')),
            eq(sessions.userId, callerPlaceholders.userId),
            isNull(sessions.revokedAt),
          ),
        );
      const statement = preparedRows(db, name, query, Object.keys(parts));
      const bind = partsBinder(parts);
      return async (
        session: { sessionId: string; userId: string },
        values: Record<string, unknown> = {},
      ): Promise<ReadPartValues<P> | undefined> => {
        const bound = bind({ ...values, sessionId: session.sessionId, userId: session.userId });
        const [row] = await statement(bound.values);
        return row ? bound.read(row) : undefined;
      };
    },

    /** findUserById() (the fields user info shows) as a part of a caller's statement. */
    userPart(): ReadPart<
      Pick<UserRow, 'id' | 'authMethod' | 'nickname' | 'email' | 'lang'> | undefined
    > {
      return readPart(
        sql`(select json_build_object('id', ${users.id}, 'authMethod', ${users.authMethod},
            'nickname', ${users.nickname}, 'email', ${users.email}, 'lang', ${users.lang})
          from ${users} where ${users.id} = ${callerPlaceholders.userId} and ${users.deletedAt} is null)`,
        (raw) =>
          raw && typeof raw === 'object'
            ? (raw as Pick<UserRow, 'id' | 'authMethod' | 'nickname' | 'email' | 'lang'>)
            : undefined,
      );
    },

    /**
     * Operators' viewer search: an exact user id, else nickname or email containing the text,
     * the provider's subject id, or a sign-in method (guest, google, kakao...). Withdrawn too.
     */
    async searchUsers(text: string, limit: number): Promise<UserRow[]> {
      const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
      if (isId) {
        // a user id, or a guest's device id (what a viewer can read out to support)
        const id = text.toLowerCase();
        return db
          .select()
          .from(users)
          .where(sql`${users.id} = ${id}::uuid or ${users.guestId} = ${id}::uuid`)
          .limit(2);
      }
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select()
        .from(users)
        .where(
          sql`${users.nickname} ilike ${like} or ${users.email} ilike ${like}
            or ${users.providerSubject} = ${text} or ${users.authMethod} = ${text.toLowerCase()}`,
        )
        .orderBy(sql`${users.createdAt} desc`)
        .limit(limit);
    },

    async usersByIds(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    async findAnyUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Accounts made per service day in [from, to), guests included (the dashboard). */
    async newUsersByDay(from: Date, to: Date, zone: string) {
      return rowsPerServiceDay(db, users, 'created_at', { from, to, zone });
    },

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

    /** Every signed-in request reads this: a prepared statement. */
    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await findSessionStatement.execute({ id });
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

    // --- social sign-in -------------------------------------------------------------------

    async insertAuthRequest(values: Omit<AuthRequestRow, 'usedAt'>) {
      // expired requests are swept as new ones come in
      await db.delete(authRequests).where(lt(authRequests.expiresAt, values.createdAt));
      await db.insert(authRequests).values(values);
    },

    /** An open request, not consumed (Apple's form_post return reads it). */
    async findOpenAuthRequest(state: string, now: Date): Promise<AuthRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(authRequests)
        .where(
          and(
            eq(authRequests.state, state),
            isNull(authRequests.usedAt),
            gt(authRequests.expiresAt, now),
          ),
        );
      return row;
    },

    /** Takes an open request once; undefined when unknown, expired or already taken. */
    async consumeAuthRequest(state: string, now: Date): Promise<AuthRequestRow | undefined> {
      const [row] = await db
        .update(authRequests)
        .set({ usedAt: now })
        .where(
          and(
            eq(authRequests.state, state),
            isNull(authRequests.usedAt),
            gt(authRequests.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Records a ticket as spent; false when it already was. */
    async spendTicket(tx: Db | Tx, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
      await tx.delete(signInTicketUses).where(lt(signInTicketUses.expiresAt, now));
      const rows = await tx
        .insert(signInTicketUses)
        .values({ jti, usedAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ jti: signInTicketUses.jti });
      return rows.length === 1;
    },

    async findSocialUser(
      tx: Db | Tx,
      method: string,
      subject: string,
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.authMethod, method),
            eq(users.providerSubject, subject),
            isNull(users.deletedAt),
          ),
        );
      return row;
    },

    async insertSocialUser(
      tx: Db | Tx,
      values: {
        method: string;
        subject: string;
        email: string | null;
        nickname: string;
        lang: string;
        now: Date;
      },
    ): Promise<UserRow> {
      const [row] = await tx
        .insert(users)
        .values({
          authMethod: values.method,
          providerSubject: values.subject,
          email: values.email,
          nickname: values.nickname,
          lang: values.lang,
          createdAt: values.now,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    /** A guest becomes the social account in place, so everything it owns stays with it. */
    async upgradeGuest(
      tx: Db | Tx,
      guestUserId: string,
      values: { method: string; subject: string; email: string | null; nickname: string },
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({
          authMethod: values.method,
          providerSubject: values.subject,
          email: values.email,
          nickname: values.nickname,
          guestId: null,
        })
        .where(
          and(eq(users.id, guestUserId), eq(users.authMethod, 'guest'), isNull(users.deletedAt)),
        )
        .returning();
      return row;
    },

    /**
     * Ends a user row: no login key (guest id, provider subject), no personal data. The row stays
     * so ledger and history rows that point at it keep their meaning, anonymized.
     */
    async retireUser(tx: Db | Tx, userId: string, now: Date) {
      await tx
        .update(users)
        .set({
          guestId: null,
          providerSubject: null,
          email: null,
          nickname: 'withdrawn',
          deletedAt: now,
        })
        .where(eq(users.id, userId));
    },

    async saveConsents(
      tx: Db | Tx,
      userId: string,
      items: Record<ConsentItem, boolean>,
      now: Date,
    ) {
      for (const [item, agreed] of Object.entries(items)) {
        await tx
          .insert(userConsents)
          .values({ userId, item, agreed, recordedAt: now })
          .onConflictDoUpdate({
            target: [userConsents.userId, userConsents.item],
            set: { agreed, recordedAt: now },
          });
      }
    },

    async consentsOf(userId: string) {
      return db.select().from(userConsents).where(eq(userConsents.userId, userId));
    },

    async deleteConsents(tx: Db | Tx, userId: string) {
      await tx.delete(userConsents).where(eq(userConsents.userId, userId));
    },

    async updateNickname(userId: string, nickname: string) {
      await db
        .update(users)
        .set({ nickname })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
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
