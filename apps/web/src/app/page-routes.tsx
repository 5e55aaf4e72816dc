import { matchRoutes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from '../shared/routing/lazy-page';
import { prefetchMainPage } from '../features/catalog/prefetch-main-page';
import { prefetchForYou } from '../features/foryou/prefetch-foryou';
import { prestartPlayer } from '../features/player/api/player-start';
import { nextTask } from '../shared/tasks/next-task';
import { queryClient } from './providers';

export interface RouteHandle {
  /**
   * The player takes the whole viewport on mobile and has no footer; the For You feed (`feed`)
   * keeps the header and fills the rest of the viewport, without a footer either.
   */
  layout?: 'player' | 'feed';
  /** the page's code, started as soon as a cold start's address matches it (startFirstRoute) */
  page: LazyPage;
}

const page = (
  path: string | undefined,
  of: LazyPage,
  layout?: RouteHandle['layout'],
): RouteObject => {
  const handle: RouteHandle = { page: of, layout };
  return path === undefined
    ? { index: true, element: <of.Page />, handle }
    : { path, element: <of.Page />, handle };
};

// one lazy page per component: two routes of one page (the player's, a category's) keep it
// mounted when the address moves from one to the other
const mainPage = lazyPage(async () => (await import('../features/catalog/main-page')).MainPage);
const playerPage = lazyPage(
  async () => (await import('../features/player/player-page')).PlayerPage,
);
const catalogPages = () => import('../features/catalog/catalog-pages');
const categoryPage = lazyPage(async () => (await catalogPages()).CategoryPage);
const legalPages = () => import('../features/settings/legal-page');
const forYouPage = lazyPage(
  async () => (await import('../features/foryou/foryou-page')).ForYouPage,
);

/** Routes load their page code lazily. */
export const pageRoutes: RouteObject[] = [
  page(undefined, mainPage),
  page(
    'settings/language',
    lazyPage(async () => (await import('../features/i18n/language-page')).LanguagePage),
  ),
  page(
    'profile',
    lazyPage(async () => (await import('../features/profile/profile-page')).ProfilePage),
  ),
  page(
    'profile/coin-history',
    lazyPage(async () => (await import('../features/wallet/coin-history-page')).CoinHistoryPage),
  ),
  page(
    'profile/orders',
    lazyPage(async () => (await import('../features/payment/orders/orders-page')).OrdersPage),
  ),
  page(
    'profile/orders/:ordrId',
    lazyPage(async () => (await import('../features/payment/orders/receipt-page')).ReceiptPage),
  ),
  page(
    'profile/orders/vip/:chrgId',
    lazyPage(async () => (await import('../features/payment/orders/receipt-page')).VipReceiptPage),
  ),
  page(
    'invite/:code',
    lazyPage(
      async () => (await import('../features/invite/invite-landing-page')).InviteLandingPage,
    ),
  ),
  page(
    'profile/edit',
    lazyPage(async () => (await import('../features/profile/profile-edit-page')).ProfileEditPage),
  ),
  page(
    'mission',
    lazyPage(async () => (await import('../features/mission/mission-page')).MissionPage),
  ),
  page(
    'settings',
    lazyPage(async () => (await import('../features/settings/settings-page')).SettingsPage),
  ),
  page(
    'settings/terms',
    lazyPage(async () => (await legalPages()).TermsPage),
  ),
  page(
    'settings/privacy',
    lazyPage(async () => (await legalPages()).PrivacyPage),
  ),
  // "my inquiries", reached from the customer service popup
  page(
    'support/inquiries',
    lazyPage(async () => (await import('../features/support/my-inquiries-page')).MyInquiriesPage),
  ),
  page(
    'payment',
    lazyPage(async () => (await import('../features/payment/payment-page')).PaymentPage),
  ),
  // where Toss, Stripe and PayPal (or their local stand-ins) send the viewer back
  page(
    'payment/return/:gateway',
    lazyPage(
      async () => (await import('../features/payment/payment-return-page')).PaymentReturnPage,
    ),
  ),
  // where Stripe Checkout and PayPal send the buyer of a VIP pass back
  page(
    'vip/return/:gateway',
    lazyPage(async () => (await import('../features/vip/vip-return-page')).VipReturnPage),
  ),
  page(
    'bookmark',
    lazyPage(async () => (await import('../features/bookmarks/bookmark-page')).BookmarkPage),
  ),
  // the For You feed (issue 45): its code, hls.js and the slider load only when it opens
  page('foryou', forYouPage, 'feed'),
  page('category', categoryPage),
  page('category/:categoryId', categoryPage),
  page(
    'search',
    lazyPage(async () => (await catalogPages()).SearchPage),
  ),
  page(
    'popular',
    lazyPage(async () => (await catalogPages()).PopularPage),
  ),
  page(
    'exclusive',
    lazyPage(async () => (await catalogPages()).ExclusivePage),
  ),
  page(
    'recent',
    lazyPage(async () => (await catalogPages()).RecentPage),
  ),
  page(
    'latest',
    lazyPage(async () => (await catalogPages()).LatestPage),
  ),
  page(
    'shuffle',
    lazyPage(async () => (await catalogPages()).ShufflePage),
  ),
  page(':dramaId', playerPage, 'player'),
  page(':dramaId/:episodeNum', playerPage, 'player'),
  page(
    '*',
    lazyPage(async () => (await import('../features/not-found/not-found-page')).NotFoundPage),
  ),
];

/** The page route an address shows, with its parameters (the shell's layout reads it). */
export function pageAt(pathname: string): {
  handle: RouteHandle | undefined;
  params: Record<string, string>;
} {
  const match = matchRoutes(pageRoutes, pathname)?.at(-1);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(match?.params ?? {}))
    if (value !== undefined) params[key] = value;
  return { handle: match?.route.handle as RouteHandle | undefined, params };
}

let started = false;

/**
 * A cold start's first page: main.tsx calls it before the first render, in a task of its own, so
 * that the page's code downloads while the dictionary and the session load (AppGate); the main
 * page's lists and a player link's start go out with it.
 */
export function startFirstRoute(): void {
  if (started) return;
  started = true;
  const { handle, params } = pageAt(window.location.pathname);
  if (!handle) return;
  void handle.page.load().catch(() => undefined);
  // in a task of its own, after the one that matched the address and asked for the page's code
  if (handle.page === mainPage) void nextTask().then(() => prefetchMainPage(queryClient));
  /*
   * A deep link opened cold: its drama info, episode start and hls.js go out now, while the
   * player's code loads. Only for the first page: a later navigation to the player must not wait
   * for it (a grid pick that closes its sheet pops the sheet's history entry first).
   */
  if (handle.layout === 'player') void nextTask().then(() => prestartPlayer(queryClient, params));
  // the For You feed's first page and hls.js, while its code loads (issue 45)
  if (handle.page === forYouPage) void nextTask().then(() => prefetchForYou(queryClient));
}
