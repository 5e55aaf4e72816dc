import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '@snapdrama/contract';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createGuards } from './http/auth-guard';
import { registerErrorHandling } from './http/error-handler';
import { createMediaUrls } from './media/media-urls';
import { mediaRoutes } from './media/media.routes';
import { createMediaSigner } from './media/signing';
import type { Storage } from './media/storage';
import type { Redis } from './redis';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes, type AdUnlockView } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createAccessTokens } from './modules/auth/tokens';
import { createAccountsService } from './modules/auth/accounts.service';
import { createSignInTickets } from './modules/auth/sign-in-tickets';
import { createSocialProviders } from './modules/auth/providers/social-providers';
import { sandboxRoutes } from './modules/auth/providers/sandbox.routes';
import { createSupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { createMemoryCache, createRedisCache } from './cache/cache';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createI18nRepository } from './modules/i18n/i18n.repository';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { createI18nService } from './modules/i18n/i18n.service';
import { createPlaybackRepository } from './modules/playback/playback.repository';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { walletSandboxRoutes } from './modules/wallet/wallet-sandbox.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { playbackRoutes } from './modules/playback/playback.routes';
import {
  createPlaybackService,
  type BookmarkView,
  type EpisodeUnlocks,
} from './modules/playback/playback.service';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
  /** shared cache, rate limits and cooldown locks across instances; in-process without it */
  redis?: Redis;
  logger?: FastifyServerOptions['logger'];
}

/** Builds every service from explicit dependencies; routes get only what they use. */
export function createServices(deps: AppDeps) {
  const { config, database, clock, storage } = deps;
  const db = database.db;

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
  const i18n = createI18nService({ repo: createI18nRepository(db), clock });
  const catalogRepo = createCatalogRepository(db);
  const cache = deps.redis
    ? createRedisCache({ redis: deps.redis, prefix: config.cachePrefix })
    : createMemoryCache({ clock });
  const catalog = createCatalogService({ repo: catalogRepo, cache, texts: i18n, clock });
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
  });

  // The wallet, ads and bookmarks modules plug in here; until then nobody holds coins,
  // has bought an episode, or has bookmarked anything.
  const adUnlocks: AdUnlockView = { unlocksToday: () => Promise.resolve(0) };
  const playbackRepo = createPlaybackRepository(db);
  const wallet = createWalletService({
    repo: createWalletRepository(db),
    clock,
    catalog,
    progress: {
      viewedEpisodes: async (userId, dramaId) =>
        (await playbackRepo.viewsOf(userId, dramaId)).map((v) => ({
          epsd: v.epsd,
          last_view_dtm: v.lastViewedAt.toISOString(),
        })),
      otherUnlocks: () => Promise.resolve([]),
    },
    accounts: { authMethodOf: (userId) => auth.authMethodOf(userId) },
    serviceTimeZone: config.serviceTimeZone,
  });
  const unlocks: EpisodeUnlocks = {
    unlockedEpisodes: (userId, dramaId) => wallet.unlockedEpisodes(userId, dramaId),
  };
  const bookmarks: BookmarkView = { isBookmarked: () => Promise.resolve(false) };

  const playback = createPlaybackService({
    repo: playbackRepo,
    catalog,
    unlocks,
    bookmarks,
    mediaUrls,
    clock,
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
    hooks: [playback, support],
    production: config.env === 'production',
    webOrigins: [
      ...(config.publicBaseUrl ? [config.publicBaseUrl] : []),
      ...config.social.webOrigins,
    ],
  });

  return {
    tokens,
    accounts,
    support,
    socialProviders,
    auth,
    i18n,
    catalog,
    catalogRepo,
    signer,
    mediaUrls,
    playback,
    wallet,
    adUnlocks,
    storage,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, database, clock, storage } = deps;
  const services = createServices(deps);

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    // search keywords travel in the path, URL-encoded: 100 Korean characters are 900 bytes
    routerOptions: { maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>();

  services.accounts.useLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SnapDrama API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const webIndex = path.join(config.webDistDir, 'index.html');
  const serveWeb = config.env !== 'test' && existsSync(webIndex);
  registerErrorHandling(app, { spaFallback: () => serveWeb });

  const guards = createGuards(services.auth);

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      if (deps.redis) await deps.redis.ping();
      return {
        status: 'ok',
        database: database.kind,
        redis: deps.redis ? 'up' : 'off',
        time: clock.now().toISOString(),
      };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
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
          adUnlocks: services.adUnlocks,
          accounts: services.accounts,
          redis: deps.redis,
          rateLimitPerMinute: config.authRateLimitPerMinute,
          // test apps share one Redis: each counts on its own
          rateLimitNamespace:
            config.env === 'test' ? `snapdrama:rl:auth:${randomUUID()}:` : 'snapdrama:rl:auth:',
        }),
      );
      await api.register(supportRoutes({ support: services.support, auth: services.auth, guards }));
      await api.register(i18nRoutes({ i18n: services.i18n }));
      await api.register(catalogRoutes({ catalog: services.catalog }));
      await api.register(playbackRoutes({ playback: services.playback, guards }));
      await api.register(walletRoutes({ wallet: services.wallet, guards }));
    },
    { prefix: API_BASE },
  );

  if (config.social.sandbox) {
    await app.register(
      walletSandboxRoutes({
        wallet: services.wallet,
        guards,
        production: config.env === 'production',
      }),
    );
  }

  if (services.socialProviders.sandboxes.length > 0) {
    await app.register(
      sandboxRoutes({
        sandboxes: services.socialProviders.sandboxes,
        production: config.env === 'production',
      }),
    );
  }

  await app.register(
    mediaRoutes({ storage, signer: services.signer, catalog: services.catalog, clock }),
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
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  return { app, services };
}
