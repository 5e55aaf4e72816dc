import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { waitForApp } from './helpers';

/** Demo drama 4 (24 episodes, 5 free); each project uploads to its own free episode. */
const DRAMA = 4;
const SECONDS = 3;

let dir: string;
let source: string;

test.beforeAll(() => {
  // a short portrait clip made with the ffmpeg the project ships, like an operator's upload
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
    .path;
  dir = mkdtempSync(path.join(tmpdir(), 'snapdrama-e2e-ingest-'));
  source = path.join(dir, 'episode-cut.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=360x640:rate=30:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=523:sample_rate=48000:duration=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    source,
  ]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an operator uploads a video, watches the transcode reach 100 %, and a viewer plays it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const epsd = testInfo.project.name === 'mobile' ? 2 : 3;
  await signInConsole(page);
  await page.getByRole('link', { name: 'Episode videos' }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  // dramas are picked from the catalog by title (decision 1543), never by a number
  await expect(page.getByTestId('ingest-drama-option').first()).toBeVisible();
  await page.goto(`/admin/videos/${DRAMA}`);
  await expect(page.getByTestId('ingest-change-drama')).toBeVisible();

  const panel = page.getByTestId(`ingest-episode-${epsd}`);
  await expect(panel).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles(source);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();

  // the upload ends, the job is queued (a state from an earlier run gives way to the new job)
  await expect(panel.getByText('Uploaded: the video is queued for transcoding.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel.getByTestId('ingest-state')).toHaveText(/Waiting for a worker|Transcoding/);

  // progress shows while the worker transcodes, then reaches 100 % and the episode is ready
  const percents = new Set<string>();
  await expect
    .poll(
      async () => {
        const text =
          (await panel
            .getByTestId('ingest-percent')
            .textContent()
            .catch(() => null)) ?? '';
        if (text) percents.add(text);
        return panel.getByTestId('ingest-state').textContent();
      },
      { timeout: 240_000, intervals: [250] },
    )
    .toBe('Ready');
  await expect(panel.getByTestId('ingest-percent')).toHaveText('100 %');
  await expect(panel.getByRole('img', { name: `Poster frame of episode ${epsd}` })).toBeVisible();
  // the bar moved through values below 100 % on its way
  expect([...percents].some((p) => p !== '100 %')).toBe(true);
  await expectNoHorizontalOverflow(page);

  // Back returns to the drama picker
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/videos$/);

  // a viewer plays the new video: the 3-second cut, not the 12-second demo clip
  await page.goto(`/${DRAMA}/${epsd}`);
  await waitForApp(page);
  const video = page.locator('video[data-active="true"]');
  await expect(video).toHaveAttribute('data-episode', String(epsd), { timeout: 30_000 });
  // it plays, and it is the new cut (3 s, not the 12 s demo clip); read before the player moves
  // on to the next episode at the end of this short one
  await expect
    .poll(
      () =>
        page.evaluate((n) => {
          const v = document.querySelector<HTMLVideoElement>('video[data-active="true"]');
          if (!v || v.dataset.episode !== String(n)) return 'another episode';
          return v.currentTime > 0.2 ? v.duration.toFixed(0) : 'not playing yet';
        }, epsd),
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(String(SECONDS));
});
