import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './console-helpers';
import { buyCoinPack, signInNewViewer, waitForApp } from './helpers';

/**
 * Issue 40 item 2: after buying a pack the viewer finds the order under My orders (from the
 * profile and from the payment page) and opens its receipt; Back returns to the list.
 */
test('a bought pack is listed under My orders with a receipt to print', async ({ page }) => {
  await signInNewViewer(page, 'Orders');
  await page.goto('/profile/orders');
  await waitForApp(page);
  await expect(page.getByTestId('orders-empty')).toBeVisible();

  // the success toast links the receipt (buyCoinPack checks it)
  await buyCoinPack(page);

  await page.goto('/profile');
  await waitForApp(page);
  await page.getByTestId('profile-orders-link').click();
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-state', 'credited');
  await expect(row).toContainText('$0.99');
  await expect(row).toContainText('Paid');

  await row.click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toContainText('$0.99');
  await expect(page.getByTestId('receipt-coins')).toContainText('100 coins + 10 bonus');
  await expect(page.getByTestId('receipt-gateway')).toContainText('Stripe');
  await expect(page.getByTestId('receipt-print')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  await page.goBack();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
});

test('Back to a paid Toss checkout shows it paid with the receipt, never an active Pay', async ({
  page,
}) => {
  await signInNewViewer(page, 'PaidTwice');
  await page.goto('/payment');
  await page
    .locator('[data-testid="goods-item"][data-gods-code="coin_100"]')
    .getByTestId('goods-buy')
    .click();
  await page.getByTestId('gateway-T').click();
  // the Toss stand-in's checkout page; it returns to our return address
  const returned = page.waitForURL(/\/payment\/return\/toss\?/);
  await page.getByTestId('toss-pay').click();
  await returned;
  const returnUrl = page.url();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Coins have been charged' }),
  ).toBeVisible();
  await expect(page.getByTestId('payment-coins')).toHaveText('100');

  // Back: the checkout again, which knows the order is paid (issue 40 item 3)
  await page.goBack();
  await expect(page.getByTestId('checkout-already-paid')).toBeVisible();
  await expect(page.getByTestId('toss-pay')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByTestId('checkout-receipt').click();
  await expect(page.getByTestId('receipt')).toHaveAttribute('data-state', 'credited');
  await expect(page.getByTestId('receipt-gateway')).toContainText('Toss');

  // our return address again (a reload of it, a second tab): already paid, with the receipt
  await page.goto(returnUrl);
  await expect(page).toHaveURL(/\/payment$/);
  const toast = page.getByTestId('toast').filter({ hasText: 'already paid' });
  await expect(toast).toBeVisible();
  await expect(page.getByTestId('payment-coins')).toHaveText('100');
  await toast.getByTestId('toast-action').click();
  await expect(page.getByTestId('receipt')).toHaveAttribute('data-state', 'credited');
});

/** A 100-coin pack bought through the Stripe stand-in over the API, as the browser's steps do. */
async function buyOverApi(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const reg = await request.post('/api/v1/payment/regist', {
    headers,
    data: { godsCode: 'coin_100', pymnGtwy: 'S', price: 0.99 },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const { ordrId, clientSecret } = (
    (await reg.json()) as {
      data: { ordrId: string; clientSecret: string };
    }
  ).data;
  const sessionId = clientSecret.split('_secret_')[0] ?? '';
  // the stand-in's card form, paid
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

test('past 20 orders My orders loads the next page; an operator refund shows on the order and its receipt', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const token = await signInNewViewer(page, 'OrdersPaged');
  // the oldest bought in the browser; 20 more after it: 21 orders, one more than a page
  const receipt = await buyCoinPack(page);
  const refunded = receipt.split('/').pop() ?? '';
  for (let i = 0; i < 20; i++) await buyOverApi(page.request, token);

  // an operator refunds the first order (the console's API, as its Refund button calls it)
  const signIn = await page.request.post('/api/v1/admin/auth/sign-in', { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  const operator = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const refund = await page.request.post(`/api/v1/admin/orders/${refunded}/refund`, {
    headers: { authorization: `Bearer ${operator}` },
    data: { reason: 'Customer asked for a refund' },
  });
  expect(refund.ok(), await refund.text()).toBe(true);

  await page.goto('/profile/orders');
  await waitForApp(page);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(20);
  // newest first: the refunded order is on the second page
  await expect(page.locator(`[data-testid="order-row"][href$="${refunded}"]`)).toHaveCount(0);
  await page.getByTestId('orders-more').click();
  await expect(rows).toHaveCount(21);
  await expect(page.getByTestId('orders-more')).toHaveCount(0);
  const row = page.locator(`[data-testid="order-row"][href$="${refunded}"]`);
  await expect(row).toHaveAttribute('data-state', 'refunded');
  await expect(row).toContainText('Refunded');
  await expect(page.locator('[data-testid="order-row"][data-state="refunded"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="order-row"][data-state="credited"]')).toHaveCount(20);

  await row.click();
  await expect(page.getByTestId('receipt')).toHaveAttribute('data-state', 'refunded');
  await expect(page.getByTestId('receipt-refunded')).toBeVisible();
  await expect(page.getByTestId('receipt-taken-back')).toContainText('100');
  await expect(page.getByTestId('receipt-amount')).toContainText('$0.99');
});
