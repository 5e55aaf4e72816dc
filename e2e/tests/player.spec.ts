import { expect, test, type Page } from '@playwright/test';
import { clickPlayerTool, holdAppEntry, isMobile, waitForApp } from './helpers';

/** Demo drama 1: 60 episodes, 8 free (apps/server/src/seed/demo-catalog.ts). */
const DRAMA = 1;
const FREE = 8;

const activeVideo = (page: Page) => page.locator('video[data-active="true"]');

async function waitForPlayback(page: Page, epsd: number) {
  const video = activeVideo(page);
  await expect(video).toHaveAttribute('data-episode', String(epsd), { timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.2);
}

async function openPlayer(page: Page, epsd: number) {
  await page.goto(`/${DRAMA}/${epsd}`);
  await waitForApp(page);
  await waitForPlayback(page, epsd);
}

async function openOption(page: Page, view: 'quality' | 'speed' | 'subtitle') {
  await clickPlayerTool(page, 'player-options');
  await expect(page.getByTestId('option-sheet')).toHaveAttribute('data-view', 'main');
  await page.getByTestId(`option-${view}`).click();
  await expect(page.getByTestId('option-sheet')).toHaveAttribute('data-view', view);
}

/** A swipe up: a finger on mobile (touch events), the mouse wheel on desktop. */
async function swipeUp(page: Page) {
  const box = await page.getByTestId('player-swiper').boundingBox();
  if (!box) throw new Error('no swiper');
  const x = box.x + box.width / 2;
  // Most of the screen's height: a drag that lasts over 300 ms (a slow machine's CDP round trips)
  // is a long swipe to Swiper, which moves on only past half the slide, counted from where the
  // 5 px threshold was crossed (the second point); a shorter drag is then taken back.
  const ys = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25, 0.15].map((f) => box.y + box.height * f);
  if (isMobile(page)) {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: y === undefined ? [] : [{ x, y }],
      });
    await touch('touchStart', ys[0]);
    for (const y of ys.slice(1)) await touch('touchMove', y);
    await touch('touchEnd');
    return;
  }
  // desktop: the mouse wheel moves between episodes
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.wheel(0, 400);
}

test('a drag past half plays the next episode under the finger, and taking it back rewinds it', async ({
  page,
}) => {
  test.skip(!isMobile(page), 'a finger drag is a phone gesture');
  await openPlayer(page, 1);
  const next = page.locator('video[data-episode="2"]');
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const box = await page.getByTestId('player-swiper').boundingBox();
  if (!box) throw new Error('no swiper');
  const x = box.x + box.width / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', f?: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: f === undefined ? [] : [{ x, y: box.y + box.height * f }],
    });
  await touch('touchStart', 0.85);
  // Swiper counts the drag from where it crossed its 5 px threshold (the first move)
  for (const f of [0.8, 0.55, 0.2]) await touch('touchMove', f);
  // past half: the next episode plays, muted, while the finger is still down
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.currentTime > 0))
    .toBe(true);
  // back under half and past where it started, then let go: the swiper stays (a quick drag that
  // ends above its start would be a short swipe to the next episode), and the next episode waits
  // at its start
  for (const f of [0.5, 0.9]) await touch('touchMove', f);
  await touch('touchEnd');
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0))
    .toBe(true);
  await expect(activeVideo(page)).toHaveAttribute('data-episode', '1');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/1$`));
  expect(await activeVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

/** The episode grid: the side panel on desktop, the episode sheet on mobile. */
async function openGrid(page: Page) {
  if (isMobile(page)) {
    await clickPlayerTool(page, 'player-episodes');
    await expect(page.getByTestId('episode-sheet')).toBeVisible();
  }
  return page.getByTestId('episode-grid');
}

test('a deep link plays that episode, and the next one is preloaded', async ({ page }) => {
  await openPlayer(page, 2);
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`));
  // the next slide's video already holds decoded data, paused
  const next = page.locator('video[data-episode="3"]');
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await next.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  // its first frame, not the poster, is what slides in under the finger
  await expect(next).not.toHaveAttribute('poster');
});

/** Counts each MediaSource the page makes, with how many videos were on the page at that moment. */
async function countMediaSources(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const seen: number[] = [];
    Object.assign(window, { mediaSources: seen });
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object) => {
      if (object instanceof MediaSource) seen.push(document.querySelectorAll('video').length);
      return create(object);
    };
  });
  return () => page.evaluate(() => (window as unknown as { mediaSources: number[] }).mediaSources);
}

test("a cold deep link's video loads before its player is there, and the player takes it over", async ({
  page,
}) => {
  // the phone layout's cold start plays from the boot script instead (the test below)
  test.skip(isMobile(page), 'on the desktop layout');
  const mediaSources = await countMediaSources(page);
  // the player's code comes late, well after the episode start and hls.js
  await page.route('**/assets/player-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await openPlayer(page, 1);
  const next = page.locator('video[data-episode="2"]');
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const made = await mediaSources();
  // the first, for the episode opened, before any video was on the page; then the next slide's;
  // a player that set up its own would have made one more
  expect(made).toHaveLength(2);
  expect(made[0]).toBe(0);
  // the element on the page is the one that was loading: it plays, and nothing is left over
  await expect(page.locator('video')).toHaveCount(2);
});

test("a cold player link plays its first seconds before the app's code has run, and the player takes the video over", async ({
  page,
}) => {
  test.skip(!isMobile(page), 'on the phone layout, where the player is the whole screen');
  const mediaSources = await countMediaSources(page);
  const releaseEntry = await holdAppEntry(page);
  await page.goto(`/${DRAMA}/1`);
  // the app's code has not run, and the episode plays over the first screen
  const booted = page.locator('video[data-active="true"][data-episode="1"]');
  await expect
    .poll(() => booted.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  await expect(page.getByTestId('player-page')).toHaveCount(0);
  await booted.evaluate((v) => Object.assign(v, { fromBoot: true }));
  releaseEntry();
  await waitForApp(page);
  // the player's video is that same element, now in the player's slide
  const video = page.locator('[data-testid="player-page"] video[data-episode="1"]');
  await expect(video).toHaveAttribute('data-testid', 'player-video');
  expect(await video.evaluate((v) => (v as unknown as { fromBoot?: boolean }).fromBoot)).toBe(true);
  // no longer laid over the page
  expect(await video.evaluate((v) => getComputedStyle(v).position)).not.toBe('fixed');
  // hls.js took its buffer over: it plays on past the boot script's first seconds (4 s)
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  // one MediaSource for the episode opened, one for the next slide: none made twice
  const next = page.locator('video[data-episode="2"]');
  await expect
    .poll(() => next.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await mediaSources()).toHaveLength(2);
  await expect(page.locator('video')).toHaveCount(2);
});

test('a swipe changes the URL and the next episode plays', async ({ page }) => {
  await openPlayer(page, 1);
  await swipeUp(page);
  // the slide swiped to is the active one at once; the one left behind stops
  await expect(activeVideo(page)).toHaveAttribute('data-episode', '2', { timeout: 3_000 });
  await expect(activeVideo(page)).toHaveCount(1);
  // well before episode 1 (12 s) could end by itself
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`), { timeout: 3_000 });
  await waitForPlayback(page, 2);
  await expect(page.locator('video[data-episode="1"]')).toHaveCount(0);
});

test('the grid has tabs of 30: the second lists 31-60', async ({ page }) => {
  await openPlayer(page, 1);
  const grid = await openGrid(page);
  const tabs = page.getByTestId('episode-tab');
  await expect(tabs).toHaveText(['1-30', '31-60']);
  await tabs.nth(1).click();
  // each cell shows its number (a locked one also says so, to screen readers only)
  const numbers = await grid
    .getByTestId('episode-cell')
    .evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? '', 10)));
  expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 31));
  await expect(grid.locator('[data-episode="40"]')).toHaveAttribute('data-locked', 'true');
});

test('clicking a locked episode beyond unlock+1 shows the missed-episodes toast', async ({
  page,
}) => {
  await openPlayer(page, 1);
  const grid = await openGrid(page);
  await grid.locator(`[data-episode="${FREE + 3}"]`).click();
  await expect(page.getByTestId('toast')).toHaveText("You've missed previous episodes");
  // it stays on the episode it was on (1, or 2 when the 12 s episode ended first on a slow run)
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/[12]$`));
  // unlock+1 is allowed: it opens the locked layer (the sheet stayed open after the toast)
  await grid.locator(`[data-episode="${FREE + 1}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/${FREE + 1}$`));
  await expect(
    page.locator(`[data-testid="player-locked"][data-episode="${FREE + 1}"]`),
  ).toBeVisible();
  await expect(page.getByTestId('locked-coins')).toHaveText('0');
});

test('a speed change sets the playback rate, and it persists', async ({ page }) => {
  await openPlayer(page, 1);
  await openOption(page, 'speed');
  await page.getByTestId('speed-fast').click();
  await expect
    .poll(() => activeVideo(page).evaluate((v: HTMLVideoElement) => v.playbackRate))
    .toBe(1.25);
  // a fresh load of episode 1 (not a reload: on a slow run the 12 s episode may have ended and
  // the address moved on to episode 2)
  await openPlayer(page, 1);
  await expect
    .poll(() => activeVideo(page).evaluate((v: HTMLVideoElement) => v.playbackRate))
    .toBe(1.25);
});

test('Korean subtitles show the line of the current time', async ({ page }) => {
  await openPlayer(page, 1);
  await openOption(page, 'subtitle');
  await page.getByTestId('subtitle-ko').click();
  await page.keyboard.press('Escape');
  // the cues of the episode on screen (a demo episode is 12 s: on a slow machine the player may
  // already have moved on to the next one)
  type Cue = { start: number; end: number; text: { ko: string } };
  const cuesOf = new Map<string, Cue[]>();
  const cues = async (epsd: string): Promise<Cue[]> => {
    if (!cuesOf.has(epsd)) {
      const res = await page.request.get(`/resources/subtitles/${DRAMA}/ep${epsd}.json`);
      cuesOf.set(epsd, (await res.json()) as Cue[]);
    }
    return cuesOf.get(epsd) ?? [];
  };
  const subtitle = page.getByTestId('player-subtitle');
  await expect(subtitle).toBeVisible({ timeout: 15_000 });
  // the shown line belongs to the cue around the video's time (polled every 200 ms)
  await expect
    .poll(async () => {
      const video = activeVideo(page);
      const [time, epsd, text] = await Promise.all([
        video.evaluate((v: HTMLVideoElement) => v.currentTime),
        video.getAttribute('data-episode'),
        subtitle.textContent().catch(() => null),
      ]);
      const near = (await cues(epsd ?? '1')).filter(
        (c) => time >= c.start - 0.3 && time < c.end + 0.3,
      );
      return near.some((c) => c.text.ko === text);
    })
    .toBe(true);
});

test('a quality change switches the rendition', async ({ page }) => {
  await openPlayer(page, 1);
  const before = await activeVideo(page).evaluate((v: HTMLVideoElement) => v.videoHeight);
  const target =
    before === 1920 ? { q: '480p', h: 854, lines: '480' } : { q: '1080p', h: 1920, lines: '1080' };
  await openOption(page, 'quality');
  await page.getByTestId(`quality-${target.q}`).click();
  await expect(activeVideo(page)).toHaveAttribute('data-rendition', target.lines, {
    timeout: 15_000,
  });
  await expect
    .poll(() => activeVideo(page).evaluate((v: HTMLVideoElement) => v.videoHeight), {
      timeout: 15_000,
    })
    .toBe(target.h);
});

test('a player link paints the poster before any script, and the app takes it away', async ({
  page,
}) => {
  // the HTML alone: no script runs
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/${DRAMA}/2`);
  const poster = page.locator('#first-screen img.poster');
  await expect(poster).toBeVisible();
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.unroute('**/assets/*.js');
  // with the app: gone once the player is there, and not back on the next page
  await openPlayer(page, 2);
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('#first-screen')).toHaveCount(0);
});

test('an expired signed URL is renewed before it plays', async ({ page }) => {
  let starts = 0;
  await page.route('**/api/v1/drama/episode', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    starts += 1;
    const response = await route.fetch();
    if (starts > 1) return route.fulfill({ response });
    // The first answer carries URLs that expired a minute ago (their signature no longer
    // matters: playing them would fail, so the player must renew first).
    const past = Math.floor(Date.now() / 1000) - 60;
    const body = (await response.text()).replace(/expires=\d+/g, `expires=${past}`);
    return route.fulfill({ response, body });
  });
  await openPlayer(page, 1);
  expect(starts).toBeGreaterThanOrEqual(2);
  const src = await activeVideo(page).evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.includes('/media/'))
      .map((n) => Number(new URL(n).searchParams.get('expires'))),
  );
  expect(src.every((expires) => expires > Date.now() / 1000)).toBe(true);
});

test('a failing episode start retries with a toast, then offers Retry', async ({ page }) => {
  let failing = true;
  let attempts = 0;
  await page.route('**/api/v1/drama/episode', async (route) => {
    if (route.request().method() !== 'POST' || !failing) return route.continue();
    attempts += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500000, message: 'Internal error', data: null }),
    });
  });
  await page.goto(`/${DRAMA}/1`);
  await waitForApp(page);
  await expect(page.getByTestId('toast').first()).toHaveText('Retrying...');
  await expect(page.getByTestId('alert')).toBeVisible({ timeout: 15_000 });
  expect(attempts).toBe(4);
  await expect(page.getByTestId('alert-cancel')).toHaveText('Retry');
  await expect(page.getByTestId('alert-confirm')).toHaveText('Confirm');
  failing = false;
  await page.getByTestId('alert-cancel').click();
  await waitForPlayback(page, 1);
});
