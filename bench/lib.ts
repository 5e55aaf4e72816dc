import { mkdtemp, rm, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
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

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The real app in this process on an ephemeral port, on PGlite or on DATABASE_URL. */
export async function startApp(
  options: {
    databaseUrl?: string;
    redisUrl?: string;
    seed?: boolean;
    /** more settings for the app's configuration (environment variable names) */
    env?: Record<string, string>;
  } = {},
): Promise<Running> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    JWT_SECRET: BENCH_SECRET,
    MEDIA_SIGNING_SECRET: BENCH_SECRET,
    // one load generator on one address stands for many viewers: per-address write limits off
    WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
    ...options.env,
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

/**
 * A database named `name` on the PostgreSQL server of `url`, empty (dropped first when `fresh`)
 * or kept from an earlier run; answers its URL.
 */
export async function benchDatabase(url: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
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

/** Runs one job of load-worker.mjs in a child process and answers its result. */
export function inLoadProcess<T>(job: 'autocannon' | 'unlocks', options: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), {
      execArgv: [],
    });
    let result: { value: T } | undefined;
    child.once('message', (message: T) => (result = { value: message }));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result.value);
      else reject(new Error(`load process exited with ${code} and no result`));
    });
    child.send({ job, options });
  });
}

/**
 * autocannon from a child process, 50 connections by default; with `paths`, each request takes
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
    mix?: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
  },
): Promise<LoadResult> {
  const result = await inLoadProcess<Omit<LoadResult, 'name'>>('autocannon', {
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
