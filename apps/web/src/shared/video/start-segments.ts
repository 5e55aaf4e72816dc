import {
  firstLevel,
  isSignedUrlExpired,
  normalizeVideoSettings,
  type VideoQuality,
  type VideoSettings,
} from '@snapdrama/rules';
import type { EpisodeStartData } from '@snapdrama/contract';
import { VIDEO_SETTINGS_KEY } from '../session/storage-keys';

/*
 * Cold start (decision 0500): as soon as the deep link's episode start answers, the rendition the
 * player will load first gets its init segment and first media segment fetched into the browser's
 * HTTP cache, while the player's code renders and hls.js sets up its worker and MediaSource. The
 * segments are cacheable for the life of their signature (`private, max-age`), so hls.js's own
 * requests for the same URLs are answered from the cache, or join the download still under way,
 * instead of starting two round trips one after the other. A wrong guess costs one second of
 * video that nobody plays. On a first visit the boot script does this (src/boot/boot-player.ts),
 * long before the app's code has run; this module is part of its bundle, so it imports nothing of
 * the app's.
 */

/** The player's mobile layout (the shell's breakpoint), which caps Auto lower. */
export const PLAYER_MOBILE_QUERY = '(max-width: 829.98px)';

const STREAM_INF = /^#EXT-X-STREAM-INF:(.*)$/;
const RESOLUTION = /(?:^|,)RESOLUTION=(\d+)x(\d+)/;
const CODECS = /(?:^|,)CODECS="([^"]+)"/;
const MAP_URI = /^#EXT-X-MAP:.*URI="([^"]+)"/;

export interface Variant {
  width: number;
  height: number;
  /** absolute URL of the rendition's playlist */
  url: string;
  /** the CODECS attribute, when the master playlist gives it */
  codecs?: string;
}

/** The renditions of a master playlist, in its order, with absolute playlist URLs. */
export function variantsOf(master: string, masterUrl: string): Variant[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  const variants: Variant[] = [];
  for (const [i, line] of lines.entries()) {
    const attributes = STREAM_INF.exec(line)?.[1];
    if (attributes === undefined) continue;
    const size = RESOLUTION.exec(attributes);
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (!size || uri === undefined) continue;
    variants.push({
      width: Number(size[1]),
      height: Number(size[2]),
      url: new URL(uri, masterUrl).href,
      codecs: CODECS.exec(attributes)?.[1],
    });
  }
  return variants;
}

/**
 * The absolute URLs of a media playlist's init segment (if any) and its first `count` media
 * segments.
 */
export function firstSegmentsOf(playlist: string, playlistUrl: string, count = 1): string[] {
  const urls: string[] = [];
  let media = 0;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = MAP_URI.exec(line)?.[1];
    if (map !== undefined && urls.length === 0) urls.push(new URL(map, playlistUrl).href);
    if (line !== '' && !line.startsWith('#')) {
      urls.push(new URL(line, playlistUrl).href);
      if (++media >= count) break;
    }
  }
  return urls;
}

export interface StartScreen {
  quality: VideoQuality;
  /** the player's height in device pixels */
  heightPx: number;
  isMobile: boolean;
  /** the page's address, to resolve relative URLs */
  base: string;
}

/**
 * The player's settings, read from storage as video-settings.ts persists them (zustand's
 * `{ state, version }`), for code that runs before the store exists.
 */
export function storedVideoSettings(storage: Pick<Storage, 'getItem'>): VideoSettings {
  let stored: unknown;
  try {
    stored = (JSON.parse(storage.getItem(VIDEO_SETTINGS_KEY) ?? 'null') as { state?: unknown })
      ?.state;
  } catch {
    stored = undefined;
  }
  return normalizeVideoSettings(stored);
}

/** The quality the player starts in (storedVideoSettings). */
export function storedQuality(storage: Pick<Storage, 'getItem'>): VideoQuality {
  return storedVideoSettings(storage).quality;
}

/** The screen a player opened in this window starts on. */
export function startScreen(
  win: Pick<Window, 'innerHeight' | 'devicePixelRatio' | 'matchMedia' | 'location'>,
  quality: VideoQuality,
): StartScreen {
  return {
    quality,
    heightPx: win.innerHeight * win.devicePixelRatio,
    isMobile: win.matchMedia(PLAYER_MOBILE_QUERY).matches,
    base: win.location.href,
  };
}

/**
 * The segments the player will ask for first when it opens this start with hls.js (the master
 * playlist of Auto, the level `firstLevel` picks): empty when the start carries no playlists.
 */
/** The start's Auto URL (the master playlist): what the player's hls.js loads. */
export function autoUrlOf(data: Pick<EpisodeStartData, 'videoUrlList'>): string | undefined {
  return data.videoUrlList.find((u) => u.quality === 'Auto')?.videoUrl;
}

export function startSegmentUrls(data: EpisodeStartData, screen: StartScreen): string[] {
  return startRendition(data, screen, 1)?.urls ?? [];
}

/**
 * The rendition the player starts on for this start and screen (as startSegmentUrls): its codecs
 * and the URLs of its init segment and first `count` media segments.
 */
export function startRendition(
  data: EpisodeStartData,
  screen: StartScreen,
  count: number,
): { codecs?: string; urls: string[] } | undefined {
  const auto = autoUrlOf(data);
  if (auto === undefined || !data.playlistList) return undefined;
  const texts = new Map(data.playlistList.map((p) => [new URL(p.videoUrl, screen.base).href, p]));
  const masterUrl = new URL(auto, screen.base).href;
  const master = texts.get(masterUrl);
  if (!master) return undefined;
  const variants = variantsOf(master.playlist, masterUrl);
  const level = variants[firstLevel(variants, screen.quality, screen.heightPx, screen.isMobile)];
  const media = level && texts.get(level.url);
  if (!media) return undefined;
  return { codecs: level.codecs, urls: firstSegmentsOf(media.playlist, level.url, count) };
}

/**
 * Starts the downloads; failures are left to hls.js, which asks again. URLs whose signature has
 * expired are left out: the player renews them before it plays (spec §4).
 */
export function prefetchStartSegments(
  urls: readonly string[],
  nowMs: number,
  send: typeof fetch = fetch,
): void {
  for (const url of urls) {
    if (isSignedUrlExpired(url, nowMs)) continue;
    void send(url, { priority: 'high' })
      // reading the body to the end is what puts the whole response in the cache
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
}
