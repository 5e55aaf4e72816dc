import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';

/**
 * Writes a real source video with ffmpeg: an H.264/AAC MP4 of a moving test pattern and a tone,
 * like a phone's upload (portrait by default).
 */
export async function makeSourceVideo(
  ffmpegPath: string,
  dir: string,
  options: { seconds: number; width?: number; height?: number; audio?: boolean; name?: string },
): Promise<string> {
  const { seconds, width = 360, height = 640, audio = true } = options;
  const file = path.join(dir, options.name ?? `source-${width}x${height}-${seconds}s.mp4`);
  await runFfmpeg(ffmpegPath, [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    ...(audio
      ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`]
      : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** A file that is not a video at all (a text file named like one). */
export async function makeNotAVideo(dir: string, name = 'notes.mp4'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, 'These are the meeting notes, not a video.\n'.repeat(200));
  return file;
}
