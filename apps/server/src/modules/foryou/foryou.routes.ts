import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  FORYOU_PATH,
  FORYOU_SIGNALS_PATH,
  envelope,
  forYouAdminParams,
  forYouCounts,
  forYouData,
  forYouQuery,
  forYouSettingsBody,
  forYouSettingsData,
  forYouSignalBody,
} from '@snapdrama/contract';
import { z } from 'zod';
import { caller, tokenClaims, type Guards, type TokenGuards } from '../../http/auth-guard';
import { jsonRoute } from '../../http/json-route';
import { ok } from '../../http/reply';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { ForYouService } from './foryou.service';

/** The For You feed (issue 45): its pages and the beacons of what the viewer did with them. */
export function forYouRoutes(deps: {
  foryou: ForYouService;
  guards: Guards & TokenGuards;
}): FastifyPluginAsyncZod {
  const { foryou, guards } = deps;
  return async (app) => {
    // the feed's beacons come by navigator.sendBeacon: a text/plain body, read as JSON here
    const json = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
      void json(request, String(body), done);
    });

    app.get(
      FORYOU_PATH,
      {
        // guests are viewers too; the session is checked in the statement that reads the
        // caller's feed state (decision 1300)
        preHandler: guards.requireToken,
        schema: {
          description: 'One page of the caller’s For You feed, ranked for them.',
          querystring: forYouQuery,
          response: { 200: envelope(forYouData) },
        },
      },
      async (request) => ok(await foryou.page(tokenClaims(request), request.query)),
    );

    app.post(
      FORYOU_SIGNALS_PATH,
      {
        config: { acceptsBodyTypes: ['text/plain'] },
        preHandler: guards.requireUser,
        schema: {
          description: 'What the viewer did with one impression of the feed (a beacon).',
          body: forYouSignalBody,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await foryou.signal(caller(request).userId, request.body);
        return ok({});
      },
    );
  };
}

/** The console: what operators set for a drama in the feed (admins and editors). */
export function forYouAdminRoutes(deps: {
  foryou: ForYouService;
  guards: OperatorGuards;
  /** the drama's episodes and their prices in coins (404002 for an unknown drama) */
  episodesOf: (dramaId: number) => Promise<{ number: number; coin: number }[]>;
}): FastifyPluginAsyncZod {
  const { foryou } = deps;
  const editors = deps.guards.requireOperator(['admin', 'editor']);
  const path = `${ADMIN_BASE}/foryou/dramas/:dramaId`;
  const dashboard = deps.guards.requireOperator(['admin']);
  return async (app) => {
    // the dashboard's card: served, shown, skipped, continued and the continue rate
    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${ADMIN_BASE}/foryou/counts`,
        preHandler: dashboard,
        tags: ['admin'],
        data: forYouCounts,
      },
      async () => foryou.counts(),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: path,
        preHandler: editors,
        tags: ['admin'],
        params: forYouAdminParams,
        data: forYouSettingsData,
      },
      async (request) => {
        // an unknown drama answers 404002
        await deps.episodesOf(request.params.dramaId);
        return foryou.settings(request.params.dramaId);
      },
    );

    jsonRoute(
      app,
      {
        method: 'PUT',
        url: path,
        preHandler: editors,
        tags: ['admin'],
        params: forYouAdminParams,
        body: forYouSettingsBody,
        data: forYouSettingsData,
      },
      async (request) =>
        foryou.saveSettings(
          operatorCaller(request).operatorId,
          request.params.dramaId,
          request.body,
          deps.episodesOf,
        ),
    );
  };
}
