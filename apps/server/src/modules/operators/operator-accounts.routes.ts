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
    app.get(
      `${ADMIN_BASE}/operators`,
      { preHandler: admin, schema: { tags, response: { 200: envelope(operatorListData) } } },
      async () => ok({ operators: await operators.list() }),
    );

    app.post(
      `${ADMIN_BASE}/operators/invites`,
      {
        preHandler: admin,
        schema: { tags, body: operatorInviteBody, response: { 200: envelope(operatorLinkData) } },
      },
      async (request) =>
        ok(await operators.invite(request.body, operatorCaller(request).operatorId)),
    );

    app.patch(
      `${ADMIN_BASE}/operators/:operatorId`,
      {
        preHandler: admin,
        schema: {
          tags,
          params: operatorIdParams,
          body: operatorChangeBody,
          response: { 200: envelope(operatorData) },
        },
      },
      async (request) =>
        ok({
          operator: await operators.changeOperator(
            request.params.operatorId,
            request.body,
            operatorCaller(request).operatorId,
          ),
        }),
    );

    app.post(
      `${ADMIN_BASE}/operators/:operatorId/link`,
      {
        preHandler: admin,
        schema: { tags, params: operatorIdParams, response: { 200: envelope(operatorLinkData) } },
      },
      async (request) =>
        ok(
          await operators.issueOperatorLink(
            request.params.operatorId,
            operatorCaller(request).operatorId,
          ),
        ),
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

    app.put(
      `${ADMIN_BASE}/account/password`,
      {
        preHandler: anyone,
        schema: { tags, body: operatorPasswordChangeBody, response: { 200: envelope(z.null()) } },
      },
      async (request) => {
        await operators.changeOwnPassword(operatorCaller(request), request.body);
        return ok(null);
      },
    );

    app.get(
      `${ADMIN_BASE}/account/security`,
      { preHandler: anyone, schema: { tags, response: { 200: envelope(operatorSecurityData) } } },
      async (request) => ok(await operators.security(operatorCaller(request).operatorId)),
    );

    app.post(
      `${ADMIN_BASE}/account/totp/setup`,
      { preHandler: anyone, schema: { tags, response: { 200: envelope(totpSetupData) } } },
      async (request) => ok(await operators.startTotpSetup(operatorCaller(request).operatorId)),
    );

    app.post(
      `${ADMIN_BASE}/account/totp/confirm`,
      {
        preHandler: anyone,
        schema: { tags, body: totpConfirmBody, response: { 200: envelope(recoveryCodesData) } },
      },
      async (request) =>
        ok(await operators.confirmTotp(operatorCaller(request).operatorId, request.body.totp)),
    );

    app.post(
      `${ADMIN_BASE}/account/totp/off`,
      {
        preHandler: anyone,
        schema: { tags, body: operatorPasswordCheckBody, response: { 200: envelope(z.null()) } },
      },
      async (request) => {
        await operators.turnOffTotp(
          operatorCaller(request).operatorId,
          request.body.currentPassword,
        );
        return ok(null);
      },
    );

    app.post(
      `${ADMIN_BASE}/account/recovery-codes`,
      {
        preHandler: anyone,
        schema: {
          tags,
          body: operatorPasswordCheckBody,
          response: { 200: envelope(recoveryCodesData) },
        },
      },
      async (request) =>
        ok(
          await operators.renewRecoveryCodes(
            operatorCaller(request).operatorId,
            request.body.currentPassword,
          ),
        ),
    );
  };
}
