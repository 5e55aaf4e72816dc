import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dramaInfoData,
  dramaOnlyListData,
  dramaInfoParams,
  envelope,
  episodeEndBody,
  episodeEndData,
  episodeStartBody,
  episodeStartData,
  listParams,
} from '@snapdrama/contract';
import { caller, type Guards, type TokenGuards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { PlaybackService } from './playback.service';

export function playbackRoutes(deps: {
  playback: PlaybackService;
  guards: Guards & TokenGuards;
}): FastifyPluginAsyncZod {
  const { playback, guards } = deps;
  return async (app) => {
    app.get(
      '/drama/info/:dramaId',
      {
        // the session is checked in the statement that reads the caller's records (decision 1300)
        preHandler: guards.optionalToken,
        schema: { params: dramaInfoParams, response: { 200: envelope(dramaInfoData) } },
      },
      async (request) =>
        ok(await playback.dramaInfo(request.claims ?? undefined, request.params.dramaId)),
    );

    // The caller's recently viewed dramas (spec §7). Here rather than in catalog because the views
    // are playback's and playback already depends on catalog.
    app.get(
      '/drama/user/list/:count/:page',
      {
        preHandler: guards.optionalUser,
        schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } },
      },
      async (request) =>
        ok(
          await playback.recentDramas(
            request.auth?.userId,
            request.params.count,
            request.params.page,
          ),
        ),
    );

    app.post(
      '/drama/episode',
      {
        preHandler: guards.requireUser,
        schema: { body: episodeStartBody, response: { 200: envelope(episodeStartData) } },
      },
      async (request) =>
        ok(
          await playback.startEpisode(
            caller(request).userId,
            request.body.dramId,
            request.body.epsd,
          ),
        ),
    );

    app.put(
      '/drama/episode',
      {
        preHandler: guards.requireUser,
        schema: { body: episodeEndBody, response: { 200: envelope(episodeEndData) } },
      },
      async (request) => ok(await playback.endEpisode(caller(request).userId, request.body.logId)),
    );
  };
}
