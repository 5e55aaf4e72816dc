import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import { compile as compileProxyTrust } from '@fastify/proxy-addr';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { matchLanguage } from '@snapdrama/rules';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { joinParts } from './db/read-parts';
import {
  createGuards,
  rateLimitKey,
  readAccessToken,
  registerEarlyGuards,
  SECURITY_SCHEMES,
} from './http/auth-guard';
import { registerEdge } from './http/edge';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { createRateLimitStore } from './http/rate-limit-store';
import { registerSecurityHeaders } from './http/security-headers';
import { AppError } from './errors';
import { createMetrics, registerMetrics, type Metrics } from './metrics/metrics';
import { createMediaUrls } from './media/media-urls';
import { mediaRoutes } from './media/media.routes';
import { createMediaSigner } from './media/signing';
import type { Storage } from './media/storage';
import type { Redis } from './redis';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createAccessTokens } from './modules/auth/tokens';
import { createAccountsService } from './modules/auth/accounts.service';
import { createSignInTickets } from './modules/auth/sign-in-tickets';
import { createSocialProviders } from './modules/auth/providers/social-providers';
import { sandboxRoutes } from './modules/auth/providers/sandbox.routes';
import { createSupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { countLookups, createMemoryCache, createResilientCache } from './cache/cache';
import { createChangeNotices } from './cache/change-notices';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { searchStatsRoutes } from './modules/search-stats/search-stats.routes';
import { createSearchStatsService } from './modules/search-stats/search-stats.service';

import { createI18nRepository } from './modules/i18n/i18n.repository';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { registerRefusalLanguage } from './modules/i18n/refusal-language';
import { createI18nService } from './modules/i18n/i18n.service';
import { createPlaybackRepository } from './modules/playback/playback.repository';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { walletSandboxRoutes } from './modules/wallet/wallet-sandbox.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { playbackRoutes } from './modules/playback/playback.routes';
import { createAdmobKeySource } from './modules/events/admob-ssv';
import { createEventsRepository } from './modules/events/events.repository';
import { eventsRoutes } from './modules/events/events.routes';
import { createEventsService } from './modules/events/events.service';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { createPaymentsService } from './modules/payments/payments.service';
import { paymentsRoutes, webOriginResolver } from './modules/payments/payments.routes';
import { paymentWebhookRoutes } from './modules/payments/webhooks.routes';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox/checkout.routes';
import { SANDBOX_KEYS, type FakeProviders } from './modules/payments/sandbox/fake-providers';
import { createWebGateways } from './modules/payments/web-gateways.factory';
import { createWebGatewaysService } from './modules/payments/web-gateways.service';
import { createIap, type IapSandbox } from './modules/payments/iap/iap.module';
import { iapRoutes, iapSandboxRoutes } from './modules/payments/iap/iap.routes';
import { createPlaybackService, type EpisodeUnlocks } from './modules/playback/playback.service';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository';
import { bookmarksRoutes } from './modules/bookmarks/bookmarks.routes';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { createProgressRepository } from './modules/progress/progress.repository';
import { progressRoutes } from './modules/progress/progress.routes';
import { createVipRepository } from './modules/vip/vip.repository';
import { vipRoutes } from './modules/vip/vip.routes';
import { createVipService } from './modules/vip/vip.service';
import { createVipGatewaysService } from './modules/vip/vip-gateways.service';
import { createVipStores } from './modules/vip/vip-stores';
import { createProgressService } from './modules/progress/progress.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { createOperatorGuards } from './modules/operators/operator-guard';
import { createOperatorTokens } from './modules/operators/operator-tokens';
import { createOperatorsRepository } from './modules/operators/operators.repository';
import { operatorsRoutes } from './modules/operators/operators.routes';
import { createOperatorsService } from './modules/operators/operators.service';
import { createCatalogAdminRepository } from './modules/catalog/catalog-admin.repository';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes';
import { createCatalogAdminService } from './modules/catalog/catalog-admin.service';
import { resolveFfmpegPath } from './media/ffmpeg';
import { ingestEpisodesFrom } from './modules/ingest/ingest.episodes';
import { createIngestRepository } from './modules/ingest/ingest.repository';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { createIngestService } from './modules/ingest/ingest.service';
import { createEconomyRepository } from './modules/economy/economy.repository';
import { createEconomyService } from './modules/economy/economy.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createViewersService } from './modules/viewers/viewers.service';
import { viewersRoutes } from './modules/viewers/viewers.routes';
import { economyRoutes } from './modules/economy/economy.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { supportAdminRoutes } from './modules/support/support.admin.routes';

/** Payment gateways by name, for the metrics' labels. */
const GATEWAY_NAMES: Partial<Record<string, string>> = {
  T: 'toss',
  S: 'stripe',
  P: 'paypal',
  G: 'google_play',
  A: 'apple',
};

/** How often counted searches are written (top searches of the week). */
const SEARCH_STATS_FLUSH_MS = 10_000;

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
  paymentStandIns?: { web: FakeProviders | undefined; iap: IapSandbox };
}

export interface ContentProgress {
  dramasReady: number;
  dramasTotal: number;
}

/** Logs a change of Redis reachability once, not per failed command. */
function redisWatch(redis: Redis | undefined, metrics: Metrics) {
  let log: { warn(o: object, m: string): void; info(m: string): void } | undefined;
  let down = false;
  const mark = (isDown: boolean, error?: unknown) => {
    if (isDown === down) return;
    down = isDown;
    metrics.degraded.set({ dependency: 'redis' }, isDown ? 1 : 0);
    if (isDown) {
      log?.warn(
        { err: error },
        'Redis unreachable: caches and rate limits fall back to this instance',
      );
    } else log?.info('Redis reachable again: caches and rate limits are shared');
  };
  redis?.on('error', (error: unknown) => mark(true, error));
  redis?.on('end', () => mark(true));
  redis?.on('ready', () => mark(false));
  return {
    useLogger: (l: typeof log) => (log = l),
    failed: (error: unknown) => mark(true, error),
    isDown: () => Boolean(redis) && (down || redis?.status !== 'ready'),
  };
}

/** Episodes unlocked by coins or by ads, once each, ascending. */
const mergeUnlocked = (bought: number[], byAd: number[]) =>
  [...new Set([...bought, ...byAd])].sort((a, b) => a - b);

/** Builds every service from explicit dependencies; routes get only what they use. */
export function createServices(deps: AppDeps) {
  const { config, database, clock, storage } = deps;
  const db = database.db;
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });
  const redisState = redisWatch(deps.redis, metrics);

  const tokens = createAccessTokens({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
    clock,
  });
  const authRepo = createAuthRepository(db);
  const auth = createAuthService({
    db,
    repo: authRepo,
    tokens,
    clock,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  // what instances keep in memory is dropped on all of them when one changes the catalog
  const notices = createChangeNotices({
    redis: deps.redis,
    channel: `${config.cachePrefix}:changes`,
    onRedisError: redisState.failed,
  });
  const i18n = createI18nService({
    repo: createI18nRepository(db),
    clock,
    overrides: config.company,
    notices,
  });
  const catalogRepo = createCatalogRepository(db);
  const cache = deps.redis
    ? createResilientCache({
        redis: deps.redis,
        prefix: config.cachePrefix,
        clock,
        onLookup: (result) => metrics.cacheLookups.inc({ result }),
        onRedisError: redisState.failed,
      })
    : countLookups(createMemoryCache({ clock }), (result) => metrics.cacheLookups.inc({ result }));
  const searchStats = createSearchStatsService({
    db,
    clock,
    serviceTimeZone: config.serviceTimeZone,
  });
  const catalog = createCatalogService({
    repo: catalogRepo,
    reads: deps.readDatabase ? createCatalogRepository(deps.readDatabase.db) : undefined,
    onReplicaUnavailable: () => metrics.replicaFallbacks.inc(),
    cache,
    texts: i18n,
    clock,
    onSearched: (keyword, total) => searchStats.record(keyword, total),
    notices,
  });
  // search text follows title and description edits in the dictionary
  i18n.onEntriesChanged(async (keys) => {
    await catalog.reindexSearch(keys);
  });
  const signer = createMediaSigner(config.mediaSigningSecret);
  const mediaUrls = createMediaUrls({
    signer,
    clock,
    ttlSeconds: config.mediaUrlTtlSeconds,
    baseUrl: config.mediaPublicBaseUrl,
    // an episode start carries its playlists (decision 0500, cold start)
    playlists: {
      storage,
      prefixOf: async (dramaId, epsd) => (await catalog.episode(dramaId, epsd)).mediaPrefix,
      onCatalogChanged: (listener) => catalog.onChanged(listener),
    },
  });

  const eventsRepo = createEventsRepository(db);
  const playbackRepo = createPlaybackRepository(db);
  const progressRepo = createProgressRepository(db);
  const walletService = createWalletService({
    repo: createWalletRepository(db),
    clock,
    catalog,
    progress: {
      viewedEpisodes: async (userId, dramaId) =>
        (await playbackRepo.viewsOf(userId, dramaId)).map((v) => ({
          epsd: v.epsd,
          last_view_dtm: v.lastViewedAt.toISOString(),
        })),
      // episodes unlocked by ads count in the unlock number of a coin unlock
      otherUnlocks: (userId, dramaId, tx) =>
        eventsRepo.adUnlockedEpisodes(tx ?? db, userId, dramaId),
    },
    // the auto-unlock undo reads the saved position (10 %) in its own transaction
    positions: { positionOf: (tx, ...args) => progressRepo.positionOf(tx, ...args) },
    // created below with playback; asked only when a request comes, long after start-up
    vipActive: async (userId) => (await vip.activePass(userId)) !== undefined,
    views: { forget: (tx, ...args) => playbackRepo.forgetView(tx, ...args) },
    serviceTimeZone: config.serviceTimeZone,
  });
  const wallet: typeof walletService = {
    ...walletService,
    spendForEpisode: async (...args) => {
      const result = await walletService.spendForEpisode(...args);
      // a retried unlock answers success without charging: count purchases only
      if (!result.already_unlocked) metrics.coinUnlocks.inc();
      return result;
    },
  };
  const unlocks: EpisodeUnlocks = {
    unlockedEpisodes: async (userId, dramaId) => {
      const [bought, byAd] = await Promise.all([
        wallet.unlockedEpisodes(userId, dramaId),
        eventsRepo.adUnlockedEpisodes(db, userId, dramaId),
      ]);
      return mergeUnlocked(bought, byAd);
    },
    unlockedEpisodesPart: () =>
      joinParts(wallet.unlockedEpisodesPart(), eventsRepo.adUnlockedPart(), mergeUnlocked),
  };
  const bookmarks = createBookmarksService({
    db,
    repo: createBookmarksRepository(db),
    counts: catalogRepo,
    catalog,
    progress: {
      lastWatchedEpisodes: (userId, dramaIds) => playbackRepo.lastViewedEpisodes(userId, dramaIds),
    },
    accounts: { authMethodOf: (userId) => auth.authMethodOf(userId) },
    clock,
  });

  // the VIP pass opens every episode while active (a third way beside coins and ads)
  const vip = createVipService({ repo: createVipRepository(db), clock });
  const playback = createPlaybackService({
    repo: playbackRepo,
    callers: auth,
    catalog,
    unlocks,
    bookmarks,
    mediaUrls,
    clock,
    // an auto-unlock undone gives the episode back: no new watch log for it
    beforeStart: (tx, userId, dramaId, epsd) =>
      walletService.guardEpisodeUse(tx, userId, dramaId, epsd),
    vip,
  });

  // operator-set economy values (ad-unlock limits) read by the services on each call
  const economy = createEconomyService({
    repo: createEconomyRepository(db),
    clock,
    notices,
    defaults: {
      adLimits: {
        cooldownSeconds: config.events.adUnlockCooldownSeconds,
        dailyCap: config.events.adUnlockDailyCap,
      },
    },
  });
  const admobKeys = createAdmobKeySource({
    url: config.events.admobVerifierKeysUrl,
    inlineJson: config.events.admobVerifierKeys,
    clock,
  });
  const events = createEventsService({
    repo: eventsRepo,
    clock,
    wallet,
    catalog,
    watches: {
      watchLog: (userId, logId) => playback.watchLog(userId, logId),
      viewedEpisodes: async (userId, dramaId) =>
        (await playbackRepo.viewsOf(userId, dramaId)).map((v) => ({
          epsd: v.epsd,
          last_view_dtm: v.lastViewedAt.toISOString(),
        })),
    },
    admobKeys,
    config: config.events,
    serviceTimeZone: config.serviceTimeZone,
    redis: deps.redis,
    redisPrefix: config.cachePrefix,
    adLimits: () => economy.adLimits(),
  });

  // payments: coin packs and orders; every gateway credits through this order service
  const orders = createPaymentsService({
    repo: createPaymentsRepository(db),
    wallet,
    clock,
    onCredited: (gateway) =>
      metrics.paymentsCredited.inc({ provider: GATEWAY_NAMES[gateway] ?? gateway }),
  });
  const webGateways = createWebGateways(config.payments, deps.paymentStandIns?.web);
  // in-app purchases (Google Play, Apple): verified with the store, paid and credited by orders
  const goodsRepo = createPaymentsRepository(db);
  const iap = createIap({
    config: config.iap,
    orders,
    storeProductsOf: (godsCode) => goodsRepo.goods(godsCode),
    clock,
    reuse: deps.paymentStandIns?.iap,
  });
  // VIP passes bought in the stores; their notifications come through the stores' endpoints
  const vipStores = createVipStores({
    vip,
    google: iap.stores.google,
    apple: iap.stores.apple,
    now: () => clock.now(),
  });
  iap.service.useSubscriptionHandler(vipStores.handler);
  const payments = createWebGatewaysService({
    orders,
    gateways: webGateways.gateways,
    clock,
    iapModes: iap.modes,
  });

  const vipGateways = createVipGatewaysService({
    vip,
    gateways: webGateways.gateways,
    paypalPlanIds:
      config.payments.paypal?.vipPlanIds ??
      (webGateways.gateways.paypal?.mode === 'sandbox'
        ? {
            vip_weekly: SANDBOX_KEYS.paypalVipWeeklyPlanId,
            vip_monthly: SANDBOX_KEYS.paypalVipMonthlyPlanId,
          }
        : undefined),
    clock,
  });
  payments.useSubscriptionHandler(vipGateways.webhookHandler);
  // a duplicate pass's refund that failed at the provider is tried again by the payment sweep
  payments.useSweepStep('vip duplicate refunds', () => vip.retryDuplicateRefunds());

  const progress = createProgressService({
    repo: progressRepo,
    catalog,
    clock,
    beforeSave: (tx, userId, dramaId, epsd) =>
      walletService.guardEpisodeUse(tx, userId, dramaId, epsd),
  });

  const support = createSupportService({ repo: createSupportRepository(db), clock });
  const socialProviders = createSocialProviders(config.social, clock);
  const accounts = createAccountsService({
    db,
    repo: authRepo,
    auth,
    providers: socialProviders,
    tickets: createSignInTickets({ secret: config.jwtSecret, ttlSeconds: 600, clock }),
    clock,
    // each module moves (guest sign-in) or erases (withdrawal) its own rows; wallet ledger rows stay
    hooks: [playback, support, events, bookmarks, progress],
    production: config.env === 'production',
    webOrigins: [
      ...(config.publicBaseUrl ? [config.publicBaseUrl] : []),
      ...config.social.webOrigins,
    ],
  });

  // the operator console (issue 13): operators, their sessions, and the audit log of their changes
  const audit = createAuditService({ db, repo: createAuditRepository(db), clock });
  const operators = createOperatorsService({
    db,
    repo: createOperatorsRepository(db),
    tokens: createOperatorTokens({ secret: config.jwtSecret, clock }),
    audit,
    clock,
  });
  const operatorGuards = createOperatorGuards(operators);
  // the console's catalog: every change audited, caches dropped on every instance
  const catalogAdmin = createCatalogAdminService({
    db,
    repo: createCatalogAdminRepository(db),
    catalog,
    i18n,
    audit,
    storage,
    clock,
    ffmpegPath: () => resolveFfmpegPath(config.ffmpegPath),
  });

  // the ingest pipeline: uploaded sources become HLS ladders in a durable job queue
  const ingest = createIngestService({
    db,
    repo: createIngestRepository(db),
    audit,
    episodes: ingestEpisodesFrom(catalogAdmin),
    storage,
    clock,
    ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
    leaseSeconds: config.ingest.leaseSeconds,
    maxAttempts: config.ingest.maxAttempts,
    onTranscoded: (result) => metrics.transcodeJobs.inc({ result }),
  });

  const dashboard = createDashboardService({
    clock,
    serviceTimeZone: config.serviceTimeZone,
    auth,
    playback,
    orders,
    wallet,
    events,
    catalog,
    i18n,
  });
  const viewers = createViewersService({
    auth,
    wallet,
    orders,
    events,
    refunds: payments,
    audit,
  });

  return {
    tokens,
    accounts,
    audit,
    operators,
    operatorGuards,
    catalogAdmin,
    ingest,
    economy,
    dashboard,
    viewers,
    support,
    socialProviders,
    auth,
    i18n,
    catalog,
    catalogRepo,
    searchStats,
    signer,
    mediaUrls,
    playback,
    bookmarks,
    progress,
    wallet,
    events,
    admobKeys,
    orders,
    payments,
    /** the local Toss/Stripe/PayPal stand-in, when a gateway has no keys (never in production) */
    paymentsSandbox: webGateways.fake,
    iap,
    vip,
    vipGateways,
    vipStores,
    storage,
    metrics,
    redisState,
    notices,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, database, clock, storage } = deps;
  const services = createServices(deps);

  const trustProxy = config.trustedProxies.length > 0 ? config.trustedProxies : false;
  const trusted = trustProxy ? compileProxyTrust(trustProxy) : () => false;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // X-Forwarded-For is believed only from our own proxies: anyone else could name any address
    trustProxy,
    bodyLimit: 256 * 1024,
    // search keywords travel in the path, URL-encoded: 100 Korean characters are 900 bytes
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors,
    // Node's parser refusals (400, 431, 408) in the envelope too
    clientErrorHandler,
    // a proxy's request id joins our logs to its own; a client's is not believed
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      const peer = request.socket.remoteAddress;
      if (typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) && peer && trusted(peer, 0))
        return given;
      return randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', () => services.notices.close());
  services.accounts.useLogger(app.log);
  services.redisState.useLogger(app.log);
  services.iap.useLogger(app.log);
  services.vipStores.useLogger(app.log);
  services.ingest.useLogger(app.log);
  services.admobKeys.useLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('operator', null);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  const webIndex = path.join(config.webDistDir, 'index.html');
  const serveWeb = config.env !== 'test' && existsSync(webIndex);
  const production = config.env === 'production';
  const webOrigins = [
    ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).origin] : []),
    ...config.social.webOrigins,
  ];
  registerErrorHandling(app, { spaFallback: () => serveWeb });
  registerRefusalLanguage(app, {
    textsOf: (lang, keys) => services.i18n.textsOf(lang, keys),
    storedLanguage: async (request) => {
      const token = readAccessToken(request);
      if (!token) return undefined;
      const claims = request.auth ?? request.claims ?? (await services.auth.verifyToken(token));
      return matchLanguage((await services.auth.getUser(claims.userId)).lang);
    },
  });
  registerMetrics(app, services.metrics, { token: config.metricsToken, production });
  const metrics = services.metrics;
  const poolGauge = (name: string, help: string, of: Database | undefined) => {
    if (!of?.poolStats) return;
    metrics.gauge(name, help, ['state'], (g) => {
      const s = of.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
      g.set({ state: 'total' }, s.total);
      g.set({ state: 'idle' }, s.idle);
      g.set({ state: 'waiting' }, s.waiting);
    });
  };
  poolGauge('db_pool_connections', 'PostgreSQL pool connections by state', database);
  poolGauge(
    'db_read_pool_connections',
    'Read replica pool connections by state (DATABASE_READ_URL)',
    deps.readDatabase,
  );
  registerEdge(app, { allowedOrigins: webOrigins });
  registerSecurityHeaders(app, {
    production,
    indexHtml: serveWeb ? webIndex : undefined,
    mediaOrigin: config.mediaPublicBaseUrl ? new URL(config.mediaPublicBaseUrl).origin : undefined,
  });
  // other origins may call the API only when configured (a web app on its own domain)
  await app.register(fastifyCors, {
    origin: webOrigins.length > 0 ? webOrigins : false,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });

  // Every write route is limited; a route sets its own limit with `config: rateLimited(max)`
  // (http/edge.ts) or opts out with `config: { rateLimit: false }`. Signed-in writes count per
  // user (many viewers share one carrier NAT address), others per client address.
  // Guards run in onRequest (before the body is read, before the limiter picks its key); a
  // verified user or operator is the key, else the client address (http/auth-guard.ts).
  registerEarlyGuards(app);
  const writeLimit = { max: config.writeRateLimitPerMinute, timeWindow: '1 minute' };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))) return;
    route.config = { ...route.config };
    if (route.config.rateLimit === undefined) route.config.rateLimit = writeLimit;
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // keys live beside the cache's, so environments sharing a Redis never count together
    keyGenerator: rateLimitKey,
    store: createRateLimitStore({
      redis: deps.redis,
      namespace: `${config.cachePrefix}:rl:`,
      onRedisError: services.redisState.failed,
    }),
    errorResponseBuilder: (_request, context) =>
      new AppError(ResultCode.RATE_LIMITED, `Too many requests; try again in ${context.after}`),
  });

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SnapDrama API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
    },
    transform: jsonSchemaTransform,
  });

  const guards = createGuards(services.auth);

  // liveness: the process answers; nothing outside it is asked (a database outage must not make
  // an orchestrator restart every instance)
  app.get('/healthz', { schema: { hide: true } }, () => ({
    status: 'ok',
    time: clock.now().toISOString(),
  }));

  // the demo content complete: a first start serves at once and encodes the demo dramas while
  // it runs (decision 0510); tests and benchmarks wait for all of it here
  app.get('/healthz/content', { schema: { hide: true } }, (_request, reply) => {
    const progress = deps.contentProgress;
    const complete = !progress || progress.dramasReady >= progress.dramasTotal;
    return reply
      .status(complete ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: complete ? 'ok' : 'encoding',
        ...(progress
          ? { dramasReady: progress.dramasReady, dramasTotal: progress.dramasTotal }
          : {}),
      });
  });

  // readiness: the database and storage answer; Redis down only degrades (still ready)
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const check = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'up' as const;
      } catch (error) {
        app.log.error({ err: error }, 'readiness check failed');
        return 'down' as const;
      }
    };
    const [db, media, redis, replica] = await Promise.all([
      check(() => database.ping()),
      check(() => storage.write('.readyz', clock.now().toISOString())),
      // a client that is not connected answers at once (a probe must not wait for retries)
      !deps.redis
        ? Promise.resolve('off' as const)
        : deps.redis.status === 'ready'
          ? check(() => deps.redis?.ping() ?? Promise.resolve())
          : Promise.resolve('down' as const),
      // a replica down only degrades: catalog reads fall back to the primary
      deps.readDatabase ? check(() => deps.readDatabase?.ping() ?? Promise.resolve()) : 'off',
    ]);
    if (redis === 'down') services.redisState.failed(new Error('ping failed'));
    const ready = db === 'up' && media === 'up';
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready
          ? redis === 'down' || replica === 'down'
            ? 'degraded'
            : 'ok'
          : 'unavailable',
        database: db,
        databaseKind: database.kind,
        databaseRead: replica,
        storage: media,
        redis,
        time: clock.now().toISOString(),
      });
  });

  await app.register(
    async (api) => {
      await api.register(
        authRoutes({
          auth: services.auth,
          guards,
          clock,
          serviceTimeZone: config.serviceTimeZone,
          cookieSecure: config.cookieSecure,
          accessTokenTtlSeconds: config.accessTokenTtlSeconds,
          wallet: services.wallet,
          events: services.events,
          accounts: services.accounts,
          rateLimitPerMinute: config.authRateLimitPerMinute,
        }),
      );
      await api.register(supportRoutes({ support: services.support, auth: services.auth, guards }));
      await api.register(i18nRoutes({ i18n: services.i18n }));
      await api.register(catalogRoutes({ catalog: services.catalog }));
      await api.register(searchStatsRoutes({ searchStats: services.searchStats }));
      await api.register(playbackRoutes({ playback: services.playback, guards }));
      await api.register(walletRoutes({ wallet: services.wallet, guards }));
      await api.register(eventsRoutes({ events: services.events, guards }));
      await api.register(
        paymentsRoutes({
          orders: services.orders,
          web: services.payments,
          guards,
          webOrigin: webOriginResolver({
            publicBaseUrl: config.publicBaseUrl,
            webOrigins: config.social.webOrigins,
            production: config.env === 'production',
          }),
        }),
      );
      await api.register(paymentWebhookRoutes({ web: services.payments }));
      await api.register(iapRoutes({ iap: services.iap, guards }));
      await api.register(
        vipRoutes({
          vip: services.vip,
          web: services.vipGateways,
          stores: services.vipStores,
          guards,
          webOrigin: webOriginResolver({
            publicBaseUrl: config.publicBaseUrl,
            webOrigins: config.social.webOrigins,
            production: config.env === 'production',
          }),
        }),
      );
      await api.register(bookmarksRoutes({ bookmarks: services.bookmarks, guards }));
      await api.register(progressRoutes({ progress: services.progress, guards }));
      // the operator console's API, /api/v1/admin/...: every route checks the operator's role
      await api.register(
        operatorsRoutes({
          operators: services.operators,
          guards: services.operatorGuards,
          cookieSecure: config.cookieSecure,
          signInPerMinute: config.authRateLimitPerMinute,
        }),
      );
      await api.register(auditRoutes({ audit: services.audit, guards: services.operatorGuards }));
      await api.register(
        catalogAdminRoutes({
          catalogAdmin: services.catalogAdmin,
          guards: services.operatorGuards,
        }),
      );
      await api.register(
        ingestRoutes({
          ingest: services.ingest,
          guard: services.operatorGuards.requireOperator(['admin', 'editor']),
          uploadDir: config.ingest.uploadDir,
          textsOf: (lang, keys) => services.i18n.textsOf(lang, keys),
        }),
      );
      // economy, viewers and money, support inbox, dashboard (issue 13 items 4-7)
      await api.register(
        economyRoutes({
          economy: services.economy,
          orders: services.orders,
          events: services.events,
          wallet: services.wallet,
          audit: services.audit,
          guards: services.operatorGuards,
        }),
      );
      await api.register(
        viewersRoutes({ viewers: services.viewers, guards: services.operatorGuards }),
      );
      await api.register(
        supportAdminRoutes({
          support: services.support,
          audit: services.audit,
          guards: services.operatorGuards,
        }),
      );
      await api.register(
        dashboardRoutes({ dashboard: services.dashboard, guards: services.operatorGuards }),
      );
    },
    { prefix: API_BASE },
  );

  if (config.social.sandbox) {
    await app.register(
      walletSandboxRoutes({
        wallet: services.wallet,
        guards,
        production,
      }),
    );
  }

  if (config.iap.sandbox) {
    await app.register(
      iapSandboxRoutes({ iap: services.iap, production: config.env === 'production' }),
    );
    // the App Store stand-in's API port; one handed over from an earlier app is closed by that app
    const appleStandIn = services.iap.sandbox.apple;
    if (appleStandIn && !deps.paymentStandIns?.iap)
      app.addHook('onClose', () => appleStandIn.server.close());
  }

  const paymentsSandbox = services.paymentsSandbox;
  if (paymentsSandbox) {
    await app.register(
      sandboxCheckoutRoutes({ fake: paymentsSandbox, production: config.env === 'production' }),
    );
    // a stand-in handed over from an earlier app is closed by that app
    if (!deps.paymentStandIns?.web) app.addHook('onClose', () => paymentsSandbox.close());
  }
  // searches counted in memory reach the table in batches (tests flush by hand)
  if (config.env !== 'test') {
    const timer = setInterval(() => {
      services.searchStats.flush().catch((error: unknown) => {
        app.log.warn({ err: error }, 'search count flush failed');
      });
    }, SEARCH_STATS_FLUSH_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await services.searchStats.flush().catch(() => undefined);
    });
  }
  // the reconciliation sweep: captured-but-uncredited orders are credited once (tests run it by hand)
  if (config.payments.sweepIntervalSeconds > 0 && config.env !== 'test') {
    const timer = setInterval(() => {
      services.payments.sweep().catch((error: unknown) => {
        app.log.error({ err: error }, 'payment sweep failed');
      });
    }, config.payments.sweepIntervalSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  }

  if (services.socialProviders.sandboxes.length > 0) {
    await app.register(
      sandboxRoutes({
        sandboxes: services.socialProviders.sandboxes,
        production: config.env === 'production',
        webOrigins,
      }),
    );
  }

  await app.register(
    mediaRoutes({ storage, signer: services.signer, catalog: services.catalog, clock }),
  );

  // the built index.html is read once: link previews put their tags into it per request
  let indexHtml: string | undefined;
  await app.register(
    seoRoutes({
      catalog: services.catalog,
      texts: services.i18n,
      indexHtml: serveWeb ? () => (indexHtml ??= readFileSync(webIndex, 'utf8')) : undefined,
      publicBaseUrl: config.publicBaseUrl,
      kakaoJsKey: config.kakaoJsKey,
      storage,
      clock,
    }),
  );

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // the web build writes .br and .gz beside each asset (apps/web/vite.config.ts)
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // '/' is the SEO routes' (the banner's first slide in its HTML)
    // the operator console is its own page (docs/decisions/1202-console-web.md)
    const consolePage = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .sendFile('admin.html');
    app.get('/admin', { schema: { hide: true } }, consolePage);
    app.get('/admin/*', { schema: { hide: true } }, consolePage);
  }

  return { app, services };
}
