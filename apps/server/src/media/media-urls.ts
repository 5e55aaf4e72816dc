import { MEDIA_BASE, type Quality } from '@snapdrama/contract';
import type { Clock } from '../clock';
import { RENDITIONS } from './hls';
import type { MediaSigner } from './signing';

export interface MediaUrls {
  forEpisode(dramaId: number, epsd: number): { quality: Quality; videoUrl: string }[];
}

/**
 * Signed playback URLs of one episode: the master playlist for Auto and each rendition's playlist
 * for a fixed quality. `baseUrl` is a CDN or the service itself ('' for same origin).
 */
export function createMediaUrls(deps: {
  signer: MediaSigner;
  clock: Clock;
  ttlSeconds: number;
  baseUrl: string | undefined;
}): MediaUrls {
  const base = (deps.baseUrl ?? '').replace(/\/$/, '');
  return {
    forEpisode(dramaId, epsd) {
      const expires = Math.floor(deps.clock.now().getTime() / 1000) + deps.ttlSeconds;
      const query = `expires=${expires}&sig=${deps.signer.sign(dramaId, epsd, expires)}`;
      const folder = `${base}${MEDIA_BASE}/${dramaId}/${epsd}`;
      return [
        { quality: 'Auto', videoUrl: `${folder}/master.m3u8?${query}` },
        ...RENDITIONS.map((r) => ({
          quality: r.name,
          videoUrl: `${folder}/${r.name}/index.m3u8?${query}`,
        })),
      ];
    },
  };
}
