import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  formatInZone,
  languageFromAcceptLanguage,
  matchLanguage,
  pickLanguage,
} from '@snapdrama/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_TOKEN_COOKIE,
  API_BASE,
  LANG_COOKIE,
  LANGUAGES,
  REFRESH_TOKEN_COOKIE,
  ResultCode,
  accountJoinBody,
  authorizeData,
  authorizeParams,
  authorizeQuery,
  changeNicknameBody,
  changeNicknameData,
  checkSocialUserBody,
  checkUserData,
  envelope,
  languageSchema,
  loginBody,
  tokenData,
  userInfoData,
  type Language,
  type User,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { ReadPart } from '../../db/read-parts';
import { caller, tokenClaims, type Guards, type TokenGuards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import { bearerToken, rateLimited, sameSiteVerdict } from '../../http/edge';
import type { AccountsService } from './accounts.service';
import type { AuthContext, AuthService, IssuedSession } from './auth.service';
import type { UserRow } from './auth.tables';

export interface WalletView {
  balancesPart(): ReadPart<{ paid: number; bonus: number }>;
}
type EventState = Pick<
  User,
  | 'unlock_count'
  | 'unlock_cap'
  | 'last_unlock_dtm'
  | 'unlock_cooldown_sec'
  | 'atdn_today_yn'
  | 'next_cnsc_atdn'
>;
/** The events module's part of user info: ad unlocks (unlock_count...) and attendance state. */
export interface EventStateView {
  /** decoded with the operators' current ad limits (economy settings, from memory) */
  userStatePart(): ReadPart<Promise<EventState>>;
}

/** The identity module's part of user info: the member's adult check (decision 1490). */
export interface AgeCheckView<T = unknown> {
  ageCheckPart(): ReadPart<T>;
  ageCheckWire(check: T): User['age_check'];
}

const guestId = z.uuid('guest authId must be a UUID');

export function authRoutes(deps: {
  auth: AuthService;
  guards: Guards & TokenGuards;
  clock: Clock;
  serviceTimeZone: string;
  cookieSecure: boolean;
  accessTokenTtlSeconds: number;
  wallet: WalletView;
  events: EventStateView;
  identity: AgeCheckView;
  accounts: AccountsService;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  const { auth, guards, accounts } = deps;
  /** per client address and route: sign-in calls are where guessing and abuse happen */
  const limited = rateLimited(deps.rateLimitPerMinute);

  /** The caller of a sign-in call, if any: a stale or bad token never blocks signing in. */
  const signedInCaller = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AuthContext | null> => {
    await guards.optionalUser(request, reply).catch(() => undefined);
    return request.auth;
  };
  /** A new viewer's language: the web's lang cookie, else Accept-Language (issue 47: ko-KR is ko). */
  const cookieLanguage = (request: FastifyRequest): Language =>
    pickLanguage(
      matchLanguage(request.cookies[LANG_COOKIE]),
      languageFromAcceptLanguage(request.headers['accept-language']),
    );

  const setSessionCookies = (reply: FastifyReply, issued: IssuedSession) => {
    const common = { httpOnly: true, secure: deps.cookieSecure, sameSite: 'lax' as const };
    void reply.setCookie(ACCESS_TOKEN_COOKIE, issued.accessToken, {
      ...common,
      path: '/',
      maxAge: deps.accessTokenTtlSeconds,
    });
    void reply.setCookie(REFRESH_TOKEN_COOKIE, issued.refreshToken, {
      ...common,
      sameSite: 'strict',
      path: `${API_BASE}/auth`,
      expires: issued.refreshExpiresAt,
    });
  };

  const clearSessionCookies = (reply: FastifyReply) => {
    void reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/' });
    void reply.clearCookie(REFRESH_TOKEN_COOKIE, { path: `${API_BASE}/auth` });
  };

  const requireGuestId = (authId: string) => {
    const parsed = guestId.safeParse(authId);
    if (!parsed.success)
      throw new AppError(ResultCode.BAD_REQUEST, 'authId: guest authId must be a UUID');
    return parsed.data;
  };

  const wireUser = (
    user: Pick<UserRow, 'id' | 'authMethod' | 'nickname' | 'email' | 'lang'>,
    balances: { paid: number; bonus: number },
    eventState: EventState,
    ageCheck: User['age_check'],
  ) => {
    return {
      user_id: user.id,
      auth_mthd: user.authMethod as z.infer<typeof userInfoData>['user']['auth_mthd'],
      ncknm: user.nickname,
      email: user.email,
      lang: user.lang as Language,
      coin: balances.paid + balances.bonus,
      coin_list: balances,
      ...eventState,
      age_check: ageCheck,
    };
  };

  // GET /user/info: the session, the user, the wallet and the events state in one statement
  // (decision 1300)
  const readUserInfo = auth.readForCaller('auth_user_info', {
    user: auth.userPart(),
    balances: deps.wallet.balancesPart(),
    events: deps.events.userStatePart(),
    ageCheck: deps.identity.ageCheckPart(),
  });

  return async (app) => {
    // Apple answers with an HTML form post (response_mode=form_post)
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.post(
      '/auth/login',
      { config: limited, schema: { body: loginBody, response: { 200: envelope(tokenData) } } },
      async (request, reply) => {
        const { authMthd, authId } = request.body;
        const issued =
          authMthd === 'guest'
            ? await auth.loginGuest(requireGuestId(authId))
            : await accounts.login(authMthd, authId, await signedInCaller(request, reply));
        setSessionCookies(reply, issued);
        return ok({ access_token: issued.accessToken });
      },
    );

    app.post(
      '/auth/join',
      {
        config: limited,
        schema: { body: accountJoinBody, response: { 200: envelope(tokenData) } },
      },
      async (request, reply) => {
        const body = request.body;
        const { authMthd } = body;
        const issued =
          authMthd === 'guest'
            ? await auth.joinGuest(requireGuestId(body.authId), cookieLanguage(request))
            : await accounts.join(
                { ...body, authMthd },
                await signedInCaller(request, reply),
                cookieLanguage(request),
                request.ip,
              );
        setSessionCookies(reply, issued);
        return ok({ access_token: issued.accessToken });
      },
    );

    app.get(
      '/auth/authorize/:provider',
      {
        config: limited,
        schema: {
          params: authorizeParams,
          querystring: authorizeQuery,
          response: { 200: envelope(authorizeData) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok(
          await accounts.startAuthorization(request.params.provider, request.query.redirectUri),
        );
      },
    );

    app.post(
      '/auth/check/user',
      {
        config: limited,
        schema: { body: checkSocialUserBody, response: { 200: envelope(checkUserData) } },
      },
      async (request) => {
        const { authMthd, authId, isNative, state } = request.body;
        return ok(
          await accounts.checkUser({
            method: authMthd,
            authId,
            isNative: isNative ?? false,
            state,
          }),
        );
      },
    );

    app.post(
      '/auth/callback/apple',
      {
        // Apple's page posts the form from its own site; the one-time state proves the sign-in
        config: {
          ...limited,
          acceptsBodyTypes: ['application/x-www-form-urlencoded'],
          allowCrossSite: true,
        },
        schema: {
          hide: true,
          body: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(256).optional(),
            error: z.string().max(256).optional(),
          }),
        },
      },
      async (request, reply) => {
        const next = await accounts.appleReturnAddress(request.body);
        if (!next) {
          return reply
            .status(400)
            .type('text/plain; charset=utf-8')
            .send('This sign-in has expired or was already used. Close this window and try again.');
        }
        return reply.redirect(next, 303);
      },
    );

    app.put(
      '/auth/change/nickname',
      {
        preHandler: guards.requireUser,
        schema: { body: changeNicknameBody, response: { 200: envelope(changeNicknameData) } },
      },
      async (request) =>
        ok({ ncknm: await accounts.changeNickname(caller(request).userId, request.body.ncknm) }),
    );

    app.put(
      '/auth/withdrawal',
      { preHandler: guards.requireUser, schema: { response: { 200: envelope(z.null()) } } },
      async (request, reply) => {
        await accounts.withdraw(caller(request));
        clearSessionCookies(reply);
        return ok(null);
      },
    );

    app.put(
      '/auth/refresh/access-token',
      { schema: { response: { 200: envelope(tokenData) } } },
      async (request, reply) => {
        try {
          const issued = await auth.refresh(request.cookies[REFRESH_TOKEN_COOKIE]);
          setSessionCookies(reply, issued);
          return ok({ access_token: issued.accessToken });
        } catch (error) {
          clearSessionCookies(reply);
          throw error;
        }
      },
    );

    app.get(
      '/auth/logout',
      { schema: { response: { 200: envelope(z.null()) } } },
      async (request, reply) => {
        // A GET any site could link to: with the cookie alone, only our own pages may end the
        // session (the bearer-token client proves itself with the header).
        if (
          request.cookies[ACCESS_TOKEN_COOKIE] &&
          !bearerToken(request) &&
          sameSiteVerdict(request, new Set()) !== 'same-site'
        ) {
          throw new AppError(ResultCode.CROSS_SITE_REQUEST, 'Log out from the app');
        }
        // Logging out never fails for the caller: a bad or missing token just clears cookies.
        await guards.optionalUser(request, reply).catch(() => undefined);
        if (request.auth) await auth.logout(request.auth.sessionId);
        clearSessionCookies(reply);
        return ok(null);
      },
    );

    app.get(
      '/user/info',
      { preHandler: guards.requireToken, schema: { response: { 200: envelope(userInfoData) } } },
      async (request) => {
        const { user, balances, events, ageCheck } = await readUserInfo(tokenClaims(request));
        const eventState = await events;
        if (!user) throw new AppError(ResultCode.INVALID_SESSION, 'Invalid session');
        return ok({
          user: wireUser(user, balances, eventState, deps.identity.ageCheckWire(ageCheck)),
          currentDateTime: formatInZone(deps.clock.now(), deps.serviceTimeZone),
        });
      },
    );

    app.put(
      '/user/lang',
      {
        preHandler: guards.requireUser,
        schema: {
          body: z.object({ lang: z.enum(LANGUAGES) }),
          response: { 200: envelope(z.object({ lang: languageSchema })) },
        },
      },
      async (request) => {
        await auth.setLanguage(caller(request).userId, request.body.lang);
        return ok({ lang: request.body.lang });
      },
    );
  };
}
