import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './ffmpeg';
import { ensureStandinAd, STANDIN_AD_KEY } from './standin-ad';
import { createLocalStorage } from './storage';

describe('stand-in rewarded ad video', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('is a progressive MP4 with its index first, encoded once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'standin-ad-test-'));
    dirs.push(dir);
    const storage = createLocalStorage(dir);
    const ffmpegPath = resolveFfmpegPath(undefined);

    expect(await ensureStandinAd({ storage, ffmpegPath, seconds: 2 })).toBe(true);
    const bytes = await storage.read(STANDIN_AD_KEY);
    expect(bytes).not.toBeNull();
    const text = (bytes ?? Buffer.alloc(0)).toString('latin1');
    expect(text.slice(4, 8)).toBe('ftyp');
    // faststart: the moov box comes before the media data, so playback starts without a range
    expect(text.indexOf('moov')).toBeGreaterThan(0);
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
    expect(text).toContain('avc1');
    expect(text).toContain('mp4a');

    expect(await ensureStandinAd({ storage, ffmpegPath, seconds: 2 })).toBe(false);
  }, 60_000);
});
