import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dramaInfoData,
  dramaInfoParams,
  envelope,
  episodeEndBody,
  episodeEndData,
  episodeStartBody,
  episodeStartData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { PlaybackService } from './playback.service';

export function playbackRoutes(deps: {
  playback: PlaybackService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { playback, guards } = deps;
  return async (app) => {
    app.get(
      '/drama/info/:dramaId',
      {
        preHandler: guards.optionalUser,
        schema: { params: dramaInfoParams, response: { 200: envelope(dramaInfoData) } },
      },
      async (request) => ok(await playback.dramaInfo(request.auth?.userId, request.params.dramaId)),
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
