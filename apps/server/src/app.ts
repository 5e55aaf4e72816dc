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
import type { Storage } from './media/storage';
import { createMetrics, gaugeDatabasePools, registerMetrics } from './metrics/metrics';
import { watchRedis, type Redis } from './redis';
import type { PaymentStandIns } from './modules/payments/payments.module';
import { composeViewerModules } from './viewer-modules';
import { named } from './http/plugin-name';

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
  /** what nearly every module is built from */
  const base = { db: database.db, clock, config };
  const metrics = createMetrics({ defaultMetrics: deps.defaultMetrics });
  const redisState = watchRedis(redis, (down) =>
    metrics.degraded.set({ dependency: 'redis' }, down ? 1 : 0),
  );
  // what instances keep in memory is dropped on all of them when one changes the catalog
  const notices = createChangeNotices({
    redis,
    channel: `${config.cachePrefix}:changes`,
    onRedisError: redisState.failed,
  });

  const viewerModules = composeViewerModules({
    base,
    storage,
    readDb: deps.readDatabase?.db,
    redis,
    onRedisError: redisState.failed,
    metrics,
    notices,
    paymentStandIns: deps.paymentStandIns,
    pushAgent: deps.pushAgent,
    // the console's audit log, built below: invites ask for it only when they record something
    audit: () => consoleModules.services.audit,
  });
  const { auth, catalog, i18n, playback, wallet, events, payments, webGateways } =
    viewerModules.services;

  // the operator console (issue 13), built on the services above
  const consoleModules = composeConsoleModules({
    base,
    storage,
    metrics,
    mediaUrls: viewerModules.services.mediaUrls,
    auth,
    catalog,
    i18n,
    playback,
    wallet,
    events,
    payments,
    webGateways,
    ...viewerModules.withConsoleRoutes,
    analyticsModule: viewerModules.analyticsModule,
  });

  const services = {
    // the names tests and tools reach services by
    ...viewerModules.services,
    ...consoleModules.services,
    storage,
    metrics,
    redisState,
    notices,
  };
  /** what buildApp mounts: the modules' routes and the outside services' local stand-ins */
  const mount = {
    /** each module's routes, the viewers' then the console's, in their order under /api/v1 */
    apiRoutes: (g: RouteGuards) => [...viewerModules.routes(g), ...consoleModules.routes(g)],
    registerAuditOrigins: consoleModules.registerAuditOrigins,
    ...viewerModules.mount,
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

  mount.registerAuditOrigins(app);
  app.addHook('onReady', () => services.notices.listening());
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
    named(async (api) => {
      for (const routes of mount.apiRoutes(guards)) await api.register(named(routes));
    }, 'api'),
    { prefix: API_BASE },
  );

  // local stand-ins of outside services: sandbox only, never in production
  if (config.social.sandbox)
    await app.register(named(mount.walletStandInRoutes(guards, production)));
  await mount.registerPaymentStandIns(app);
  await mount.registerIdentityStandIn(app);
  startJobs(app, {
    config,
    searchStats: services.searchStats,
    webGateways: services.webGateways,
    push: services.push,
    analyticsRollup: services.analyticsRollup,
    catalogAdmin: services.catalogAdmin,
    forYouJobs: services.forYouJobs,
    catalog: services.catalog,
    clock,
  });
  const signInStandIns = mount.signInStandInRoutes(webOrigins);
  if (signInStandIns) await app.register(named(signInStandIns));

  await app.register(named(mount.mediaRoutes(), 'media'));
  const { catalog, i18n, invites } = services;
  await registerWebApp(app, { config, web, clock, storage, catalog, i18n, invites });

  return { app, services };
}
