import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ResultCode } from '@snapdrama/contract';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Redis } from '../redis';
import { rateLimitKey, registerEarlyGuards, SECURITY_SCHEMES } from './auth-guard';
import { registerEdge } from './edge';
import { createRateLimitStore } from './rate-limit-store';
import { registerSecurityHeaders } from './security-headers';

/** The edge's plugins, in order: origins, security headers, CORS, rate limits, cookies, OpenAPI. */
export async function registerPlugins(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'mediaPublicBaseUrl' | 'writeRateLimitPerMinute' | 'cachePrefix'>;
    production: boolean;
    /** the web app's origins besides this server's (PUBLIC_BASE_URL, WEB_ORIGINS) */
    webOrigins: string[];
    /** the built web app's index.html, when this server serves it */
    indexHtml: string | undefined;
    redis: Redis | undefined;
    onRedisError: (error: unknown) => void;
  },
) {
  const { config, webOrigins } = deps;
  registerEdge(app, { allowedOrigins: webOrigins });
  registerSecurityHeaders(app, {
    production: deps.production,
    indexHtml: deps.indexHtml,
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
      onRedisError: deps.onRedisError,
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
}
