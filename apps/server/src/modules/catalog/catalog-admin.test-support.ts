import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpegPath, runFfmpeg } from '../../media/ffmpeg';

/** A real PNG (ffmpeg's test pattern) of the given size, for poster uploads in tests. */
export async function testPng(width = 300, height = 400): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poster-'));
  try {
    const file = path.join(dir, 'p.png');
    await runFfmpeg(resolveFfmpegPath(undefined), [
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=1`,
      '-frames:v',
      '1',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
