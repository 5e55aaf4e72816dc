import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POSTER_SIZES, ResultCode, type PosterKind } from '@snapdrama/contract';
import { AppError } from '../../errors';
import { runFfmpeg } from '../../media/ffmpeg';

/** JPEG, PNG or WebP by their first bytes; anything else is refused before ffmpeg sees it. */
export function imageTypeOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/**
 * Resizes an uploaded poster to its kind's size (cover: scaled to fill, centre cropped) as JPEG,
 * with the ffmpeg the project ships (no image library with an install script).
 */
export async function resizePoster(
  ffmpegPath: string,
  image: Buffer,
  kind: PosterKind,
): Promise<Buffer> {
  const type = imageTypeOf(image);
  if (!type) {
    throw new AppError(
      ResultCode.CATALOG_IMAGE_INVALID,
      'poster: must be a JPEG, PNG or WebP image',
    );
  }
  const { width, height } = POSTER_SIZES[kind];
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-poster-'));
  try {
    const input = path.join(dir, `in-${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`);
    const output = path.join(dir, 'out.jpg');
    await writeFile(input, image);
    await runFfmpeg(ffmpegPath, [
      '-i',
      input,
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},format=yuvj420p`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      output,
    ]).catch(() => {
      throw new AppError(ResultCode.CATALOG_IMAGE_INVALID, 'poster: the image could not be read');
    });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
