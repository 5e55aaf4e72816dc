import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../errors';
import type { Database } from '../db/client';

/**
 * Prometheus metrics of one app instance. Each app has its own registry (tests build many apps in
 * one process). Modules record through the counters here: `metrics.paymentsCredited.inc({
 * provider })` from the payments module, `metrics.transcodeJobs.inc({ result })` from the
 * transcoding of clips (today the demo content's, at start: there is no upload path yet); a module that needs another metric adds it here, beside these.
 */
export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: 'http_errors_total',
    help: 'Error answers (status 4xx and 5xx), by route pattern and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Shared-cache lookups by result (hit or miss); hit ratio = hit / (hit + miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const coinUnlocks = new Counter({
    name: 'coin_unlocks_total',
    help: 'Episodes bought with coins',
    registers: [registry],
  });
  const paymentsCredited = new Counter({
    name: 'payments_credited_total',
    help: 'Payments whose coins were credited, by provider',
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  const transcodeJobs = new Counter({
    name: 'transcode_jobs_total',
    help: 'Transcoding jobs finished, by result (done or failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const replicaFallbacks = new Counter({
    name: 'db_replica_fallbacks_total',
    help: 'Catalog reads sent to the primary because the read replica could not be reached',
    registers: [registry],
  });
  const degraded = new Gauge({
    name: 'dependency_degraded',
    help: '1 while a shared dependency (redis) is unreachable and in-process fallbacks serve',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    httpErrors,
    cacheLookups,
    coinUnlocks,
    paymentsCredited,
    transcodeJobs,
    replicaFallbacks,
    degraded,
    /** a gauge read at scrape time, e.g. the database pool's connections */
    gauge(name: string, help: string, labelNames: string[], read: (g: Gauge) => void) {
      return new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          read(this);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const tokenMatches = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Request metrics for every route and GET /metrics. With a token, /metrics needs
 * `Authorization: Bearer <token>`; without one it is open outside production and absent in it.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token: string | undefined; production: boolean },
) {
  // one hook, without a promise: Fastify times every request from its onRequest already
  // (reply.elapsedTime), so no start time of our own is kept (decision 1300)
  app.addHook('onResponse', (request, reply, done) => {
    // the route pattern, never the raw URL: one series per route, not per search keyword
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    metrics.httpRequests.inc({ method: request.method, route, status });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) metrics.httpErrors.inc({ route, status });
    done();
  });

  if (options.production && !options.token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (options.token && !(given && tokenMatches(given, options.token))) {
      throw new AppError(ResultCode.INVALID_SESSION, 'Metrics token required');
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/** Connections of the database pools by state (PostgreSQL only: PGlite has no pool). */
export function gaugeDatabasePools(
  metrics: Metrics,
  pools: { database: Database; readDatabase?: Database },
) {
  const poolGauge = (name: string, help: string, of: Database | undefined) => {
    if (!of?.poolStats) return;
    metrics.gauge(name, help, ['state'], (g) => {
      const s = of.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
      g.set({ state: 'total' }, s.total);
      g.set({ state: 'idle' }, s.idle);
      g.set({ state: 'waiting' }, s.waiting);
    });
  };
  poolGauge('db_pool_connections', 'PostgreSQL pool connections by state', pools.database);
  poolGauge(
    'db_read_pool_connections',
    'Read replica pool connections by state (DATABASE_READ_URL)',
    pools.readDatabase,
  );
}
