import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has signed in (as a guest on a first visit), drawn its first page inside the
 * shell and run the shell's effects (its listeners are on): the shell marks its root
 * `data-shell="live"` then (app-shell.tsx). The boot markup has no spinner, so waiting for the
 * spinner alone returned before React's first render. For pages of the viewers' app only: the
 * console, the social sign-in popup and the sandbox's pages have no such shell.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('[data-shell="live"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('app-spinner')).toHaveCount(0, { timeout: 30_000 });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 830;

/** Holds the app's entry bundle back until the returned function is called. */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** Signs a new viewer in through the sandbox Google sign-in, as a person does, and agrees to the terms. */
export async function signInNewViewer(page: Page, prefix: string): Promise<string> {
  // Signing in claims the link-account mission's bonus coins by itself (spec §4; events.spec.ts
  // covers it); the tests using this helper count coins exactly, so that claim is held back here.
  await page.route('**/api/v1/event/mission', (route) => route.abort());
  await page.goto('/profile');
  await waitForApp(page);
  await page.getByTestId('profile-login').click();
  await signUpThroughGoogleSandbox(page, prefix);
  await expect(page.getByTestId('profile-nickname')).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  return token ?? '';
}

/**
 * From an open login sheet: the sandbox Google sign-in of a new account (a unique email with
 * `prefix`), then the terms agreed to and the account made.
 */
export async function signUpThroughGoogleSandbox(page: Page, prefix: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('login-google').click();
  const popup = await popupOpened;
  await popup
    .locator('#custom-email')
    .fill(`${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sandbox.test`);
  await popup.locator('button.primary').click();
  await page.getByTestId('terms-agree-all').click();
  await page.getByTestId('terms-sign-up').click();
}

/** Buys the 100-coin pack with the sandbox Stripe card; gives the address of its receipt. */
export async function buyCoinPack(page: Page): Promise<string> {
  await page.goto('/payment');
  await waitForApp(page);
  await page
    .locator('[data-testid="goods-item"][data-gods-code="coin_100"]')
    .getByTestId('goods-buy')
    .click();
  await page.getByTestId('gateway-S').click();
  await page.getByTestId('stripe-card').fill('4242 4242 4242 4242');
  await page.getByTestId('stripe-pay').click();
  await expect(page.getByTestId('payment-coins')).toHaveText('100');
  const receipt = await page.getByTestId('toast-action').getAttribute('href');
  expect(receipt).toMatch(/^\/profile\/orders\/[0-9a-f-]{36}$/);
  return receipt ?? '';
}

/**
 * Clicks a button of the player's tool overlay, showing the tools first. They hide 4 s after they
 * show while the video plays, and a loaded machine can take longer than that between showing
 * them and the click: the whole step is tried again until the click lands.
 */
export async function clickPlayerTool(page: Page, testId: string): Promise<void> {
  const controls = page.getByTestId('player-controls');
  await expect(async () => {
    if (!(await controls.isVisible()))
      await page
        .locator('video[data-active="true"]')
        .locator('..')
        .getByTestId('player-tap')
        .click({ timeout: 5_000 });
    await page.getByTestId(testId).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
