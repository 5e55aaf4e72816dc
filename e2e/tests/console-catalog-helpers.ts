import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A 2-second 360×640 H.264 clip with sound, made with the bundled ffmpeg (the episode file a bulk
 * upload sends; the server transcodes it in a few seconds).
 */
export function makeClip(): Buffer {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
    .path;
  const dir = mkdtempSync(path.join(tmpdir(), 'snapdrama-e2e-bulk-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    execFileSync(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=360x640:rate=30:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG of the given size (a screenshot of a coloured block); the server resizes it. */
export async function pngOf(
  page: Page,
  width: number,
  height: number,
  color = '#8e44ad',
): Promise<Buffer> {
  const other = await page.context().newPage();
  await other.setViewportSize({ width, height });
  await other.setContent(`<body style="margin:0;background:${color}"></body>`);
  const png = await other.screenshot();
  await other.close();
  return png;
}

/** How many dramas the viewers' search finds for a keyword (the viewers' API, no sign-in). */
export async function viewerSearch(page: Page, keyword: string): Promise<number> {
  const res = await page.request.get(
    `/api/v1/drama/search/list/${encodeURIComponent(keyword)}/12/1`,
  );
  return ((await res.json()) as { data: { totalCount: number } }).data.totalCount;
}

/** A time `ms` from now to the whole second, and its value for a datetime-local input (local time). */
export function secondsAhead(ms: number): { at: Date; local: string } {
  const at = new Date(Date.now() + ms);
  at.setMilliseconds(0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return { at, local };
}
