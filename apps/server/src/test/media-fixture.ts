import path from 'node:path';
import { resolveFfmpegPath } from '../media/ffmpeg';
import { createLocalStorage } from '../media/storage';
import { DEMO_CLIPS, ensureDemoClips } from '../seed/demo';

/** Short demo clips encoded once per machine and shared by every test file (read-only). */
export const TEST_MEDIA_DIR = path.resolve(import.meta.dirname, '..', '..', '.cache', 'test-media');
export const TEST_CLIP_SECONDS = 4;

export async function ensureTestClips(): Promise<void> {
  await ensureDemoClips({
    storage: createLocalStorage(TEST_MEDIA_DIR),
    ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH),
    log: { info: (m) => console.log(m) },
    count: DEMO_CLIPS.length,
    seconds: TEST_CLIP_SECONDS,
  });
}
