import type { HlsConfig } from 'hls.js';
import type * as HlsEngine from './hls-engine';

type HlsEngineModule = typeof HlsEngine;

/**
 * hls.js (with the player's set-up of it, hls-engine.ts) is big and only the player and the For You
 * feed need it: it loads on demand into its own chunk.
 */
let hlsModule: Promise<HlsEngineModule> | undefined;
let loaded: HlsEngineModule | undefined;
export function loadHls(): Promise<HlsEngineModule> {
  hlsModule ??= import('./hls-engine').then((module) => (loaded = module));
  return hlsModule;
}

/** The module loadHls loads, once it has: for a render, which cannot wait. */
export function loadedHls(): HlsEngineModule | undefined {
  return loaded;
}

/**
 * Native HLS where the browser has it and no Media Source Extensions (iPhone Safari); hls.js
 * everywhere else, including desktop Safari, so playback behaves the same across browsers.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  return native && !('MediaSource' in window);
}

/** Buffer ahead while playing, and while only preloading the next episode (seconds). */
export const PLAYING_BUFFER_SECONDS = 20;
export const PRELOAD_BUFFER_SECONDS = 4;

/** The hls.js settings that make it buffer `seconds` ahead, and no more. */
export function bufferAhead(
  seconds: number,
): Pick<HlsConfig, 'maxBufferLength' | 'maxMaxBufferLength'> {
  return { maxBufferLength: seconds, maxMaxBufferLength: seconds };
}

/**
 * Fast-start settings (docs/decisions/0500-player-fast-start.md). Loading starts by hand once
 * the manifest is parsed, at a level chosen for the screen, so no bandwidth probe runs first.
 */
export function fastStartConfig(preload: boolean): Partial<HlsConfig> {
  const buffer = preload ? PRELOAD_BUFFER_SECONDS : PLAYING_BUFFER_SECONDS;
  return {
    autoStartLoad: false,
    startFragPrefetch: true,
    testBandwidth: false,
    capLevelToPlayerSize: false,
    abrEwmaDefaultEstimate: 5_000_000,
    // hls.js buffers up to maxBufferSize (60 MB) worth of seconds, bounded only by
    // maxMaxBufferLength: without the same bound a preloading slide fetched 30 s
    ...bufferAhead(buffer),
    backBufferLength: 10,
    enableWorker: true,
    // our own retry policy (spec §8) sits on top of a short hls.js one
    manifestLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 8_000,
        maxLoadTimeMs: 10_000,
        timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
        errorRetry: { maxNumRetry: 1, retryDelayMs: 300, maxRetryDelayMs: 1000 },
      },
    },
  };
}
