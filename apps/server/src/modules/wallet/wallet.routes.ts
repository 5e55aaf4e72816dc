import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coinHistoryData,
  coinHistoryParams,
  coinHistoryQuery,
  coinUnlockBody,
  coinUnlockData,
  envelope,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { WalletService } from './wallet.service';

export function walletRoutes(deps: {
  wallet: WalletService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { wallet, guards } = deps;
  return async (app) => {
    app.post(
      '/drama/episode/unlock/coin',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Buys the next locked episode with coins. 403005 for guests (open login), 409050 when coins are ' +
            'too few (open payment). The same unlock again answers success with usag_coin 0.',
          body: coinUnlockBody,
          response: { 200: envelope(coinUnlockData) },
        },
      },
      async (request) =>
        ok(await wallet.spendForEpisode(caller(request), request.body.dramId, request.body.epsd)),
    );

    app.get(
      '/user/coin-history/:div/:startDate/:endDate',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Earned (A), used (U) or expired (E) coins between two dates (YYYY-MM-DD, service time zone, ' +
            'inclusive, at most 6 months), newest first; ?page= and ?count= page through long histories.',
          params: coinHistoryParams,
          querystring: coinHistoryQuery,
          response: { 200: envelope(coinHistoryData) },
        },
      },
      async (request) =>
        ok(await wallet.history(caller(request), { ...request.params, ...request.query })),
    );
  };
}
