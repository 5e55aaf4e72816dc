import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';
import type { Storage } from './storage';

/**
 * The local stand-in rewarded ad's video (a public resource the web plays when no ad unit is
 * configured; the server decides whether it may play, GET /event/ad-config stand_in).
 */
export const STANDIN_AD_KEY = 'resources/ads/standin-ad.mp4';
/** Long enough for the minimum view; the web loops it if the ad runs longer. */
export const STANDIN_AD_SECONDS = 15;

/**
 * Encodes the stand-in ad once: a plain progressive MP4 (H.264/AAC, moov first) that a video
 * element plays without hls.js, so the ad layer does not load the player's code.
 */
export async function ensureStandinAd(options: {
  storage: Storage;
  ffmpegPath: string;
  seconds?: number;
}): Promise<boolean> {
  if (await options.storage.exists(STANDIN_AD_KEY)) return false;
  const seconds = options.seconds ?? STANDIN_AD_SECONDS;
  const work = await mkdtemp(path.join(tmpdir(), 'snapdrama-ad-'));
  try {
    const out = path.join(work, 'standin-ad.mp4');
    await runFfmpeg(options.ffmpegPath, [
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=480x854:rate=30:duration=${seconds},hue=h=40:s=1.4`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=660:sample_rate=48000:duration=${seconds}`,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '700k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-shortest',
      out,
    ]);
    await options.storage.upload(STANDIN_AD_KEY, out);
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
