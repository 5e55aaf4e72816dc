import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLockOptions } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: everything a Db can do, inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** connections of the PostgreSQL pool (for metrics); PGlite has one and no pool */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Connection failures and PostgreSQL's shutdown, start-up and connection-loss classes. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const PG_UNAVAILABLE = /^(08|57P0[1-3])/;

/**
 * Whether an error (or what it wraps: drizzle wraps the driver's) says the database could not be
 * reached, as during a restart or a failover: a 503 the client may retry, not a defect.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE.has(code) || PG_UNAVAILABLE.test(code))) {
      return true;
    }
    if (/^Connection terminated|timeout exceeded when trying to connect/.test(e.message)) {
      return true;
    }
    e = e.cause;
  }
  return false;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '..', '..', 'drizzle');

/** Embedded PostgreSQL: persisted under dataDir, or in memory when dataDir is undefined. */
export async function openPglite(
  dataDir: string | undefined,
  lock?: DataDirLockOptions,
  /** start from this copy of a data folder (pgliteImage) instead of an empty one */
  image?: Blob,
): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // one process per data folder: a second one would corrupt it (data-dir-lock.ts)
    release = await lockDataDir(dataDir, lock);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: image });
  } catch (error) {
    await release?.();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePgliteClient(client);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

async function migratePgliteClient(client: PGlite): Promise<void> {
  await client.exec('create extension if not exists pg_trgm');
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * A migrated, empty in-memory database as a data folder's image: a database opened from it
 * (openPglite's image) skips PostgreSQL's initdb and the migrations, several seconds each time.
 */
export async function pgliteImage(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migratePgliteClient(client);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Statements that may share a connection with other requests' statements (readPipelineOf). */
export interface ReadPipeline {
  query(config: pg.QueryConfig, values: unknown[]): Promise<pg.QueryResult<unknown[]>>;
  close(): Promise<void>;
}

const readPipelines = new WeakMap<object, ReadPipeline>();
export const READ_PIPELINE_NAME = 'snapdrama-read-pipeline';

/** The read pipeline of a pool made by openPostgres (drizzle's `$client`), if it has one. */
export function readPipelineOf(client: unknown): ReadPipeline | undefined {
  return typeof client === 'object' && client !== null ? readPipelines.get(client) : undefined;
}

/**
 * A few connections in pipeline mode, for the one-statement reads of a request (decision 1300,
 * third pass): statements of many requests go out on one connection without waiting for the ones
 * before them, so PostgreSQL reads several per wake-up and we read several answers per read,
 * where the pool gives every statement a connection of its own and a round trip alone. Only for
 * single statements outside transactions (each is its own Sync: an error ends that one only).
 * A connection that fails is dropped and the next statement opens a new one; the statements
 * already sent on it fail as on a pool connection that is lost.
 */
export function createReadPipeline(url: string, connections: number): ReadPipeline {
  const slots: (Promise<pg.Client> | undefined)[] = Array.from(
    { length: connections },
    () => undefined,
  );
  let next = 0;
  let closed = false;
  const open = (slot: number): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      pipeline: true,
      // told apart from the pool's connections in pg_stat_activity
      application_name: READ_PIPELINE_NAME,
    });
    const connecting = client.connect().then(
      () => client,
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    function drop() {
      if (slots[slot] === connecting) slots[slot] = undefined;
    }
    // a lost connection: the statements on it fail, the next ones open another
    client.on('error', drop);
    client.on('end', drop);
    slots[slot] = connecting;
    return connecting;
  };
  return {
    async query(config, values) {
      if (closed) throw new Error('Connection terminated: the read pipeline is closed');
      const slot = next;
      next = (next + 1) % connections;
      const client = await (slots[slot] ?? open(slot));
      holdWrites(client);
      return client.query<unknown[]>(config, values);
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (connecting) => {
          const client = await connecting?.catch(() => undefined);
          await client?.end();
        }),
      );
    },
  };
}

/** The socket under a node-postgres client (`connection.stream`, not in its types). */
function socketOf(client: pg.Client): { cork(): void; uncork(): void } | undefined {
  const stream = (client as unknown as { connection?: { stream?: unknown } }).connection?.stream;
  return stream instanceof Writable ? stream : undefined;
}

const holding = new WeakSet<pg.Client>();

/**
 * Holds a pipeline connection's writes until the event loop's current turn has run its
 * callbacks: the statements of every request read in that turn go out in one write, where each
 * was one system call (node-postgres corks the messages of one statement, not those of several).
 * On loopback a write costs the sender the receiver's side of TCP too; the kernel's `writev` was
 * a third of a signed-in read's CPU (decision 1300).
 */
function holdWrites(client: pg.Client): void {
  if (holding.has(client)) return;
  const socket = socketOf(client);
  if (!socket) return;
  holding.add(client);
  socket.cork();
  setImmediate(() => {
    holding.delete(client);
    socket.uncork();
  });
}

/**
 * Connections of an instance's read pipeline. Each is one PostgreSQL backend: one gave the most
 * req/s for a bare statement on the 2-core bench machine but puts every read of the instance on
 * one server core; two is the compromise (decision 1300, third pass).
 */
const READ_PIPELINE_CONNECTIONS = 2;

/** A PostgreSQL server through a node-postgres pool. */
export function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: (error: Error) => void = (error) =>
    console.error(`PostgreSQL connection lost: ${error.message}`),
): Database {
  // a server that does not answer (a failover in progress, a black-holed address) fails the
  // request after 5 s instead of holding it and its client forever
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle connection can die (a server restart, a failover, an administrator): the pool drops
  // it and the next query connects again. Without a listener the error would end the process.
  pool.on('error', onIdleError);
  const pipeline = createReadPipeline(url, READ_PIPELINE_CONNECTIONS);
  readPipelines.set(pool, pipeline);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(724311)');
        await client.query('create extension if not exists pg_trgm');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(724311)').catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([pipeline.close(), pool.end()]);
    },
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite(path.join(options.dataDir, 'pglite'));
}
