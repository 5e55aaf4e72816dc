import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  OPERATOR_ROLES,
  OPERATOR_TOKEN_COOKIE,
  envelope,
  operatorChangeBody,
  operatorData,
  operatorIdParams,
  operatorInviteBody,
  operatorLinkAcceptBody,
  operatorLinkAcceptData,
  operatorLinkData,
  operatorLinkInfoBody,
  operatorLinkInfoData,
  operatorListData,
  operatorPasswordChangeBody,
  operatorPasswordCheckBody,
  operatorSecurityData,
  recoveryCodesData,
  totpConfirmBody,
  totpSetupData,
} from '@snapdrama/contract';
import { z } from 'zod';
import { rateLimited } from '../../http/edge';
import { jsonRoute, type ParsedRequest } from '../../http/json-route';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from './operator-guard';
import { OPERATOR_SESSION_TTL_SECONDS, type OperatorsService } from './operators.service';

/**
 * Operators managed in the console (issue 41 item 1): admins list, invite, change and disable
 * operators and hand out reset links; the holder of a link sets a password; every operator
 * changes their own password and turns TOTP on or off.
 */
export function operatorAccountsRoutes(deps: {
  operators: OperatorsService;
  guards: OperatorGuards;
  cookie: { httpOnly: boolean; secure: boolean; sameSite: 'strict'; path: string };
  /** attempts per minute per address at the link routes (a token cannot be guessed, but still) */
  linkPerMinute: number;
}): FastifyPluginAsyncZod {
  const { operators } = deps;
  const admin = deps.guards.requireOperator(['admin']);
  const anyone = deps.guards.requireOperator(OPERATOR_ROLES);
  const tags = ['admin'];
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/operators`,
        preHandler: admin,
        tags,
        data: operatorListData,
      },
      async () => ({ operators: await operators.list() }),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${ADMIN_BASE}/operators/invites`,
        preHandler: admin,
        tags,
        body: operatorInviteBody,
        data: operatorLinkData,
      },
      async (request) => operators.invite(request.body, operatorCaller(request).operatorId),
    );

    jsonRoute(
      app,
      {
        method: 'PATCH',
        url: `${ADMIN_BASE}/operators/:operatorId`,
        preHandler: admin,
        tags,
        params: operatorIdParams,
        body: operatorChangeBody,
        data: operatorData,
      },
      async (request) => ({
        operator: await operators.changeOperator(
          request.params.operatorId,
          request.body,
          operatorCaller(request).operatorId,
        ),
      }),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${ADMIN_BASE}/operators/:operatorId/link`,
        preHandler: admin,
        tags,
        params: operatorIdParams,
        data: operatorLinkData,
      },
      async (request) =>
        operators.issueOperatorLink(request.params.operatorId, operatorCaller(request).operatorId),
    );

    // the link's holder is not signed in: the token is the credential (in the body, never the URL)
    app.post(
      `${ADMIN_BASE}/auth/link/info`,
      {
        config: rateLimited(deps.linkPerMinute),
        schema: {
          tags,
          body: operatorLinkInfoBody,
          response: { 200: envelope(operatorLinkInfoData) },
        },
      },
      async (request) => ok(await operators.linkInfo(request.body.token)),
    );

    app.post(
      `${ADMIN_BASE}/auth/link/accept`,
      {
        config: rateLimited(deps.linkPerMinute),
        schema: {
          tags,
          body: operatorLinkAcceptBody,
          response: { 200: envelope(operatorLinkAcceptData) },
        },
      },
      async (request, reply) => {
        const accepted = await operators.acceptLink(request.body.token, request.body.password);
        if (accepted.session) {
          void reply.setCookie(OPERATOR_TOKEN_COOKIE, accepted.session.accessToken, {
            ...deps.cookie,
            maxAge: OPERATOR_SESSION_TTL_SECONDS,
          });
        }
        return ok(accepted);
      },
    );

    /** A call on the caller's own account (any operator): password, security, TOTP, recovery codes. */
    const ownAccount = <D extends z.ZodType, B extends z.ZodType = z.ZodUnknown>(
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      schemas: { body?: B; data: D },
      run: (request: ParsedRequest<z.ZodUnknown, z.ZodUnknown, B>) => Promise<z.input<D>>,
    ) =>
      jsonRoute(
        app,
        { method, url: `${ADMIN_BASE}/account/${path}`, preHandler: anyone, tags, ...schemas },
        run,
      );

    ownAccount(
      'PUT',
      'password',
      { body: operatorPasswordChangeBody, data: z.null() },
      async (request) => {
        await operators.changeOwnPassword(operatorCaller(request), request.body);
        return null;
      },
    );

    ownAccount('GET', 'security', { data: operatorSecurityData }, async (request) =>
      operators.security(operatorCaller(request).operatorId),
    );

    ownAccount('POST', 'totp/setup', { data: totpSetupData }, async (request) =>
      operators.startTotpSetup(operatorCaller(request).operatorId),
    );

    ownAccount(
      'POST',
      'totp/confirm',
      { body: totpConfirmBody, data: recoveryCodesData },
      async (request) =>
        operators.confirmTotp(operatorCaller(request).operatorId, request.body.totp),
    );

    ownAccount(
      'POST',
      'totp/off',
      { body: operatorPasswordCheckBody, data: z.null() },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        await operators.turnOffTotp(operatorId, request.body.currentPassword);
        return null;
      },
    );

    ownAccount(
      'POST',
      'recovery-codes',
      { body: operatorPasswordCheckBody, data: recoveryCodesData },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        return operators.renewRecoveryCodes(operatorId, request.body.currentPassword);
      },
    );
  };
}
