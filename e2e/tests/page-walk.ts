import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';

/**
 * The viewers' routes (apps/web/src/app/page-routes.tsx) and where a walk opens each; `:ordrId` is
 * the order the walk's member buys first, and the VIP receipt is one of no charge (its refusal, in
 * the reader's language).
 */
export const VIEWER_ROUTES: Record<string, string> = {
  '/': '/',
  'settings/language': '/settings/language',
  profile: '/profile',
  'profile/coin-history': '/profile/coin-history',
  'profile/orders': '/profile/orders',
  'profile/orders/:ordrId': '/profile/orders/:ordrId',
  'profile/orders/vip/:chrgId': '/profile/orders/vip/00000000-0000-4000-8000-000000000000',
  'profile/edit': '/profile/edit',
  'invite/:code': '/invite/ZZZZ2222',
  mission: '/mission',
  settings: '/settings',
  'settings/terms': '/settings/terms',
  'settings/privacy': '/settings/privacy',
  'support/inquiries': '/support/inquiries',
  payment: '/payment',
  'payment/return/:gateway': '/payment/return/toss',
  'vip/return/:gateway': '/vip/return/stripe',
  bookmark: '/bookmark',
  foryou: '/foryou',
  category: '/category',
  'category/:categoryId': '/category/1',
  search: '/search',
  popular: '/popular',
  exclusive: '/exclusive',
  recent: '/recent',
  latest: '/latest',
  shuffle: '/shuffle',
  ':dramaId': '/1',
  ':dramaId/:episodeNum': '/1/12',
  '*': '/no-such-page',
};

/** The console's pages (apps/web/src/admin/console-pages.tsx) and where a walk opens each. */
export const CONSOLE_ROUTES: Record<string, string> = {
  '': '/admin',
  catalog: '/admin/catalog',
  'catalog/categories': '/admin/catalog/categories',
  'catalog/new': '/admin/catalog/new',
  'catalog/:dramaId': '/admin/catalog/1',
  videos: '/admin/videos',
  'videos/:dramaId': '/admin/videos/1',
  jobs: '/admin/jobs',
  dashboard: '/admin/dashboard',
  viewers: '/admin/viewers',
  'viewers/:userId': '/admin/viewers/1',
  inquiries: '/admin/inquiries',
  economy: '/admin/economy',
  orders: '/admin/orders',
  money: '/admin/money',
  'analytics/dramas': '/admin/analytics/dramas',
  'analytics/dramas/:dramaId': '/admin/analytics/dramas/1',
  'analytics/retention': '/admin/analytics/retention',
  experiments: '/admin/experiments',
  'experiments/:id': '/admin/experiments/1',
  audit: '/admin/audit',
  operators: '/admin/operators',
  account: '/admin/account',
  '*': '/admin/no-such-page',
};

const source = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '..', '..', 'apps', 'web', 'src', file), 'utf8');
const routePaths = (text: string) =>
  [...text.matchAll(/\bpath: '([^']*)'/g)].map((match) => match[1] ?? '');

/** The routes of the two routers that the tables above miss (a walk must open every route). */
export function routesNotWalked(): { viewer: string[]; console: string[] } {
  // page('path', …) of the viewers' page routes (the index page, page(undefined, …), is '/')
  const viewer = [...source('app/page-routes.tsx').matchAll(/\bpage\(\s*'([^']*)'/g)].map(
    (match) => match[1] ?? '',
  );
  if (viewer.length < 10) throw new Error('page-routes.tsx: no page routes found');
  const console = routePaths(source('admin/console-pages.tsx'));
  return {
    viewer: viewer.filter((p) => !(p in VIEWER_ROUTES)),
    console: console.filter((p) => !(p in CONSOLE_ROUTES)),
  };
}

/** How much wider than the window the page is (above 0: a horizontal scrollbar). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scrolling = document.scrollingElement ?? document.documentElement;
    return scrolling.scrollWidth - window.innerWidth;
  });
}

/**
 * Walks one app's pages inside one loaded page: each next address is a navigation of the app's
 * own router (history + popstate), not a new page load, so a page costs its data and its render,
 * not the app's start.
 */
export class PageWalk {
  /** API calls in flight and when each left (not media: the player streams the whole time) */
  private readonly inFlight = new Map<Request, number>();
  constructor(private readonly page: Page) {
    const api = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
    page.on('request', (request) => void (api(request) && this.inFlight.set(request, Date.now())));
    const done = (request: Request) => void this.inFlight.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** Calls of the last few seconds still waiting (an older one is a long poll, not the page's data). */
  private pending(): number {
    const since = Date.now() - 3_000;
    return [...this.inFlight.values()].filter((at) => at > since).length;
  }

  /** Opens an address of the app already loaded. */
  async open(address: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
  }

  /** Waits until the page has its data and has drawn it. */
  async settle(): Promise<void> {
    await expect(this.page.getByTestId('app-spinner')).toHaveCount(0);
    const deadline = Date.now() + 5_000;
    for (;;) {
      while (this.pending() > 0 && Date.now() < deadline) await this.page.waitForTimeout(50);
      // nothing redrawn for a moment (a list drawn after its answer, a lazy page's chunk)
      await this.page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const finish = () => {
              observer.disconnect();
              clearTimeout(cap);
              resolve();
            };
            let quiet = setTimeout(finish, 250);
            // a clock or a counter ticking (the player's time) is not the page still drawing
            const ticking = (record: MutationRecord) =>
              record.type === 'characterData' &&
              /^[\d\s:./,-]*$/.test(record.target.textContent ?? '');
            const observer = new MutationObserver((records) => {
              if (records.every(ticking)) return;
              clearTimeout(quiet);
              quiet = setTimeout(finish, 250);
            });
            const cap = setTimeout(finish, 1_200);
            observer.observe(document.body, {
              childList: true,
              subtree: true,
              characterData: true,
            });
          }),
      );
      if (this.pending() === 0 || Date.now() >= deadline) break;
    }
  }
}
