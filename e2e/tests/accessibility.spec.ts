import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInConsole } from './console-helpers';
import { buyCoinPack, isMobile, signInNewViewer, waitForApp } from './helpers';
import { axeViolations } from './axe';
import { CONSOLE_ROUTES, horizontalOverflow, PageWalk, VIEWER_ROUTES } from './page-walk';

/**
 * Issue 46 item 3: WCAG 2.2 AA on every page of the viewers' app and the console, at both sizes,
 * in Korean (the home market). Each test walks every route of one app (page-walk.ts) and the open
 * states of its main layers in one browser context, runs axe-core on each, and fails once, at the
 * end, if any violation is serious or critical; the message lists every violation it met.
 */
test.use({ locale: 'ko-KR' });

const BLOCKING = new Set(['serious', 'critical']);

class AxeWalk extends PageWalk {
  private readonly found: { rule: string; nodes: number; blocking: boolean; line: string }[] = [];
  constructor(private readonly tab: Page) {
    super(tab);
  }

  /** Waits until the page has its data and has drawn it, then runs axe on what it shows. */
  async check(label: string): Promise<void> {
    await this.settle();
    // what shows once a fade or a slide has ended (an overlay fading in is half transparent)
    await this.tab.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getTiming().iterations))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const violations = await axeViolations(this.tab);
    for (const violation of violations) {
      const targets = violation.nodes.map((node) => node.target.join(' '));
      // a repeated control (60 episodes' rows) once is enough to find it
      const shown = targets.slice(0, 3).join(' | ');
      const more = targets.length > 3 ? ` (+${targets.length - 3} more)` : '';
      this.found.push({
        rule: violation.id,
        nodes: targets.length,
        blocking: BLOCKING.has(violation.impact ?? ''),
        line: `${label} [${violation.impact ?? '?'}] ${violation.id}: ${shown}${more}`,
      });
    }
  }

  assertNoneBlocking(): void {
    const blocking = this.found.filter((entry) => entry.blocking).map((entry) => entry.line);
    const byRule = new Map<string, number>();
    for (const entry of this.found)
      byRule.set(entry.rule, (byRule.get(entry.rule) ?? 0) + entry.nodes);
    const summary = [...byRule].map(([rule, nodes]) => `${rule}: ${nodes}`).join(', ');
    const all = this.found.map((entry) => entry.line).join('\n');
    expect(blocking, `axe violations (elements by rule: ${summary}):\n${all}`).toEqual([]);
  }
}

/** The viewer routes a guest can open (the receipt needs a member's order). */
const GUEST_ROUTES = Object.entries(VIEWER_ROUTES).filter(([route]) => !route.includes(':ordrId'));
/** A member's own pages, walked again with their data. */
const MEMBER_ROUTES = [
  'profile',
  'profile/coin-history',
  'profile/orders',
  'profile/orders/:ordrId',
  'profile/edit',
  'mission',
  'payment',
  'bookmark',
  'settings',
];

/**
 * The walks run as a reader who asked for reduced motion: axe judges what settles on screen, not
 * the frames of a fade (an overlay fading in is half transparent), and the product's reduced
 * motion is tried on every page on the way (global.css, use-reduced-motion.ts).
 */
test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('every viewer page and its main layers', async ({ page }) => {
    // two walks (guest and member) over 27 addresses, plus layers: about 2 min on a busy machine,
    // and a loaded CI machine (the PostgreSQL pass runs beside) doubles it
    test.setTimeout(480_000);
    const walk = new AxeWalk(page);
    await page.goto('/');
    await waitForApp(page);
    // the banner stands still for this reader
    await expect(page.getByTestId('banner')).toHaveAttribute('data-autoplay', 'false');
    for (const [route, address] of GUEST_ROUTES) {
      await walk.open(address);
      await walk.check(`guest ${route}`);
    }
    await walk.open('/search?keyword=%EC%82%AC%EB%9E%91');
    await walk.check('guest search?keyword');
    // the first paid episode (8 are free): its locked layer (/1/12 falls back to the first episode)
    await walk.open('/1/9');
    await expect(page.getByTestId('player-locked')).toBeVisible();
    await walk.check('guest locked episode');

    // the player's layers: the keyboard sheet, the episode list (a sheet on the phone)
    await walk.open('/1/2');
    await expect(page.locator('video[data-active="true"]')).toHaveCount(1);
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-sheet')).toBeVisible();
    await walk.check('keyboard sheet');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts-sheet')).toHaveCount(0);
    if (isMobile(page)) {
      await page.getByTestId('player-episodes-button').click();
      await expect(page.getByTestId('episode-sheet')).toBeVisible();
      await walk.check('episode sheet');
      await page.keyboard.press('Escape');
    }

    // the guest's sign-in sheet
    await walk.open('/profile');
    await page.getByTestId('profile-login').click();
    await expect(page.getByTestId('login-sheet')).toBeVisible();
    await walk.check('login sheet');
    await page.keyboard.press('Escape');

    // a member without coins (signInNewViewer holds the sign-up mission's coins back) on a locked
    // episode: the coin packs' popup; then a pack bought (its toast)
    await signInNewViewer(page, 'A11y');
    await walk.open('/1/9');
    await page.getByTestId('locked-payment').click();
    // a sheet on the phone, a modal on the desktop (open-payment.tsx)
    await expect(page.getByTestId(isMobile(page) ? 'bottom-sheet' : 'modal')).toBeVisible();
    await expect(page.getByTestId('goods-item').first()).toBeVisible();
    await walk.check('coin packs layer');
    await page.keyboard.press('Escape');
    const receipt = await buyCoinPack(page);
    await expect(page.getByTestId('toast')).toBeVisible();
    await walk.check('payment toast');
    // the mission page shows its answers
    await page.unroute('**/api/v1/event/mission');
    for (const route of MEMBER_ROUTES) {
      await walk.open((VIEWER_ROUTES[route] ?? route).replace('/profile/orders/:ordrId', receipt));
      if (route === 'profile/orders') await expect(page.getByTestId('order-row')).toHaveCount(1);
      if (route === 'profile/orders/:ordrId')
        await expect(page.getByTestId('receipt')).toBeVisible();
      await walk.check(`member ${route}`);
    }
    walk.assertNoneBlocking();
  });

  test('every console page', async ({ page }) => {
    test.setTimeout(240_000);
    const walk = new AxeWalk(page);
    await page.goto('/admin/sign-in');
    await expect(page.getByTestId('console-sign-in')).toBeVisible();
    await walk.check('sign-in');
    await signInConsole(page);
    for (const [route, address] of Object.entries(CONSOLE_ROUTES)) {
      await walk.open(address);
      await expect(page.getByTestId('console-nav')).toBeVisible();
      await walk.check(route || 'home');
    }
    walk.assertNoneBlocking();
  });
});

/**
 * WCAG 1.4.4 and 1.4.10: a desktop window of 1280×800 zoomed to 200 % is a 640×400 CSS px page
 * drawn at twice the pixels. Every page of both apps lays out without a sideways scrollbar, and
 * a layer taller than the window scrolls, so its last control can still be reached.
 */
test.describe('at 200 % zoom', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('every page of viewers and operators, and the sign-in sheet', async ({ page }) => {
    test.skip(test.info().project.name !== 'desktop', "a desktop window's zoom");
    test.setTimeout(180_000);
    const walk = new PageWalk(page);
    const problems: string[] = [];
    const measure = async (label: string) => {
      await walk.settle();
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) problems.push(`${label}: ${overflow}px too wide`);
    };
    await page.goto('/');
    await waitForApp(page);
    for (const [route, address] of GUEST_ROUTES) {
      await walk.open(address);
      await measure(route);
    }
    await walk.open('/profile');
    await page.getByTestId('profile-login').click();
    const sheet = page.getByTestId('login-sheet');
    await expect(sheet).toBeVisible();
    const last = sheet.locator('button, a[href]').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('zoom-200-login-sheet.png') });
    await page.keyboard.press('Escape');

    await page.goto('/admin/sign-in');
    await expect(page.getByTestId('console-sign-in')).toBeVisible();
    await measure('console sign-in');
    await signInConsole(page);
    for (const [route, address] of Object.entries(CONSOLE_ROUTES)) {
      await walk.open(address);
      await expect(page.getByTestId('console-nav')).toBeAttached();
      await measure(`console ${route || 'home'}`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 41 item 7: every console page is usable on a phone. At 320 and 390 px wide no page is wider
 * than the window and no table runs past its edge inside a scrolling box (tables become cards),
 * signed out (sign-in) and as the admin, who sees every page; the viewer page is a viewer's with
 * an order, coins and an invite code (its tables full).
 */
test('every console page at 320 and 390 px: nothing wider than the window', async ({ page }) => {
  test.skip(test.info().project.name !== 'mobile', "a phone's widths");
  test.setTimeout(180_000);
  const token = await signInNewViewer(page, 'Narrow');
  await buyCoinPack(page);
  const info = await page.request.get('/api/v1/user/info', {
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = ((await info.json()) as { data: { user: { user_id: string } } }).data.user.user_id;

  const walk = new PageWalk(page);
  const problems: string[] = [];
  const measure = async (label: string) => {
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await walk.settle();
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) problems.push(`${label} at ${width}px: ${overflow}px too wide`);
      // a table wider than the window, even in a box that scrolls sideways, hides its last columns
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('table')]
          .filter((table) => table.checkVisibility())
          .map((table) => table.getBoundingClientRect())
          .filter((box) => box.left < 0 || box.right > window.innerWidth + 0.5)
          .map((box) => Math.round(box.width)),
      );
      for (const tableWidth of tables)
        problems.push(`${label} at ${width}px: a table ${tableWidth}px wide`);
    }
  };
  await page.goto('/admin/sign-in');
  await expect(page.getByTestId('console-sign-in')).toBeVisible();
  await measure('sign-in');
  await signInConsole(page);
  for (const [route, address] of Object.entries(CONSOLE_ROUTES)) {
    await walk.open(route === 'viewers/:userId' ? `/admin/viewers/${userId}` : address);
    await expect(page.getByTestId('console-nav')).toBeAttached();
    if (route === 'viewers/:userId')
      await expect(page.locator('[data-testid^="viewer-refund-"]')).toHaveCount(1);
    await measure(route || 'home');
  }
  expect(problems).toEqual([]);
});

/**
 * Presses Tab until `target` has focus (at most `limit` times), as a keyboard user does, then
 * checks that the focus shows (WCAG 2.4.7: the browser's :focus-visible, drawn with an outline).
 */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      break;
  }
  await expect(target).toBeFocused();
  const shown = await target.evaluate(
    (element) =>
      element.matches(':focus-visible') &&
      (getComputedStyle(element).outlineStyle !== 'none' ||
        getComputedStyle(element).boxShadow !== 'none'),
  );
  expect(shown, 'the focused control shows its focus').toBe(true);
}

const focusedInside = (page: Page, testId: string) =>
  page.evaluate(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement),
    testId,
  );

test('keyboard only: browse, play, reach a locked episode, buy coins at the stand-in, unlock', async ({
  page,
}) => {
  test.skip(isMobile(page), 'a keyboard journey on the desktop layout');
  test.setTimeout(120_000);
  // the member (signed in by the helper, which clicks: not part of the journey) has no coins
  await signInNewViewer(page, 'A11y-keys');
  await page.goto('/');
  await waitForApp(page);

  // browse: Tab (past the banner, which may show another drama by then) to the first row's card
  // of drama 1, Enter opens it and it plays
  const card = page.locator('main a[data-testid="drama-card"][href="/1"]').first();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/1(\/1)?$/);
  const active = page.locator('video[data-active="true"]');
  await expect(active).toHaveAttribute('data-episode', '1', { timeout: 30_000 });
  await expect
    .poll(() => active.evaluate((video: HTMLVideoElement) => video.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0.2);

  // PageDown moves to the next episode, up to the first paid one (8 are free)
  const slide = page.locator('.swiper-slide-active');
  for (let epsd = 2; epsd <= 9; epsd++) {
    await page.keyboard.press('PageDown');
    await expect(slide).toHaveAttribute('data-episode', String(epsd));
  }
  const locked = page.locator('[data-testid="player-locked"][data-episode="9"]').first();
  await expect(locked.getByTestId('locked-coins')).toHaveText('0');

  // too few coins: the button opens the coin packs in a layer that holds the focus; Escape
  // closes it and gives the focus back to the button
  const charge = locked.getByTestId('locked-payment');
  await tabTo(page, charge);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-popup')).toBeVisible();
  expect(await focusedInside(page, 'modal')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-popup')).toHaveCount(0);
  await expect(charge).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-popup')).toBeVisible();

  // the 100-coin pack, then the Stripe stand-in in the gateway chooser
  await tabTo(
    page,
    page.locator('[data-testid="goods-item"][data-gods-code="coin_100"]').getByTestId('goods-buy'),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gateway-chooser')).toBeVisible();
  await tabTo(page, page.getByTestId('gateway-S'));
  await page.keyboard.press('Enter');

  // the stand-in checkout (the server's page, its test card filled in): Tab to pay, Enter
  await expect(page.getByTestId('stripe-pay')).toBeVisible();
  await tabTo(page, page.getByTestId('stripe-pay'), 20);
  await page.keyboard.press('Enter');

  // back on the locked episode with the coins (100 and the first-charge 10): unlock it
  await expect(page).toHaveURL(/\/1\/9$/);
  await expect(locked.getByTestId('locked-coins')).toHaveText('110');
  await tabTo(page, locked.getByTestId('locked-unlock'));
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="player-locked"][data-episode="9"]')).toHaveCount(0);
  await expect(active).toHaveAttribute('data-episode', '9');
});
