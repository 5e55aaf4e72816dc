import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@snapdrama/contract';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { openPostgres, type Database } from '../../db/client';
import { createTestContext, openTestDatabase, type TestContext } from '../../test/harness';
import {
  addUniformDramas,
  signInMember,
  unlockRequest,
  grantCoins,
} from '../wallet/wallet.test-support';
import { createCatalogRepository } from './catalog.repository';
import { searchTextOf } from './catalog.service';
import { dramas } from './catalog.tables';
import { servicesPresent } from '../../test/services';

interface ListBody {
  code: number;
  data: { dramaList: { dram_id: number }[] };
}

describe('DATABASE_READ_URL', () => {
  it('needs DATABASE_URL: a replica of the embedded database cannot exist', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        MEDIA_SIGNING_SECRET: 'y'.repeat(40),
        DATABASE_READ_URL: 'postgres://reader@replica.internal/snapdrama',
      }),
    ).toThrow(ConfigError);
  });
});

// The "replica" is a second database holding other dramas, opened read-only
// (default_transaction_read_only): catalog reads show its content, and a write sent to it would fail.
describe.runIf(servicesPresent('postgres'))('catalog reads on a read replica', () => {
  let ctx: TestContext;
  let replica: Awaited<ReturnType<typeof openTestDatabase>>;
  let readOnly: Database;
  let app: FastifyInstance;
  let onPrimary: number;
  let onReplica: number;

  beforeAll(async () => {
    ctx = await createTestContext({ seed: false, redisUrl: null });
    [onPrimary = 0] = await addUniformDramas(ctx, { count: 1, episodes: 4, free: 1, price: 5 });

    replica = await openTestDatabase();
    await replica.database.migrate();
    // ids apart from the primary's, so a drama can only be found where it lives
    await replica.database.db.execute(sql`select setval('dramas_id_seq', 1000)`);
    const replicaRepo = createCatalogRepository(replica.database.db);
    onReplica = await replicaRepo.upsertDrama(
      {
        slug: `replica-${randomUUID().slice(0, 8)}`,
        titleKey: 'drama.replica.title',
        descriptionKey: 'drama.replica.description',
        posterVerticalPath: '/resources/none.jpg',
        posterHorizontalPath: '/resources/none.jpg',
        episodeCount: 2,
        registeredAt: ctx.clock.now(),
      },
      [],
      [1, 2].map((n) => ({ number: n, coin: 0, mediaPrefix: 'clips/none' })),
    );
    await replicaRepo.setSearchTexts([
      { id: onReplica, text: searchTextOf(['Mirrorlake']), titles: searchTextOf(['Mirrorlake']) },
    ]);

    const url = new URL(replica.url ?? '');
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    readOnly = openPostgres(url.toString(), 4, () => undefined);
    ({ app } = await buildApp({
      config: ctx.config,
      database: ctx.database,
      readDatabase: readOnly,
      clock: ctx.clock,
      storage: ctx.storage,
      logger: false,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await readOnly?.close();
    await replica?.drop();
    await ctx?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url: `${API_BASE}${url}` });
  const ids = async (url: string) =>
    (await get(url)).json<ListBody>().data.dramaList.map((d) => d.dram_id);

  it('lists, search and drama info read the replica', async () => {
    // the read pool refuses writes, so a write sent there would fail loudly
    await expect(readOnly.db.execute(sql`update dramas set view_count = 1`)).rejects.toThrow();
    expect(await ids('/drama/latest/list/10/1')).toEqual([onReplica]);
    expect(await ids('/drama/list/0/10/1')).toEqual([onReplica]);
    expect(await ids('/drama/search/list/mirrorlake/10/1')).toEqual([onReplica]);
    const info = await get(`/drama/info/${onReplica}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ data: { drama: { dram_id: onReplica } } });
    expect((await get(`/drama/info/${onPrimary}`)).statusCode).toBe(404);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ok', databaseRead: 'up' });
  });

  it('writes and unlock prices go to the primary, never to the replica', async () => {
    const counted = await app.inject({
      method: 'PUT',
      url: `${API_BASE}/drama/view-count`,
      payload: { dramId: onPrimary },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toMatchObject({ data: { view_cnt: 1 } });
    // the replica's drama does not exist where writes go
    const elsewhere = await app.inject({
      method: 'PUT',
      url: `${API_BASE}/drama/view-count`,
      payload: { dramId: onReplica },
    });
    expect(elsewhere.statusCode).toBe(404);
    const [row] = await replica.database.db
      .select({ views: dramas.viewCount })
      .from(dramas)
      .where(eq(dramas.id, onReplica));
    expect(row?.views).toBe(0);

    // a coin unlock prices the episode from the primary (the replica has no such drama)
    const member = await signInMember(ctx, 'ReplicaBuyer');
    await grantCoins(ctx, member.userId, 5, 'paid', { idempotencyKey: `replica-${member.userId}` });
    const unlocked = await unlockRequest(app, member, { dramId: onPrimary, epsd: 2 });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('a replica that cannot be reached sends catalog reads to the primary; /readyz says degraded', async () => {
    const gone = openPostgres('postgres://postgres@127.0.0.1:1/none', 2, () => undefined);
    const { app: fallback } = await buildApp({
      config: ctx.config,
      database: ctx.database,
      readDatabase: gone,
      clock: ctx.clock,
      storage: ctx.storage,
      logger: false,
    });
    try {
      const list = await fallback.inject({
        method: 'GET',
        url: `${API_BASE}/drama/latest/list/10/1`,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json<ListBody>().data.dramaList.map((d) => d.dram_id)).toEqual([onPrimary]);
      const ready = await fallback.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: 'up',
        databaseRead: 'down',
      });
      const metrics = await fallback.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/db_replica_fallbacks_total [1-9]/);
      expect(metrics.body).toContain('db_read_pool_connections{state="total"}');
    } finally {
      await fallback.close();
      await gone.close();
    }
  });
});
