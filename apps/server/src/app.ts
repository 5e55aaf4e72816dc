import type { Agent } from 'node:https';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import { createChangeNotices } from './cache/change-notices';
import type { Clock } from './clock';
import type { Config } from './config';
import { composeConsoleModules } from './console-modules';
import type { Database } from './db/client';
import { createGuards } from './http/auth-guard';
import { registerErrorHandling } from './http/error-handler';
import { registerHealthRoutes, type ContentProgress } from './http/health.routes';
import { registerPlugins } from './http/plugins';
import type { RouteGuards } from './http/route-guards';
import { createServer } from './http/server';
import { registerWebApp, webAppOf } from './http/web-app';
import { startJobs } from './jobs';
import { createMediaModule } from './media/media.module';
import type { Storage } from './media/storage';
import { createMetrics, gaugeDatabasePools, registerMetrics } from './metrics/metrics';
import { watchRedis, type Redis } from './redis';
import { createAuthModule } from './modules/auth/auth.module';
import { createBookmarksModule } from './modules/bookmarks/bookmarks.module';
import { createCatalogModule } from './modules/catalog/catalog.module';
import { createEconomyModule } from './modules/economy/economy.module';
import { createEventsModule } from './modules/events/events.module';
import { createI18nModule } from './modules/i18n/i18n.module';
import { createIdentityModule } from './modules/identity/identity.module';
import { createInvitesModule } from './modules/invites/invites.module';
import { createPaymentsModule, type PaymentStandIns } from './modules/payments/payments.module';
import { createPlaybackModule } from './modules/playback/playback.module';
import { createProgressModule } from './modules/progress/progress.module';
import { createPushModule } from './modules/push/push.module';
import { createSearchStatsModule } from './modules/search-stats/search-stats.module';
import { createSupportModule } from './modules/support/support.module';
import { createVipModule } from './modules/vip/vip.module';
import { createWalletModule } from './modules/wallet/wallet.module';

export type { ContentProgress };

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
  /** a read replica for catalog reads (DATABASE_READ_URL); `database` when absent */
  readDatabase?: Database;
  /** shared cache, rate limits and cooldown locks across instances; in-process without it */
  redis?: Redis;
  logger?: FastifyServerOptions['logger'];
  /** process metrics (event loop, memory) besides the app's; main turns them on */
  defaultMetrics?: boolean;
  /**
   * The demo content still being encoded after the service started (main fills it in):
   * `/healthz/content` answers 503 until it is all there.
   */
  contentProgress?: ContentProgress;
  /**
   * Tests only: the payment stand-ins of an earlier app on the same database, so a rebuilt app
   * (a process restart) meets the same outside world.
   */
  paymentStandIns?: PaymentStandIns;
  /** Tests only: an HTTPS agent that trusts a local push service's certificate. */
  pushAgent?: Agent;
}

/** Builds every module from explicit dependencies; each hands others its service, never its tables. */
function composeModules(deps: AppDeps) {
  const { config, database, clock, storage, redis } = deps;
  const db = database.db;
  /** what nearly every module is built from */
  const base = { db, clock, config };
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });
  const redisState = watchRedis(redis, (down) =>
    metrics.degraded.set({ dependency: 'redis' }, down ? 1 : 0),
  );

  const authModule = createAuthModule(base);
  const { auth } = authModule;
  // the age gate's adult checks: asked by playback, the wallet and events before an episode opens
  const identityModule = createIdentityModule(base);
  const { identity } = identityModule;
  // what instances keep in memory is dropped on all of them when one changes the catalog
  const notices = createChangeNotices({
    redis,
    channel: `${config.cachePrefix}:changes`,
    onRedisError: redisState.failed,
  });
  const i18nModule = createI18nModule({ ...base, notices });
  const { i18n } = i18nModule;
  const searchStatsModule = createSearchStatsModule(base);
  const { searchStats } = searchStatsModule;
  const catalogModule = createCatalogModule({
    ...base,
    readDb: deps.readDatabase?.db,
    redis,
    metrics,
    notices,
    onRedisError: redisState.failed,
    i18n,
    searchStats,
  });
  const { catalog } = catalogModule;
  const media = createMediaModule({ config, clock, storage, catalog });

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
    ageGate: identity,
  });
  const { wallet } = walletModule;
  // invites reward through the wallet and audit into the console's log (built below, late-bound)
  const invitesModule = createInvitesModule({
    ...base,
    wallet,
    audit: () => consoleModules.services.audit,
  });
  const { invites } = invitesModule;
  const bookmarksModule = createBookmarksModule({
    ...base,
    catalog,
    counts: catalogModule.bookmarkCounts,
    progress: playbackReads.views,
    accounts: auth,
  });
  const { bookmarks } = bookmarksModule;
  const vipModule = createVipModule(base);
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
  });
  const { events } = eventsModule;

  const paymentsModule = createPaymentsModule({
    ...base,
    metrics,
    wallet,
    reuse: deps.paymentStandIns,
    afterCredited: (userId) => invites.orderCredited(userId),
  });
  const { payments, webGateways, iap } = paymentsModule;
  const vipSales = vipModule.sell({
    config,
    iap,
    webGateways,
    gateways: paymentsModule.gateways,
    webOrigin: paymentsModule.webOrigin,
  });
  const progressModule = progressReads.start({ clock, catalog, wallet });
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
  // each module moves (guest sign-in) or erases (withdrawal) its own rows; wallet ledger rows stay
  const accountsModule = authModule.withAccounts({
    hooks: [playback, support, events, bookmarks, progress, identity, invites, push],
    onJoined: (tx, join) => invites.recordJoin(tx, join),
    wallet,
    events,
    identity,
  });

  // the operator console (issue 13), built on the services above
  const consoleModules = composeConsoleModules({
    base,
    storage,
    metrics,
    auth,
    catalog,
    i18n,
    playback,
    wallet,
    events,
    payments,
    webGateways,
    economyModule,
    supportModule,
    invitesModule,
    pushModule,
  });

  /** each module's routes, in the order they are mounted under /api/v1 */
  const apiRoutes = (g: RouteGuards) => [
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
    ...consoleModules.routes(g),
  ];

  const services = {
    // the names tests and tools reach services by
    tokens: authModule.tokens,
    accounts: accountsModule.accounts,
    ...consoleModules.services,
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
    /** the FCM/APNs stand-in: what it was asked to deliver */
    nativePushStandIn: pushModule.nativePushStandIn,
    vipGateways: vipSales.vipGateways,
    vipStores: vipSales.vipStores,
    vipToss: vipSales.vipToss,
    storage,
    metrics,
    redisState,
    notices,
  };
  /** what buildApp mounts: the modules' routes and the outside services' local stand-ins */
  const mount = {
    apiRoutes,
    walletStandInRoutes: walletModule.sandboxRoutes,
    registerPaymentStandIns: paymentsModule.registerStandIns,
    registerIdentityStandIn: identityModule.registerStandIn,
    signInStandInRoutes: accountsModule.sandboxRoutes,
    mediaRoutes: media.routes,
    registerRefusalLanguage: i18nModule.registerRefusalLanguage,
  };
  return { services, mount };
}

/** Every service without a server (the transcode worker). */
export function createServices(deps: AppDeps) {
  return composeModules(deps).services;
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, clock, storage } = deps;
  const { services, mount } = composeModules(deps);
  const app = createServer(config, deps.logger);

  app.addHook('onClose', () => services.notices.close());
  for (const logged of [
    services.accounts,
    services.redisState,
    services.iap,
    services.vipStores,
    services.ingest,
    services.admobKeys,
    services.invites,
  ])
    logged.useLogger(app.log);

  const web = webAppOf(config);
  const production = config.env === 'production';
  const webOrigins = [
    ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).origin] : []),
    ...config.social.webOrigins,
  ];
  registerErrorHandling(app, { spaFallback: () => web.served });
  mount.registerRefusalLanguage(app, services.auth);
  registerMetrics(app, services.metrics, { token: config.metricsToken, production });
  gaugeDatabasePools(services.metrics, deps);
  await registerPlugins(app, {
    config,
    production,
    webOrigins,
    redis: deps.redis,
    indexHtml: web.served ? web.indexPath : undefined,
    onRedisError: services.redisState.failed,
  });

  const guards: RouteGuards = {
    viewer: createGuards(services.auth),
    operator: services.operatorGuards,
  };
  registerHealthRoutes(app, { ...deps, onRedisDown: services.redisState.failed });
  await app.register(
    async (api) => {
      for (const routes of mount.apiRoutes(guards)) await api.register(routes);
    },
    { prefix: API_BASE },
  );

  // local stand-ins of outside services: sandbox only, never in production
  if (config.social.sandbox) await app.register(mount.walletStandInRoutes(guards, production));
  await mount.registerPaymentStandIns(app);
  await mount.registerIdentityStandIn(app);
  startJobs(app, {
    config,
    searchStats: services.searchStats,
    webGateways: services.webGateways,
    push: services.push,
  });
  const signInStandIns = mount.signInStandInRoutes(webOrigins);
  if (signInStandIns) await app.register(signInStandIns);

  await app.register(mount.mediaRoutes());
  const { catalog, i18n, invites } = services;
  await registerWebApp(app, { config, web, clock, storage, catalog, i18n, invites });

  return { app, services };
}
