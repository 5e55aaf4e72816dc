import { randomInt } from 'node:crypto';
import {
  ResultCode,
  type AuthMethod,
  type Language,
  type ViewerSummary,
  type ViewerSuspension,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { ReadParts, ReadPartValues } from '../../db/read-parts';
import type { AuthRepository } from './auth.repository';
import type { SuspensionsService } from './suspensions.service';
import type { AccessClaims } from './tokens';
import { hashToken, newRefreshToken, type AccessTokens } from './tokens';
import type { UserRow } from './auth.tables';

export interface AuthContext {
  userId: string;
  sessionId: string;
  authMethod: AuthMethod;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: UserRow;
}

function toViewerSummary(u: UserRow, suspension: ViewerSuspension | null): ViewerSummary {
  return {
    userId: u.id,
    nickname: u.nickname,
    email: u.email,
    authMethod: u.authMethod,
    createdAt: u.createdAt.toISOString(),
    withdrawn: u.deletedAt !== null,
    suspension,
  };
}

export function createAuthService(deps: {
  db: Db;
  repo: AuthRepository;
  tokens: AccessTokens;
  clock: Clock;
  refreshTtlSeconds: number;
  /** a suspended viewer gets no session and cannot use one (decision 1560) */
  suspensions: SuspensionsService;
}) {
  const { db, repo, tokens, clock, suspensions } = deps;

  /**
   * A session that is not live: 403130 when its viewer is suspended (the suspension revoked it),
   * else 401. Asked only on this failure path, so a live session costs nothing more.
   */
  async function refuseSession(userId: string | undefined, fallback: AppError): Promise<never> {
    if (userId) await suspensions.assertNotSuspended(userId);
    throw fallback;
  }

  async function startSession(user: UserRow): Promise<IssuedSession> {
    await suspensions.assertNotSuspended(user.id);
    const now = clock.now();
    const refreshToken = newRefreshToken();
    const refreshExpiresAt = new Date(now.getTime() + deps.refreshTtlSeconds * 1000);
    const session = await repo.insertSession(db, {
      userId: user.id,
      now,
      expiresAt: refreshExpiresAt,
      tokenHash: hashToken(refreshToken),
    });
    const accessToken = await tokens.issue({
      userId: user.id,
      sessionId: session.id,
      authMethod: user.authMethod as AuthMethod,
    });
    return { accessToken, refreshToken, refreshExpiresAt, user };
  }

  return {
    /** viewers' suspensions (decision 1560): the console suspends; sessions and the wallet ask */
    suspensions,

    /** Operators' viewer search (id, nickname, email, provider id, sign-in method). */
    async searchViewers(text: string): Promise<ViewerSummary[]> {
      const rows = await repo.searchUsers(text.trim(), 50);
      const suspended = await suspensions.inForceOf(rows.map((r) => r.id));
      return rows.map((r) => toViewerSummary(r, suspended.get(r.id) ?? null));
    },

    /**
     * How the console names viewers (nickname, sign-in method, email) by id, withdrawn or not:
     * the inbox shows who asked instead of an id.
     */
    async viewerNames(
      userIds: string[],
    ): Promise<Map<string, { nickname: string; authMethod: string; email: string | null }>> {
      const rows = await repo.usersByIds([...new Set(userIds)]);
      return new Map(
        rows.map((r) => [r.id, { nickname: r.nickname, authMethod: r.authMethod, email: r.email }]),
      );
    },

    /** One viewer, withdrawn or not, for operators; 404001 when there is none. */
    async viewerForOperator(userId: string): Promise<ViewerSummary> {
      const row = await repo.findAnyUser(userId);
      if (!row) throw new AppError(ResultCode.NOT_FOUND, 'No such viewer');
      return toViewerSummary(row, await suspensions.current(row.id));
    },

    newViewersByDay: (from: Date, to: Date, zone: string) => repo.newUsersByDay(from, to, zone),

    /** Opens a session (and its first refresh token) for a user. */
    startSession,

    /** Guest login; an id the server has never seen answers 403003 so the client joins. */
    async loginGuest(guestId: string): Promise<IssuedSession> {
      const user = await repo.findGuest(guestId);
      if (!user) throw new AppError(ResultCode.GUEST_NOT_FOUND, 'Guest not found');
      return startSession(user);
    },

    /** Guest join. A retried join of the same id signs in the guest it already made. */
    async joinGuest(guestId: string, lang: Language): Promise<IssuedSession> {
      const nickname = `Guest${randomInt(1000, 10000)}`;
      const created = await repo.insertGuest({ guestId, nickname, lang, now: clock.now() });
      const user = created ?? (await repo.findGuest(guestId));
      if (!user) throw new AppError(ResultCode.GUEST_NOT_FOUND, 'Guest not found');
      return startSession(user);
    },

    /**
     * Rotates a refresh token. A token that was already used is a sign of theft: the whole
     * session (every token of the family) is revoked and the caller gets 409.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken)
        throw new AppError(ResultCode.REFRESH_TOKEN_INVALID, 'Refresh token missing');
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const found = await repo.findRefreshToken(tx, hashToken(refreshToken));
        if (!found) return { kind: 'invalid' as const };
        const { token, session } = found;
        if (session.revokedAt) return { kind: 'invalid' as const, userId: session.userId };
        if (token.usedAt || !(await repo.consumeRefreshToken(tx, token.id, now))) {
          await repo.revokeSession(tx, session.id, now);
          return { kind: 'reused' as const };
        }
        if (token.expiresAt <= now || session.expiresAt <= now) return { kind: 'invalid' as const };
        const user = await repo.findUserById(session.userId, tx);
        if (!user) return { kind: 'invalid' as const };
        const next = newRefreshToken();
        await repo.insertRefreshToken(tx, {
          sessionId: session.id,
          tokenHash: hashToken(next),
          now,
          expiresAt: session.expiresAt,
        });
        return {
          kind: 'ok' as const,
          user,
          sessionId: session.id,
          next,
          expiresAt: session.expiresAt,
        };
      });
      if (outcome.kind === 'reused') {
        throw new AppError(
          ResultCode.REFRESH_TOKEN_REUSED,
          'Refresh token was already used; the session is closed',
        );
      }
      if (outcome.kind === 'invalid') {
        return refuseSession(
          'userId' in outcome ? outcome.userId : undefined,
          new AppError(ResultCode.REFRESH_TOKEN_INVALID, 'Refresh token is invalid or expired'),
        );
      }
      const accessToken = await tokens.issue({
        userId: outcome.user.id,
        sessionId: outcome.sessionId,
        authMethod: outcome.user.authMethod as AuthMethod,
      });
      return {
        accessToken,
        refreshToken: outcome.next,
        refreshExpiresAt: outcome.expiresAt,
        user: outcome.user,
      };
    },

    /** Checks an access token and that its session is still open. */
    /**
     * The token's claims, its signature and expiry checked (419 expired, 401 otherwise), but not
     * its session: a route that reads its caller through readForCaller checks the session in
     * that same statement.
     */
    verifyToken: (accessToken: string): Promise<AccessClaims> => tokens.verify(accessToken),

    /**
     * Prepares a statement that reads `parts` for a caller and checks the caller's session in the
     * same round trip; running it throws 401 when the session is not live, as authenticate()
     * would have (decision 1300).
     */
    readForCaller<P extends ReadParts>(name: string, parts: P) {
      const run = repo.forLiveSession(name, parts);
      return async (
        claims: Pick<AccessClaims, 'userId' | 'sessionId'>,
        values?: Record<string, unknown>,
      ): Promise<ReadPartValues<P>> => {
        const result = await run(claims, values);
        if (!result)
          return refuseSession(
            claims.userId,
            new AppError(ResultCode.INVALID_SESSION, 'Invalid session'),
          );
        return result;
      };
    },

    /** getUser() as a part of readForCaller (undefined: no such user, or withdrawn). */
    userPart: () => repo.userPart(),

    async authenticate(accessToken: string): Promise<AuthContext> {
      const claims = await tokens.verify(accessToken);
      const session = await repo.findSession(claims.sessionId);
      if (!session || session.revokedAt || session.userId !== claims.userId) {
        return refuseSession(
          session?.userId === claims.userId ? claims.userId : undefined,
          new AppError(ResultCode.INVALID_SESSION, 'Invalid session'),
        );
      }
      return claims;
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSession(db, sessionId, clock.now());
    },

    /** The sign-in method of a live user, or undefined (the wallet refuses guests, spec §6). */
    async authMethodOf(userId: string): Promise<AuthMethod | undefined> {
      return (await repo.findUserById(userId))?.authMethod as AuthMethod | undefined;
    },

    /** A new session for an existing user (social sign-in, and signed-in users in tests). */
    async startSessionForUser(userId: string): Promise<IssuedSession> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(ResultCode.INVALID_SESSION, 'Invalid session');
      return startSession(user);
    },

    async getUser(userId: string): Promise<UserRow> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(ResultCode.INVALID_SESSION, 'Invalid session');
      return user;
    },

    async setLanguage(userId: string, lang: Language): Promise<void> {
      await repo.updateUserLang(userId, lang);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
