import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { buildApp } from './app';
import { openPostgres, type Database } from './db/client';
import { bearer, createTestContext, joinGuest, type TestContext } from './test/harness';
import {
  addUniformDramas,
  signInMember,
  unlockRequest,
  grantCoins,
} from './modules/wallet/wallet.test-support';
import { api, tossApproved } from './modules/payments/payments.test-support';
import { servicesPresent } from './test/services';

const list = `${API_BASE}/drama/latest/list/10/1`;

/** A logger writing into an array, to check what an instance says. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    logger: {
      level: 'info',
      stream: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    },
  };
}

describe('Redis unreachable (a closed port)', () => {
  let ctx: TestContext;
  const log = capturedLog();
  beforeAll(async () => {
    ctx = await createTestContext({
      redisUrl: 'redis://127.0.0.1:1',
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '3', AD_MIN_VIEW_SECONDS: '0' },
      logger: log.logger,
    });
  });
  afterAll(() => ctx.close());

  it('says so in the log once, as a warning, however many commands failed', async () => {
    for (let i = 0; i < 3; i += 1) await ctx.app.inject({ method: 'GET', url: list });
    const said = log.lines.filter((l) => l.msg.startsWith('Redis unreachable'));
    expect(said).toHaveLength(1);
    expect(said[0]?.level).toBe(40); // warn
  });

  it('ad unlocks still open, unlock and keep their cooldown (decided in the database)', async () => {
    const [dramaId] = await addUniformDramas(ctx, { count: 1, episodes: 4, free: 1, price: 5 });
    const member = await signInMember(ctx, 'NoRedisAds');
    const open = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/event/advertisement`,
        headers: { authorization: `Bearer ${member.token}` },
        payload: { advrType: 'unlock' },
      });
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const unlocked = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode/unlock/advertisement`,
      headers: { authorization: `Bearer ${member.token}` },
      payload: {
        dramId: dramaId,
        epsd: 2,
        logId: opened.json<{ data: { logId: string } }>().data.logId,
      },
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const again = await open();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: ResultCode.AD_UNLOCK_COOLDOWN });
  });

  it('reads, writes and limits still work in process; /readyz says degraded, never 500', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: list })).statusCode).toBe(200);
    }
    const guest = await joinGuest(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/qna`,
        headers: bearer(guest),
        payload: { cnts: `an inquiry long enough, number ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'down', database: 'up' });
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('dependency_degraded{dependency="redis"} 1');
  });
});

describe.runIf(servicesPresent('redis'))('Redis lost while running', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a client that stops mid-run degrades to in-process caches without a 500', async () => {
    await new Promise((r) => setTimeout(r, 200)); // connected
    expect((await ctx.app.inject({ method: 'GET', url: list })).statusCode).toBe(200);
    ctx.redis?.disconnect();
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: list })).statusCode).toBe(200);
    }
    // sign-in and write limits count in process instead
    const guest = await joinGuest(ctx.app);
    const write = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/qna`,
      headers: bearer(guest),
      payload: { cnts: 'an inquiry long enough, while Redis is gone' },
    });
    expect(write.statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'down' });
  });
});

describe.runIf(servicesPresent('postgres'))('PostgreSQL connections killed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
  });
  afterAll(() => ctx.close());

  it('the pool recovers without a restart (pg_terminate_backend of its connections)', async () => {
    // fill the pool with several connections
    await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/readyz' })),
    );
    const result: unknown = await ctx.database.db.execute(sql`select current_database() as name`);
    const name = (result as { rows: { name: string }[] }).rows[0]?.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 5; i += 1) {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    }
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('db_pool_connections{state="total"}');
  });
});

async function scrape(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

function lookups(body: string): { hit: number; miss: number } {
  const read = (result: string) =>
    Number(new RegExp(`cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(body)?.[1] ?? 0);
  return { hit: read('hit'), miss: read('miss') };
}

/** A TCP relay in front of PostgreSQL: stopping it is, to our pool, the server going down. */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', drop);
          s.on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      port = (listening.address() as net.AddressInfo).port;
    },
    async stop() {
      const closing = server;
      for (const s of sockets) s.destroy();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
  };
}

describe.runIf(servicesPresent('postgres'))('PostgreSQL restarted', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let database: Database;
  let relay: ReturnType<typeof relayTo>;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false, redisUrl: null });
    relay = relayTo(new URL(ctx.databaseUrl ?? ''));
    await relay.start();
    const through = new URL(ctx.databaseUrl ?? '');
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    database = openPostgres(through.toString(), 5, () => undefined);
    ({ app } = await buildApp({
      config: ctx.config,
      database,
      clock: ctx.clock,
      storage: ctx.storage,
      logger: false,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await relay.stop();
    await ctx.close();
  });

  // a read that always reaches the database (no cache): an unknown drama's info
  const info = () => app.inject({ method: 'GET', url: `${API_BASE}/drama/info/999999` });

  it('answers 503 in the envelope while it is down, and recovers without a restart of ours', async () => {
    await Promise.all(Array.from({ length: 4 }, info)); // the pool holds connections
    expect((await info()).statusCode).toBe(404);

    await relay.stop(); // connections cut, new ones refused
    const down = await info();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: ResultCode.UNAVAILABLE, data: null });
    expect(down.headers['retry-after']).toBe('1');
    const notReady = await app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await relay.start(); // the server is back on the same address
    const after = await Promise.all(Array.from({ length: 4 }, info));
    expect(after.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
  });
  afterAll(() => ctx.close());

  it('count requests per route pattern, errors and coin unlocks', async () => {
    const [dramaId] = await addUniformDramas(ctx, { count: 1, episodes: 3, free: 1, price: 5 });
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 20, 'bonus', { idempotencyKey: 'metrics-test' });
    expect((await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: 2 })).statusCode).toBe(
      200,
    );
    // a retry charges nothing and is not counted
    await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: 2 });
    await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/999999` });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('coin_unlocks_total 1');
    expect(res.body).toMatch(
      /http_requests_total\{method="POST",route="\/api\/v1\/drama\/episode\/unlock\/coin",status="200"\} 2/,
    );
    expect(res.body).toContain('route="/api/v1/drama/info/:dramaId",status="404"');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('transcode_jobs_total');
  });

  it('count payments credited once per order, by gateway, and cache lookups by result', async () => {
    const member = await signInMember(ctx, 'Payer');
    const paid = await tossApproved(ctx, member);
    // the confirm, a retried confirm: one credit
    for (let i = 0; i < 2; i += 1) {
      const res = await api(ctx.app, member, 'PUT', '/payment/toss/confirm', paid);
      expect(res.statusCode).toBe(200);
    }
    const lists = await scrape(ctx);
    expect(lists).toContain('payments_credited_total{provider="toss"} 1');

    const before = lookups(lists);
    await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/latest/list/7/1` });
    await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/latest/list/7/1` });
    const after = lookups(await scrape(ctx));
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(1);
  });

  it('with a token, /metrics needs it', async () => {
    const local = await createTestContext({
      seed: false,
      env: { METRICS_TOKEN: 'metrics-token-0123456789' },
    });
    try {
      const none = await local.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: ResultCode.INVALID_SESSION, data: null });
      const wrong = await local.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456780' },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});
