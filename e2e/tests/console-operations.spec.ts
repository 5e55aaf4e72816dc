import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { isMobile, signInNewViewer, waitForApp } from './helpers';

/**
 * Issue 13 items 5-7 as people do them: an operator grants coins to a viewer, who sees them in
 * the balance and the history; a viewer's inquiry is answered in the console and the viewer reads
 * the answer under "My inquiries"; every console page of ours opens without overflow.
 */

async function consolePage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
  });
  const operator = await context.newPage();
  await signInConsole(operator);
  return operator;
}

async function openCustomerService(page: Page) {
  if (isMobile(page)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('left-menu').getByText('Customer service').click();
  } else {
    await page.getByTestId('footer').getByText('Customer service').click();
  }
}

test('an operator grants coins to a viewer; the viewer sees the balance and the history', async ({
  page,
  browser,
}) => {
  await signInNewViewer(page, 'granted');
  const nickname = (await page.getByTestId('profile-nickname').textContent()) ?? '';
  await expect(page.getByTestId('profile-coins-held')).toHaveText('0');

  const operator = await consolePage(browser, page);
  await operator.goto('/admin/viewers');
  await operator.getByTestId('viewer-search').fill(nickname);
  await operator.getByTestId('viewer-search-submit').click();
  await operator.getByTestId('viewer-result').first().click();
  await expect(operator.getByTestId('viewer-balance')).toContainText('0');
  await operator.getByTestId('viewer-grant-amount').fill('300');
  await operator.getByTestId('viewer-grant-reason').fill('Compensation for the outage');
  await operator.getByTestId('viewer-grant-submit').click();
  await expect(operator.getByText('300 coins granted. Balance: 300.')).toBeVisible();
  await expect(operator.getByTestId('viewer-balance')).toContainText('300');
  await expect(operator.getByTestId('viewer-lot')).toHaveCount(1);
  await expectNoHorizontalOverflow(operator);
  // the audit log shows who did it
  await operator.goto('/admin/audit?action=wallet.grant');
  await expect(operator.getByTestId('audit-row').first()).toContainText('admin@e2e.test');
  await operator.context().close();

  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('profile-coins-held')).toHaveText('300');
  await expect(page.getByTestId('profile-coins-bonus')).toHaveText('300');
  await page.goto('/profile/coin-history');
  await expect(page.getByTestId('coin-history-held')).toHaveText('300');
  await expect(page.getByTestId('coin-history-entry').first()).toContainText('+300');
});

test("a viewer's inquiry is answered in the console and the viewer reads the answer", async ({
  page,
  browser,
}) => {
  await signInNewViewer(page, 'asking');
  const question = `My coins vanished after the update ${Date.now()}`;
  await page.goto('/');
  await waitForApp(page);
  await openCustomerService(page);
  await page.getByTestId('qna-text').fill(question);
  await page.getByTestId('qna-submit').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Inquiry has been registered' }),
  ).toBeVisible();

  const operator = await consolePage(browser, page);
  await operator.goto('/admin/inquiries');
  const card = operator.getByTestId('inquiry-card').filter({ hasText: question });
  await expect(card).toBeVisible();
  await card.getByTestId('inquiry-answer-text').fill('We restored 500 coins to your wallet.');
  await card.getByTestId('inquiry-answer-send').click();
  await expect(operator.getByText('The answer was sent.')).toBeVisible();
  await operator.getByTestId('inq-tab-answered').click();
  await expect(operator.getByTestId('inquiry-card').filter({ hasText: question })).toBeVisible();
  await expectNoHorizontalOverflow(operator);
  await operator.context().close();

  // "My inquiries" is reached from customer service
  await openCustomerService(page);
  await page.getByTestId('qna-my-inquiries').click();
  await expect(page).toHaveURL(/\/support\/inquiries$/);
  const mine = page.getByTestId('my-inquiry').filter({ hasText: question });
  await expect(mine.getByTestId('my-inquiry-answer')).toContainText(
    'We restored 500 coins to your wallet.',
  );
  await expect(mine).toContainText('Answered');
  // Back returns to where customer service was opened
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('the dashboard, economy, viewers and inquiries pages open without overflow', async ({
  page,
}) => {
  await signInConsole(page);
  for (const [path, testId] of [
    ['/admin/dashboard', 'dash-stat'],
    ['/admin/economy', 'eco-ads-save'],
    ['/admin/viewers', 'viewer-search'],
    ['/admin/inquiries', 'inq-tab-open'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  // an economy change is saved and read back after a reload
  await page.goto('/admin/economy');
  await page.getByTestId('eco-cap').fill('12');
  await page.getByTestId('eco-ads-save').click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('eco-cap')).toHaveValue('12');
  const config = await page.request.get('/api/v1/event/ad-config');
  expect((await config.json()).data.unlock_cap).toBe(12);
  await page.getByTestId('eco-cap').fill('10');
  await page.getByTestId('eco-ads-save').click();
  await expect(page.getByText('Saved')).toBeVisible();
});
