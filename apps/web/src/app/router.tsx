import { createBrowserRouter } from 'react-router';
import { FullScreenSpinner } from '../shared/ui/spinner';
import { prefetchMainPage } from '../features/catalog/prefetch-main-page';
import { prestartPlayer } from '../features/player/api/player-start';
import { nextTask } from '../shared/tasks/next-task';
import { queryClient } from './providers';
import { AppShell } from './shell/app-shell';
import { RouteError } from './route-error';

export interface RouteHandle {
  /** The player takes the whole viewport on mobile and has no footer. */
  layout?: 'player';
}

const playerRoute = {
  lazy: async () => ({ Component: (await import('../features/player/player-page')).PlayerPage }),
  handle: { layout: 'player' } satisfies RouteHandle,
};

const catalogPages = () => import('../features/catalog/catalog-pages');
const catalogRoutes = [
  { path: 'category', lazy: async () => ({ Component: (await catalogPages()).CategoryPage }) },
  {
    path: 'category/:categoryId',
    lazy: async () => ({ Component: (await catalogPages()).CategoryPage }),
  },
  { path: 'search', lazy: async () => ({ Component: (await catalogPages()).SearchPage }) },
  { path: 'popular', lazy: async () => ({ Component: (await catalogPages()).PopularPage }) },
  { path: 'exclusive', lazy: async () => ({ Component: (await catalogPages()).ExclusivePage }) },
  { path: 'recent', lazy: async () => ({ Component: (await catalogPages()).RecentPage }) },
  { path: 'latest', lazy: async () => ({ Component: (await catalogPages()).LatestPage }) },
  { path: 'shuffle', lazy: async () => ({ Component: (await catalogPages()).ShufflePage }) },
];

/** Routes load their page code lazily. */
const routes = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/catalog/main-page')).MainPage,
            }),
            loader: () => {
              // in a task of its own: the first navigation's loader runs inside the task that
              // creates the router, whose matching and page code are a long task already
              void nextTask().then(() => prefetchMainPage(queryClient));
              return null;
            },
          },
          {
            path: 'settings/language',
            lazy: async () => ({
              Component: (await import('../features/i18n/language-page')).LanguagePage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/profile-page')).ProfilePage,
            }),
          },
          {
            path: 'profile/coin-history',
            lazy: async () => ({
              Component: (await import('../features/wallet/coin-history-page')).CoinHistoryPage,
            }),
          },
          {
            path: 'profile/orders',
            lazy: async () => ({
              Component: (await import('../features/payment/orders/orders-page')).OrdersPage,
            }),
          },
          {
            path: 'profile/orders/:ordrId',
            lazy: async () => ({
              Component: (await import('../features/payment/orders/receipt-page')).ReceiptPage,
            }),
          },
          {
            path: 'profile/orders/vip/:chrgId',
            lazy: async () => ({
              Component: (await import('../features/payment/orders/receipt-page')).VipReceiptPage,
            }),
          },
          {
            path: 'profile/edit',
            lazy: async () => ({
              Component: (await import('../features/profile/profile-edit-page')).ProfileEditPage,
            }),
          },
          {
            path: 'mission',
            lazy: async () => ({
              Component: (await import('../features/mission/mission-page')).MissionPage,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('../features/settings/settings-page')).SettingsPage,
            }),
          },
          {
            path: 'settings/terms',
            lazy: async () => ({
              Component: (await import('../features/settings/legal-page')).TermsPage,
            }),
          },
          {
            path: 'settings/privacy',
            lazy: async () => ({
              Component: (await import('../features/settings/legal-page')).PrivacyPage,
            }),
          },
          {
            // "my inquiries", reached from the customer service popup
            path: 'support/inquiries',
            lazy: async () => ({
              Component: (await import('../features/support/my-inquiries-page')).MyInquiriesPage,
            }),
          },
          {
            path: 'payment',
            lazy: async () => ({
              Component: (await import('../features/payment/payment-page')).PaymentPage,
            }),
          },
          {
            // where Toss, Stripe and PayPal (or their local stand-ins) send the viewer back
            path: 'payment/return/:gateway',
            lazy: async () => ({
              Component: (await import('../features/payment/payment-return-page'))
                .PaymentReturnPage,
            }),
          },
          {
            // where Stripe Checkout and PayPal send the buyer of a VIP pass back
            path: 'vip/return/:gateway',
            lazy: async () => ({
              Component: (await import('../features/vip/vip-return-page')).VipReturnPage,
            }),
          },
          {
            path: 'bookmark',
            lazy: async () => ({
              Component: (await import('../features/bookmarks/bookmark-page')).BookmarkPage,
            }),
          },
          ...catalogRoutes,
          { path: ':dramaId', ...playerRoute },
          { path: ':dramaId/:episodeNum', ...playerRoute },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, created on the first call: main.tsx calls it before the first render, in a
 * task of its own (matching the address, restoring the session's transitions and starting the
 * first page's code cost 15 to 40 ms on a slow phone), so that the first page's code downloads
 * while the dictionary and the session load (AppGate).
 */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  if (router) return router;
  router = createBrowserRouter(routes);
  /*
   * A deep link opened cold: its drama info, episode start and hls.js go out now, while the
   * player's code loads. Not a route loader: a loader makes every later navigation to the player
   * wait for it, so a grid pick that closes its sheet popped the sheet's history entry first,
   * and that pop undid the pick once it landed.
   */
  const firstMatch = router.state.matches.at(-1);
  if ((firstMatch?.route.handle as RouteHandle | undefined)?.layout === 'player') {
    const params = firstMatch?.params ?? {};
    // in a task of its own, after the one that matched the address and asked for the page's code
    void nextTask().then(() => prestartPlayer(queryClient, params));
  }
  return router;
}
