import { expect, type Page } from '@playwright/test';

/** Waits until the app has signed in (as a guest on a first visit) and drawn its first page. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.getByTestId('app-spinner')).toHaveCount(0, { timeout: 30_000 });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 830;
