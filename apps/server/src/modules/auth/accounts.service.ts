import { randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  API_BASE,
  ResultCode,
  socialCallbackPath,
  type AccountJoinBody,
  type AuthorizeData,
  type CheckUserData,
  type JoinLanding,
  type Language,
  type SocialMethod,
} from '@snapdrama/contract';
import {
  canSignUp,
  checkNickname,
  combinedConsentFlag,
  truncateNickname,
  type SignUpConsent,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthRepository } from './auth.repository';
import type { AuthContext, AuthService, IssuedSession } from './auth.service';
import { relativeToOrigin } from './providers/sandbox-provider';
import {
  ProviderUnavailableError,
  ProviderVerificationError,
  type SocialProvider,
  type VerifiedIdentity,
} from './providers/social-provider';
import type { SocialProviders } from './providers/social-providers';
import type { SignInTickets } from './sign-in-tickets';
import type { UserRow } from './auth.tables';

/**
 * What other modules do with a user's rows when accounts change. Each module handles its own
 * tables inside the caller's transaction.
 */
export interface AccountDataHooks {
  /** A guest signed in to an existing account: move its rows there, never overwriting the account's. */
  transferUserData(fromUserId: string, toUserId: string, tx: Tx): Promise<void>;
  /** A member withdrew: delete personal rows; money rows stay (they point at the anonymized user). */
  eraseUserData(userId: string, tx: Tx): Promise<void>;
}

/** A new account made by a social join, as the invites module records it (decision 1510). */
export interface JoinRecord {
  userId: string;
  /** the browser's guest id the account was made from (null: joined without a guest session) */
  deviceId: string | null;
  address: string | null;
  /** the invite code the newcomer arrived with */
  code?: string;
  /** how the newcomer landed, as the join said (`share`: through a shared episode link) */
  landing?: JoinLanding;
}

/** PostgreSQL unique_violation, as node-postgres or PGlite report it (possibly wrapped). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export const AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const failed = (method: SocialMethod) =>
  new AppError(ResultCode.SOCIAL_AUTH_FAILED, `Sign-in with ${method} could not be verified`);
const ticketInvalid = () =>
  new AppError(
    ResultCode.SIGN_IN_TICKET_INVALID,
    'authId: the sign-in ticket is invalid, expired or already used',
  );

interface Logger {
  warn(obj: object, msg: string): void;
}

export function createAccountsService(deps: {
  db: Db;
  repo: AuthRepository;
  auth: AuthService;
  providers: SocialProviders;
  tickets: SignInTickets;
  clock: Clock;
  hooks: AccountDataHooks[];
  /** hears each new account made by a join, inside the join's transaction (invites) */
  onJoined?: (tx: Tx, join: JoinRecord) => Promise<void>;
  production: boolean;
  /** origins besides loopback a sign-in may return to (PUBLIC_BASE_URL, WEB_ORIGINS) */
  webOrigins: string[];
}) {
  const { db, repo, auth, tickets, clock } = deps;
  let log: Logger | undefined;
  const allowedOrigins = new Set(deps.webOrigins.map((o) => new URL(o).origin));

  const provider = (method: SocialMethod): SocialProvider => {
    const found = deps.providers.get(method);
    if (!found)
      throw new AppError(
        ResultCode.PROVIDER_UNAVAILABLE,
        `Sign-in with ${method} is not available`,
      );
    return found;
  };

  /** Provider errors become contract errors; the reason goes to the log only. */
  async function guard<T>(method: SocialMethod, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderVerificationError) {
        log?.warn({ err: error, method }, 'social sign-in refused');
        throw failed(method);
      }
      if (error instanceof ProviderUnavailableError) {
        log?.warn({ err: error, method }, 'social provider unavailable');
        throw new AppError(
          ResultCode.PROVIDER_UNAVAILABLE,
          `Sign-in with ${method} is not available right now`,
        );
      }
      throw error;
    }
  }

  function checkReturnUri(method: SocialMethod, returnUri: string): URL {
    const url = new URL(returnUri);
    const originOk =
      allowedOrigins.has(url.origin) || (!deps.production && LOOPBACK_HOSTS.has(url.hostname));
    if (
      !originOk ||
      url.pathname !== socialCallbackPath(method) ||
      url.search ||
      url.hash ||
      url.username
    ) {
      throw new AppError(
        ResultCode.REDIRECT_URI_NOT_ALLOWED,
        'redirectUri: not a sign-in return page of this site',
      );
    }
    return url;
  }

  /** A nickname from the provider's name when it fits the rule, else User + 4 digits. */
  function initialNickname(identity: VerifiedIdentity): string {
    const fromName = truncateNickname(
      (identity.name ?? '').replace(/[^A-Za-z0-9\uAC00-\uD7A3]/gu, ''),
    );
    return checkNickname(fromName) === null ? fromName : `User${randomInt(1000, 10000)}`;
  }

  /** The four consent items of a join (see accountJoinBody for the shape). */
  function consentOf(body: AccountJoinBody): SignUpConsent {
    const items = [body.ageAgreeYn, body.termsAgreeYn, body.privacyAgreeYn, body.alarmAgreeYn];
    let consent: SignUpConsent;
    if (items.every((v) => v === undefined)) {
      const all = body.infoAgreeYn === 'Y';
      consent = { age14: true, terms: true, privacy: true, alarm: all };
    } else {
      consent = {
        age14: body.ageAgreeYn === 'Y',
        terms: body.termsAgreeYn === 'Y',
        privacy: body.privacyAgreeYn === 'Y',
        alarm: body.alarmAgreeYn === 'Y',
      };
      if (combinedConsentFlag(consent) !== body.infoAgreeYn) {
        throw new AppError(
          ResultCode.BAD_REQUEST,
          'infoAgreeYn: must be Y exactly when all four items are Y',
        );
      }
    }
    if (!canSignUp(consent)) {
      throw new AppError(
        ResultCode.CONSENT_REQUIRED,
        'Sign-up needs age 14 or older, the terms of service and the privacy policy',
      );
    }
    return consent;
  }

  /** Moves a guest's rows into an existing account and closes the guest for good. */
  async function absorbGuest(tx: Tx, guestUserId: string, memberId: string, now: Date) {
    if (guestUserId === memberId) return;
    for (const hook of deps.hooks) await hook.transferUserData(guestUserId, memberId, tx);
    await repo.revokeAllSessions(tx, guestUserId, now);
    await repo.retireUser(tx, guestUserId, now);
  }

  async function verifiedTicket(method: SocialMethod, authId: string) {
    const ticket = await tickets.verify(authId, method);
    if (!ticket) throw ticketInvalid();
    return ticket;
  }

  const guestOf = (caller: AuthContext | null) =>
    caller?.authMethod === 'guest' ? caller.userId : null;

  return {
    /** Starts a web sign-in: state, nonce and PKCE verifier stay on the server (single use, 10 min). */
    async startAuthorization(method: SocialMethod, returnUri: string): Promise<AuthorizeData> {
      const chosen = provider(method);
      const back = checkReturnUri(method, returnUri);
      const now = clock.now();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        // Apple posts its answer (form_post), so it returns to the API first
        redirectUri:
          method === 'apple' ? `${back.origin}${API_BASE}/auth/callback/apple` : back.toString(),
      };
      const url = await guard(method, () => chosen.authorizationUrl(pending));
      await repo.insertAuthRequest({
        ...pending,
        authMethod: method,
        returnUri: back.toString(),
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_REQUEST_TTL_MS),
      });
      return { url: chosen.sandbox ? relativeToOrigin(url) : url.toString(), state: pending.state };
    },

    /** Where Apple's form_post answer goes on: the web callback page, with code and state. */
    async appleReturnAddress(fields: {
      code?: string;
      state?: string;
      error?: string;
    }): Promise<string | null> {
      if (!fields.state) return null;
      const pending = await repo.findOpenAuthRequest(fields.state, clock.now());
      if (!pending || pending.authMethod !== 'apple') return null;
      const url = new URL(pending.returnUri);
      if (fields.code) url.searchParams.set('code', fields.code);
      if (fields.error) url.searchParams.set('error', fields.error);
      url.searchParams.set('state', fields.state);
      return url.toString();
    },

    /**
     * POST /auth/check/user: proves the identity with the provider and answers whether it has an
     * account, plus a ticket for /auth/login or /auth/join.
     */
    async checkUser(input: {
      method: SocialMethod;
      authId: string;
      isNative: boolean;
      state: string | undefined;
    }): Promise<CheckUserData> {
      const chosen = provider(input.method);
      let identity: VerifiedIdentity;
      if (input.isNative) {
        identity = await guard(input.method, () => chosen.verifyNativeToken(input.authId));
      } else {
        if (!input.state)
          throw new AppError(ResultCode.BAD_REQUEST, 'state: is required for a web sign-in');
        const pending = await repo.consumeAuthRequest(input.state, clock.now());
        if (!pending || pending.authMethod !== input.method) {
          log?.warn(
            { method: input.method },
            'social sign-in with an unknown, used or expired state',
          );
          throw failed(input.method);
        }
        const state = input.state;
        identity = await guard(input.method, () =>
          chosen.redeemCode(
            {
              state: pending.state,
              nonce: pending.nonce,
              codeVerifier: pending.codeVerifier,
              redirectUri: pending.redirectUri,
            },
            { code: input.authId, state },
          ),
        );
      }
      const existing = await repo.findSocialUser(db, identity.method, identity.subject);
      return { isExists: Boolean(existing), authId: await tickets.issue(identity) };
    },

    /**
     * Social login with a ticket. A guest caller's bookmarks, history and unlocks move into the
     * account (the account's own rows win on conflicts); the guest is closed.
     */
    async login(
      method: SocialMethod,
      authId: string,
      caller: AuthContext | null,
    ): Promise<IssuedSession> {
      const ticket = await verifiedTicket(method, authId);
      const member = await repo.findSocialUser(db, method, ticket.identity.subject);
      if (!member)
        throw new AppError(
          ResultCode.ACCOUNT_NOT_FOUND,
          'No account for this sign-in yet; join first',
        );
      const now = clock.now();
      const guestId = guestOf(caller);
      await db.transaction(async (tx) => {
        if (!(await repo.spendTicket(tx, ticket.jti, ticket.expiresAt, now))) throw ticketInvalid();
        if (guestId) await absorbGuest(tx, guestId, member.id, now);
      });
      return auth.startSession(member);
    },

    /**
     * Social join with a ticket and the consent items. A guest caller becomes the account in place
     * (everything it has stays); an identity that already has an account signs in to it instead.
     */
    async join(
      body: AccountJoinBody & { authMthd: SocialMethod },
      caller: AuthContext | null,
      lang: Language,
      address: string | null = null,
    ) {
      const consent = consentOf(body);
      const ticket = await verifiedTicket(body.authMthd, body.authId);
      const { identity } = ticket;
      const now = clock.now();
      const guestId = guestOf(caller);
      const attempt = () =>
        db.transaction(async (tx): Promise<UserRow> => {
          if (!(await repo.spendTicket(tx, ticket.jti, ticket.expiresAt, now)))
            throw ticketInvalid();
          const existing = await repo.findSocialUser(tx, identity.method, identity.subject);
          if (existing) {
            if (guestId) await absorbGuest(tx, guestId, existing.id, now);
            return existing;
          }
          const values = {
            method: identity.method,
            subject: identity.subject,
            email: identity.email,
            nickname: initialNickname(identity),
          };
          // the guest's client-made id, read before the upgrade clears it: the joining device
          const deviceId = guestId
            ? ((await repo.findUserById(guestId, tx))?.guestId ?? null)
            : null;
          const upgraded = guestId ? await repo.upgradeGuest(tx, guestId, values) : undefined;
          if (upgraded) await repo.revokeAllSessions(tx, upgraded.id, now);
          const created = upgraded ?? (await repo.insertSocialUser(tx, { ...values, lang, now }));
          await repo.saveConsents(tx, created.id, consent, now);
          await deps.onJoined?.(tx, {
            userId: created.id,
            deviceId,
            address,
            ...(body.invtCd ? { code: body.invtCd } : {}),
            ...(body.lndgFrom ? { landing: body.lndgFrom } : {}),
          });
          return created;
        });
      let user: UserRow;
      try {
        user = await attempt();
      } catch (error) {
        // two joins of one new identity at once: the loser's insert hits the unique key and its
        // transaction (ticket spend included) rolls back; once more, it finds the account
        if (!isUniqueViolation(error)) throw error;
        user = await attempt();
      }
      return auth.startSession(user);
    },

    async changeNickname(userId: string, nickname: string): Promise<string> {
      const user = await auth.getUser(userId);
      const problem = checkNickname(nickname, user.nickname);
      if (problem === 'same_as_current') {
        throw new AppError(
          ResultCode.NICKNAME_UNCHANGED,
          'ncknm: is the same as the current nickname',
        );
      }
      if (problem) {
        throw new AppError(
          ResultCode.NICKNAME_INVALID,
          'ncknm: must be 2 to 10 Latin letters, Hangul syllables or digits',
        );
      }
      await repo.updateNickname(userId, nickname);
      return nickname;
    },

    /** Withdrawal: every session ends, personal data goes, the row stays anonymized (0400). */
    async withdraw(caller: AuthContext): Promise<void> {
      if (caller.authMethod === 'guest') {
        throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Guests have no account to delete');
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.revokeAllSessions(tx, caller.userId, now);
        for (const hook of deps.hooks) await hook.eraseUserData(caller.userId, tx);
        await repo.deleteConsents(tx, caller.userId);
        await repo.retireUser(tx, caller.userId, now);
      });
    },

    consentsOf: (userId: string) => repo.consentsOf(userId),

    /** Refused sign-ins are logged (reasons never reach the client). */
    useLogger(logger: Logger) {
      log = logger;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
