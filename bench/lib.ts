import { mkdtemp, rm, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { buildApp, type Services } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, openPglite, type Database } from '../apps/server/src/db/client';
import { createLocalStorage } from '../apps/server/src/media/storage';
import { openRedis } from '../apps/server/src/redis';
import { prepareContent } from '../apps/server/src/seed/demo';

export interface Running {
  url: string;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/** The real app in this process on an ephemeral port, on PGlite or on DATABASE_URL. */
export async function startApp(
  options: { databaseUrl?: string; redisUrl?: string; seed?: boolean } = {},
): Promise<Running> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    MEDIA_SIGNING_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const database = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir: dir, poolSize: 20 })
    : await openPglite(undefined);
  await database.migrate();
  const storage = createLocalStorage(path.join(dir, 'media'));
  // clips are not needed to measure the API; the test clips are linked when present
  await mkdir(path.join(dir, 'media'), { recursive: true });
  await symlink(
    path.resolve(import.meta.dirname, '../apps/server/.cache/test-media/clips'),
    path.join(dir, 'media', 'clips'),
  ).catch(() => undefined);
  const redis = options.redisUrl ? openRedis(options.redisUrl) : undefined;
  const { app, services } = await buildApp({
    config,
    database,
    clock: systemClock,
    storage,
    redis,
    logger: false,
  });
  await prepareContent({
    catalogRepo: services.catalogRepo,
    i18n: services.i18n,
    storage,
    clock: systemClock,
    seedDemo: options.seed !== false,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    services,
    database,
    async close() {
      await app.close();
      redis?.disconnect();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The baseline: Fastify answering a constant JSON body. */
export async function startHelloWorld(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs one job of load-worker.mjs in a worker thread and answers its result. */
export function inWorker<T>(job: 'autocannon' | 'unlocks', options: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { job, options },
    });
    worker.once('message', (result: T) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/**
 * autocannon from a worker thread, 50 connections by default; with `paths`, each request takes
 * the next path (keywords nobody searched yet, say).
 */
export async function load(
  name: string,
  options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST' | 'PUT';
    body?: string;
    paths?: string[];
  },
): Promise<LoadResult> {
  const result = await inWorker<Omit<LoadResult, 'name'>>('autocannon', {
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    method: 'GET',
    ...options,
  });
  return { name, ...result };
}

export function printResults(results: LoadResult[], baseline?: LoadResult): void {
  const rows = results.map((r) => ({
    target: r.name,
    'req/s': Math.round(r.requestsPerSecond),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs baseline': baseline
      ? `${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} %`
      : '',
    errors: r.errors + r.non2xx,
  }));
  console.table(rows);
}
