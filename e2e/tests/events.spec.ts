import { expect, test, type Page } from '@playwright/test';
import { isMobile, storedToken, waitForApp } from './helpers';

/**
 * Missions, attendance and rewarded ads in the browser: the stand-in ad plays (no ad unit is
 * configured in the demo), the server credits coins and unlocks.
 */

const DRAMA = 1; // 8 free episodes, then locked ones (demo catalog)

/** Signs a new viewer in through the sandbox Google sign-in and agrees to the terms. */
async function signInNewViewer(page: Page): Promise<void> {
  await page.goto('/profile');
  await waitForApp(page);
  await page.getByTestId('profile-login').click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('login-google').click();
  const popup = await popupOpened;
  await popup
    .locator('#custom-email')
    .fill(`events-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sandbox.test`);
  await popup.locator('button.primary').click();
  await page.getByTestId('terms-agree-all').click();
  await page.getByTestId('terms-sign-up').click();
  await expect(page.getByTestId('profile-nickname')).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
}

/** Saves a screenshot for review when E2E_SCREENSHOT_DIR is set. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${isMobile(page) ? 'mobile' : 'desktop'}.png` });
}

/** Nothing sticks out sideways from 320 to 1920 px. */
async function expectNoOverflow(page: Page) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: size.height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(size);
}

const balance = async (page: Page) =>
  Number((await page.getByTestId('mission-coin-balance').innerText()).replace(/,/g, ''));

/**
 * Opens /mission once the sign-in's link-account mission was claimed by itself (spec §4), and
 * answers the coins it gave.
 */
async function openMissions(page: Page): Promise<number> {
  await page.goto('/mission');
  await waitForApp(page);
  await expect(page.getByTestId('attendance-days')).toBeVisible();
  const link = page.locator('[data-testid="mission-item"][data-mission="connect_sns"]');
  await expect(link).toHaveAttribute('data-open', 'false');
  await expect(link.getByTestId('mission-action-connect_sns')).toBeDisabled();
  const linkReward = Number((await link.innerText()).match(/\+(\d+)/)?.[1]);
  await expect.poll(() => balance(page)).toBe(linkReward);
  return linkReward;
}

/** Watches the stand-in ad until its reward, then closes it. */
async function watchStandinToReward(page: Page) {
  const ad = page.getByTestId('standin-ad');
  await expect(ad).toBeVisible();
  await snap(page, 'ad-layer');
  await expectNoOverflow(page);
  await expect(ad).toHaveAttribute('data-granted', 'true', { timeout: 30_000 });
  await page.getByTestId('standin-ad-close').click();
  await expect(ad).toHaveCount(0);
}

test('a signed-in viewer checks in: coins credited, the day checked, the button done', async ({
  page,
}) => {
  await signInNewViewer(page);
  const linkReward = await openMissions(page);
  await snap(page, 'mission-before');
  const day1 = page.locator('[data-testid="attendance-day"][data-day="1"]');
  await expect(day1).toHaveAttribute('data-checked', 'false');
  const reward = Number((await day1.innerText()).match(/\+(\d+)/)?.[1]);
  expect(reward).toBeGreaterThan(0);

  await page.getByTestId('attendance-button').click();
  await expect(page.getByTestId('toast').filter({ hasText: `+${reward}` })).toBeVisible();
  await expect(day1).toHaveAttribute('data-checked', 'true');
  await expect(page.getByTestId('attendance-button')).toBeDisabled();
  await expect(page.getByTestId('attendance-button')).toHaveText('Checked in today');
  await expect.poll(() => balance(page)).toBe(linkReward + reward);
  await snap(page, 'mission-after');

  // A reload asks the server again: still checked in, no second check-in possible.
  await page.reload();
  await expect(day1).toHaveAttribute('data-checked', 'true');
  await expect(page.getByTestId('attendance-button')).toBeDisabled();

  // On mobile the week is 3 + 4 on two rows (spec §2); on desktop one row.
  const tops = await page
    .getByTestId('attendance-day')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  const rows = [...new Set(tops)];
  if (isMobile(page)) {
    expect(rows).toHaveLength(2);
    expect(tops.filter((t) => t === rows[0])).toHaveLength(3);
  } else {
    expect(rows).toHaveLength(1);
  }
  await expectNoOverflow(page);
});

test('the watch-ad mission is completed with the stand-in ad', async ({ page }) => {
  await signInNewViewer(page);
  await openMissions(page);
  const item = page.locator('[data-testid="mission-item"][data-mission="watch_ad"]');
  const before = await balance(page);

  await item.getByTestId('mission-action-watch_ad').click();
  await watchStandinToReward(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'Mission reward' })).toBeVisible();
  await expect.poll(() => balance(page)).toBeGreaterThan(before);
  const count = item.getByTestId('mission-count');
  if ((await count.count()) > 0) await expect(count).toHaveText(/^1\//);
});

test('closing the ad before its reward gives "Ad canceled" and no coins', async ({ page }) => {
  // The page's clock is held while an ad is open: the reward comes after 4 s of it, and a slow
  // run (CI's, with the PostgreSQL pass beside) took longer than that between the ad showing and
  // the click on its close button, so the ad had paid before it was closed.
  await page.clock.install();
  const holdClock = () => page.clock.pauseAt(Date.now() + 1_000);
  await signInNewViewer(page);
  const linkReward = await openMissions(page);
  await holdClock();
  await page.getByTestId('mission-action-watch_ad').click();
  await expect(page.getByTestId('standin-ad')).toBeVisible();
  await expect(page.getByTestId('standin-ad')).toHaveAttribute('data-granted', 'false');
  await page.getByTestId('standin-ad-close').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Ad canceled' })).toBeVisible();
  await expect(page.getByTestId('mission-coin-balance')).toHaveText(String(linkReward));
  await expect(page.getByTestId('mission-action-watch_ad')).toBeEnabled();
  await page.clock.resume();

  // Escape (like the back action) closes the ad layer the same way.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await holdClock();
  await page.getByTestId('mission-action-watch_ad').click();
  await expect(page.getByTestId('standin-ad')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('standin-ad')).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Ad canceled' })).toHaveCount(1);
  await expect(page.getByTestId('mission-coin-balance')).toHaveText(String(linkReward));
});

test('watching an episode to 90 % counts for the watch mission', async ({ page }) => {
  await signInNewViewer(page);
  const reported = page.waitForResponse(
    (r) => r.url().endsWith('/event/mission') && r.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.goto(`/${DRAMA}/1`);
  const video = page.locator('video[data-active="true"][data-episode="1"]');
  await expect(video).toBeVisible({ timeout: 30_000 });
  // held just past 92 %: at its end the player would go on to episode 2, and that one would
  // count too if the poll below saw 92 % only then
  await video.evaluate((v: HTMLVideoElement) =>
    v.addEventListener('timeupdate', () => {
      if (v.currentTime / v.duration > 0.92) v.pause();
    }),
  );
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime / v.duration), {
      timeout: 40_000,
    })
    .toBeGreaterThan(0.92);
  expect((await reported).ok()).toBe(true);
  await openMissions(page);
  const item = page.locator('[data-testid="mission-item"][data-mission="watch_ep"]');
  await expect(item.getByTestId('mission-count')).toHaveText(/^1\//);
});

test('with no fill in every slot the viewer is told the ad stock is empty', async ({ page }) => {
  await signInNewViewer(page);
  await openMissions(page);
  // the stand-in's "no fill" switch (a developer's, never on a viewer's page: issue 40 item 6)
  await page.evaluate(() => localStorage.setItem('standin_ad_no_fill', '1'));
  await page.getByTestId('mission-action-watch_ad').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Ad stock is empty' })).toBeVisible();
  await expect(page.getByTestId('standin-ad')).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('standin_ad_no_fill'));
});

test('a locked episode is unlocked with an ad; the next one shows the cooldown', async ({
  page,
}) => {
  await signInNewViewer(page);
  // the player's code arrives after the drama info and the refused early start of episode 9:
  // once unlocked, the player must ask the server again, not take that old refusal
  await page.route('**/assets/player-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`/${DRAMA}/9`);
  const locked9 = page.locator('[data-testid="player-locked"][data-episode="9"]').first();
  await expect(locked9).toBeVisible();
  await expect(locked9.getByTestId('locked-ad-info')).toHaveText('Today 0/10');
  await snap(page, 'locked-layer');

  await locked9.getByTestId('locked-ad').click();
  await expect(locked9.getByTestId('locked-ad')).toBeDisabled();
  await watchStandinToReward(page);
  await expect(page.locator('[data-testid="player-locked"][data-episode="9"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('last_unlock_time'))).toMatch(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );

  await page.goto(`/${DRAMA}/10`);
  const locked10 = page.locator('[data-testid="player-locked"][data-episode="10"]').first();
  await expect(locked10).toBeVisible();
  const info = locked10.getByTestId('locked-ad-info');
  await expect(info).toHaveText(/^Next ad in 0[23]:\d\d$/);
  await expect(locked10.getByTestId('locked-ad')).toBeDisabled();
  const first = await info.innerText();
  await expect(info).not.toHaveText(first); // ticks every second
  await snap(page, 'locked-cooldown');

  // The server agrees: a second ad unlock inside 180 s is refused even without the button.
  await page.evaluate(() => localStorage.removeItem('last_unlock_time'));
  await page.reload();
  await expect(locked10.getByTestId('locked-ad-info')).toHaveText(/^Next ad in 0[23]:\d\d$/);
});

test('the time manager refetches missions and user info after the server day turns', async ({
  page,
}) => {
  await page.clock.install();
  await signInNewViewer(page);
  await openMissions(page);
  const nextDayStart = await page.evaluate(async () => {
    const res = await fetch('/api/v1/event/mission-event', {
      headers: {
        authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
        'x-test-probe': '1',
      },
    });
    const body = (await res.json()) as { data: { next_day_start: string } };
    return body.data.next_day_start;
  });
  const untilRefresh = Date.parse(nextDayStart) + 5000 - Date.now();
  expect(untilRefresh).toBeGreaterThan(5000);

  // One second before the day start + 5 s nothing is asked; at it, both are asked again.
  const asked: string[] = [];
  page.on('request', (r) => {
    // the app's own requests only, not this test's probe above
    if (r.headers()['x-test-probe']) return;
    if (/\/api\/v1\/(event\/mission-event|user\/info)$/.test(r.url())) asked.push(r.url());
  });
  await page.clock.fastForward(untilRefresh - 2000);
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await page.clock.fastForward(3000);
  await expect.poll(() => asked.some((u) => u.endsWith('/event/mission-event'))).toBe(true);
  await expect.poll(() => asked.some((u) => u.endsWith('/user/info'))).toBe(true);
});

test('a guest on /mission gets the login sheet at once', async ({ page }) => {
  await page.goto('/mission');
  await waitForApp(page);
  await expect(page.locator('[data-testid="bottom-sheet"][data-kind="login"]')).toBeVisible();
  await expect(page.getByTestId('login-sheet')).toBeVisible();
  await expect(page.getByTestId('mission-guest')).toBeVisible();
  await snap(page, 'mission-guest');
});

test('the menu leads to /mission; Back closes the login sheet first, then leaves', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('left-menu').getByRole('link', { name: 'Mission' }).click();
  } else {
    await page.getByTestId('top-bar').getByRole('link', { name: 'Mission' }).click();
  }
  await expect(page).toHaveURL(/\/mission$/);
  await expect(page.getByTestId('login-sheet')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('login-sheet')).toHaveCount(0);
  await expect(page).toHaveURL(/\/mission$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
