import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForApp } from './helpers';

async function openLoginSheet(page: Page) {
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
  } else {
    await page.getByTestId('topbar-login').click();
  }
  await expect(page.locator('[data-testid="bottom-sheet"][data-kind="login"]')).toBeVisible();
}

test('Back with the login sheet open closes only the sheet', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.goto('/category');
  await waitForApp(page);
  await openLoginSheet(page);
  await page.goBack();
  await expect(page.getByTestId('bottom-sheet')).toHaveCount(0);
  await expect(page).toHaveURL(/\/category$/);
  // the next Back navigates
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('Back on the first page of the tab with the sheet open stays in the app', async ({ page }) => {
  await page.goto('/category');
  await waitForApp(page);
  await openLoginSheet(page);
  await page.goBack();
  await expect(page.getByTestId('bottom-sheet')).toHaveCount(0);
  await expect(page).toHaveURL(/\/category$/);
});

test('the desktop top bar lays out cleanly from 830 to 1016 px', async ({ page }, testInfo) => {
  test.skip(isMobile(page), 'desktop layout');
  await page.goto('/');
  await waitForApp(page);
  for (const width of [830, 860, 900, 950, 1016, 1100]) {
    await page.setViewportSize({ width, height: 800 });
    const bar = await page.getByTestId('top-bar').evaluate((header) => {
      const right = (el: Element | null) => el?.getBoundingClientRect().right ?? Infinity;
      const search = header.querySelector('input');
      return {
        scroll: document.documentElement.scrollWidth,
        login: right(header.querySelector('[data-testid="topbar-login"]')),
        searchWidth: search?.getBoundingClientRect().width ?? 0,
      };
    });
    expect(bar.scroll, `${width}`).toBeLessThanOrEqual(width);
    expect(bar.login, `${width}`).toBeLessThanOrEqual(width);
    expect(bar.searchWidth, `${width}`).toBeGreaterThan(40);
    if (width === 900) await page.screenshot({ path: testInfo.outputPath('top-bar-900.png') });
  }
});

test('a phone held sideways shows the portrait blocker whole', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    viewport: { width: 844, height: 390 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForApp(page);
  const blocker = page.getByTestId('landscape-blocker');
  await expect(blocker).toBeVisible();
  const box = await blocker.boundingBox();
  expect(box?.width).toBe(844);
  expect(box?.height).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(844);
  await page.screenshot({ path: testInfo.outputPath('landscape.png') });
  await context.close();
});

test('the 404 page keeps the header and menu on mobile', async ({ page }) => {
  await page.goto('/no-such-page');
  await waitForApp(page);
  await expect(page.getByTestId(isMobile(page) ? 'mobile-header' : 'top-bar')).toBeVisible();
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('left-menu')).toBeVisible();
  }
});

test('an empty /search shows recent searches, each removable', async ({ page }) => {
  await page.goto('/search?keyword=CEO');
  await waitForApp(page);
  await expect(page.getByTestId('search-result-title')).toBeVisible();
  await page.goto('/search?keyword=Queen');
  await expect(page.getByTestId('search-result-title')).toBeVisible();
  await page.goto('/search');
  const terms = page.getByTestId('recent-term');
  await expect(terms).toHaveText(['Queen', 'CEO']);
  await page.getByTestId('recent-remove').first().click();
  await expect(terms).toHaveText(['CEO']);
  await terms.first().click();
  await expect(page).toHaveURL(/\/search\?keyword=CEO$/);
  await page.goto('/search');
  await page.getByTestId('recent-clear').click();
  await expect(page.getByTestId('recent-searches')).toHaveCount(0);
});
