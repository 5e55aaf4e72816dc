import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from '../media/ffmpeg';
import { createLocalStorage } from '../media/storage';
import { clipPrefix, ensureDemoClips } from './demo';

// The transcode path that exists today: the demo clips encoded at start (main counts the results
// in transcode_jobs_total through onTranscoded).
describe('transcoding jobs report their result', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const storageIn = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-transcode-'));
    dirs.push(dir);
    return createLocalStorage(dir);
  };

  it('a finished clip is done, once; an existing one is not encoded again', async () => {
    const storage = await storageIn();
    const results: string[] = [];
    const run = () =>
      ensureDemoClips({
        storage,
        ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
        log: { info: () => undefined },
        count: 1,
        seconds: 1,
        onTranscoded: (r) => results.push(r),
      });
    await run();
    expect(results).toEqual(['done']);
    expect(await storage.exists(`${clipPrefix(0)}/master.m3u8`)).toBe(true);
    await run();
    expect(results).toEqual(['done']);
  }, 60_000);

  it('a failed ffmpeg run is failed and the error still stops the start', async () => {
    const results: string[] = [];
    await expect(
      ensureDemoClips({
        storage: await storageIn(),
        ffmpegPath: path.join(tmpdir(), 'no-such-ffmpeg'),
        log: { info: () => undefined },
        count: 1,
        seconds: 1,
        onTranscoded: (r) => results.push(r),
      }),
    ).rejects.toThrow();
    expect(results).toEqual(['failed']);
  });
});
