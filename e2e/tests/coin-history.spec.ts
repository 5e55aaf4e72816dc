import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInConsole } from './console-helpers';
import { signInNewViewer, waitForApp } from './helpers';

/**
 * Issue 40 item 1 as a viewer and an operator meet it: the viewer buys a pack, an operator grants
 * 25 coins, takes 10 back and refunds the order; the viewer's coin history shows each of them
 * once, every entry with the balance after it, and the newest balance is the one held.
 */

/** demo pack: 100 coins, no bonus, a first-charge bonus of 10 */
const PACK = 'coin_100';

async function consolePage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
  });
  const operator = await context.newPage();
  await signInConsole(operator);
  return operator;
}

async function buyPackWithStripe(page: Page) {
  await page.goto('/payment');
  await page
    .locator(`[data-testid="goods-item"][data-gods-code="${PACK}"]`)
    .getByTestId('goods-buy')
    .click();
  await page.getByTestId('gateway-S').click();
  await page.getByTestId('stripe-card').fill('4242 4242 4242 4242');
  await page.getByTestId('stripe-pay').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Coins have been charged' }),
  ).toBeVisible();
  await expect(page.getByTestId('payment-coins')).toHaveText('100');
}

/** The numbers of the visible entries: their change and the balance after them, newest first. */
async function entries(page: Page) {
  const rows = page.getByTestId('coin-history-entry');
  const n = await rows.count();
  const out: { kind: string; change: number; balance: number }[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const digits = async (id: string) =>
      Number(((await row.getByTestId(id).textContent()) ?? '').replace(/[^0-9-]/g, ''));
    out.push({
      kind: (await row.getAttribute('data-kind')) ?? '',
      change: await digits('coin-history-change'),
      balance: await digits('coin-history-balance'),
    });
  }
  return out;
}

test('an operator grant, revocation and refund each appear once; the running balance is the balance held', async ({
  page,
  browser,
}, testInfo) => {
  // a viewer's purchase and three console actions in two browsers: longer than one page's test
  test.setTimeout(180_000);
  await signInNewViewer(page, 'history');
  const nickname = (await page.getByTestId('profile-nickname').textContent()) ?? '';
  await buyPackWithStripe(page);

  const operator = await consolePage(browser, page);
  await operator.goto('/admin/viewers');
  await operator.getByTestId('viewer-search').fill(nickname);
  await operator.getByTestId('viewer-search-submit').click();
  await operator.getByTestId('viewer-result').first().click();
  await expect(operator.getByTestId('viewer-balance')).toContainText('110');
  await operator.getByTestId('viewer-grant-amount').fill('25');
  await operator.getByTestId('viewer-grant-reason').fill('Sorry for the outage');
  await operator.getByTestId('viewer-grant-submit').click();
  await expect(operator.getByTestId('viewer-balance')).toContainText('135');
  await operator.getByTestId('viewer-revoke-amount').fill('10');
  await operator.getByTestId('viewer-revoke-reason').fill('Granted twice by mistake');
  await operator.getByTestId('viewer-revoke-submit').click();
  await expect(operator.getByTestId('viewer-balance')).toContainText('125');
  // the refund dialog (issue 41): a reason and a note, then confirm
  await operator.getByRole('button', { name: 'Refund' }).first().click();
  const dialog = operator.getByTestId('refund-dialog');
  await expect(dialog).toBeVisible();
  await operator.getByTestId('refund-reason-customer_request').check();
  await operator.getByTestId('refund-note').fill('Customer asked for a refund');
  await operator.getByTestId('refund-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByText('Refunded; 100 coins taken back.')).toBeVisible();
  await operator.context().close();

  await page.goto('/profile/coin-history');
  await waitForApp(page);
  await expect(page.getByTestId('coin-history-held')).toHaveText('25');
  await expect(page.getByTestId('coin-history-closing')).toHaveText('25');
  await expect(page.getByTestId('coin-history-summary-taken-back')).toContainText('-110');

  // earned: the grant, the purchase (marked refunded) and its first-charge bonus
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(3);
  const earned = await entries(page);
  // the pack's coins and its bonus come at one instant, in either order
  expect(earned[0]).toEqual({ kind: 'admin', change: 25, balance: 135 });
  expect(earned.slice(1).map((e) => [e.kind, e.change])).toEqual(
    expect.arrayContaining([
      ['purchase_bonus', 10],
      ['purchase', 100],
    ]),
  );
  const [newer, older] = earned.slice(1);
  expect(newer?.balance).toBe(110);
  expect(older?.balance).toBe(110 - (newer?.change ?? 0));
  await expect(
    page.locator('[data-kind="purchase"]').getByTestId('coin-history-expiring'),
  ).toContainText('100 refunded');
  await page.screenshot({ path: testInfo.outputPath('coin-history-earned.png'), fullPage: true });

  // used: the refund and the revocation, each once, with their reasons
  await page.getByTestId('coin-history-tab-U').click();
  await expect(page.getByTestId('coin-history-entry')).toHaveCount(2);
  expect(await entries(page)).toEqual([
    { kind: 'refund', change: -100, balance: 25 },
    { kind: 'revoke', change: -10, balance: 125 },
  ]);
  await expect(page.locator('[data-kind="refund"]')).toContainText('Purchase refunded');
  await expect(page.locator('[data-kind="revoke"]')).toContainText('Taken back by SnapDrama');
  await page.screenshot({ path: testInfo.outputPath('coin-history-used.png'), fullPage: true });

  // the newest entry's balance is the balance the header and the profile show
  await page.goto('/profile');
  await waitForApp(page);
  await expect(page.getByTestId('profile-coins-held')).toHaveText('25');
});
