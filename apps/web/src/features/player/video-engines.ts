import type Hls from 'hls.js';
import { levelForQuality, type VideoQuality } from '@snapdrama/rules';
import { PLAYER_MOBILE_QUERY } from '../../shared/video/start-segments';
import type { VideoUrl } from './api/playback';
import type { HlsOwner } from '../../shared/video/hls-engine';
import {
  PLAYING_BUFFER_SECONDS,
  PRELOAD_BUFFER_SECONDS,
  bufferAhead,
  type loadedHls,
} from '../../shared/video/load-hls';

/**
 * What plays one slide's video: hls.js over MediaSource, or the browser's own HLS (iPhone Safari).
 * The slide's player (components/video-player.tsx) makes one per slide and keeps it while the
 * slide turns from preloading to active.
 */
export interface Engine {
  /** the URL in use, to check its expiry */
  src: string;
  setQuality(quality: VideoQuality): void;
  setPreload(preload: boolean): void;
  /** reload from fresh URLs, keeping the position */
  reload(urls: readonly VideoUrl[]): void;
  /** load again from where the video stands, after a failure */
  retry(): void;
  /** get past an error hls.js could not get past on its own */
  recover(kind: 'media' | 'other'): void;
  destroy(): void;
}

export type HlsModule = NonNullable<ReturnType<typeof loadedHls>>;

/** The URL of a quality, else Auto's, else the first. */
export const urlFor = (urls: readonly VideoUrl[], quality: VideoQuality) =>
  (urls.find((u) => u.quality === quality) ?? urls.find((u) => u.quality === 'Auto') ?? urls[0])
    ?.videoUrl ?? '';

/** The browser plays the chosen rendition's playlist itself; a quality change swaps the source. */
export function nativeEngine(
  video: HTMLVideoElement,
  startUrls: readonly VideoUrl[],
  quality: () => VideoQuality,
): Engine {
  let urls = startUrls;
  const engine: Engine = {
    src: urlFor(urls, quality()),
    setQuality(next) {
      const at = video.currentTime;
      const wasPaused = video.paused;
      engine.src = urlFor(urls, next);
      video.src = engine.src;
      video.currentTime = at;
      if (!wasPaused) void video.play().catch(() => undefined);
    },
    setPreload: () => undefined,
    reload(next) {
      urls = next;
      engine.setQuality(quality());
    },
    retry() {
      const at = video.currentTime;
      video.load();
      video.currentTime = at;
    },
    recover() {
      engine.retry();
    },
    destroy: () => undefined,
  };
  video.preload = 'auto';
  video.src = engine.src;
  return engine;
}

export interface HlsEngineOptions {
  startUrls: readonly VideoUrl[];
  /** the slide only preloads (playlist and first segments) */
  preload: boolean;
  owner: HlsOwner;
  /** an instance already playing this video (the boot script's or a cold deep link's) */
  adopted: Hls | undefined;
  /** whether a URL's signature has expired (nothing is loaded from an expired one) */
  expired: (src: string) => boolean;
}

/**
 * hls.js plays the master playlist and switches renditions itself (Auto capped at the rendition
 * that covers the player, and at HD on mobile, FHD otherwise) or holds the viewer's fixed one.
 */
export function hlsEngine(
  video: HTMLVideoElement,
  module: HlsModule,
  { startUrls, preload, owner, adopted, expired }: HlsEngineOptions,
): Engine {
  let urls = startUrls;
  let hls: Hls | undefined;
  const mobile = window.matchMedia(PLAYER_MOBILE_QUERY).matches;
  const create = (src: string, startPosition: number) =>
    module.createHls(video, src, { startPosition, preload, owner });
  const engine: Engine = {
    src: urlFor(urls, 'Auto'),
    setQuality(quality) {
      if (!hls) return;
      const levels = hls.levels.map((l) => ({ width: l.width, height: l.height }));
      const fixed = levelForQuality(levels, quality);
      if (fixed === -1) {
        module.capAuto(hls, video, mobile);
        hls.currentLevel = -1;
      } else {
        hls.autoLevelCapping = -1;
        // currentLevel switches at once (flushing the buffer), as a viewer expects
        hls.currentLevel = fixed;
      }
    },
    setPreload(next) {
      if (!hls) return;
      Object.assign(
        hls.config,
        bufferAhead(next ? PRELOAD_BUFFER_SECONDS : PLAYING_BUFFER_SECONDS),
      );
    },
    reload(next) {
      urls = next;
      const at = video.currentTime;
      hls?.destroy();
      engine.src = urlFor(urls, 'Auto');
      hls = create(engine.src, at);
    },
    retry() {
      hls?.startLoad(video.currentTime);
    },
    recover(kind) {
      if (kind === 'media') hls?.recoverMediaError();
      else hls?.startLoad(video.currentTime);
    },
    destroy() {
      hls?.destroy();
      hls = undefined;
    },
  };
  if (adopted) hls = adopted;
  // Expired already (a long-open page): nothing to load until play() renews it.
  else if (!expired(engine.src)) hls = create(engine.src, -1);
  return engine;
}
