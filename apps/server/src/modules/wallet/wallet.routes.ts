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

    app.get(
      '/user/auto-unlock',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            "The viewer's auto-unlock setting: off unless turned on, always off for guests.",
          response: { 200: envelope(autoUnlockSetting) },
        },
      },
      async (request) => ok(await wallet.autoUnlockSetting(caller(request))),
    );

    app.put(
      '/user/auto-unlock',
      {
        preHandler: guards.requireUser,
        schema: {
          description: 'Turns auto-unlock on or off. 403005 for guests.',
          body: autoUnlockSettingBody,
          response: { 200: envelope(autoUnlockSetting) },
        },
      },
      async (request) => ok(await wallet.setAutoUnlock(caller(request), request.body.enabled)),
    );

    app.post(
      '/drama/episode/unlock/auto',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Auto-unlock: buys the locked episode the viewer reached, as /drama/episode/unlock/coin does, ' +
            'when the viewer turned auto-unlock on (else 409140). The reply names the auto-unlock and ' +
            'until when it can be undone (10 s).',
          body: autoUnlockBody,
          response: { 200: envelope(autoUnlockData) },
        },
      },
      async (request) =>
        ok(await wallet.autoUnlockEpisode(caller(request), request.body.dramId, request.body.epsd)),
    );

    app.post(
      '/drama/episode/unlock/undo',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Undoes an auto-unlock and gives every coin back, within 10 s of it and before playback passes ' +
            '10 % (server clock, saved position): 409141 too late, 409142 watched past 10 %, 404140 unknown. ' +
            'A repeat answers already_undone with nothing given back.',
          body: autoUnlockUndoBody,
          response: { 200: envelope(autoUnlockUndoData) },
        },
      },
      async (request) =>
        ok(await wallet.undoAutoUnlock(caller(request), request.body.autoUnlockId)),
    );

    app.get(
      '/user/coin-expiry',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Coins that expire within 48 hours and when the first of them expires; remind is false once ' +
            'dismissed today (service day).',
          response: { 200: envelope(coinExpiryData) },
        },
      },
      async (request) => ok(await wallet.coinExpiry(caller(request))),
    );

    app.put(
      '/user/coin-expiry/seen',
      {
        preHandler: guards.requireUser,
        schema: {
          description:
            'Dismisses the coin expiry reminder until the next service day. 403005 for guests.',
          response: { 200: envelope(coinExpiryData) },
        },
      },
      async (request) => ok(await wallet.dismissCoinExpiry(caller(request))),
    );
  };
}
