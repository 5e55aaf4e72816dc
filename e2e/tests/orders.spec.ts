import { expect, test } from '@playwright/test';
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
