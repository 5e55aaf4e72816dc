import { expect, test, type Page } from '@playwright/test';
import { isMobile, signInNewViewer } from './helpers';

/**
 * Issue 16 items 2-4 in the browser: auto-unlock with its undo, and the coin expiry reminder.
 * The coins come from the sandbox grant (a stand-in for purchases; never mounted in production).
 */
async function giveCoins(page: Page, token: string, amount: number, key: string, validDays = 7) {
  const res = await page.request.post('/sandbox/wallet/grant', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount, key, validDays },
  });
  expect(res.status()).toBe(200);
}

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

const DRAMA = 1; // 8 free episodes, then 40 coins each (demo catalog)
const NEXT = 9;
const lockedLayer = (page: Page) =>
  page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`).first();

test('auto-unlock is off by default; turned on at a locked episode it unlocks, shows the price and undoes in full', async ({
  page,
}) => {
  const token = await signInNewViewer(page, 'autounlock');
  await giveCoins(page, token, 100, 'start');
  await page.goto(`/${DRAMA}/${NEXT}`);
  const locked = lockedLayer(page);
  await expect(locked.getByTestId('locked-coins')).toHaveText('100');
  const toggle = locked.getByTestId('auto-unlock-switch');
  await expect(toggle).not.toBeChecked();
  await snap(page, 'auto-unlock-layer');

  await toggle.click();
  const notice = page.getByTestId('auto-unlock-notice');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('auto-unlock-notice-text')).toHaveText(
    `Episode ${NEXT} unlocked for 40 coins`,
  );
  await expect(page.getByTestId('auto-unlock-undo')).toBeVisible();
  await expect(page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`)).toHaveCount(
    0,
  );
  await snap(page, 'auto-unlock-notice');

  await page.getByTestId('auto-unlock-undo').click();
  await expect(page.getByText('40 coins returned')).toBeVisible();
  await expect(notice).toHaveCount(0);
  // the episode is locked again with every coin back, and it is not bought again by itself
  await expect(lockedLayer(page).getByTestId('locked-coins')).toHaveText('100');
  await expect(lockedLayer(page).getByTestId('auto-unlock-switch')).toBeChecked();
  await page.waitForTimeout(1500);
  await expect(lockedLayer(page).getByTestId('locked-coins')).toHaveText('100');
  await expect(page.getByTestId('auto-unlock-notice')).toHaveCount(0);

  // the setting is the viewer's: settings shows it on
  await page.goto('/settings');
  await expect(page.getByTestId('auto-unlock-switch')).toBeChecked();
});

test('with auto-unlock on, reaching a locked episode unlocks it; the undo goes after 10 s and the unlock stays', async ({
  page,
}) => {
  await page.clock.install();
  const token = await signInNewViewer(page, 'autounlock');
  await giveCoins(page, token, 100, 'start');
  await page.goto('/settings');
  const toggle = page.getByTestId('auto-unlock-switch');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();

  await page.goto(`/${DRAMA}/${NEXT}`);
  await expect(page.getByTestId('auto-unlock-notice-text')).toHaveText(
    `Episode ${NEXT} unlocked for 40 coins`,
  );
  await page.clock.fastForward(11_000);
  await expect(page.getByTestId('auto-unlock-notice')).toHaveCount(0);
  await expect(page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`)).toHaveCount(
    0,
  );

  await page.goto('/profile/coin-history');
  await expect(page.getByTestId('coin-history-held')).toHaveText('60');
  await page.getByTestId('coin-history-tab-U').click();
  await expect(page.getByTestId('coin-history-entry').first()).toContainText('-40');
});

test('guests never get auto-unlock: the switch sends them to login', async ({ page }) => {
  await page.goto('/settings');
  await page.getByTestId('auto-unlock-switch').click();
  await expect(page.getByTestId('login-google')).toBeVisible();
});

test('coins expiring within 48 h: a banner on the main page and the profile, marked lots, once a day', async ({
  page,
}) => {
  const token = await signInNewViewer(page, 'expiry');
  // granted now for one day: the server's clock stands 24 h before these coins expire
  await giveCoins(page, token, 30, 'soon', 1);
  await giveCoins(page, token, 1200, 'later', 7);
  // the browser's clock at the server's time, so the time shown is the one the server answered
  const expiry = await page.evaluate(async () => {
    const res = await fetch('/api/v1/user/coin-expiry', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
    });
    return ((await res.json()) as { data: { amount: number; expr_dtm: string } }).data;
  });
  expect(expiry.amount).toBe(30);
  const hoursLeft = (Date.parse(expiry.expr_dtm) - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23.9);
  expect(hoursLeft).toBeLessThanOrEqual(24);
  await page.clock.install({ time: Date.parse(expiry.expr_dtm) - 24 * 3_600_000 });

  await page.goto('/');
  const banner = page.getByTestId('coin-expiry-banner');
  await expect(banner).toBeVisible();
  const shown = new Intl.DateTimeFormat('en', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(expiry.expr_dtm));
  await expect(page.getByTestId('coin-expiry-text')).toHaveText(`30 coins expire on ${shown}`);
  await snap(page, 'coin-expiry-main');
  await expectNoOverflow(page);

  await page.goto('/profile');
  await expect(page.getByTestId('coin-expiry-banner')).toBeVisible();
  await snap(page, 'coin-expiry-profile');
  await expectNoOverflow(page);

  await page.goto('/profile/coin-history');
  const marked = page.getByTestId('coin-history-expiring');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveText('Expires soon · 30 of 30 left');
  await snap(page, 'coin-history-expiring');

  // dismissed: not again today, on either page
  await page.goto('/profile');
  await page.getByTestId('coin-expiry-dismiss').click();
  await expect(page.getByTestId('coin-expiry-banner')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('main-page')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('coin-expiry-banner')).toHaveCount(0);
  // and the Back button goes back through the pages visited
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
});
