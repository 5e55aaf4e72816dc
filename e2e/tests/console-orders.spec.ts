import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expectNoHorizontalOverflow, signInConsole } from './console-helpers';
import { isMobile, signInNewViewer } from './helpers';

/**
 * Issue 41 item 3: an admin finds a viewer's orders with the filters, exports them as CSV (the
 * file downloaded holds exactly the filtered orders), refunds one in the dialog with a reason and
 * a note, and finds the refund in the refunds report with its reason; at 390 px the orders are
 * cards and nothing overflows; the viewer page refunds through the same dialog. Both projects, each
 * at its own size (the table on the desktop, the cards on the phone); its own viewer's orders only.
 */

/** A 100-coin pack bought through the Stripe stand-in over the API, as the browser's steps do. */
async function buyOverApi(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const reg = await request.post('/api/v1/payment/regist', {
    headers,
    data: { godsCode: 'coin_100', pymnGtwy: 'S', price: 0.99 },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const { ordrId, clientSecret } = (
    (await reg.json()) as { data: { ordrId: string; clientSecret: string } }
  ).data;
  const sessionId = clientSecret.split('_secret_')[0] ?? '';
  const paid = await request.post(`/sandbox/payments/stripe/${sessionId}`, {
    form: { card: '4242 4242 4242 4242' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const confirmed = await request.put('/api/v1/payment/stripe/confirm', {
    headers,
    data: { ordrId, sessionId },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return ordrId;
}

/** No serious or critical axe finding (WCAG 2.2 AA) on the page as it is now. */
async function expectAccessible(page: Page, label: string) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

test('orders: filter by viewer and gateway, export the CSV, refund with a reason, see it reported; cards at 390 px', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = await signInNewViewer(page, 'ConsoleOrders');
  const info = await page.request.get('/api/v1/user/info', {
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = ((await info.json()) as { data: { user: { user_id: string } } }).data.user.user_id;
  const first = await buyOverApi(page.request, token);
  const second = await buyOverApi(page.request, token);

  await signInConsole(page, undefined, '/admin/orders');
  await expect(page.getByTestId('orders-filters')).toBeVisible();

  // filter: this viewer's Stripe orders
  await page.getByTestId('orders-filter-viewer').fill(userId);
  await page.getByTestId('orders-filter-gateway').selectOption('S');
  await page.getByTestId('orders-apply').click();
  await expect(page).toHaveURL(new RegExp(`userId=${userId}`));
  // the table on the desktop, cards on the phone: the same orders, the same buttons
  const phone = isMobile(page);
  const table = page.getByTestId(phone ? 'orders-cards' : 'orders-table');
  const item = phone ? 'li' : '[data-testid="order-row"]';
  const rows = table.locator(item);
  const inState = (state: string) => table.locator(`${item}[data-state="${state}"]`);
  await expect(rows).toHaveCount(2);
  await expect(inState('credited')).toHaveCount(2);
  await expectAccessible(page, 'orders');

  // a filter nothing matches says so
  await page.getByTestId('orders-filter-state').selectOption('refunded');
  await page.getByTestId('orders-apply').click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await page.getByTestId('orders-filter-state').selectOption('');
  await page.getByTestId('orders-apply').click();
  await expect(rows).toHaveCount(2);

  // export: the downloaded file holds the filtered orders, nothing else
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('orders-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'kind,id,created_at,user_id,gateway,state,product,currency,amount_minor,coins',
  );
  expect(lines).toHaveLength(3);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[1])
      .sort(),
  ).toEqual([first, second].sort());
  for (const line of lines.slice(1))
    expect(line).toContain(`,${userId},S,credited,coin_100,USD,99,100`);

  // refund the first in the dialog: a note is required for "Other"
  await table.getByTestId(`order-refund-${first}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('refund-reason-other').check();
  await page.getByTestId('refund-confirm').click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
  // Escape closes it and nothing is refunded
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(inState('credited')).toHaveCount(2);

  await table.getByTestId(`order-refund-${first}`).click();
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'refund dialog');
  await page.getByTestId('refund-reason-duplicate').check();
  await page.getByTestId('refund-note').fill('Ticket 41: two charges for one pack');
  await page.getByTestId('refund-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(first.slice(0, 8));
  await expect(inState('refunded')).toHaveCount(1);
  await expect(table.getByTestId(`order-refund-${first}`)).toHaveCount(0);
  await expect(table.getByTestId(`order-refund-${second}`)).toBeVisible();
  // a new filter clears the success message (it spoke of a list no longer shown)
  await page.getByTestId('orders-filter-state').selectOption('refunded');
  await page.getByTestId('orders-apply').click();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // the refunds report names the reason and the note
  await page.goto('/admin/money');
  const reported = page.locator(`[data-testid="refund-row"][data-order="${first}"]`);
  await expect(reported).toContainText('Ticket 41: two charges for one pack');
  await expect(reported).toContainText('Charged twice');
  await expect(page.getByTestId('revenue-total-S-USD')).toBeVisible();
  await expectAccessible(page, 'revenue and refunds');

  // 390 px: cards instead of the table, nothing wider than the screen, the dialog fits
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/orders?userId=${userId}`);
  await expect(page.getByTestId('orders-cards')).toBeVisible();
  await expect(page.getByTestId('orders-table')).toBeHidden();
  await expect(page.getByTestId('orders-cards').locator('li')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('orders-cards').getByTestId(`order-refund-${second}`).click();
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.goto('/admin/money');
  await expect(reported).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // the viewer page refunds through the same dialog (no confirm() or prompt() any more)
  await page.setViewportSize(test.info().project.use.viewport ?? { width: 1280, height: 800 });
  await page.goto(`/admin/viewers/${userId}`);
  await page.getByTestId(`viewer-refund-${second}`).click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('refund-reason-customer_request').check();
  await page.getByTestId('refund-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`viewer-refund-${second}`)).toHaveCount(0);
  await page.goto(`/admin/orders?userId=${userId}&state=refunded`);
  await expect(rows).toHaveCount(2);
});
