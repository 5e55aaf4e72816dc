import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_TOKEN_COOKIE,
  API_BASE,
  LANG_COOKIE,
  LANGUAGES,
  REFRESH_TOKEN_COOKIE,
  ResultCode,
  envelope,
  joinBody,
  languageSchema,
  loginBody,
  tokenData,
  userInfoData,
  type Language,
} from '@snapdrama/contract';
import { formatInZone, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { AuthService, IssuedSession } from './auth.service';
import type { UserRow } from './auth.repository';

export interface WalletView {
  balances(userId: string): Promise<{ paid: number; bonus: number }>;
}
export interface AdUnlockView {
  unlocksToday(userId: string): Promise<number>;
}

const guestId = z.uuid('guest authId must be a UUID');

export function authRoutes(deps: {
  auth: AuthService;
  guards: Guards;
  clock: Clock;
  serviceTimeZone: string;
  cookieSecure: boolean;
  accessTokenTtlSeconds: number;
  wallet: WalletView;
  adUnlocks: AdUnlockView;
}): FastifyPluginAsyncZod {
  const { auth, guards } = deps;

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
    if (!parsed.success) throw new AppError(ResultCode.BAD_REQUEST, 'authId: guest authId must be a UUID');
    return parsed.data;
  };

  const socialNotReady = () =>
    new AppError(ResultCode.BAD_REQUEST, 'authId: social sign-in needs a ticket from /auth/check/user');

  const toWireUser = async (user: UserRow) => {
    const [balances, unlockCount] = await Promise.all([
      deps.wallet.balances(user.id),
      deps.adUnlocks.unlocksToday(user.id),
    ]);
    return {
      user_id: user.id,
      auth_mthd: user.authMethod as z.infer<typeof userInfoData>['user']['auth_mthd'],
      ncknm: user.nickname,
      email: user.email,
      lang: user.lang as Language,
      coin: balances.paid + balances.bonus,
      coin_list: balances,
      unlock_count: unlockCount,
    };
  };

  return async (app) => {
    app.post(
      '/auth/login',
      { schema: { body: loginBody, response: { 200: envelope(tokenData) } } },
      async (request, reply) => {
        const { authMthd, authId } = request.body;
        if (authMthd !== 'guest') throw socialNotReady();
        const issued = await auth.loginGuest(requireGuestId(authId));
        setSessionCookies(reply, issued);
        return ok({ access_token: issued.accessToken });
      },
    );

    app.post(
      '/auth/join',
      { schema: { body: joinBody, response: { 200: envelope(tokenData) } } },
      async (request, reply) => {
        const { authMthd, authId } = request.body;
        if (authMthd !== 'guest') throw socialNotReady();
        const cookieLang = languageSchema.safeParse(request.cookies[LANG_COOKIE]);
        const issued = await auth.joinGuest(
          requireGuestId(authId),
          cookieLang.success ? cookieLang.data : 'en',
        );
        setSessionCookies(reply, issued);
        return ok({ access_token: issued.accessToken });
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
        // Logging out never fails for the caller: a bad or missing token just clears cookies.
        await guards.optionalUser(request, reply).catch(() => undefined);
        if (request.auth) await auth.logout(request.auth.sessionId);
        clearSessionCookies(reply);
        return ok(null);
      },
    );

    app.get(
      '/user/info',
      { preHandler: guards.requireUser, schema: { response: { 200: envelope(userInfoData) } } },
      async (request) => {
        const user = await auth.getUser(caller(request).userId);
        return ok({
          user: await toWireUser(user),
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
