import { expect, test, type Page } from '@playwright/test';
import { isMobile, signInNewViewer } from './helpers';

/** The fixture's coins: the sandbox grant (a stand-in for purchases), never mounted in production. */
async function giveCoins(page: Page, token: string, amount: number, key: string) {
  const res = await page.request.post('/sandbox/wallet/grant', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount, key },
  });
  expect(res.status()).toBe(200);
}

const DRAMA = 1; // 8 free episodes, then 40 coins each (demo catalog)
const NEXT = 9;

test('a signed-in viewer unlocks the next episode with coins; balance and history follow', async ({
  page,
}) => {
  const token = await signInNewViewer(page, 'wallet');
  await giveCoins(page, token, 100, 'start');

  await page.goto(`/${DRAMA}/${NEXT}`);
  const locked = page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`).first();
  await expect(locked).toBeVisible();
  await expect(locked.getByTestId('locked-coins')).toHaveText('100');
  await locked.getByTestId('locked-unlock').click();
  await expect(page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`)).toHaveCount(
    0,
  );

  await page.goto('/profile/coin-history');
  await expect(page.getByTestId('coin-history-held')).toHaveText('60');
  await expect(page.getByTestId('coin-history-bonus')).toHaveText('60');
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(1);
  await expect(page.getByTestId('coin-history-entry').first()).toContainText('+100');

  await page.getByTestId('coin-history-tab-U').click();
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(1);
  await expect(page.getByTestId('coin-history-entry').first()).toContainText('-40');

  await page.getByTestId('coin-history-tab-E').click();
  await expect(page.getByTestId('coin-history-empty')).toBeVisible();
});

test('too few coins: the locked layer offers the payment popup instead of the unlock', async ({
  page,
}) => {
  const token = await signInNewViewer(page, 'wallet');
  await giveCoins(page, token, 10, 'few');
  await page.goto(`/${DRAMA}/${NEXT}`);
  const locked = page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`).first();
  await expect(locked.getByTestId('locked-coins')).toHaveText('10');
  await expect(locked.getByTestId('locked-unlock')).toHaveCount(0);
  await locked.getByTestId('locked-payment').click();
  // the coin packs open as a layer over the player (spec §2), not a route
  await expect(page.getByTestId('payment-popup')).toBeVisible();
  await expect(page.getByTestId('goods-item').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/${NEXT}$`));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-popup')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/${NEXT}$`));
});

test('coin history pages: mobile loads more near the end, desktop with a button, until the last page', async ({
  page,
}) => {
  const token = await signInNewViewer(page, 'wallet');
  for (let i = 0; i < 25; i++) await giveCoins(page, token, i + 1, `page-${i}`);
  await page.goto('/profile/coin-history');
  await expect(page.getByTestId('coin-history-held')).toHaveText('325');
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(20);
  if (isMobile(page)) {
    await page.mouse.wheel(0, 10_000);
  } else {
    await page.getByTestId('coin-history-more').click();
  }
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(25);
  await expect(page.getByTestId('coin-history-more')).toHaveCount(0);
  await expect(page.getByText('All contents loaded')).toBeVisible();
});

test('a failed history load shows a failure toast with the server message', async ({ page }) => {
  await signInNewViewer(page, 'wallet');
  await page.route('**/api/v1/user/coin-history/**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 503001, message: 'History is resting', data: null }),
    }),
  );
  await page.goto('/profile/coin-history');
  await expect(page.getByTestId('toast').filter({ hasText: 'History is resting' })).toBeVisible();
});
