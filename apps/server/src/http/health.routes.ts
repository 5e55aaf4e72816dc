import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Storage } from '../media/storage';
import type { Redis } from '../redis';

/** How far the demo content's encoding is (main fills it in while the service runs). */
export interface ContentProgress {
  dramasReady: number;
  dramasTotal: number;
}

/** Liveness, the demo content's progress and readiness, for orchestrators and tests. */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    clock: Clock;
    database: Database;
    readDatabase?: Database;
    storage: Storage;
    redis?: Redis;
    contentProgress?: ContentProgress;
    /** Redis did not answer the probe's ping */
    onRedisDown: (error: unknown) => void;
  },
) {
  const { clock, database, storage } = deps;
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
    if (redis === 'down') deps.onRedisDown(new Error('ping failed'));
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
}
