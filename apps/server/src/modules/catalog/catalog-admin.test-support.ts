import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DramaFormBody } from '@snapdrama/contract';
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

/** The console's drama form for a plain draft: the title given, everything else empty or default. */
export function dramaForm(
  title: DramaFormBody['title'],
  over: Partial<DramaFormBody> = {},
): DramaFormBody {
  return {
    title,
    description: { ko: '설명', en: 'About', ja: '説明' },
    categoryIds: [],
    ageRate: 'all',
    warnings: [],
    exclusive: false,
    webTag: null,
    aosTag: null,
    iosTag: null,
    registeredAt: null,
    ...over,
  };
}
