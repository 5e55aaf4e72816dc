import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode, episodeNumber, idParam } from '@snapdrama/contract';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { CatalogService } from '../modules/catalog/catalog.service';
import { RENDITIONS } from './hls';
import { signPlaylist, type MediaSigner } from './signing';
import { contentTypeOf, isSafeKey, type Storage } from './storage';

const renditionNames = RENDITIONS.map((r) => r.name).join('|');
/** The only files an episode folder serves. */
const MEDIA_FILE = new RegExp(
  `^(master\\.m3u8|(${renditionNames})/(index\\.m3u8|init\\.mp4|seg_\\d{3,5}\\.m4s))$`,
);

const contentType = contentTypeOf;

/** The one spelling of a drama or episode number in a media path (no 0x1, 01, 1.0, 1e0, +1). */
const CANONICAL_NUMBER = /^[1-9]\d*$/;

const forbidden = (why: string) =>
  new AppError(ResultCode.MEDIA_SIGNATURE_INVALID, `Media URL ${why}`);

/**
 * HLS delivery behind signed URLs, and public resources (posters, subtitles). Playlists are
 * served with the signature carried into every child URI.
 */
export function mediaRoutes(deps: {
  storage: Storage;
  signer: MediaSigner;
  catalog: CatalogService;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const prefixCache = new Map<string, { prefix: string; at: number }>();
  // a new video (the ingest pipeline) plays at once, here and on every instance
  deps.catalog.onChanged(() => prefixCache.clear());
  const mediaPrefix = async (dramaId: number, epsd: number) => {
    const key = `${dramaId}/${epsd}`;
    const now = deps.clock.now().getTime();
    const hit = prefixCache.get(key);
    if (hit && now - hit.at < 60_000) return hit.prefix;
    const episode = await deps.catalog.episode(dramaId, epsd);
    if (prefixCache.size > 10_000) prefixCache.clear();
    prefixCache.set(key, { prefix: episode.mediaPrefix, at: now });
    return episode.mediaPrefix;
  };

  return async (app) => {
    app.get(
      '/media/:dramaId/:epsd/*',
      {
        // one URL per file (CDN cache keys): any other spelling of a number is no file of ours,
        // answered before the signature or the query is looked at
        onRequest: async (request) => {
          const { dramaId, epsd } = request.params as Record<string, unknown>;
          for (const part of [dramaId, epsd]) {
            if (typeof part !== 'string' || !CANONICAL_NUMBER.test(part))
              throw new AppError(ResultCode.NOT_FOUND, 'Media file not found');
          }
        },
        schema: {
          hide: true,
          params: z.object({ dramaId: idParam, epsd: episodeNumber, '*': z.string() }),
          querystring: z.object({
            // exactly the form we sign: decimal seconds (no hex, sign or leading zeros) and the
            // 43-character base64url HMAC, so every file has one URL per expiry for CDN caches
            expires: z
              .string()
              .regex(/^[1-9][0-9]{0,11}$/, 'must be decimal seconds')
              .transform(Number)
              .optional(),
            sig: z
              .string()
              .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the URL signature')
              .optional(),
          }),
        },
      },
      async (request, reply) => {
        const { dramaId, epsd } = request.params;
        const file = request.params['*'];
        const { expires, sig } = request.query;
        if (expires === undefined || !sig) throw forbidden('is not signed');
        if (!deps.signer.verify(dramaId, epsd, expires, sig))
          throw forbidden('signature is invalid');
        const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
        if (expires < nowSeconds) throw forbidden('has expired');
        if (!MEDIA_FILE.test(file))
          throw new AppError(ResultCode.NOT_FOUND, 'Media file not found');

        const key = `${await mediaPrefix(dramaId, epsd)}/${file}`;
        void reply.header('cache-control', `private, max-age=${Math.max(0, expires - nowSeconds)}`);
        void reply.header('access-control-allow-origin', '*');
        if (file.endsWith('.m3u8')) {
          const playlist = await deps.storage.read(key);
          if (!playlist) throw new AppError(ResultCode.NOT_FOUND, 'Media file not found');
          return reply
            .type(contentType(key))
            .send(signPlaylist(playlist.toString('utf8'), `expires=${expires}&sig=${sig}`));
        }
        const object = await deps.storage.open(key);
        if (!object) throw new AppError(ResultCode.NOT_FOUND, 'Media file not found');
        return reply.type(contentType(key)).header('content-length', object.size).send(object.body);
      },
    );

    app.get(
      '/resources/*',
      { schema: { hide: true, params: z.object({ '*': z.string() }) } },
      async (request, reply) => {
        const rest = request.params['*'];
        if (!isSafeKey(rest)) throw new AppError(ResultCode.NOT_FOUND, 'Resource not found');
        const key = `resources/${rest}`;
        const object = await deps.storage.open(key);
        if (!object) throw new AppError(ResultCode.NOT_FOUND, 'Resource not found');
        const maxAge = rest.startsWith('subtitles/') ? 300 : 86_400;
        return reply
          .type(contentType(key))
          .header('cache-control', `public, max-age=${maxAge}`)
          .header('access-control-allow-origin', '*')
          .header('content-length', object.size)
          .send(object.body);
      },
    );
  };
}
