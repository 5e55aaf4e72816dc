import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoUnlockBody,
  autoUnlockData,
  autoUnlockSetting,
  autoUnlockSettingBody,
  autoUnlockUndoBody,
  autoUnlockUndoData,
  coinExpiryData,
  coinHistoryData,
  coinHistoryParams,
  coinHistoryQuery,
  coinUnlockBody,
  coinUnlockData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import type { WalletService } from './wallet.service';

export function walletRoutes(deps: {
  wallet: WalletService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { wallet, guards } = deps;
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'POST',
        url: '/drama/episode/unlock/coin',
        preHandler: guards.requireUser,
        description:
          'Buys the next locked episode with coins. 403005 for guests (open login), 409050 when coins are ' +
          'too few (open payment). The same unlock again answers success with usag_coin 0.',
        body: coinUnlockBody,
        data: coinUnlockData,
      },
      async (request) =>
        wallet.spendForEpisode(caller(request), request.body.dramId, request.body.epsd),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: '/user/coin-history/:div/:startDate/:endDate',
        preHandler: guards.requireUser,
        description:
          'Earned (A), used (U) or expired (E) coins between two dates (YYYY-MM-DD, service time zone, ' +
          'inclusive, at most 6 months), newest first; ?page= and ?count= page through long histories.',
        params: coinHistoryParams,
        querystring: coinHistoryQuery,
        data: coinHistoryData,
      },
      async (request) => wallet.history(caller(request), { ...request.params, ...request.query }),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: '/user/auto-unlock',
        preHandler: guards.requireUser,
        description:
          "The viewer's auto-unlock setting: off unless turned on, always off for guests.",
        data: autoUnlockSetting,
      },
      async (request) => wallet.autoUnlockSetting(caller(request)),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: '/user/auto-unlock',
        preHandler: guards.requireUser,
        description: 'Turns auto-unlock on or off. 403005 for guests.',
        body: autoUnlockSettingBody,
        data: autoUnlockSetting,
      },
      async (request) => wallet.setAutoUnlock(caller(request), request.body.enabled),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: '/drama/episode/unlock/auto',
        preHandler: guards.requireUser,
        description:
          'Auto-unlock: buys the locked episode the viewer reached, as /drama/episode/unlock/coin does, ' +
          'when the viewer turned auto-unlock on (else 409140). The reply names the auto-unlock and ' +
          'until when it can be undone (10 s).',
        body: autoUnlockBody,
        data: autoUnlockData,
      },
      async (request) =>
        wallet.autoUnlockEpisode(caller(request), request.body.dramId, request.body.epsd),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: '/drama/episode/unlock/undo',
        preHandler: guards.requireUser,
        description:
          'Undoes an auto-unlock and gives every coin back, within 10 s of it and before playback passes ' +
          '10 % (server clock, saved position): 409141 too late, 409142 watched past 10 %, 404140 unknown. ' +
          'A repeat answers already_undone with nothing given back.',
        body: autoUnlockUndoBody,
        data: autoUnlockUndoData,
      },
      async (request) => wallet.undoAutoUnlock(caller(request), request.body.autoUnlockId),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: '/user/coin-expiry',
        preHandler: guards.requireUser,
        description:
          'Coins that expire within 48 hours and when the first of them expires; remind is false once ' +
          'dismissed today (service day).',
        data: coinExpiryData,
      },
      async (request) => wallet.coinExpiry(caller(request)),
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: '/user/coin-expiry/seen',
        preHandler: guards.requireUser,
        description:
          'Dismisses the coin expiry reminder until the next service day. 403005 for guests.',
        data: coinExpiryData,
      },
      async (request) => wallet.dismissCoinExpiry(caller(request)),
    );
  };
}
