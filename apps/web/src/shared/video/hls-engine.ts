// The light build (no EME, CMCD, alternate audio or in-stream subtitles, none of which we use) is
// about a third smaller, so it parses sooner on a cold start.
import Hls from 'hls.js/light';
// hls.js's transmuxer as a worker of its own file: the light ES build has none inlined, and
// without it every segment's parsing ran on the main thread, 15 to 35 ms a task on a slow phone
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import {
  autoLevelCap,
  firstLevel,
  isSignedUrlExpired,
  levelForQuality,
  renditionLines,
  type VideoQuality,
} from '@snapdrama/rules';
import { createEarlyEngineSlot } from './early-engine';
import { fastStartConfig } from './load-hls';
import { playlistLoader } from './start-playlists';
import { PLAYER_MOBILE_QUERY } from './start-segments';

/*
 * hls.js and the way the player sets it up, in one chunk loaded on demand (load-hls.ts): the
 * player's slides use it, and so does a cold deep link before its player has mounted
 * (early-engine.ts).
 */

export { Hls };

/** What an hls.js instance tells the slide that plays it. */
export interface HlsOwner {
  /** the viewer's chosen quality, now */
  quality(): VideoQuality;
  /** the rendition now playing, in lines */
  onRendition(lines: number): void;
  /** an error hls.js could not get past on its own: of the media (decoding, appending) or not */
  onFatal(kind: 'media' | 'other'): void;
}

/**
 * The player's height in device pixels. An element not yet on the page (an early engine's) has
 * none: the window's is the player's, as the prefetch assumes.
 */
function playerPixels(video: HTMLVideoElement): number {
  return (video.clientHeight || window.innerHeight) * window.devicePixelRatio;
}

/** Auto may use the renditions up to the one that covers the player (autoLevelCap), no more. */
export function capAuto(instance: Hls, video: HTMLVideoElement, mobile: boolean): void {
  const levels = instance.levels.map((l) => ({ width: l.width, height: l.height }));
  instance.autoLevelCapping = autoLevelCap(levels, mobile, playerPixels(video));
}

/**
 * An hls.js instance playing `src` on `video` with the fast-start settings
 * (docs/decisions/0500-player-fast-start.md): loading starts once the manifest is parsed, at the
 * level chosen for the screen (the same choice as the cold start's segment prefetch,
 * start-segments.ts), with Auto capped for the player's size or a fixed rendition held.
 */
export function createHls(
  video: HTMLVideoElement,
  src: string,
  options: {
    startPosition: number;
    preload: boolean;
    owner: HlsOwner;
    /**
     * The MediaSource the element plays already, with one SourceBuffer of the muxed rendition
     * (the boot script's, boot-video.ts): hls.js takes it over, with what it holds, instead of
     * making its own.
     */
    transfer?: { mediaSource: MediaSource; buffer: SourceBuffer; codecs: string };
  },
): Hls {
  const { startPosition, owner } = options;
  const mobile = window.matchMedia(PLAYER_MOBILE_QUERY).matches;
  const instance = new Hls({
    ...fastStartConfig(options.preload),
    workerPath: hlsWorkerUrl,
    startPosition,
    // the start response's playlists, without a round trip (decision 0500)
    pLoader: playlistLoader(Hls),
  });
  instance.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
    const levels = data.levels.map((l) => ({ width: l.width, height: l.height }));
    const quality = owner.quality();
    const fixed = levelForQuality(levels, quality);
    if (fixed === -1) capAuto(instance, video, mobile);
    else instance.autoLevelCapping = -1;
    instance.startLevel = firstLevel(levels, quality, playerPixels(video), mobile);
    if (fixed !== -1) instance.loadLevel = fixed;
    instance.startLoad(startPosition);
  });
  // a player that grows (fullscreen, a turned phone) may take more lines in Auto, one that
  // shrinks fewer
  const resized = new ResizeObserver(() => {
    if (instance.levels.length > 0 && owner.quality() === 'Auto') capAuto(instance, video, mobile);
  });
  resized.observe(video);
  instance.on(Hls.Events.DESTROYING, () => resized.disconnect());
  instance.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
    const level = instance.levels[data.level];
    if (level) owner.onRendition(renditionLines(level));
  });
  instance.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) owner.onFatal(data.type === Hls.ErrorTypes.MEDIA_ERROR ? 'media' : 'other');
  });
  instance.loadSource(src);
  const { transfer } = options;
  instance.attachMedia(
    transfer
      ? {
          media: video,
          mediaSource: transfer.mediaSource,
          tracks: {
            // the name hls.js gives a rendition whose segments carry audio and video together
            audiovideo: {
              id: 'main',
              container: 'video/mp4',
              codec: transfer.codecs,
              buffer: transfer.buffer,
              listeners: [],
            },
          },
        }
      : video,
  );
  return instance;
}

/** An early engine: its hls.js, and what happened before a slide took it over. */
interface EarlyParts {
  hls: Hls;
  /** the last rendition hls.js switched to */
  rendition: number;
  /** the slide that took it over */
  owner?: HlsOwner;
}

/** How long an early engine waits for its slide: as long as the early start does. */
export const EARLY_ENGINE_UNCLAIMED_MS = 15_000;

const early = createEarlyEngineSlot<EarlyParts>({
  unclaimedMs: EARLY_ENGINE_UNCLAIMED_MS,
  dispose: ({ video, parts }) => {
    parts.hls.destroy();
    video.removeAttribute('src');
    video.load();
  },
});

/**
 * Sets up the engine of a cold deep link's episode (`key` is `dramaId/epsd`) before its player
 * mounts, where hls.js plays it (Media Source Extensions); the start's playlists are kept for it
 * already (start-playlists.ts). `quality` reads the viewer's choice until a slide takes over.
 */
export function startEarlyEngine(key: string, src: string, quality: () => VideoQuality): void {
  if (!early.isEmpty() || src === '' || !Hls.isSupported()) return;
  // expired already: the slide renews it before it loads anything (spec §4)
  if (isSignedUrlExpired(src, Date.now())) return;
  const video = document.createElement('video');
  // what the slide's element has from its first render (video-player.tsx)
  video.playsInline = true;
  video.preload = 'auto';
  const parts: EarlyParts = { rendition: 0 } as EarlyParts;
  const engine = { key, src, video, parts };
  parts.hls = createHls(video, src, {
    startPosition: -1,
    preload: false,
    owner: {
      quality: () => (parts.owner ?? { quality }).quality(),
      onRendition: (lines) => {
        parts.rendition = lines;
        parts.owner?.onRendition(lines);
      },
      // before a slide has it, a failed engine is dropped: the slide makes its own
      onFatal: (kind) => (parts.owner ? parts.owner.onFatal(kind) : early.drop(engine)),
    },
  });
  early.hold(engine);
}

/** The early engine's element for this episode and source, if there is one: for a first render. */
export function peekEarlyVideo(key: string, src: string): HTMLVideoElement | undefined {
  return early.peek(key, src);
}

/**
 * Takes over the early engine whose element this is: its hls.js reports to `owner` from now on.
 * Undefined when there is none (or it failed since the render that saw it).
 */
export function adoptEarlyEngine(
  video: HTMLVideoElement,
  owner: HlsOwner,
): { hls: Hls; rendition: number } | undefined {
  const engine = early.take(video);
  if (!engine) return undefined;
  engine.parts.owner = owner;
  return { hls: engine.parts.hls, rendition: engine.parts.rendition };
}
