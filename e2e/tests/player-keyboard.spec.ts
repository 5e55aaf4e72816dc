import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForApp } from './helpers';

/** Demo drama 1: 60 episodes of 12 s, 8 free (apps/server/src/seed/demo-catalog.ts). */
const DRAMA = 1;

const activeVideo = (page: Page) => page.locator('video[data-active="true"]');
const videoState = (page: Page) =>
  activeVideo(page).evaluate((v: HTMLVideoElement) => ({
    paused: v.paused,
    muted: v.muted,
    time: v.currentTime,
  }));

async function openPlayer(page: Page, epsd: number) {
  await page.goto(`/${DRAMA}/${epsd}`);
  await waitForApp(page);
  await expect(activeVideo(page)).toHaveAttribute('data-episode', String(epsd), {
    timeout: 30_000,
  });
  await expect
    .poll(() => activeVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0.2);
  // Swiper has started (after the first paint): the episode keys move it
  await expect(page.locator('.swiper-slide-active')).toHaveAttribute('data-episode', String(epsd));
}

/** Pauses with K and puts the playhead at `seconds`, so an episode's end cannot move on. */
async function pauseAt(page: Page, seconds: number) {
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await activeVideo(page).evaluate((v: HTMLVideoElement, s) => (v.currentTime = s), seconds);
}

test.beforeEach(({ page }) => {
  test.skip(isMobile(page), 'keyboard control is tried on the desktop layout');
});

test('Space and K play and pause; M mutes and unmutes', async ({ page }) => {
  await openPlayer(page, 1);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await page.keyboard.press('K');
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);

  const muted = (await videoState(page)).muted;
  await page.keyboard.press('m');
  await expect.poll(async () => (await videoState(page)).muted).toBe(!muted);
  await page.keyboard.press('m');
  await expect.poll(async () => (await videoState(page)).muted).toBe(muted);

  // Space on the video's own tap area (focused after a click) plays and pauses as well
  await activeVideo(page).locator('..').getByTestId('player-tap').focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
});

test('← and → seek 5 s; C turns subtitles on and off', async ({ page }) => {
  await openPlayer(page, 1);
  await pauseAt(page, 2);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(7, 1);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(2, 1);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(0, 1);

  // the demo's lines start within the first seconds: playing from 0.5 s shows one
  await activeVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await page.keyboard.press('c');
  await page.keyboard.press('k');
  const subtitle = page.getByTestId('player-subtitle');
  await expect(subtitle).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('c');
  await expect(subtitle).toHaveCount(0);
});

test('↑/↓ and PageUp/PageDown change the episode; F goes full screen and back', async ({
  page,
}) => {
  await openPlayer(page, 2);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/3$`), { timeout: 15_000 });
  await expect(activeVideo(page)).toHaveAttribute('data-episode', '3');
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`), { timeout: 15_000 });
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/3$`), { timeout: 15_000 });
  await page.keyboard.press('PageUp');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`), { timeout: 15_000 });

  await page.keyboard.press('f');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.fullscreenElement?.contains(
            document.querySelector('video[data-active="true"]'),
          ) ?? false,
      ),
    )
    .toBe(true);
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
});

test('keys do nothing while typing in a field', async ({ page }) => {
  await openPlayer(page, 1);
  const search = page.getByTestId('search-input');
  await search.click();
  await page.keyboard.type('km f');
  await expect(search).toHaveValue('km f');
  const state = await videoState(page);
  expect(state.paused).toBe(false);
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/1$`));
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test('? lists the keys in a sheet that holds focus; Esc closes it', async ({ page }) => {
  await openPlayer(page, 1);
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('kbd')).toHaveCount(13);
  await expect(page.getByTestId('shortcuts-close')).toBeFocused();
  // Tab stays inside: its only control keeps focus
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('shortcuts-close')).toBeFocused();
  // player keys do not act through the open sheet
  await page.keyboard.press('k');
  expect((await videoState(page)).paused).toBe(false);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test('the option sheet traps focus and gives it back to its button', async ({ page }) => {
  await openPlayer(page, 1);
  // paused, the tools stay up until the sheet is open
  await pauseAt(page, 1);
  await activeVideo(page).locator('..').getByTestId('player-tap').click();
  const options = page.getByTestId('player-options');
  await options.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByTestId('option-sheet');
  await expect(sheet).toHaveAttribute('data-view', 'main');
  await expect(page.getByTestId('option-quality')).toBeFocused();
  // Shift+Tab from the first row wraps to the last, Tab from the last back to the first
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('option-autoplay')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('option-quality')).toBeFocused();
  // a sub-view takes focus to its chosen item
  await page.getByTestId('option-speed').focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toHaveAttribute('data-view', 'speed');
  await expect(page.getByTestId('speed-normal')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(options).toBeFocused();
});

// Known race, open (issue 46): since the router change it fails on a quiet machine too (the
// address ends on /1/2 while Swiper stays on 3; before it, the address stayed on /1/3). Kept as
test('a key pressed as the address follows the previous one is not undone', async ({ page }) => {
  await openPlayer(page, 2);
  await pauseAt(page, 1);
  // ↑ arrives right after ↓ has moved the address to episode 3, before the page has drawn it (a
  // key is its own task; a microtask runs ahead of React's render of the new address, every time),
  // and the page draws episode 3 before ↑'s slide has its first frame (as on a loaded phone: the
  // address waits for that frame, here for the player's fallback timer)
  await page.evaluate(() => {
    HTMLVideoElement.prototype.requestVideoFrameCallback = () => 0;
    const replace = history.replaceState.bind(history);
    let pressed = false;
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      replace(...args);
      if (!pressed && location.pathname.endsWith('/3')) {
        pressed = true;
        queueMicrotask(() =>
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp' })),
        );
      }
    };
  });
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`), { timeout: 15_000 });
  await expect(page.locator('.swiper-slide-active')).toHaveAttribute('data-episode', '2');
  await expect(activeVideo(page)).toHaveAttribute('data-episode', '2');
  // and stays there: nothing slides back to the episode the page drew late
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/2$`));
  await expect(page.locator('.swiper-slide-active')).toHaveAttribute('data-episode', '2');
});

test('the tools stay up while the focus is on one of them (WCAG 2.2.1)', async ({ page }) => {
  await openPlayer(page, 1);
  const controls = page.getByTestId('player-controls');
  const options = page.getByTestId('player-options');
  await expect(async () => {
    if (!(await controls.isVisible()))
      await activeVideo(page).locator('..').getByTestId('player-tap').click({ timeout: 5_000 });
    await options.focus({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // the pointer away from the tools, the playhead back at the start of the 12 s episode
  await page.mouse.move(0, 0);
  await activeVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0));
  await expect(options).toBeFocused();
  // longer than the 4 s after which unused tools hide while the video plays
  await page.waitForTimeout(5_500);
  expect((await videoState(page)).paused).toBe(false);
  await expect(controls).toBeVisible();
  await expect(options).toBeFocused();
  // focus back on the video: they hide as before
  await activeVideo(page).locator('..').getByTestId('player-tap').focus();
  await expect(controls).toHaveCount(0, { timeout: 10_000 });
});
