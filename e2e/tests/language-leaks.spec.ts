import { expect, test, type Page } from '@playwright/test';
import { signInConsole } from './console-helpers';
import { buyCoinPack, isMobile, signInNewViewer, waitForApp } from './helpers';
import { CONSOLE_ROUTES, PageWalk, VIEWER_ROUTES, routesNotWalked } from './page-walk';

/**
 * Issue 47 item 8: no English and no raw key on a Korean or a Japanese page. Each test walks every
 * page of one app in one browser context in one language (the viewers' app on the phone and on
 * the desktop, as a member with an order of their own; the console on the desktop) and fails once
 * with every leak it met: a visible text (or a name a
 * screen reader reads) with Latin letters but no letter of the page's language, beyond the short
 * allowlist below, or a dictionary key shown as it is. Not judged: what the page marks as another
 * language (`lang`, a language's own name, a drama's Japanese title field) or as not to translate
 * (`translate="no"`: names people typed, recorded codes), and one-letter marks drawn as icons
 * (`aria-hidden`, the G of a Google button).
 */

type Locale = 'ko-KR' | 'ja-JP';
const LOCALES: Locale[] = ['ko-KR', 'ja-JP'];

/** Words that stay as they are in every language: brands, payment methods, codes and units. */
const ALLOWED_WORDS = [
  'SnapDrama',
  'Toss',
  'Stripe',
  'PayPal',
  // before its first word, which the alternation would otherwise take alone
  'Google Play',
  'Google',
  'Apple',
  'Kakao',
  'Facebook',
  'VIP',
  'Android',
  'iOS',
  'ID',
  'KRW',
  'USD',
  'JPY',
  'HLS',
  'MP4',
  'OTP',
];

test('the leak walk opens every route of the two routers', () => {
  expect(routesNotWalked()).toEqual({ viewer: [], console: [] });
});

/** Runs in the page: what a person sees or hears there that is not in the page's language. */
function findLeaks({ lang, allowed }: { lang: 'ko' | 'ja'; allowed: string[] }): string[] {
  const native = lang === 'ko' ? /[\uAC00-\uD7A3\u3131-\u318E]/ : /[\u3040-\u30FF\u4E00-\u9FFF]/;
  // the other language's letters are a leak too (a Japanese text on a Korean page)
  const foreign = lang === 'ko' ? /[\u3040-\u30FF]/ : /[\uAC00-\uD7A3]/;
  const allowedWord = new RegExp(`\\b(${allowed.join('|')})\\b`, 'g');
  // a dictionary key: two or more dotted parts, none of them a host's ending
  const rawKey = /(^|\s)[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+(?=\s|$)/;
  const host = /\.(com|net|org|kr|jp|io|app|test|co)(\s|$)/;
  const leaks = new Set<string>();
  const judge = (raw: string, where: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text) return;
    const plain = text
      .replace(/\S+@\S+/g, ' ') // e-mail addresses
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(allowedWord, ' ')
      // codes, ids, amounts and units written next to a number (ORD-7F3A, 720p, 1.5x, 30s)
      .replace(/\S*\d\S*/g, ' ');
    if (/[A-Za-z]/.test(plain) && !native.test(text)) leaks.add(`${where}"${text}"`);
    else if (rawKey.test(text) && !host.test(text)) leaks.add(`${where}"${text}" (a key)`);
    else if (foreign.test(text) && !native.test(text))
      leaks.add(`${where}"${text}" (other language)`);
  };
  const shown = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) &&
    element.getClientRects().length > 0 &&
    !element.closest('script, style, noscript, template');
  const judged = (element: Element) => {
    if (element.closest('[translate="no"]')) return false;
    const declared = element.closest('[lang]')?.getAttribute('lang')?.split('-')[0];
    return !declared || declared === lang;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !shown(parent) || !judged(parent)) continue;
    const text = node.textContent?.trim() ?? '';
    if (text.length === 1 && parent.closest('[aria-hidden="true"]')) continue;
    judge(text, '');
  }
  for (const element of document.body.querySelectorAll(
    '[aria-label], [placeholder], [title], img[alt], input[type="submit"], input[type="button"]',
  )) {
    if (!shown(element) || !judged(element)) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'value'] as const) {
      if (name === 'value' && element.tagName !== 'INPUT') continue;
      const value = element.getAttribute(name);
      if (value) judge(value, `[${name}] `);
    }
  }
  judge(document.title, '<title> ');
  return [...leaks];
}

async function leaksOf(page: Page, locale: Locale): Promise<string[]> {
  const lang: 'ko' | 'ja' = locale === 'ko-KR' ? 'ko' : 'ja';
  return page.evaluate(findLeaks, { lang, allowed: ALLOWED_WORDS });
}

/** A walk that judges each page it settles on; fails once, at the end, with the whole list. */
class LeakWalk extends PageWalk {
  private readonly found: string[] = [];
  constructor(
    private readonly tab: Page,
    private readonly locale: Locale,
  ) {
    super(tab);
  }

  /** Waits until the page has its data and has drawn it, then judges what it shows. */
  async check(label: string): Promise<void> {
    await this.settle();
    for (const leak of await leaksOf(this.tab, this.locale)) this.found.push(`${label}: ${leak}`);
  }

  assertNone(): void {
    expect(this.found, `English or raw keys on ${this.locale} pages`).toEqual([]);
  }
}

for (const locale of LOCALES) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`every viewer page in ${locale}`, async ({ page }) => {
      // a member's pages with data of their own (the sign-in, a bought pack) and 27 addresses
      test.setTimeout(180_000);
      const walk = new LeakWalk(page, locale);
      await page.goto('/profile');
      await waitForApp(page);
      // the guest's layer first: the sign-in sheet
      await page.getByTestId('profile-login').click();
      await expect(page.getByTestId('login-sheet')).toBeVisible();
      await walk.check('login sheet');
      await page.keyboard.press('Escape');
      // then a member of this walk's own with an order (the list, its receipt, coin history)
      await signInNewViewer(page, `Leaks-${locale}`);
      // the helper holds the mission page's answers back; the walk shows that page
      await page.unroute('**/api/v1/event/mission');
      const receipt = await buyCoinPack(page);
      await page.goto('/');
      await waitForApp(page);
      for (const [route, address] of Object.entries(VIEWER_ROUTES)) {
        await walk.open(address.replace('/profile/orders/:ordrId', receipt));
        if (route === 'profile/orders') await expect(page.getByTestId('order-row')).toHaveCount(1);
        if (route === 'profile/orders/:ordrId')
          await expect(page.getByTestId('receipt')).toBeVisible();
        await walk.check(route);
      }
      // the phone player's episode list (the desktop shows it beside the player, walked above)
      if (isMobile(page)) {
        await walk.open('/1');
        await page.getByTestId('player-episodes-button').click();
        await expect(page.getByTestId('episode-sheet')).toBeVisible();
        await walk.check('episode sheet');
      }
      walk.assertNone();
    });

    test(`every console page in ${locale}`, async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'the console walks on the desktop');
      const walk = new LeakWalk(page, locale);
      await page.goto('/admin/sign-in');
      await expect(page.getByTestId('console-sign-in')).toBeVisible();
      await walk.check('sign-in');
      await signInConsole(page);
      for (const [route, address] of Object.entries(CONSOLE_ROUTES)) {
        await walk.open(address);
        await expect(page.getByTestId('console-nav')).toBeVisible();
        await walk.check(route || 'home');
      }
      walk.assertNone();
    });
  });
}
