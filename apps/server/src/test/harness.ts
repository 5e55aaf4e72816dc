import { afterAll, beforeAll } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { API_BASE } from '@snapdrama/contract';
import { buildApp, type AppDeps, type Services } from '../app';
import { ManualClock } from '../clock';
import { loadConfig, type Config, type ObjectStorageConfig } from '../config';
import { MIGRATIONS_DIR, openPglite, openPostgres, pgliteImage, type Database } from '../db/client';
import { AppError } from '../errors';
import { copyFolderToStorage } from '../media/media-copy';
import { createS3Storage } from '../media/s3-storage';
import { createLocalStorage, type Storage } from '../media/storage';
import { prepareContent } from '../seed/demo';
import { openRedis, type Redis } from '../redis';
import { TEST_MEDIA_DIR } from './media-fixture';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';
export const TEST_MEDIA_SECRET = 'test-media-secret-0123456789abcdef01234567';
/** The company details production requires (config.ts), for tests that start a production config. */
export const TEST_COMPANY_ENV = {
  COMPANY_NAME: 'Test Pictures Ltd.',
  COMPANY_REPRESENTATIVE: 'Test Representative',
  COMPANY_REGISTRATION_NO: '000-00-00000',
  COMPANY_ADDRESS: '1 Test Street, Test City',
  COMPANY_EMAIL: 'help@test.example',
} as const;

/** Made once per worker process: every in-memory test database starts as a copy of it. */
let migratedImage: Promise<Blob> | undefined;

/** The migrations' fingerprint: a template database is made once per set of migrations. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true })).sort();
  for (const file of files) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Made once per worker process: the migrated template database on the PostgreSQL server. */
let templateName: Promise<string> | undefined;

/**
 * The name of a database on the server at `url` that holds every migration and nothing else, to
 * copy for each test file (`create database … template`). The first worker to need it builds it
 * under an advisory lock and publishes it by renaming, so no worker copies a half-migrated one.
 * Nothing connects to it once built, as copying requires. A template of older migrations is
 * left in place: another checkout's run may be copying it.
 */
function migratedTemplate(url: string): Promise<string> {
  templateName ??= (async () => {
    const name = `t_template_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(724312)');
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const buildUrl = new URL(url);
        buildUrl.pathname = `/${building}`;
        const database = openPostgres(buildUrl.toString(), 1, () => undefined);
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(724312)').catch(() => undefined);
      await admin.end();
    }
  })();
  return templateName;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** the PostgreSQL database's address, for other processes sharing it (undefined on PGlite) */
  url?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    migratedImage ??= pgliteImage();
    const database = await openPglite(undefined, undefined, await migratedImage);
    return { database, drop: () => database.close() };
  }
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = await migratedTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // a copy of the migrated template: a few hundred ms where migrating anew took two seconds
  await admin.query(`create database ${name} template ${template}`);
  // a test database need not outlive a crash: commits return without waiting for the disk, as
  // PGlite's in memory do (each statement still runs and commits as in production)
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  // A new table has no statistics yet, and the planner's default guess (about a thousand rows)
  // made it gather tiny tables with parallel workers: a process started per query, 50 ms where
  // the scan takes 5 (the snapshot of bad-input.test.ts). A server with analysed tables chooses
  // them only where they pay.
  await admin.query(`alter database ${name} set max_parallel_workers_per_gather = 0`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  // dropping the database at the end ends its connections on purpose
  const database = openPostgres(testUrl.toString(), 20, () => undefined);
  return {
    database,
    url: testUrl.toString(),
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: Database;
  clock: ManualClock;
  storage: Storage;
  config: Config;
  redis: Redis | undefined;
  /** the PostgreSQL database's address (undefined on PGlite) */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export async function createTestContext(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /** another Redis than REDIS_URL's (e.g. a closed port); null: none */
    redisUrl?: string | null;
    /** serve media from this bucket (a local S3 server) instead of a local folder */
    objectStorage?: ObjectStorageConfig;
    /** the app's logger (default: none), e.g. one writing into an array to check what is logged */
    logger?: FastifyServerOptions['logger'];
    /** an HTTPS agent that trusts a local push service (push tests) */
    pushAgent?: Agent;
  } = {},
): Promise<TestContext> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-test-'));
  const mediaDir = path.join(dir, 'media');
  const local = createLocalStorage(mediaDir);
  // the shared, pre-encoded clips appear inside this test's storage
  await local.write('.keep', '');
  await symlink(path.join(TEST_MEDIA_DIR, 'clips'), path.join(mediaDir, 'clips'));
  const bucket = options.objectStorage ? createS3Storage(options.objectStorage) : undefined;
  if (bucket) {
    // a bucket gets the first drama's clip only, the one its suites play: copying all 224 files
    // into the local S3 server took two minutes on a loaded machine
    const source = path.join(dir, 'bucket-source');
    await mkdir(path.join(source, 'clips'), { recursive: true });
    await symlink(
      path.join(TEST_MEDIA_DIR, 'clips', 'drama-1'),
      path.join(source, 'clips', 'drama-1'),
    );
    await copyFolderToStorage(source, bucket, { skipExisting: true });
  }
  const storage: Storage = bucket ?? local;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    JWT_SECRET: TEST_JWT_SECRET,
    MEDIA_SIGNING_SECRET: TEST_MEDIA_SECRET,
    // every test database numbers its dramas from 1: their cache entries must not meet
    CACHE_PREFIX: `test:${randomUUID()}`,
    // sign-in rate limits are tested on their own (accounts.routes.test.ts); suites join many guests
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // write limits likewise (http/edge.test.ts); race tests send hundreds of writes at once
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const { database, drop, url: databaseUrl } = await openTestDatabase();
  await database.migrate();
  const clock = new ManualClock();
  const redisUrl = options.redisUrl === undefined ? process.env.REDIS_URL : options.redisUrl;
  const redis = redisUrl ? openRedis(redisUrl) : undefined;
  const { app, services } = await buildApp({
    config,
    database,
    clock,
    storage,
    redis,
    logger: options.logger ?? false,
    pushAgent: options.pushAgent,
  });
  await prepareContent({
    catalogRepo: services.catalogRepo,
    i18n: services.i18n,
    storage,
    clock,
    seedDemo: options.seed !== false,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    clock,
    storage,
    config,
    redis,
    databaseUrl,
    async close() {
      await app.close();
      redis?.disconnect();
      bucket?.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app instance over the context's database, storage, clock and Redis (or what `deps`
 * names instead), as behind a load balancer or after a restart; ready to serve.
 */
export async function buildAnotherApp(ctx: TestContext, deps: Partial<AppDeps> = {}) {
  const built = await buildApp({
    config: ctx.config,
    database: ctx.database,
    clock: ctx.clock,
    storage: ctx.storage,
    redis: ctx.redis,
    logger: false,
    ...deps,
  });
  await built.app.ready();
  return built;
}

export interface Caller {
  token: string;
  refreshCookie: string;
  guestId: string;
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

/** Joins a new guest the way the web app does: login, 403003, join. */
export async function joinGuest(app: FastifyInstance, guestId = randomUUID()): Promise<Caller> {
  const login = await app.inject({
    method: 'POST',
    url: `${API_BASE}/auth/login`,
    payload: { authMthd: 'guest', authId: guestId },
  });
  if (login.statusCode !== 403)
    throw new Error(`expected 403 for a new guest, got ${login.statusCode}`);
  const join = await app.inject({
    method: 'POST',
    url: `${API_BASE}/auth/join`,
    payload: { authMthd: 'guest', authId: guestId, infoAgreeYn: 'N' },
  });
  const body = join.json<{ data: { access_token: string } }>();
  const refreshCookie = cookieValue(join, 'refresh_token');
  if (join.statusCode !== 200 || !refreshCookie) throw new Error(`join failed: ${join.body}`);
  return { token: body.data.access_token, refreshCookie, guestId };
}

export const bearer = (caller: Caller) => ({ authorization: `Bearer ${caller.token}` });

/**
 * The test context of the suite around the call: built before its first test, closed after its
 * last (the hook registered first runs last). Its fields are filled in once the suite starts.
 */
export function useTestContext(options?: Parameters<typeof createTestContext>[0]): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(options));
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  return ctx;
}

/** The rows of a raw SQL query on the suite's database (what no service call answers). */
export async function rowsOf<T = Record<string, unknown>>(
  ctx: TestContext,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await ctx.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The code a service call is refused with (undefined when it succeeds); other errors throw. */
export async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}
