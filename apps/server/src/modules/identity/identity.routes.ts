import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDENTITY_CHECK_CONFIRM_PATH,
  IDENTITY_CHECK_PATH,
  envelope,
  identityCheckConfirmBody,
  identityCheckConfirmData,
  identityCheckStartBody,
  identityCheckStartData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { IdentityService } from './identity.service';

/** The adult check of the age gate (decision 1490): start one, then confirm it with the provider. */
export function identityRoutes(deps: {
  identity: IdentityService;
  guards: Guards;
  webOrigin: (request: FastifyRequest) => string;
}): FastifyPluginAsyncZod {
  const { identity, guards } = deps;
  return async (app) => {
    app.post(
      IDENTITY_CHECK_PATH,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Starts an adult check for the signed-in member: the id the provider step runs under (PortOne V2 identity verification, or the local stand-in outside production). Guests: 403005.',
          body: identityCheckStartBody,
          response: { 200: envelope(identityCheckStartData) },
        },
      },
      async (request) =>
        ok(
          await identity.start(
            caller(request),
            `${deps.webOrigin(request)}${request.body.returnPath}`,
          ),
        ),
    );

    app.put(
      IDENTITY_CHECK_CONFIRM_PATH,
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Confirms an adult check with the provider and keeps only the birth year and the time. A check id counts once, for the member who started it.',
          body: identityCheckConfirmBody,
          response: { 200: envelope(identityCheckConfirmData) },
        },
      },
      async (request) =>
        ok(await identity.confirm(caller(request), request.body.identityVerificationId)),
    );
  };
}
