import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { WalletService } from './wallet.service';

export const SANDBOX_GRANT_PATH = '/sandbox/wallet/grant';
export const SANDBOX_GRANT_MAX = 10_000;

/**
 * A stand-in for the coin sources that are not local yet (purchases, events), for the demo and the
 * browser tests: gives the signed-in caller coins. Mounted only with the sandbox stand-ins, never
 * in production. The caller's key makes a retry credit once, like every grant.
 */
export function walletSandboxRoutes(deps: {
  wallet: WalletService;
  guards: Guards;
  production: boolean;
}): FastifyPluginAsyncZod {
  if (deps.production) throw new Error('the wallet sandbox is never mounted in production');
  const { wallet, guards } = deps;
  return async (app) => {
    app.post(
      SANDBOX_GRANT_PATH,
      {
        preHandler: guards.requireUser,
        schema: {
          hide: true,
          body: z.object({
            amount: z.number().int().min(1).max(SANDBOX_GRANT_MAX),
            kind: z.enum(['paid', 'bonus']).default('bonus'),
            key: z.string().min(1).max(100),
            validDays: z.number().int().min(1).max(365).optional(),
          }),
          response: {
            200: envelope(
              z.object({ lotId: z.string(), created: z.boolean(), expiresAt: z.string() }),
            ),
          },
        },
      },
      async (request) => {
        const { userId } = caller(request);
        const { amount, kind, key, validDays } = request.body;
        const grant = await wallet.grant({
          userId,
          kind,
          amount,
          source: kind === 'paid' ? 'purchase' : 'event',
          sourceRef: 'sandbox',
          idempotencyKey: `sandbox:${userId}:${key}`,
          validDays,
        });
        return ok({
          lotId: grant.lotId,
          created: grant.created,
          expiresAt: grant.expiresAt.toISOString(),
        });
      },
    );
  };
}
