import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ResultCode,
  type AnalyticsDramasData,
  type AnalyticsFunnelData,
  type AnalyticsRetentionData,
} from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { signInThroughSandbox } from '../auth/testing/sandbox-sign-in';
import { call } from '../events/events.test-support';
import { adminReader } from '../operators/operators.test-support';
import { insertPaidOrder } from '../payments/payments.test-support';
import { savePosition } from '../wallet/auto-unlock.test-support';
import { addUniformDramas, grantCoins } from '../wallet/wallet.test-support';

/**
 * A withdrawal and the event log (decision 1609): afterwards no event and no rollup row carries
 * the viewer's id, the figures read as before, events not applied yet at the withdrawal are
 * counted as they would have been, and a refund arriving later is taken off without the id.
 */

/** Seoul time on a day of March 2026; the service day is Asia/Seoul's. */
const seoul = (day: number, hh: number, mm = 0) =>
  new Date(Date.UTC(2026, 2, day, hh - 9, mm)).toISOString();

const PRICE = 10;

describe('analytics: a withdrawal leaves no link and the same figures', () => {
  const ctx = useTestContext({ seed: false });
  let dramaId = 0;
  let laterDrama = 0;
  let leaver = { userId: '', token: '' };

  const catchUp = () => ctx.services.analyticsRollup.catchUp();
  const get = adminReader(ctx);
  const start = (who: { token: string }, drama: number, epsd: number) =>
    call(ctx.app, who, 'POST', '/drama/episode', { dramId: drama, epsd });
  const fresh = async (who: { userId: string }) => ({
    userId: who.userId,
    token: (await ctx.services.auth.startSessionForUser(who.userId)).accessToken,
  });
  const withdraw = async (who: { userId: string }) => {
    const r = await call(ctx.app, await fresh(who), 'PUT', '/auth/withdrawal');
    expect(r.statusCode, r.body).toBe(200);
  };
  /** rows of the log and of the per-viewer rollups that still carry the id */
  const links = async (userId: string) => {
    const r: unknown = await ctx.database.db.execute(sql`
      select (select count(*)::int from analytics_events
                where user_id = ${userId}::uuid or source_key like ${`%${userId}%`})
        + (select count(*)::int from analytics_reach where user_id = ${userId}::uuid)
        + (select count(*)::int from analytics_drama_reach where user_id = ${userId}::uuid)
        + (select count(*)::int from analytics_viewers where user_id = ${userId}::uuid)
        + (select count(*)::int from analytics_orders where user_id = ${userId}::uuid)
        + (select count(*)::int from analytics_viewer_returns where user_id = ${userId}::uuid)
        as n`);
    return (r as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  };
  const figures = async () => ({
    funnel: await get<AnalyticsFunnelData>(
      `/analytics/dramas/${dramaId}/funnel?from=2026-03-02&to=2026-03-04`,
    ),
    table: await get<AnalyticsDramasData>('/analytics/dramas?from=2026-03-02&to=2026-03-04'),
    retention: await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-02&to=2026-03-02',
    ),
    payers: await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-02&to=2026-03-02&segment=payers',
    ),
  });

  it('seeds two members, one of whom pays, completes and comes back the next day', async () => {
    ctx.clock.set(seoul(2, 10));
    [dramaId = 0, laterDrama = 0] = await addUniformDramas(ctx, {
      count: 2,
      episodes: 4,
      free: 2,
      price: PRICE,
    });
    leaver = await signInThroughSandbox(ctx.app);
    const stayer = await signInThroughSandbox(ctx.app);
    for (const who of [leaver, stayer]) {
      for (const epsd of [1, 2]) expect((await start(who, dramaId, epsd)).statusCode).toBe(200);
    }
    await savePosition(ctx.app, leaver, { dramId: dramaId, epsd: 1, position: 58, duration: 60 });
    expect((await start(leaver, dramaId, 3)).json<{ code: number }>().code).toBe(
      ResultCode.EPISODE_LOCKED,
    );
    await grantCoins(ctx, leaver.userId, PRICE);
    const unlocked = await call(ctx.app, leaver, 'POST', '/drama/episode/unlock/coin', {
      dramId: dramaId,
      epsd: 3,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await start(leaver, dramaId, 3)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    await insertPaidOrder(
      ctx,
      leaver.userId,
      { currency: 'KRW', amountMinor: 5900 },
      ctx.clock.now().toISOString(),
    );
    ctx.clock.set(seoul(3, 10));
    expect((await start(await fresh(leaver), dramaId, 1)).statusCode).toBe(200);
    ctx.clock.set(seoul(5, 10));
    await catchUp();
  });

  it('after the withdrawal no row carries the id; the funnel, table and retention read the same', async () => {
    const before = await figures();
    // the scenario's own numbers, so "the same" is not "the same zeros"
    expect(before.funnel.episodes.map((e) => e.viewers)).toEqual([2, 2, 1, 0]);
    expect(before.funnel.episodes[0]?.completions).toBe(1);
    expect(before.funnel.episodes[2]?.revenue).toEqual([
      { currency: 'KRW', gross: 5900, net: 5900 },
    ]);
    expect(before.retention).toMatchObject({ size: 2, payers: 1, d1: { returned: 1 } });
    expect(before.payers.size).toBe(1);
    expect(await links(leaver.userId)).toBeGreaterThan(0);

    await withdraw(leaver);
    expect(await links(leaver.userId)).toBe(0);
    expect((await catchUp()).applied).toBe(0);
    const after = await figures();
    expect({ ...after.funnel, rolledUpTo: null }).toEqual({ ...before.funnel, rolledUpTo: null });
    expect(after.table.items).toEqual(before.table.items);
    expect(after.table.serviceRevenue).toEqual(before.table.serviceRevenue);
    expect(after.retention).toEqual(before.retention);
    expect(after.payers).toEqual(before.payers);

    // the order is refunded after the withdrawal: taken off, and the refund carries no id
    const r: unknown = await ctx.database.db.execute(sql`
      select id from payment_orders where user_id = ${leaver.userId}::uuid`);
    const orderId = (r as { rows: { id: string }[] }).rows[0]?.id ?? '';
    await ctx.database.db.execute(sql`
      update payment_orders set state = 'refunded' where id = ${orderId}::uuid`);
    await ctx.database.db.execute(sql`
      insert into payment_order_transitions (order_id, from_state, to_state, at)
      values (${orderId}::uuid, 'credited', 'refunded', ${seoul(5, 11)}::timestamptz)`);
    expect((await catchUp()).applied).toBe(1);
    expect(await links(leaver.userId)).toBe(0);
    const refunded = await figures();
    expect(refunded.funnel.episodes[2]?.revenue).toEqual([
      { currency: 'KRW', gross: 5900, net: 0 },
    ]);
    expect(refunded.retention.revenue).toEqual([
      { currency: 'KRW', gross: 5900, net: 0, arppu: 0 },
    ]);
  });

  it('events not applied yet at the withdrawal are counted as they would have been', async () => {
    ctx.clock.set(seoul(6, 10));
    const late = await signInThroughSandbox(ctx.app);
    for (const epsd of [1, 2]) expect((await start(late, laterDrama, epsd)).statusCode).toBe(200);
    expect((await start(late, laterDrama, 3)).statusCode).toBe(403);
    ctx.clock.set(seoul(6, 12));
    await withdraw(late);
    expect(await links(late.userId)).toBe(0);
    ctx.clock.set(seoul(8, 10));
    await catchUp();
    const funnel = await get<AnalyticsFunnelData>(
      `/analytics/dramas/${laterDrama}/funnel?from=2026-03-06&to=2026-03-06`,
    );
    expect(funnel.episodes.map((e) => e.viewers)).toEqual([1, 1, 0, 0]);
    expect(funnel.totals.paywall).toMatchObject({ shown: 1, left: 1 });
    const cohort = await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-06&to=2026-03-06',
    );
    expect(cohort.size).toBe(1);
    expect(await links(late.userId)).toBe(0);
  });
});
