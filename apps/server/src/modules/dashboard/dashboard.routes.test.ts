import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type DashboardData } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { insertPaidOrder } from '../payments/payments.test-support';
import { watchLogs } from '../playback/playback.tables';
import { signInMember } from '../wallet/wallet.test-support';
import { dramaForm } from '../catalog/catalog-admin.test-support';

let ctx: TestContext;
let admin: OperatorCaller;
let dramaId: number;

/** Seoul noon of a January day (the test clock's zone is SERVICE_TIMEZONE, Asia/Seoul) */
const jan = (day: number, hour = 12) =>
  new Date(Date.UTC(2026, 0, day, hour - 9, 0, 0)).toISOString();

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  ctx.clock.set(jan(15));
  admin = await signInOperator(ctx, 'admin');
  dramaId = await ctx.services.catalogAdmin.createDrama(
    admin.operatorId,
    dramaForm({ ko: '대시보드', en: 'Dashboard', ja: 'ダッシュボード' }),
  );
});
afterAll(() => ctx.close());

const dashboard = async (query = ''): Promise<DashboardData> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}/admin/dashboard${query}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DashboardData }>().data;
};

async function watched(userId: string, at: string) {
  await ctx.database.db
    .insert(watchLogs)
    .values({ userId, dramaId, episodeNumber: 1, startedAt: new Date(at) });
}

describe('the dashboard over a range (decision 1571)', () => {
  it('counts active viewers once over a range, compares with the period before, shows refunds', async () => {
    const [a, b, c] = [
      await signInMember(ctx, 'Ann'),
      await signInMember(ctx, 'Ben'),
      await signInMember(ctx, 'Cat'),
    ];
    await watched(a.userId, jan(15, 10));
    await watched(a.userId, jan(15, 11));
    await watched(a.userId, jan(14));
    await watched(b.userId, jan(13));
    await watched(c.userId, jan(11));
    // a won order paid on the 14th and refunded on the 15th; one paid on the 12th; dollars today
    await insertPaidOrder(
      ctx,
      a.userId,
      { currency: 'KRW', amountMinor: 5000 },
      jan(14),
      jan(15, 9),
    );
    await insertPaidOrder(ctx, b.userId, { currency: 'KRW', amountMinor: 3000 }, jan(12));
    await insertPaidOrder(
      ctx,
      c.userId,
      { currency: 'USD', amountMinor: 499, gateway: 'S' },
      jan(15, 8),
    );

    const d = await dashboard('?from=2026-01-13&to=2026-01-15');
    expect(d.todayDay).toBe('2026-01-15');
    expect(d.days.map((x) => [x.day, x.activeViewers])).toEqual([
      ['2026-01-13', 1],
      ['2026-01-14', 1],
      ['2026-01-15', 1],
    ]);
    expect(d.current).toMatchObject({ from: '2026-01-13', to: '2026-01-15' });
    // A and B: each once, although A watched on two days
    expect(d.current.totals.activeViewers).toBe(2);
    expect(d.current.totals.newViewers).toBe(3);
    expect(d.current.money).toEqual([
      { currency: 'KRW', gross: 5000, refunds: 5000, net: 0 },
      { currency: 'USD', gross: 499, refunds: 0, net: 499 },
    ]);
    // the three days before: C watched, B's order was paid
    expect(d.previous).toMatchObject({ from: '2026-01-10', to: '2026-01-12' });
    expect(d.previous.totals).toMatchObject({ activeViewers: 1, newViewers: 0 });
    expect(d.previous.money).toEqual([{ currency: 'KRW', gross: 3000, refunds: 0, net: 3000 }]);
    // per day, what was paid (by gateway and currency)
    expect(d.days.find((x) => x.day === '2026-01-14')?.revenue).toEqual({ 'T:KRW': 5000 });
    expect(d.today).toMatchObject({ day: '2026-01-15', activeViewers: 1 });

    // a range in the past keeps today's row, and its own numbers
    const past = await dashboard('?from=2026-01-11&to=2026-01-11');
    expect(past.days).toHaveLength(1);
    expect(past.current.totals.activeViewers).toBe(1);
    expect(past.previous).toMatchObject({ from: '2026-01-10', to: '2026-01-10' });
    expect(past.today.day).toBe('2026-01-15');

    // no range: the last 30 days; active viewers are 3 people, not the 4 viewer-days
    const month = await dashboard();
    expect(month.days).toHaveLength(30);
    expect(month.current).toMatchObject({ from: '2025-12-17', to: '2026-01-15' });
    expect(month.days.reduce((n, x) => n + x.activeViewers, 0)).toBe(4);
    expect(month.current.totals.activeViewers).toBe(3);
    expect(month.current.money.find((m) => m.currency === 'KRW')).toEqual({
      currency: 'KRW',
      gross: 8000,
      refunds: 5000,
      net: 3000,
    });
    expect(month.previous.totals.activeViewers).toBe(0);
  });

  it('a refund counts on its own day, in the period it happened', async () => {
    const d = await dashboard('?from=2026-01-15&to=2026-01-15');
    expect(d.current.money.find((m) => m.currency === 'KRW')).toEqual({
      currency: 'KRW',
      gross: 0,
      refunds: 5000,
      net: -5000,
    });
    expect(d.previous.money.find((m) => m.currency === 'KRW')?.gross).toBe(5000);
  });

  it('refuses a bad range', async () => {
    for (const query of [
      '?from=2026-01-15&to=2026-01-14',
      '?from=2026-01-15',
      '?to=2026-01-15',
      '?from=2024-01-01&to=2026-01-15',
      '?from=2026-1-5&to=2026-01-15',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/admin/dashboard${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
