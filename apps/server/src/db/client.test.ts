import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createReadPipeline,
  isDatabaseUnavailable,
  openPostgres,
  READ_PIPELINE_NAME,
} from './client';
import { servicesPresent } from '../test/services';

describe.runIf(servicesPresent('postgres'))('PostgreSQL pool', () => {
  it('survives connections the server ends, and connects again', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const lost: Error[] = [];
    const database = openPostgres(url, 4, (error) => lost.push(error));
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = '' and pid <> pg_backend_pid() and datname = current_database()
           and state = 'idle' and backend_type = 'client backend'`,
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // the pool dropped the dead connection; the next query opens a new one
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeTruthy();
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(lost[0]?.message).toContain('terminating connection');
    } finally {
      await database.close();
    }
  });
});

describe.runIf(servicesPresent('postgres'))('PostgreSQL read pipeline', () => {
  const url = process.env.DATABASE_URL ?? '';
  const echo = {
    name: 'pipeline_test_echo',
    text: 'select $1::int as n',
    rowMode: 'array' as const,
  };

  it('answers each of many concurrent statements with its own rows', async () => {
    const pipeline = createReadPipeline(url, 2);
    try {
      const numbers = Array.from({ length: 300 }, (_, i) => i);
      const answers = await Promise.all(numbers.map((n) => pipeline.query(echo, [n])));
      expect(answers.map((a) => a.rows[0]?.[0])).toEqual(numbers);
    } finally {
      await pipeline.close();
    }
  });

  it('sends the statements of one turn of the event loop in one write', async () => {
    const pipeline = createReadPipeline(url, 1);
    const writes = countWritesTo(Number(new URL(url).port || 5432));
    try {
      await pipeline.query(echo, [0]);
      writes.reset();
      const numbers = Array.from({ length: 20 }, (_, i) => i);
      const answers = await Promise.all(numbers.map((n) => pipeline.query(echo, [n])));
      expect(answers.map((a) => a.rows[0]?.[0])).toEqual(numbers);
      expect(writes.count()).toBe(1);
    } finally {
      writes.restore();
      await pipeline.close();
    }
  });

  it('fails only the statement that fails, not the ones sent behind it', async () => {
    const pipeline = createReadPipeline(url, 1);
    const divide = {
      name: 'pipeline_test_divide',
      text: 'select 10 / $1::int',
      rowMode: 'array' as const,
    };
    try {
      const results = await Promise.allSettled(
        [2, 0, 5, 0, 1].map((d) => pipeline.query(divide, [d])),
      );
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.rows[0]?.[0] : null))).toEqual([
        5,
        null,
        2,
        null,
        10,
      ]);
    } finally {
      await pipeline.close();
    }
  });

  it('opens a new connection after PostgreSQL ended one', async () => {
    const pipeline = createReadPipeline(url, 2);
    try {
      await Promise.all([pipeline.query(echo, [1]), pipeline.query(echo, [2])]);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()`,
        [READ_PIPELINE_NAME],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await Promise.all([3, 4, 5].map((n) => pipeline.query(echo, [n])));
      expect(again.map((a) => a.rows[0]?.[0])).toEqual([3, 4, 5]);
    } finally {
      await pipeline.close();
    }
  });

  it('refuses statements once closed, as an unavailable database', async () => {
    const pipeline = createReadPipeline(url, 1);
    await pipeline.query(echo, [1]);
    await pipeline.close();
    const error: unknown = await pipeline.query(echo, [1]).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

/** Counts the writes of every socket to `port` (the kernel's write or writev calls behind them). */
function countWritesTo(port: number) {
  type Write = (this: net.Socket, ...args: unknown[]) => unknown;
  const proto = net.Socket.prototype as unknown as { _write: Write; _writev: Write };
  const original = { write: proto._write, writev: proto._writev };
  let count = 0;
  const counted = (inner: Write): Write =>
    function (...args) {
      if (this.remotePort === port) count += 1;
      return inner.apply(this, args);
    };
  proto._write = counted(original.write);
  proto._writev = counted(original.writev);
  return {
    count: () => count,
    reset: () => (count = 0),
    restore: () => Object.assign(proto, { _write: original.write, _writev: original.writev }),
  };
}
