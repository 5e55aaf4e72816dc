import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { buildApp } from './app';
import { readPipelineOf } from './db/client';
import { preparedRows } from './db/read-parts';
import { openRedis } from './redis';
import {
  bearer,
  createTestContext,
  joinGuest,
  type Caller,
  type TestContext,
} from './test/harness';
import { servicesPresent } from './test/services';

// Decision 1300: drama info and user info read everything about their caller, the session check
// included, in one statement; drama info's catalog part stays in memory until the catalog changes.

let ctx: TestContext;
let viewer: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await joinGuest(ctx.app);
});
afterAll(() => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers });
const startEpisode = (dramId: number, epsd: number, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers,
    payload: { dramId, epsd },
  });

/**
 * Statements sent to the database while `run` runs (both drivers answer `query`; on PostgreSQL
 * the reads of one statement go through the pool's read pipeline).
 */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (ctx.database.db as unknown as { $client: Record<string, unknown> }).$client;
  const pipeline = readPipelineOf(client) as unknown as Record<string, unknown> | undefined;
  let count = 0;
  const restore: (() => void)[] = [];
  for (const target of [client, pipeline]) {
    if (!target) continue;
    const originals = { query: target.query, exec: target.exec };
    for (const key of ['query', 'exec'] as const) {
      const original = originals[key];
      if (typeof original !== 'function') continue;
      target[key] = (...args: unknown[]) => {
        count += 1;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
    restore.push(() => Object.assign(target, originals));
  }
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return count;
}

describe('one round trip per read', () => {
  it('drama info as a signed-in viewer and user info send one statement each', async () => {
    // the first calls prepare the statements and fill the catalog cache
    expect((await get('/drama/info/1', bearer(viewer))).statusCode).toBe(200);
    expect((await get('/user/info', bearer(viewer))).statusCode).toBe(200);
    expect((await get('/drama/info/1')).statusCode).toBe(200);
    expect(await statementsDuring(() => get('/drama/info/1', bearer(viewer)))).toBe(1);
    expect(await statementsDuring(() => get('/user/info', bearer(viewer)))).toBe(1);
    expect(await statementsDuring(() => get('/drama/info/1'))).toBe(1);
  });

  it("an episode start reads the caller's session and progress in one statement, then writes", async () => {
    expect((await startEpisode(1, 1, bearer(viewer))).statusCode).toBe(200);
    // a guest's refused start: the one read, then the caller's stored language for the refusal's
    // text (refusals only, modules/i18n/refusal-language.ts), then the one insert of the paywall
    // shown to this viewer (analytics, decision 1601; within the hour it adds nothing), no more
    expect(await statementsDuring(() => startEpisode(1, 60, bearer(viewer)))).toBe(3);
    expect((await startEpisode(1, 60, bearer(viewer))).json().code).toBe(ResultCode.EPISODE_LOCKED);
  });
});

describe('the session is checked in that statement', () => {
  it('a logged-out token is 401 on the reads and the episode start, before an unknown drama would be 404', async () => {
    const gone = await joinGuest(ctx.app);
    expect((await get('/drama/info/1', bearer(gone))).statusCode).toBe(200);
    expect((await get('/auth/logout', bearer(gone))).statusCode).toBe(200);
    for (const url of ['/drama/info/1', '/drama/info/99999', '/user/info']) {
      const res = await get(url, bearer(gone));
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: ResultCode.INVALID_SESSION, data: null });
    }
    for (const [dramId, epsd] of [
      [1, 1],
      [99999, 1],
      [1, 999],
    ] as const) {
      const res = await startEpisode(dramId, epsd, bearer(gone));
      expect(res.statusCode, `${dramId}/${epsd}`).toBe(401);
      expect(res.json()).toMatchObject({ code: ResultCode.INVALID_SESSION, data: null });
    }
  });

  it('an expired token is 419 and a forged one 401, without a session to look at', async () => {
    const forged = { authorization: `Bearer ${viewer.token.slice(0, -4)}AAAA` };
    expect((await get('/drama/info/1', forged)).statusCode).toBe(401);
    expect((await get('/user/info', forged)).statusCode).toBe(401);
    const late = await joinGuest(ctx.app);
    const now = ctx.clock.now();
    ctx.clock.advance((ctx.config.accessTokenTtlSeconds + 1) * 1000);
    try {
      expect((await get('/drama/info/1', bearer(late))).json().code).toBe(
        ResultCode.ACCESS_TOKEN_EXPIRED,
      );
      expect((await get('/user/info', bearer(late))).statusCode).toBe(419);
    } finally {
      ctx.clock.set(now);
    }
  });
});

describe('drama info: the catalog part cached, the counts and records live', () => {
  it('a view shows in view_cnt at once, signed in or not', async () => {
    const before = (await get('/drama/info/2')).json().data.drama.view_cnt as number;
    const counted = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/drama/view-count`,
      payload: { dramId: 2 },
    });
    expect(counted.statusCode).toBe(200);
    expect((await get('/drama/info/2')).json().data.drama.view_cnt).toBe(before + 1);
    expect((await get('/drama/info/2', bearer(viewer))).json().data.drama.view_cnt).toBe(
      before + 1,
    );
  });

  it('an episode started shows in the viewer’s records at once', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: bearer(viewer),
      payload: { dramId: 3, epsd: 1 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const data = (await get('/drama/info/3', bearer(viewer))).json().data;
    expect(data.userDramaEpisodeList).toEqual([
      { epsd: 1, last_view_dtm: ctx.clock.now().toISOString() },
    ]);
  });

  it('a price change shows once the catalog reports it (catalogChanged)', async () => {
    const info = async () => (await get('/drama/info/4', bearer(viewer))).json().data;
    const before = await info();
    const last = before.episodeList.at(-1) as { epsd: number; coin: number };
    await ctx.database.db.execute(
      sql`update episodes set coin = coin + 7 where drama_id = 4 and number = ${last.epsd}`,
    );
    // cached until the catalog says it changed (operators and seeding do)
    expect((await info()).episodeList.at(-1)).toEqual(last);
    await ctx.services.catalog.catalogChanged();
    expect((await info()).episodeList.at(-1)).toEqual({ epsd: last.epsd, coin: last.coin + 7 });
    expect((await info()).drama).toEqual(before.drama);
  });
});

describe.runIf(servicesPresent('postgres', 'redis'))('two instances', () => {
  it('a catalog change on one drops the cached drama info on the other (change notice)', async () => {
    const redis = openRedis(process.env.REDIS_URL ?? '');
    const { app: other } = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      storage: ctx.storage,
      redis,
      logger: false,
    });
    try {
      await other.ready();
      const price = async (app: typeof other) =>
        (await app.inject({ method: 'GET', url: `${API_BASE}/drama/info/5` }))
          .json()
          .data.episodeList.at(-1).coin as number;
      const before = await price(other);
      await ctx.database.db.execute(
        sql`update episodes set coin = coin + 3 where drama_id = 5
            and number = (select max(number) from episodes where drama_id = 5)`,
      );
      expect(await price(other)).toBe(before); // cached there
      await ctx.services.catalog.catalogChanged();
      const deadline = Date.now() + 5000;
      while ((await price(other)) !== before + 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await price(other)).toBe(before + 3);
    } finally {
      await other.close();
      redis.disconnect();
    }
  });
});

describe('preparedRows', () => {
  it('answers the values it was given, quotes included, however often it runs', async () => {
    const db = ctx.database.db;
    const echoQuery = () =>
      db
        .select({
          text: sql<string>`${sql.placeholder('text')}::text`,
          n: sql<number>`${sql.placeholder('n')}::int`,
        })
        .from(sql`(select 1) as one`);
    const echo = preparedRows(db, 'test_echo', echoQuery(), ['text', 'n']);
    for (const text of ["it's", "'); drop table users; --", '', '달빛 \\ "q"']) {
      expect(await echo({ text, n: 7 })).toEqual([{ text, n: 7 }]);
    }
    // the same statement prepared again on the same database (a second app instance)
    const again = preparedRows(db, 'test_echo', echoQuery(), ['text', 'n']);
    expect(await again({ text: 'b', n: 2 })).toEqual([{ text: 'b', n: 2 }]);
    expect(await echo({ text: 'a', n: 1 })).toEqual([{ text: 'a', n: 1 }]);
    // a placeholder used twice is bound once and means the same value in both places
    const twice = preparedRows(
      db,
      'test_twice',
      db
        .select({
          a: sql<string>`${sql.placeholder('text')}::text`,
          n: sql<number>`${sql.placeholder('n')}::int`,
          b: sql<string>`${sql.placeholder('text')}::text || '|'`,
        })
        .from(sql`(select 1) as one`),
      ['a', 'n', 'b'],
    );
    for (const text of ["it's", '$2']) {
      expect(await twice({ text, n: 3 })).toEqual([{ a: text, n: 3, b: `${text}|` }]);
    }
    // on PostgreSQL, sent by node-postgres itself: dates stay the strings drizzle gives
    if (ctx.database.kind === 'postgres') {
      const at = preparedRows(
        db,
        'test_date',
        db.select({ at: sql`'2026-01-02'::date` }).from(sql`(select 1) as one`),
        ['at'],
      );
      expect(await at({})).toEqual([{ at: '2026-01-02' }]);
    }
    // PGlite writes the values into the EXECUTE: anything but a string or number is refused
    if (ctx.database.kind === 'pglite') {
      await expect(echo({ text: { not: 'a string' }, n: 1 })).rejects.toThrow();
    }
  });
});
