import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './helpers';

/**
 * The app wrapper's branches (spec §1, §2, §4, §5, §6, §7 native bridge, §8), driven by the host
 * simulator as iOS and as Android: the web app runs exactly as inside the app, the simulator
 * answers each bridge message the way the platform would, with the server's sandbox identity
 * providers and stores behind it (docs/native-bridge.md).
 */

const PLATFORMS = ['ios', 'android'] as const;
type Platform = (typeof PLATFORMS)[number];
const DRAMA = 1; // 8 free episodes, then locked ones (demo catalog)
const PACK = 'coin_100';

interface SimRecord {
  type: string;
  payload: unknown;
  result?: number;
  reply?: unknown;
}

// the app wrapper is a phone app
test.skip(({ isMobile }) => !isMobile, 'native app: the phone project only');

/** What the host simulator exposes to the page (apps/web/src/shared/native/simulator). */
declare global {
  interface Window {
    snapdramaSimulator?: {
      log: SimRecord[];
      state: { keychain: string | null };
      set: (patch: Record<string, unknown>) => void;
      pressBack: () => boolean | undefined;
    };
  }
}

/** Opens the app inside the simulator as a first-time viewer with a fresh sign-in account. */
async function openApp(page: Page, platform: Platform, path = '/profile'): Promise<string> {
  const email = `native-${platform}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sandbox.test`;
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}native-sim=${platform}`);
  await waitForApp(page);
  await expect(page.getByTestId('native-simulator-badge')).toBeVisible();
  await page.evaluate((account) => window.snapdramaSimulator?.set({ account }), {
    email,
    name: 'Native viewer',
  });
  return email;
}

const simLog = (page: Page) => page.evaluate(() => window.snapdramaSimulator?.log ?? []);
const sent = async (page: Page, type: string) =>
  (await simLog(page)).filter((r) => r.type === type);
const setModes = (page: Page, modes: Record<string, string>) =>
  page.evaluate((m) => window.snapdramaSimulator?.set({ modes: m }), modes);
const keychain = (page: Page) =>
  page.evaluate(() => window.snapdramaSimulator?.state.keychain ?? null);

/** Signs in through the app's SDK (the login sheet's provider button), joining with the terms. */
async function signInThroughApp(page: Page, method = 'google') {
  await page.goto('/profile');
  await waitForApp(page);
  await page.getByTestId('profile-login').click();
  await page.getByTestId(`login-${method}`).click();
  await page.getByTestId('terms-agree-all').click();
  await page.getByTestId('terms-sign-up').click();
  await expect(page.getByTestId('profile-nickname')).toBeVisible();
}

for (const platform of PLATFORMS) {
  test.describe(`in the app on ${platform}`, () => {
    for (const method of ['google', 'kakao', 'facebook', 'apple'] as const) {
      test(`${method} sign-in through the app: the server verifies the SDK token, the token is saved`, async ({
        page,
      }) => {
        const popups: Page[] = [];
        page.on('popup', (p) => popups.push(p));
        const email = await openApp(page, platform);
        await signInThroughApp(page, method);
        // no web popup: the app's SDK signed in
        expect(popups).toHaveLength(0);
        const logins = await sent(page, `${method}Login`);
        expect(logins).toHaveLength(1);
        expect(logins[0]?.result).toBe(0);
        // saveAccessToken after the sign-in: the host holds the member's token
        const saved = await keychain(page);
        expect(saved).toBeTruthy();
        const info = await page.request.get('/api/v1/user/info', {
          headers: { authorization: `Bearer ${saved ?? ''}` },
        });
        const user = (await info.json()) as {
          data: { user: { auth_mthd: string; email: string } };
        };
        expect(user.data.user).toMatchObject({ auth_mthd: method, email });
      });
    }

    test('a canceled sign-in closes quietly; a failed one shows our own text', async ({ page }) => {
      await openApp(page, platform);
      await setModes(page, { appleLogin: 'cancel', kakaoLogin: 'fail' });
      await page.getByTestId('profile-login').click();
      await page.getByTestId('login-apple').click();
      await expect.poll(async () => (await sent(page, 'appleLogin')).length).toBe(1);
      await expect(page.getByTestId('alert')).toHaveCount(0);
      await page.getByTestId('login-kakao').click();
      // the host's own wording never reaches the viewer (issue 47): our text by result code
      await expect(page.getByTestId('alert-message')).toHaveText('Login failed');
      await expect(page.getByTestId('profile-guest')).toBeVisible();
    });

    test('start-up loads the saved token first and restores the session', async ({
      page,
      context,
    }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      const nickname = await page.getByTestId('profile-nickname').innerText();
      // nothing of the web's own session survives: only the host's secure storage
      await context.clearCookies();
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId('profile-nickname')).toHaveText(nickname);
      expect((await simLog(page))[0]?.type).toBe('loadAccessToken');
      // then versioning: the host's protocol and messages (getAppVersion)
      await expect
        .poll(async () => (await sent(page, 'getAppVersion')).map((r) => r.result))
        .toEqual([0]);

      // with nothing saved the app starts as a guest
      await page.evaluate(() => window.snapdramaSimulator?.set({ keychain: null }));
      await context.clearCookies();
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId('profile-guest')).toBeVisible();
    });

    test('a coin pack bought through the app credits once, also when purchaseComplete is sent twice', async ({
      page,
    }) => {
      await openApp(page, platform);
      await page.route('**/api/v1/event/mission', (route) => route.abort()); // no link-mission coins
      await signInThroughApp(page);
      // the first purchaseComplete fails: the web sends it again
      await setModes(page, { purchaseComplete: 'fail-once' });
      await page.goto('/payment');
      await waitForApp(page);
      const pack = page.locator(`[data-testid="goods-item"][data-gods-code="${PACK}"]`);
      const store = platform === 'android' ? 'Google Play' : 'App Store';
      // the store's price (spec §9), from getPurchaseProductList
      await expect(pack.getByTestId('goods-buy')).toContainText(`(${store})`);
      await pack.getByTestId('goods-buy').click();
      const gateway = platform === 'android' ? 'G' : 'A';
      await expect(page.getByTestId(`gateway-${gateway}`)).toContainText(`(${store})`);
      await page.getByTestId(`gateway-${gateway}`).click();
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Coins have been charged' }),
      ).toBeVisible();
      await expect(page.getByTestId('payment-coins')).toHaveText('100');

      const purchases = await sent(page, 'purchaseProduct');
      expect(purchases).toHaveLength(1);
      const completes = await sent(page, 'purchaseComplete');
      expect(completes.map((c) => c.result)).toEqual([1, 0]);

      // the same store purchase verified again (the app re-delivering it): credited once
      const ordrId = (purchases[0]?.payload as { ordrId: string }).ordrId;
      const token = (await keychain(page)) ?? '';
      const answer = purchases[0]?.reply as Record<string, string>;
      const again = await page.request.put(
        platform === 'android'
          ? '/api/v1/payment/iap/google/verify'
          : '/api/v1/payment/iap/apple/verify',
        {
          headers: { authorization: `Bearer ${token}` },
          data:
            platform === 'android'
              ? {
                  ordrId,
                  packageName: answer.packageName,
                  productId: answer.productId,
                  purchaseToken: answer.purchaseToken,
                }
              : { ordrId, transactionJWS: answer.transactionJWS },
        },
      );
      expect(again.status()).toBe(200);
      expect(
        ((await again.json()) as { data: { already_credited: boolean } }).data.already_credited,
      ).toBe(true);
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId('payment-coins')).toHaveText('100');
    });

    test("the store's cancel is a notice, its refusal is told in our words, a failure retries the same order", async ({
      page,
    }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      await page.goto('/payment');
      await waitForApp(page);
      const gateway = page.getByTestId(`gateway-${platform === 'android' ? 'G' : 'A'}`);
      const buy = async () => {
        await page
          .locator(`[data-testid="goods-item"][data-gods-code="${PACK}"]`)
          .getByTestId('goods-buy')
          .click();
        await gateway.click();
      };

      // the viewer closes the store's sheet: a notice, as at every web gateway (issue 40)
      await setModes(page, { purchaseProduct: 'cancel' });
      await buy();
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Payment was canceled' }),
      ).toBeVisible();
      await expect(page.getByTestId('alert')).toHaveCount(0);
      await expect(page.getByTestId('gateway-chooser')).toHaveCount(0);

      // the store refuses (this account cannot buy): our words, never the store's, and no retry
      await page.evaluate(() =>
        window.snapdramaSimulator?.set({ reasons: { purchaseProduct: 'billing-unavailable' } }),
      );
      await setModes(page, { purchaseProduct: 'fail' });
      await buy();
      await expect(page.getByTestId('alert-message')).toHaveText(
        "Your store account can't make purchases right now. Please check its payment method or purchase restrictions in the store.",
      );
      await expect(page.getByTestId('alert-message')).not.toContainText('Simulated');
      await expect(page.getByTestId('alert-cancel')).toHaveCount(0);
      await page.getByTestId('alert-confirm').click();
      await expect(page.getByTestId('payment-coins')).toHaveText('0');

      // a network failure at the store: an error with Try again, which asks the store again for
      // the same order and is credited once
      await page.evaluate(() =>
        window.snapdramaSimulator?.set({ reasons: { purchaseProduct: 'network-error' } }),
      );
      await setModes(page, { purchaseProduct: 'fail-once' });
      await buy();
      await expect(page.getByTestId('alert')).toContainText('Error');
      await expect(page.getByTestId('alert-message')).toHaveText(
        'The store could not complete the purchase because of a connection or store error. Please try again.',
      );
      await expect(page.getByTestId('alert-cancel')).toHaveText('Close');
      await page.getByTestId('alert-confirm').filter({ hasText: 'Try again' }).click();
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Coins have been charged' }),
      ).toBeVisible();
      await expect(page.getByTestId('payment-coins')).toHaveText('100');
      const purchases = await sent(page, 'purchaseProduct');
      expect(purchases.map((p) => p.result)).toEqual([2, 1, 1, 0]);
      const orderOf = (i: number) => (purchases[i]?.payload as { ordrId: string }).ordrId;
      expect(orderOf(3)).toBe(orderOf(2));
      expect(new Set([orderOf(0), orderOf(1), orderOf(2)]).size).toBe(3);
      expect((await sent(page, 'purchaseComplete')).map((c) => c.result)).toEqual([0]);
    });

    test('a purchase answered for another order is refused and credits nothing', async ({
      page,
    }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      await setModes(page, { purchaseProduct: 'wrong-order' });
      await page.goto('/payment');
      await waitForApp(page);
      await page
        .locator(`[data-testid="goods-item"][data-gods-code="${PACK}"]`)
        .getByTestId('goods-buy')
        .click();
      await page.getByTestId(`gateway-${platform === 'android' ? 'G' : 'A'}`).click();
      await expect(page.getByTestId('alert-message')).toHaveText(
        'The payment order number does not match',
      );
      expect(await sent(page, 'purchaseComplete')).toHaveLength(0);
      await page.getByTestId('alert-confirm').click();
      await expect(page.getByTestId('payment-coins')).toHaveText('0');
    });

    test('a rewarded ad through the app unlocks the next episode', async ({ page }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      await page.goto(`/${DRAMA}/9`);
      const locked = page.locator('[data-testid="player-locked"][data-episode="9"]').first();
      await expect(locked).toBeVisible();
      await locked.getByTestId('locked-ad').click();
      await expect(page.locator('[data-testid="player-locked"][data-episode="9"]')).toHaveCount(0, {
        timeout: 30_000,
      });
      const ads = await sent(page, 'rewardAds');
      expect(ads).toHaveLength(1);
      // the platform's ad tag and the server's view id (spec §3, §7)
      const payload = ads[0]?.payload as { adUnitId: string; logId: string };
      expect(payload.adUnitId.startsWith(`demo-${platform === 'android' ? 'aos' : 'ios'}-`)).toBe(
        true,
      );
      expect(payload.logId).toMatch(/^[0-9a-f-]{36}$/);
    });

    test('an empty platform ad tag says "No data" and shows no ad', async ({ page }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      // this drama has no ad tag for this platform (the web one stays)
      await page.route(`**/api/v1/drama/info/${DRAMA}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { drama: Record<string, unknown> } };
        body.data.drama[platform === 'android' ? 'aos_tag' : 'ios_tag'] = '';
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/${DRAMA}/9`);
      const locked = page.locator('[data-testid="player-locked"][data-episode="9"]').first();
      await locked.getByTestId('locked-ad').click();
      await expect(page.getByTestId('alert-message')).toHaveText('No data');
      expect(await sent(page, 'rewardAds')).toHaveLength(0);
    });

    test('sharing uses the app share sheet and counts for the share mission', async ({ page }) => {
      await openApp(page, platform);
      await signInThroughApp(page);
      const missions: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v1/event/mission') && r.method() === 'POST')
          missions.push(r.postData() ?? '');
      });
      await page.goto(`/${DRAMA}/1`);
      await page.getByTestId('player-share').first().click();
      await expect.poll(async () => (await sent(page, 'nativeShare')).length).toBe(1);
      const share = (await sent(page, 'nativeShare'))[0]?.payload as { url: string };
      expect(share.url).toContain(`/${DRAMA}/1`);
      await expect(page.getByTestId('share-panel')).toHaveCount(0);
      await expect.poll(() => missions.some((m) => m.includes('share_ep'))).toBe(true);
    });

    test('privacy options show only when a consent form is available, and open it', async ({
      page,
    }) => {
      await openApp(page, platform, '/settings');
      await expect(page.getByTestId('settings-privacy-options')).toBeVisible();
      await page.getByTestId('settings-privacy-options').click();
      await expect.poll(async () => (await sent(page, 'showPrivacyOptions')).length).toBe(1);

      await page.evaluate(() =>
        window.snapdramaSimulator?.set({
          consent: { consentStatus: 'not_required', privacyOptionsRequired: false },
        }),
      );
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId('settings-page')).toBeVisible();
      await expect.poll(async () => (await sent(page, 'getConsentStatus')).length).toBe(1);
      await expect(page.getByTestId('settings-privacy-options')).toHaveCount(0);
    });

    test('replies from another origin, with unknown ids or malformed are dropped and logged', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await openApp(page, platform, '/settings');
      for (const mode of ['foreign-origin', 'unknown-id', 'malformed']) {
        await setModes(page, { getConsentStatus: mode });
        await page.reload();
        await waitForApp(page);
        // the real reply that follows is taken: the option is there
        await expect(page.getByTestId('settings-privacy-options')).toBeVisible();
      }
      expect(errors.some((e) => e.includes('dropped a reply for no pending request'))).toBe(true);
      expect(errors.some((e) => e.includes('dropped a malformed getConsentStatus reply'))).toBe(
        true,
      );
    });

    test("the host's back hook closes an open sheet before navigating, then lets the app close", async ({
      page,
    }) => {
      await openApp(page, platform, '/');
      await page.getByTestId('mobile-header').locator('a[href="/profile"]').click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.getByTestId('profile-login').click();
      await expect(page.getByTestId('login-sheet')).toBeVisible();

      expect(await page.evaluate(() => window.snapdramaSimulator?.pressBack())).toBe(true);
      await expect(page.getByTestId('login-sheet')).toHaveCount(0);
      await expect(page).toHaveURL(/\/profile$/);

      await page.evaluate(() => window.snapdramaSimulator?.pressBack());
      await expect(page).not.toHaveURL(/\/profile$/);
      expect((await simLog(page)).filter((r) => r.type === 'event')).toHaveLength(0);

      // on the page the app opened with: nothing left, the host may close
      await page.evaluate(() => window.snapdramaSimulator?.pressBack());
      await expect
        .poll(async () =>
          (await simLog(page)).filter((r) => r.type === 'event').map((r) => r.payload),
        )
        .toEqual(['backExhausted']);
    });
  });
}

test('outside the app nothing native shows: no privacy options, no simulator', async ({ page }) => {
  await page.goto('/settings?native-sim=off');
  await waitForApp(page);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('settings-privacy-options')).toHaveCount(0);
  await expect(page.getByTestId('native-simulator-badge')).toHaveCount(0);
});
