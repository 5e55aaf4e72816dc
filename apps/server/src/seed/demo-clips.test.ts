import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from '../media/ffmpeg';
import { RENDITIONS } from '../media/hls';
import { createLocalStorage } from '../media/storage';
import { clipPrefix, ensureDemoClips } from './demo';

// What the first start's encode saves on (decision 0510) must not change what a viewer gets.
describe('the demo clips', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('carry the one music bed in every rendition, and their pictures are encoded without trellis', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'snapdrama-clips-'));
    dirs.push(root);
    const ready: number[] = [];
    await ensureDemoClips({
      storage: createLocalStorage(root),
      ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
      log: { info: () => undefined },
      // two clips: the second one's bed is encoded while the first one's pictures are
      count: 2,
      seconds: 2,
      onClipReady: async (index) => {
        ready.push(index);
      },
    });
    expect(ready).toEqual([0, 1]);
    for (const clip of [0, 1]) {
      const audio: Buffer[] = [];
      for (const r of RENDITIONS) {
        const dir = path.join(root, ...clipPrefix(clip).split('/'), r.name);
        const init = await readFile(path.join(dir, 'init.mp4'));
        // an H.264 track and an AAC track
        expect(init.includes('avc1')).toBe(true);
        expect(init.includes('mp4a')).toBe(true);
        const first = await readFile(path.join(dir, 'seg_000.m4s'));
        // x264 writes its settings into the stream
        expect(first.toString('latin1')).toMatch(/ trellis=0 /);
        const segments = (await readdir(dir)).filter((f) => f.endsWith('.m4s'));
        expect(segments.length).toBeGreaterThanOrEqual(2);
        audio.push(init);
      }
      // copied, not encoded per rendition: the audio track's decoder config is the same in each
      const esds = audio.map((init) => init.subarray(init.indexOf('esds')).toString('hex', 0, 48));
      expect(new Set(esds).size).toBe(1);
    }
  }, 60_000);
});
