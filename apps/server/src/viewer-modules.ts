import type { Agent } from 'node:https';
import type { ChangeNotices } from './cache/change-notices';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RouteGuards } from './http/route-guards';
import { createMediaModule } from './media/media.module';
import type { Storage } from './media/storage';
import type { Metrics } from './metrics/metrics';
import type { Redis } from './redis';
import { createAnalyticsModule } from './modules/analytics/analytics.module';
import { acquisitionOf } from './modules/analytics/analytics-recorder.service';
import { createAuthModule } from './modules/auth/auth.module';
import { createBookmarksModule } from './modules/bookmarks/bookmarks.module';
import { createCatalogModule } from './modules/catalog/catalog.module';
import { createEconomyModule } from './modules/economy/economy.module';
import { createEventsModule } from './modules/events/events.module';
import { createExperimentsModule } from './modules/experiments/experiments.module';
import { createForYouModule } from './modules/foryou/foryou.module';
import { createI18nModule } from './modules/i18n/i18n.module';
import { createIdentityModule } from './modules/identity/identity.module';
import { createInvitesModule } from './modules/invites/invites.module';
import type { InviteAudit } from './modules/invites/invites.service';
import { createPaymentsModule, type PaymentStandIns } from './modules/payments/payments.module';
import { createPlaybackModule } from './modules/playback/playback.module';
import { createProgressModule } from './modules/progress/progress.module';
import { createPushModule } from './modules/push/push.module';
import { createSearchStatsModule } from './modules/search-stats/search-stats.module';
import { createSupportModule } from './modules/support/support.module';
import { createVipModule } from './modules/vip/vip.module';
import { createWalletModule } from './modules/wallet/wallet.module';

/**
 * The viewers' side of the composition: accounts and the age gate, the catalog and its media,
 * playback, the wallet, events, payments and VIP, bookmarks, progress, invites, support and push.
 * The operator console is built afterwards on their services (console-modules.ts).
 */
export function composeViewerModules(deps: {
  /** what nearly every module is built from */
  base: { db: Db; clock: Clock; config: Config };
  storage: Storage;
  /** a read replica for catalog reads, when there is one */
  readDb: Db | undefined;
  redis: Redis | undefined;
  onRedisError: (error: unknown) => void;
  metrics: Metrics;
  notices: ChangeNotices;
  paymentStandIns: PaymentStandIns | undefined;
  pushAgent: Agent | undefined;
  /** the console's audit log, built after these modules (late-bound) */
  audit: () => InviteAudit;
}) {
  const { base, storage, redis, metrics, notices } = deps;
  const { db, clock, config } = base;

  // the analytics event log (issue 43): the modules below record their facts into it
  const analyticsModule = createAnalyticsModule(base);
  const analytics = analyticsModule.recorder;

  const authModule = createAuthModule(base);
  const { auth } = authModule;
  // the age gate's adult checks: asked by playback, the wallet and events before an episode opens
  const identityModule = createIdentityModule(base);
  const { identity } = identityModule;
  const i18nModule = createI18nModule({ ...base, notices });
  const { i18n } = i18nModule;
  const searchStatsModule = createSearchStatsModule(base);
  const { searchStats } = searchStatsModule;
  const catalogModule = createCatalogModule({
    ...base,
    readDb: deps.readDb,
    redis,
    metrics,
    notices,
    onRedisError: deps.onRedisError,
    i18n,
    searchStats,
  });
  const { catalog } = catalogModule;
  const media = createMediaModule({ config, clock, storage, catalog });

  // A/B experiments (issue 43 item 5): the prices a viewer is shown, asked by playback, the
  // wallet and payments; the console's part is built with the console
  const experimentsModule = createExperimentsModule(base);
  const { variants } = experimentsModule;
  // playback, events, progress and the wallet read each other: their readers exist first
  const eventsReads = createEventsModule(db);
  const playbackReads = createPlaybackModule(db);
  const progressReads = createProgressModule(db);
  const walletModule = createWalletModule({
    ...base,
    metrics,
    catalog,
    views: playbackReads.views,
    adUnlocks: eventsReads.adUnlocks,
    positions: progressReads.positions,
    // the VIP service is built below; asked only when a request comes, long after start-up
    vipActive: async (userId) => (await vip.activePass(userId)) !== undefined,
    analytics,
    ageGate: identity,
    standing: auth.suspensions,
    viewerPrices: (userId, dramaId, episodes) =>
      variants.episodesFor(userId, dramaId, episodes, false),
  });
  const { wallet } = walletModule;
  // invites reward through the wallet and audit into the console's log (built later, late-bound)
  const invitesModule = createInvitesModule({ ...base, wallet, audit: deps.audit });
  const { invites } = invitesModule;
  const bookmarksModule = createBookmarksModule({
    ...base,
    catalog,
    counts: catalogModule.bookmarkCounts,
    progress: playbackReads.views,
    accounts: auth,
  });
  const { bookmarks } = bookmarksModule;
  const vipModule = createVipModule({ ...base, analytics });
  const { vip } = vipModule;
  const playbackModule = playbackReads.start({
    clock,
    catalog,
    wallet,
    bookmarks,
    vip,
    callers: auth,
    adUnlocks: eventsReads.adUnlocks,
    mediaUrls: media.mediaUrls,
    ageGate: identity,
    afterEpisodeEnded: (userId, seconds) => invites.episodeEnded(userId, seconds),
    analytics,
    viewerPrices: (userId, dramaId, episodes, show) =>
      variants.episodesFor(userId, dramaId, episodes, show),
  });
  const { playback } = playbackModule;
  const economyModule = createEconomyModule({ ...base, notices });
  const { economy } = economyModule;
  const eventsModule = eventsReads.start({
    ...base,
    redis,
    wallet,
    catalog,
    watches: {
      watchLog: (userId, logId) => playback.watchLog(userId, logId),
      viewedEpisodes: playbackReads.views.viewedEpisodes,
    },
    adLimits: () => economy.adLimits(),
    ageGate: identity,
    standing: auth.suspensions,
    analytics,
  });
  const { events } = eventsModule;

  const paymentsModule = createPaymentsModule({
    ...base,
    metrics,
    wallet,
    reuse: deps.paymentStandIns,
    afterCredited: (userId) => invites.orderCredited(userId),
    viewerGoods: (userId, goods, show) => variants.goodsFor(userId, goods, show),
  });
  const { payments, webGateways, iap } = paymentsModule;
  const vipSales = vipModule.sell({
    config,
    iap,
    webGateways,
    gateways: paymentsModule.gateways,
    webOrigin: paymentsModule.webOrigin,
  });
  const progressModule = progressReads.start({ clock, catalog, wallet, analytics });
  const { progress } = progressModule;
  const supportModule = createSupportModule(base);
  const { support } = supportModule;
  // reminders by push (issue 42 item 3): a bookmarked drama's new episode, coins, attendance
  const pushModule = createPushModule({
    ...base,
    i18n,
    bookmarks,
    catalog,
    wallet,
    events,
    webPushAgent: deps.pushAgent,
  });
  const { push } = pushModule;
  // the For You feed (issue 45): ranked per viewer from precomputed lists, its own jobs
  const forYouModule = createForYouModule({
    ...base,
    callers: auth,
    ageGate: identity,
    catalog,
    bookmarks,
    views: playbackReads.views,
    wallet,
    adUnlocks: eventsReads.adUnlocks,
    mediaUrls: media.mediaUrls,
    audit: deps.audit,
  });
  const { foryou } = forYouModule;
  // each module moves (guest sign-in) or erases (withdrawal) its own rows; wallet ledger rows stay;
  // analytics first: it holds the rollups for the rest of the transaction (decision 1609)
  const accountsModule = authModule.withAccounts({
    hooks: [
      analyticsModule.accounts,
      playback,
      support,
      events,
      bookmarks,
      progress,
      identity,
      invites,
      push,
      foryou,
    ],
    onJoined: async (tx, join) => {
      await invites.recordJoin(tx, join);
      // a sign-up, with how the member came (retention by acquisition, decision 1606)
      await analytics.record(
        {
          kind: 'sign_up',
          key: `signup:${join.userId}`,
          userId: join.userId,
          acquisition: acquisitionOf(join),
          at: clock.now(),
        },
        tx,
      );
    },
    wallet,
    events,
    identity,
  });

  return {
    /** each module's routes, in the order they are mounted under /api/v1 */
    routes: (g: RouteGuards) => [
      accountsModule.routes(g),
      supportModule.routes(g, auth),
      i18nModule.routes(),
      catalogModule.routes(),
      searchStatsModule.routes(),
      playbackModule.routes(g),
      walletModule.routes(g),
      eventsModule.routes(g),
      paymentsModule.routes(g),
      paymentsModule.webhookRoutes(),
      paymentsModule.iapRoutes(g),
      identityModule.routes(g, paymentsModule.webOrigin),
      vipSales.routes(g),
      bookmarksModule.routes(g),
      progressModule.routes(g),
      invitesModule.routes(g),
      pushModule.routes(g),
      forYouModule.routes(g),
    ],
    /** the names tests and tools reach services by */
    services: {
      tokens: authModule.tokens,
      accounts: accountsModule.accounts,
      economy,
      support,
      socialProviders: accountsModule.socialProviders,
      auth,
      identity,
      /** the local PortOne identity stand-in, when no keys are set (never in production) */
      identitySandbox: identityModule.standIn,
      i18n,
      catalog,
      catalogRepo: catalogModule.catalogRepo,
      searchStats,
      signer: media.signer,
      mediaUrls: media.mediaUrls,
      playback,
      bookmarks,
      progress,
      invites,
      wallet,
      events,
      admobKeys: eventsModule.admobKeys,
      payments,
      webGateways,
      /** the local Toss/Stripe/PayPal stand-in, when a gateway has no keys (never in production) */
      paymentsSandbox: paymentsModule.gatewayStandIn,
      iap,
      vip,
      push,
      foryou,
      forYouJobs: forYouModule.jobs,
      /** the FCM/APNs stand-in: what it was asked to deliver */
      nativePushStandIn: pushModule.nativePushStandIn,
      vipGateways: vipSales.vipGateways,
      vipStores: vipSales.vipStores,
      vipToss: vipSales.vipToss,
      /** the analytics rollup job: timers, the worker and tests run it (decision 1603) */
      analyticsRollup: analyticsModule.rollup,
    },
    /** what buildApp mounts besides the API: the outside services' local stand-ins, media */
    mount: {
      walletStandInRoutes: walletModule.sandboxRoutes,
      registerPaymentStandIns: paymentsModule.registerStandIns,
      registerIdentityStandIn: identityModule.registerStandIn,
      signInStandInRoutes: accountsModule.sandboxRoutes,
      mediaRoutes: media.routes,
      registerRefusalLanguage: i18nModule.registerRefusalLanguage,
    },
    /** analytics: the console's reads are built with the console */
    analyticsModule,
    /** the modules that also have routes in the console (economy, support, invites, push) */
    withConsoleRoutes: {
      economyModule,
      supportModule,
      invitesModule,
      pushModule,
      forYouModule,
      experimentsModule,
    },
  };
}
