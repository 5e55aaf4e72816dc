import { expect, test, type Page } from '@playwright/test';
import { signInNewViewer } from './helpers';

/**
 * The VIP pass (issue 16): bought through the Stripe stand-in from the locked-episode layer, then
 * the locked episode plays with no coin spent; the profile shows the pass and stops its renewal.
 */
const DRAMA = 1; // 8 free episodes, then 40 coins each (demo catalog)
const NEXT = 9;

const activeVideo = (page: Page) => page.locator('video[data-active="true"]');

test('a viewer buys a weekly pass through the Stripe stand-in and watches a locked episode with no coins spent', async ({
  page,
}) => {
  await signInNewViewer(page, 'vip');
  await page.goto(`/${DRAMA}/${NEXT}`);
  const locked = page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`).first();
  await expect(locked.getByTestId('locked-coins')).toHaveText('0');
  const offer = locked.getByTestId('vip-offer-locked');
  await expect(offer).toBeVisible();
  await offer.getByTestId('vip-plan-vip_weekly').click();
  await offer.getByTestId('vip-pay-stripe').click();

  // the stand-in's hosted Checkout page in subscription mode
  await expect(page.getByTestId('stripe-amount')).toHaveText('$4.99');
  await expect(page.getByText('renews every week')).toBeVisible();
  await page.getByTestId('stripe-card').fill('4242 4242 4242 4242');
  await page.getByTestId('stripe-pay').click();

  // back on the episode, confirmed: the layer is gone and the episode plays
  await expect(page).toHaveURL(new RegExp(`/${DRAMA}/${NEXT}$`));
  const activated = page.getByTestId('toast').filter({ hasText: 'VIP pass active until' });
  await expect(activated).toBeVisible();
  // the toast links the charge's receipt (issue 40)
  await expect(activated.getByTestId('toast-action')).toHaveAttribute(
    'href',
    /^\/profile\/orders\/vip\/[0-9a-f-]{36}$/,
  );
  await expect(page.locator(`[data-testid="player-locked"][data-episode="${NEXT}"]`)).toHaveCount(
    0,
  );
  const video = activeVideo(page);
  await expect(video).toHaveAttribute('data-episode', String(NEXT), { timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.2);

  // no coins spent, nothing bought with coins; the profile shows the pass and can stop renewal
  await page.goto('/profile');
  await expect(page.getByTestId('profile-coins-held')).toHaveText('0');
  await expect(page.getByTestId('profile-vip-until')).toContainText('VIP until');
  await expect(page.getByTestId('profile-vip-renewal')).toContainText('Renews automatically');
  await page.getByTestId('profile-vip-cancel').click();
  await page.getByTestId('alert-confirm').click();
  await expect(page.getByTestId('profile-vip-renewal')).toContainText('Renewal is off');
  await expect(page.getByTestId('profile-vip-cancel')).toHaveCount(0);

  // the payment page shows the active pass beside the coin packs
  await page.goto('/payment');
  await expect(page.getByTestId('vip-active')).toContainText('VIP until');

  // My orders lists the charge (and no coin pack); its receipt says what was paid, for what
  await page.goto('/profile/orders');
  await expect(page.getByTestId('orders-packs')).toHaveCount(0);
  const charge = page.getByTestId('orders-vip').getByTestId('vip-charge-row');
  await expect(charge).toHaveCount(1);
  await expect(charge).toHaveAttribute('data-state', 'paid');
  await expect(charge).toContainText('VIP pass (Weekly)');
  await expect(charge).toContainText('$4.99');
  await expect(charge).toContainText('Credit card (Stripe)');
  await charge.click();
  await expect(page).toHaveURL(/\/profile\/orders\/vip\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('receipt-amount')).toContainText('$4.99');
  await expect(page.getByTestId('receipt-pack')).toContainText('VIP pass (Weekly)');
  await expect(page.getByTestId('receipt-id')).toContainText(/in_/);
  await page.goBack();
  await expect(page.getByTestId('vip-charge-row')).toHaveCount(1);
});

test('backing out of the Stripe stand-in returns to the payment page and buys nothing', async ({
  page,
}) => {
  await signInNewViewer(page, 'vip-back');
  await page.goto('/payment');
  const offer = page.getByTestId('vip-offer');
  await offer.getByTestId('vip-plan-vip_monthly').click();
  // the chooser says which plan, at what price, before the gateway; another plan is one tap away
  await expect(offer.getByTestId('vip-chosen')).toHaveText('Your plan: Monthly, $14.99 / month');
  await offer.getByTestId('vip-change-plan').click();
  await offer.getByTestId('vip-plan-vip_monthly').click();
  await offer.getByTestId('vip-pay-stripe').click();
  await expect(page.getByTestId('stripe-amount')).toHaveText('$14.99');
  await page.getByTestId('stripe-back').click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(
    page.getByTestId('toast').filter({ hasText: 'VIP purchase was cancelled' }),
  ).toBeVisible();
  await expect(page.getByTestId('vip-offer')).toBeVisible();
});

test('a pass confirmation lost to a network failure offers Try again, which activates the pass', async ({
  page,
}) => {
  await signInNewViewer(page, 'vip-retry');
  await page.goto('/payment');
  let calls = 0;
  await page.route('**/api/v1/vip/stripe/confirm', async (route) => {
    calls += 1;
    if (calls === 1) return route.abort('failed');
    return route.continue();
  });
  const offer = page.getByTestId('vip-offer');
  await offer.getByTestId('vip-plan-vip_weekly').click();
  await offer.getByTestId('vip-pay-stripe').click();
  await page.getByTestId('stripe-card').fill('4242 4242 4242 4242');
  await page.getByTestId('stripe-pay').click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('alert-message')).toContainText('connection or server error');
  await page.getByTestId('alert-confirm').filter({ hasText: 'Try again' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'VIP pass active until' }),
  ).toBeVisible();
  await expect(page.getByTestId('vip-active')).toBeVisible();
  expect(calls).toBe(2);
});

// Issue 40 item 3: a Korean viewer pays in won through Toss's automatic payment (billing key),
// through the Toss stand-in's card registration page.
test.describe('a Korean viewer through Toss', () => {
  test.use({ locale: 'ko-KR' });

  test('buys a weekly pass in won: active, in My orders with its receipt; a reload charges nothing more', async ({
    page,
  }) => {
    await signInNewViewer(page, 'vip-toss');
    await page.goto('/payment');
    const offer = page.getByTestId('vip-offer');
    await offer.getByTestId('vip-plan-vip_weekly').click();
    await expect(offer.getByTestId('vip-chosen')).toContainText('주 ₩6,900');
    // Toss first, with its won price; the dollar note belongs to card and PayPal
    const gateways = offer.getByTestId('vip-gateways').getByRole('button');
    await expect(gateways.first()).toHaveText('토스페이먼츠 (카드 자동결제)');
    await expect(offer.getByTestId('vip-toss-note')).toContainText('₩6,900');
    await expect(offer.getByTestId('vip-charge-currency')).toContainText('$4.99');
    await offer.getByTestId('vip-pay-toss').click();

    // the stand-in's card registration (requestBillingAuth's step); it returns with the authKey
    await expect(page.getByTestId('toss-billing-title')).toBeVisible();
    const returned = page.waitForURL(/\/vip\/return\/toss\?/);
    await page.getByTestId('toss-billing-register').click();
    await returned;
    const returnUrl = page.url();
    expect(new URL(returnUrl).searchParams.get('authKey')).toBeTruthy();
    await expect(page).toHaveURL(/\/payment$/);
    const activated = page.getByTestId('toast').filter({ hasText: '활성화되었습니다' });
    await expect(activated).toBeVisible();
    await expect(activated.getByTestId('toast-action')).toHaveText('영수증');
    await expect(page.getByTestId('vip-active')).toBeVisible();

    // Back to the card registration: paid, with My orders linked, never an active button
    await page.goBack();
    await expect(page.getByTestId('checkout-already-paid')).toHaveText(
      '이미 결제된 주문이에요. 다시 결제되지 않았어요',
    );
    await expect(page.getByTestId('toss-billing-register')).toHaveCount(0);
    await expect(page.getByTestId('checkout-receipt')).toHaveAttribute(
      'href',
      /\/profile\/orders$/,
    );

    // the return address again (Back, a reload): already active, with the receipt; no second
    // charge and no "activated" again
    await page.goto(returnUrl);
    await expect(page).toHaveURL(/\/profile$/);
    const already = page.getByTestId('toast').filter({ hasText: '이미' });
    await expect(already).toContainText('활성화되어 있어요');
    await expect(page.getByTestId('toast').filter({ hasText: '활성화되었습니다' })).toHaveCount(0);
    await already.getByTestId('toast-action').click();
    await expect(page).toHaveURL(/\/profile\/orders\/vip\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('receipt-amount')).toContainText('₩6,900');

    await page.goto('/profile/orders');
    const charge = page.getByTestId('orders-vip').getByTestId('vip-charge-row');
    await expect(charge).toHaveCount(1);
    await expect(charge).toHaveAttribute('data-state', 'paid');
    await expect(charge).toContainText('₩6,900');
    await expect(charge).toContainText('토스페이먼츠');
    await charge.click();
    await expect(page).toHaveURL(/\/profile\/orders\/vip\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('receipt-amount')).toContainText('₩6,900');
    await expect(page.getByTestId('receipt-pack')).toContainText('VIP 이용권 (주간)');
  });

  test('backing out at the card registration shows the neutral notice; a declined card says why', async ({
    page,
  }) => {
    await signInNewViewer(page, 'vip-toss-back');
    await page.goto('/payment');
    const offer = page.getByTestId('vip-offer');
    await offer.getByTestId('vip-plan-vip_monthly').click();
    await offer.getByTestId('vip-pay-toss').click();
    await page.getByTestId('toss-billing-cancel').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(
      page.getByTestId('toast').filter({ hasText: 'VIP 구매가 취소되었습니다' }),
    ).toBeVisible();
    await expect(page.getByTestId('alert-confirm')).toHaveCount(0);

    // a card its company refuses: the reason in our words, and no pass
    await offer.getByTestId('vip-plan-vip_monthly').click();
    await offer.getByTestId('vip-pay-toss').click();
    await page.getByTestId('toss-billing-outcome').selectOption('decline');
    await page.getByTestId('toss-billing-register').click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText('카드사에서 결제를 거절했습니다')).toBeVisible();
    await page.getByTestId('alert-confirm').click();
    await expect(page.getByTestId('vip-active')).toHaveCount(0);
  });
});
