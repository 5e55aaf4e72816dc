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
  PLAYBACK_QUALITY_PATH,
  playbackQualityBody,
} from '@snapdrama/contract';
import { z } from 'zod';
import { caller, tokenClaims, type Guards, type TokenGuards } from '../../http/auth-guard';
import { jsonTemplate } from '../../http/json-template';
import { ok } from '../../http/reply';
import type { PlaybackService } from './playback.service';

const dramaInfoEnvelope = envelope(dramaInfoData);

export function playbackRoutes(deps: {
  playback: PlaybackService;
  guards: Guards & TokenGuards;
}): FastifyPluginAsyncZod {
  const { playback, guards } = deps;
  /**
   * Drama info is mostly its catalog part, the same for every viewer (60 episodes and prices):
   * that part is checked against the contract and serialized once per cached catalog part; per
   * request only what differs per viewer is (decision 1300, third pass).
   */
  const dramaInfoJson = jsonTemplate(dramaInfoEnvelope, [
    ['data', 'drama', 'bkmk_cnt'],
    ['data', 'drama', 'view_cnt'],
    ['data', 'userDramaEpisodeList'],
    ['data', 'unlockedEpisodeList'],
    ['data', 'bookmark'],
  ]);
  return async (app) => {
    // navigator.sendBeacon sends a CORS-safelisted text/plain body (a JSON Blob type is refused by
    // some browsers): this plugin alone reads text/plain, as JSON, through the framework's parser
    const json = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
      void json(request, String(body), done);
    });

    // The web player's quality beacon (navigator.sendBeacon): anonymous, bounded, rate-limited
    // per address like every write; read only in aggregate on the operators' dashboard.
    app.post(
      PLAYBACK_QUALITY_PATH,
      {
        config: { acceptsBodyTypes: ['text/plain'] },
        schema: {
          description: 'Time to first frame and stalls of one episode start, from the web player.',
          body: playbackQualityBody,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await playback.recordQuality(request.body);
        return ok({});
      },
    );

    app.get(
      '/drama/info/:dramaId',
      {
        // the session is checked in the statement that reads the caller's records (decision 1300)
        preHandler: guards.optionalToken,
        schema: { params: dramaInfoParams, response: { 200: dramaInfoEnvelope } },
      },
      async (request, reply) => {
        const { data, shared } = await playback.dramaInfo(
          request.claims ?? undefined,
          request.params.dramaId,
        );
        const json = dramaInfoJson(shared, ok(data));
        // already the checked JSON: Fastify sends a string as it is
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
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
        // the session is checked in the statement that reads the caller's progress (decision 1300)
        preHandler: guards.requireToken,
        schema: { body: episodeStartBody, response: { 200: envelope(episodeStartData) } },
      },
      async (request) =>
        ok(
          await playback.startEpisode(tokenClaims(request), request.body.dramId, request.body.epsd),
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
