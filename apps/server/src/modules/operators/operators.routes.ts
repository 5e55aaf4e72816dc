import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  API_BASE,
  OPERATOR_ROLES,
  OPERATOR_TOKEN_COOKIE,
  envelope,
  operatorMeData,
  operatorSessionData,
  operatorSignInBody,
} from '@snapdrama/contract';
import { z } from 'zod';
import { rateLimited } from '../../http/edge';
import { ok } from '../../http/reply';
import { operatorAccountsRoutes } from './operator-accounts.routes';
import { operatorCaller, type OperatorGuards } from './operator-guard';
import { OPERATOR_SESSION_TTL_SECONDS, type OperatorsService } from './operators.service';

/**
 * Console sign-in, sign-out and who-am-I, under `${API_BASE}${ADMIN_BASE}/auth`; then the
 * operators' accounts (operator-accounts.routes.ts).
 */
export function operatorsRoutes(deps: {
  operators: OperatorsService;
  guards: OperatorGuards;
  cookieSecure: boolean;
  /** sign-in attempts per minute per address (AUTH_RATE_LIMIT_PER_MINUTE): slows password guessing */
  signInPerMinute: number;
}): FastifyPluginAsyncZod {
  const cookie = {
    httpOnly: true,
    secure: deps.cookieSecure,
    sameSite: 'strict' as const,
    path: `${API_BASE}${ADMIN_BASE}`,
  };
  const accounts = operatorAccountsRoutes({
    operators: deps.operators,
    guards: deps.guards,
    cookie,
    linkPerMinute: deps.signInPerMinute,
  });
  return async (app, options) => {
    app.post(
      `${ADMIN_BASE}/auth/sign-in`,
      {
        config: rateLimited(deps.signInPerMinute),
        schema: {
          tags: ['admin'],
          body: operatorSignInBody,
          response: { 200: envelope(operatorSessionData) },
        },
      },
      async (request, reply) => {
        const session = await deps.operators.signIn(request.body);
        void reply.setCookie(OPERATOR_TOKEN_COOKIE, session.accessToken, {
          ...cookie,
          maxAge: OPERATOR_SESSION_TTL_SECONDS,
        });
        return ok(session);
      },
    );

    app.post(
      `${ADMIN_BASE}/auth/sign-out`,
      {
        preHandler: deps.guards.requireOperator(OPERATOR_ROLES),
        schema: { tags: ['admin'], response: { 200: envelope(z.null()) } },
      },
      async (request, reply) => {
        await deps.operators.signOut(operatorCaller(request));
        void reply.clearCookie(OPERATOR_TOKEN_COOKIE, { path: cookie.path });
        return ok(null);
      },
    );

    app.get(
      `${ADMIN_BASE}/auth/me`,
      {
        preHandler: deps.guards.requireOperator(OPERATOR_ROLES),
        schema: { tags: ['admin'], response: { 200: envelope(operatorMeData) } },
      },
      async (request) =>
        ok({ operator: await deps.operators.profile(operatorCaller(request).operatorId) }),
    );

    await accounts(app, options);
  };
}
