import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForApp } from './helpers';

// without COMPANY_* settings (development), a sample identity labelled as such (issue 47)
const COMPANY = '[SAMPLE] Example Company (not a real business)';

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the terms of service is a complete document with the company details', async ({ page }) => {
  await page.goto('/settings/terms');
  await waitForApp(page);
  const doc = page.getByTestId('legal-terms');
  await expect(doc.getByRole('heading', { level: 2 })).toHaveCount(15);
  await expect(doc).toContainText('valid for 7 days');
  // coin validity per source (docs/payments.md): App Store purchases never expire
  await expect(doc).toContainText('(App Store) do not expire');
  await expect(doc).toContainText('Bonus coins can never be cancelled or refunded');
  // refunds as the code does them (docs/payments.md): the remaining paid coins back, bonus kept
  await expect(doc).toContainText(
    'still in your account (not yet spent and not expired) are taken back',
  );
  await expect(doc).toContainText('stay in your account when the purchase is refunded');
  await expect(doc).toContainText('renews automatically');
  await expect(doc).toContainText('original payment method');
  await expect(doc).toContainText(COMPANY);
  await expect(doc).not.toContainText('{{');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('terms.png'), fullPage: false });
});

test('the privacy policy in Korean and Japanese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'ko'));
  await page.goto('/settings/privacy');
  await waitForApp(page);
  const doc = page.getByTestId('legal-privacy');
  await expect(doc).toContainText('보유 기간');
  await expect(doc).toContainText('[예시] 예시 회사');
  await expect(doc).toContainText('탈퇴');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('privacy-ko.png') });

  await page.addInitScript(() => localStorage.setItem('lang', 'ja'));
  await page.goto('/settings/privacy');
  await expect(page.getByTestId('legal-privacy')).toContainText('保存期間');
  await expect(page.getByTestId('legal-privacy')).toContainText('【サンプル】サンプル会社');
});

test('settings open the documents as a popup on mobile and a new window on desktop', async ({
  page,
}) => {
  await page.goto('/settings');
  await waitForApp(page);
  if (isMobile(page)) {
    await page.getByTestId('settings-terms').click();
    const popup = page.getByTestId('popup');
    await expect(popup.getByTestId('legal-terms')).toContainText(COMPANY);
    await page.screenshot({ path: test.info().outputPath('terms-popup.png') });
    // Back closes the popup and stays on /settings
    await page.goBack();
    await expect(page.getByTestId('popup')).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings$/);
  } else {
    const opened = page.context().waitForEvent('page');
    await page.getByTestId('settings-privacy').click();
    const win = await opened;
    await expect(win).toHaveURL(/\/settings\/privacy$/);
    await expect(win.getByTestId('legal-privacy')).toContainText(COMPANY);
    await win.close();
  }
});

test('the desktop footer shows the company lines and opens the documents in a new window', async ({
  page,
}) => {
  await page.goto('/');
  await waitForApp(page);
  const footer = page.getByTestId('footer');
  if (isMobile(page)) {
    // the footer is a desktop element (spec §2); mobile reaches the documents through settings
    await expect(footer).toBeHidden();
    return;
  }
  await expect(footer).toContainText(COMPANY);
  await expect(footer).toContainText('Business registration no. [SAMPLE] 000-00-00000');
  await expect(footer).toContainText('support@example.invalid');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${COMPANY}`);
  const opened = page.context().waitForEvent('page');
  await footer.getByText('Terms of service').click();
  const win = await opened;
  await expect(win.getByTestId('legal-terms')).toBeVisible();
  await win.close();
});

test('an empty /search shows the top searches of the week under the recent ones', async ({
  page,
}) => {
  await page.goto('/search?keyword=%20Queen%20');
  await waitForApp(page);
  await expect(page.getByTestId('search-result-title')).toBeVisible();
  // the server writes its counts every 10 s
  await expect(async () => {
    await page.goto('/search');
    await expect(page.getByTestId('top-term').filter({ hasText: /^\d+queen$/ })).toHaveCount(1, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('recent-searches')).toBeVisible();
  const recentBox = await page.getByTestId('recent-searches').boundingBox();
  const topBox = await page.getByTestId('top-searches').boundingBox();
  expect(topBox && recentBox && topBox.y > recentBox.y).toBe(true);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('empty-search.png') });
  await page.getByTestId('top-term').filter({ hasText: 'queen' }).click();
  await expect(page).toHaveURL(/\/search\?keyword=queen$/);
  await expect(page.getByTestId('search-result-title')).toBeVisible();
});

test('the §2 pages lay out without horizontal overflow from 320 to 1920 px', async ({ page }) => {
  test.setTimeout(180_000);
  const pages = ['/', '/search', '/settings', '/settings/terms', '/settings/privacy', '/category'];
  const more = ['/bookmark', '/mission', '/payment', '/profile', '/profile/coin-history', '/nope'];
  await page.goto('/');
  await waitForApp(page);
  const problems: string[] = [];
  for (const width of [320, 829, 830, 1016, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [...pages, ...more]) {
      await page.goto(path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) problems.push(`${path} at ${width}px: ${overflow}px`);
    }
  }
  expect(problems).toEqual([]);
});
