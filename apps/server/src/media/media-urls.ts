import { MEDIA_BASE, type Quality } from '@snapdrama/contract';
import type { Clock } from '../clock';
import { RENDITIONS } from './hls';
import { signPlaylist, type MediaSigner } from './signing';
import type { Storage } from './storage';

type VideoUrl = { quality: Quality; videoUrl: string };
type StartPlaylist = { videoUrl: string; playlist: string };

export interface MediaUrls {
  forEpisode(dramaId: number, epsd: number): VideoUrl[];
  /**
   * The URLs of an episode being started and, when the store can read them, the signed text of
   * its master and rendition playlists (same expiry), so the player needs no round trip for them.
   */
  forStart(
    dramaId: number,
    epsd: number,
  ): Promise<{ videoUrlList: VideoUrl[]; playlistList?: StartPlaylist[] }>;
}

/** How long a playlist's text (and its episode's media folder) is kept in memory. */
const PLAYLIST_CACHE_MS = 60_000;

/**
 * Signed playback URLs of one episode: the master playlist for Auto and each rendition's playlist
 * for a fixed quality. `baseUrl` is a CDN or the service itself ('' for same origin).
 * With `playlists`, a start also carries the playlists' text (decision 0500, cold start).
 */
export function createMediaUrls(deps: {
  signer: MediaSigner;
  clock: Clock;
  ttlSeconds: number;
  baseUrl: string | undefined;
  playlists?: {
    storage: Storage;
    /** the episode's media folder in the store */
    prefixOf: (dramaId: number, epsd: number) => Promise<string>;
    /** called when the catalog changes: a new video plays at once */
    onCatalogChanged?: (listener: () => void) => void;
  };
}): MediaUrls {
  const base = (deps.baseUrl ?? '').replace(/\/$/, '');
  const files = ['master.m3u8', ...RENDITIONS.map((r) => `${r.name}/index.m3u8`)];
  const urlsAt = (dramaId: number, epsd: number, query: string) => {
    const folder = `${base}${MEDIA_BASE}/${dramaId}/${epsd}`;
    return files.map((file) => `${folder}/${file}?${query}`);
  };
  const signedQuery = (dramaId: number, epsd: number) => {
    const expires = Math.floor(deps.clock.now().getTime() / 1000) + deps.ttlSeconds;
    return `expires=${expires}&sig=${deps.signer.sign(dramaId, epsd, expires)}`;
  };
  const toVideoUrls = (urls: string[]): VideoUrl[] => [
    { quality: 'Auto', videoUrl: urls[0] ?? '' },
    ...RENDITIONS.map((r, i) => ({ quality: r.name, videoUrl: urls[i + 1] ?? '' })),
  ];

  // unsigned playlist text by store key, and media folders by episode
  const texts = new Map<string, { text: string | null; at: number }>();
  const prefixes = new Map<string, { prefix: string; at: number }>();
  deps.playlists?.onCatalogChanged?.(() => {
    texts.clear();
    prefixes.clear();
  });
  const fresh = (at: number) => deps.clock.now().getTime() - at < PLAYLIST_CACHE_MS;
  const cached = async <T>(
    map: Map<string, { at: number } & T>,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> => {
    const hit = map.get(key);
    if (hit && fresh(hit.at)) return hit;
    const value = await load();
    if (map.size > 10_000) map.clear();
    map.set(key, { ...value, at: deps.clock.now().getTime() });
    return value;
  };

  const playlistsOf = async (dramaId: number, epsd: number, urls: string[], query: string) => {
    const source = deps.playlists;
    if (!source) return undefined;
    const { prefix } = await cached(prefixes, `${dramaId}/${epsd}`, async () => ({
      prefix: await source.prefixOf(dramaId, epsd),
    }));
    const read = await Promise.all(
      files.map((file) =>
        cached(texts, `${prefix}/${file}`, async () => ({
          text: (await source.storage.read(`${prefix}/${file}`))?.toString('utf8') ?? null,
        })),
      ),
    );
    // all or nothing: a ladder still being written plays from the network
    if (read.some((r) => r.text === null)) return undefined;
    return read.map((r, i) => ({
      videoUrl: urls[i] ?? '',
      playlist: signPlaylist(r.text ?? '', query),
    }));
  };

  return {
    forEpisode(dramaId, epsd) {
      return toVideoUrls(urlsAt(dramaId, epsd, signedQuery(dramaId, epsd)));
    },
    async forStart(dramaId, epsd) {
      const query = signedQuery(dramaId, epsd);
      const urls = urlsAt(dramaId, epsd, query);
      // the playlists only save round trips: a store failure leaves them out, the start goes on
      const playlistList = await playlistsOf(dramaId, epsd, urls, query).catch(() => undefined);
      return { videoUrlList: toVideoUrls(urls), ...(playlistList ? { playlistList } : {}) };
    },
  };
}
