import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  type MoneyOrderListData,
  type MoneyRefundsData,
  type MoneyRevenueData,
} from '@snapdrama/contract';
import { createTestContext, rowsOf, type TestContext } from '../../test/harness';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import {
  api as viewerApi,
  confirmPaths,
  stripePaid,
  tossApproved,
} from '../payments/payments.test-support';
import { expectLedgerBalanced, signInMember, type Member } from '../wallet/wallet.test-support';
import { MONEY_EXPORT_BATCH } from './money.service';

/**
 * The console's money pages (issue 41 item 3): the orders list of every gateway with its filters
 * and keyset pages, the CSV export streamed in batches, refunds with a reason and a note, the
 * refunds report and revenue gross / refunds / net; who may call each.
 */
let ctx: TestContext;
let admin: OperatorCaller;
let support: OperatorCaller;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, support] = await Promise.all([
    signInOperator(ctx, 'admin'),
    signInOperator(ctx, 'support'),
  ]);
}, 120_000);
afterAll(async () => {
  await expectLedgerBalanced(ctx);
  await ctx.close();
});

/** Moves the test clock and signs the operators in again (their sessions end with time). */
async function at(iso: string) {
  ctx.clock.set(iso);
  [admin, support] = await Promise.all([
    signInOperator(ctx, 'admin'),
    signInOperator(ctx, 'support'),
  ]);
}

const url = (path: string) => `${API_BASE}/admin${path}`;
const get = (who: OperatorCaller, path: string) =>
  ctx.app.inject({ method: 'GET', url: url(path), headers: who.headers });
const post = (who: OperatorCaller, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: url(path), headers: who.headers, payload });
const data = <T>(r: { statusCode: number; body: string; json: <U>() => U }) => {
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: T }>().data;
};

async function paidToss(who: Member) {
  const a = await tossApproved(ctx, who, 'coin_500', 5900);
  expect((await viewerApi(ctx.app, who, 'PUT', confirmPaths.T, a)).statusCode).toBe(200);
  return a.ordrId;
}
async function paidStripe(who: Member) {
  const s = await stripePaid(ctx, who);
  expect((await viewerApi(ctx.app, who, 'PUT', confirmPaths.S, s)).statusCode).toBe(200);
  return s.ordrId;
}

/** A VIP pass with one paid period, as the providers' notices record them (no gateway needed). */
async function vipCharge(
  who: Member,
  gateway: 'S' | 'G',
  at: Date,
  amount: { amountMinor: number; currency: string } | null,
) {
  const [pass] = await rowsOf<{ id: string }>(
    ctx,
    sql`
    insert into vip_subscriptions (user_id, plan, gateway, provider_subscription_id, status, paid_until, created_at, updated_at)
    values (${who.userId}, 'vip_weekly', ${gateway}, ${`sub-${randomUUID()}`}, 'expired',
      ${new Date(at.getTime() + 7 * 86_400_000).toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
    returning id`,
  );
  const [period] = await rowsOf<{ id: string }>(
    ctx,
    sql`
    insert into vip_periods (subscription_id, period_key, starts_at, ends_at, recorded_at, amount_minor, currency)
    values (${pass?.id}, ${`in-${randomUUID()}`}, ${at.toISOString()}::timestamptz,
      ${new Date(at.getTime() + 7 * 86_400_000).toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
      ${amount?.amountMinor ?? null}, ${amount?.currency ?? null})
    returning id`,
  );
  return period?.id ?? '';
}

describe('who may call the money routes', () => {
  it('orders: admins and support; export, revenue and refunds: admins only', async () => {
    const range = 'from=2026-01-01&to=2026-01-31';
    await expectOperatorOnly(ctx, { method: 'GET', url: url('/money/orders') }, [
      'admin',
      'support',
    ]);
    for (const path of ['/money/orders.csv', `/money/revenue?${range}`, `/money/refunds?${range}`])
      await expectOperatorOnly(ctx, { method: 'GET', url: url(path) }, ['admin']);
    expect((await get(support, '/money/orders')).statusCode).toBe(200);
  });
});

describe('the orders list', () => {
  let alice: Member;
  let bob: Member;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await at('2026-02-10T03:00:00Z'); // 12:00 in Seoul, service day 2026-02-10
    alice = await signInMember(ctx, 'Alice');
    bob = await signInMember(ctx, 'Bob');
    ids.toss = await paidToss(alice);
    ctx.clock.advance(60_000);
    ids.stripe = await paidStripe(bob);
    ctx.clock.advance(60_000);
    // registered, never paid
    ids.open = (await tossApproved(ctx, bob, 'coin_500', 5900)).ordrId;
    await at('2026-02-11T03:00:00Z');
    ids.vip = await vipCharge(alice, 'S', ctx.clock.now(), { amountMinor: 499, currency: 'USD' });
    ids.store = await vipCharge(bob, 'G', ctx.clock.now(), null);
  });

  const list = async (query: string) =>
    data<MoneyOrderListData>(await get(admin, `/money/orders?${query}`));
  const idsOf = (d: MoneyOrderListData) => d.orders.map((o) => o.id);

  it('holds coin orders and VIP charges of every gateway, newest first', async () => {
    const all = await list('from=2026-02-10&to=2026-02-11');
    // the two charges share their time: the larger id first
    const sameTime = [ids.store ?? '', ids.vip ?? ''].sort().reverse();
    expect(idsOf(all)).toEqual([...sameTime, ids.open, ids.stripe, ids.toss]);
    expect(all.orders.find((o) => o.id === ids.toss)).toMatchObject({
      kind: 'coin',
      gateway: 'T',
      state: 'credited',
      currency: 'KRW',
      amountMinor: 5900,
      userId: alice.userId,
      product: 'coin_500',
      refundable: true,
    });
    expect(all.orders.find((o) => o.id === ids.vip)).toMatchObject({
      kind: 'vip',
      gateway: 'S',
      state: 'paid',
      amountMinor: 499,
      currency: 'USD',
      product: 'vip_weekly',
      refundable: false,
    });
    expect(all.orders.find((o) => o.id === ids.store)).toMatchObject({
      gateway: 'G',
      amountMinor: null,
      currency: null,
    });
    expect(all.nextCursor).toBeNull();
  });

  it('filters by gateway, state, kind, currency, amount, viewer and day', async () => {
    const within = 'from=2026-02-10&to=2026-02-11';
    expect(idsOf(await list(`${within}&gateway=T`)).sort()).toEqual([ids.open, ids.toss].sort());
    expect(idsOf(await list(`${within}&state=credited`)).sort()).toEqual(
      [ids.toss, ids.stripe].sort(),
    );
    expect(idsOf(await list(`${within}&state=registered`))).toEqual([ids.open]);
    // a VIP charge is paid or refunded: no registered or credited charge
    expect(idsOf(await list(`${within}&kind=vip`)).sort()).toEqual([ids.vip, ids.store].sort());
    expect(idsOf(await list(`${within}&kind=vip&state=credited`))).toEqual([]);
    expect(idsOf(await list(`${within}&currency=USD`)).sort()).toEqual(
      [ids.stripe, ids.vip].sort(),
    );
    expect(idsOf(await list(`${within}&minAmount=500&maxAmount=6000`)).sort()).toEqual(
      [ids.open, ids.toss].sort(),
    );
    expect(idsOf(await list(`${within}&maxAmount=499`)).sort()).toEqual(
      [ids.stripe, ids.vip].sort(),
    );
    expect(idsOf(await list(`${within}&userId=${alice.userId}`)).sort()).toEqual(
      [ids.toss, ids.vip].sort(),
    );
    // service days in Seoul: 2026-02-10 holds the three coin orders only
    expect(idsOf(await list('from=2026-02-10&to=2026-02-10')).sort()).toEqual(
      [ids.toss, ids.stripe, ids.open].sort(),
    );
    expect(idsOf(await list('from=2026-02-11&to=2026-02-11')).sort()).toEqual(
      [ids.vip, ids.store].sort(),
    );
  });

  it('pages by keyset: every order once, in order, whatever the page size', async () => {
    const whole = idsOf(await list('from=2026-02-10&to=2026-02-11'));
    for (const size of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 10; n++) {
        const page: MoneyOrderListData = await list(
          `from=2026-02-10&to=2026-02-11&limit=${size}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.orders.length).toBeLessThanOrEqual(size);
        seen.push(...idsOf(page));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(whole);
    }
  });

  it('refuses bad filters and changes nothing', async () => {
    for (const query of [
      'cursor=not*a*cursor',
      `cursor=${Buffer.from('yesterday|x').toString('base64url')}`,
      'from=2026-02-11&to=2026-02-10',
      'minAmount=10&maxAmount=5',
      'gateway=X',
      'state=lost',
      'userId=123',
      'limit=1000',
      'from=10/02/2026',
    ]) {
      const r = await get(admin, `/money/orders?${query}`);
      expect(r.statusCode, query).toBe(400);
      expect(r.json<{ code: number }>().code, query).toBe(ResultCode.BAD_REQUEST);
    }
    for (const path of [
      '/money/revenue?from=2025-01-01&to=2026-06-01',
      '/money/refunds?from=x',
      // one end alone: both or neither
      '/money/revenue?from=2026-04-01',
      '/money/refunds?to=2026-04-30',
    ]) {
      expect((await get(admin, path)).statusCode, path).toBe(400);
    }
  });
});

describe('the CSV export', () => {
  it('streams more orders than one batch, each once, newest first, with the filters', async () => {
    const buyer = await signInMember(ctx, 'Bulk');
    const count = MONEY_EXPORT_BATCH * 2 + 37;
    // orders made directly: a busy month of one buyer, one minute apart
    await ctx.database.db.execute(sql`
      insert into payment_orders (user_id, gods_code, gateway, currency, amount_minor, paid_coin,
        bons_coin, bons_coin_1st, state, created_at, updated_at)
      select ${buyer.userId}, 'coin_500', 'T', 'KRW', 5900, 500, 0, 0, 'registered',
        '2026-03-01T00:00:00Z'::timestamptz + make_interval(mins => n),
        '2026-03-01T00:00:00Z'::timestamptz + make_interval(mins => n)
      from generate_series(1, ${count}) as n`);
    const r = await ctx.app.inject({
      method: 'GET',
      url: url(`/money/orders.csv?userId=${buyer.userId}`),
      headers: admin.headers,
    });
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="orders-.*\.csv"/);
    expect(r.body.startsWith('\uFEFFkind,id,created_at,user_id,gateway,state')).toBe(true);
    const lines = r.body.slice(1).trimEnd().split('\r\n');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((c) => c[1])).size).toBe(count);
    const times = rows.map((c) => c[2] ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows[0]).toEqual([
      'coin',
      expect.any(String),
      new Date(Date.parse('2026-03-01T00:00:00Z') + count * 60_000).toISOString(),
      buyer.userId,
      'T',
      'registered',
      'coin_500',
      'KRW',
      '5900',
      '500',
    ]);
    // a filter applies to the export as to the list
    const none = await ctx.app.inject({
      method: 'GET',
      url: url(`/money/orders.csv?userId=${buyer.userId}&state=refunded`),
      headers: admin.headers,
    });
    expect(none.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('refunds with a reason, the refunds report and revenue', () => {
  it('keeps the reason and note, counts the refunded order in gross and in refunds, and refunds once', async () => {
    await at('2026-04-05T03:00:00Z');
    const viewer = await signInMember(ctx, 'Refundee');
    const ordrId = await paidToss(viewer);
    const kept = await paidStripe(viewer);
    await at('2026-04-06T03:00:00Z');
    const coins = (await ctx.services.wallet.balances(viewer.userId)).paid;

    // a reason that needs a note, and an unknown reason: refused, nothing refunded
    for (const body of [{ reasonCode: 'other' }, { reasonCode: 'whim', reason: 'because' }, {}]) {
      expect((await post(admin, `/orders/${ordrId}/refund`, body)).statusCode).toBe(400);
    }
    // support may read orders but not refund them
    expect(
      (await post(support, `/orders/${ordrId}/refund`, { reasonCode: 'duplicate' })).statusCode,
    ).toBe(403);

    // two refunds of the same order at once: the money goes back once
    const [a, b] = await Promise.all([
      post(admin, `/orders/${ordrId}/refund`, {
        reasonCode: 'duplicate',
        reason: 'Charged twice for one pack',
      }),
      post(admin, `/orders/${ordrId}/refund`, { reasonCode: 'duplicate', reason: 'again' }),
    ]);
    const done = [a, b].filter((r) => r.statusCode === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b].filter((x) => x.statusCode !== 200))
      expect(r.json<{ code: number }>().code).toBe(ResultCode.ORDER_NOT_REFUNDABLE);
    expect((await ctx.services.wallet.balances(viewer.userId)).paid).toBe(coins - 500);
    const audits = await rowsOf<{ after: { reasonCode: string; reason: string } }>(
      ctx,
      sql`select after from audit_log where action = 'order.refund' and target_id = ${ordrId}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after.reasonCode).toBe('duplicate');

    const report = data<MoneyRefundsData>(
      await get(admin, '/money/refunds?from=2026-04-01&to=2026-04-30'),
    );
    expect(report.refunds).toHaveLength(1);
    expect(report.refunds[0]).toMatchObject({
      kind: 'coin',
      id: ordrId,
      gateway: 'T',
      currency: 'KRW',
      amountMinor: 5900,
      refundedCoins: 500,
      by: 'operator',
      reason: 'duplicate',
      refundedAt: '2026-04-06T03:00:00.000Z',
    });
    expect(report.refunds[0]?.note).toMatch(/Charged twice|again/);
    expect(report.totals).toEqual([{ gateway: 'T', currency: 'KRW', count: 1, amountMinor: 5900 }]);
    expect(report.more).toBe(false);

    // the order listed as refunded, no longer refundable
    const listed = data<MoneyOrderListData>(
      await get(admin, `/money/orders?userId=${viewer.userId}`),
    );
    expect(listed.orders.find((o) => o.id === ordrId)).toMatchObject({
      state: 'refunded',
      refundable: false,
    });
    expect(listed.orders.find((o) => o.id === kept)).toMatchObject({ refundable: true });

    // gross counts the refunded order on the day it was paid; the refund on the day it was made
    const sale = { refunds: 0, paidCount: 1, refundCount: 0 };
    const stripeSale = { gateway: 'S', currency: 'USD', gross: 499, net: 499, ...sale };
    const tossSale = { gateway: 'T', currency: 'KRW', gross: 5900, net: 5900, ...sale };
    const revenue = data<MoneyRevenueData>(
      await get(admin, '/money/revenue?from=2026-04-01&to=2026-04-30'),
    );
    expect(revenue.days).toEqual([
      {
        day: '2026-04-06',
        gateway: 'T',
        currency: 'KRW',
        gross: 0,
        refunds: 5900,
        net: -5900,
        paidCount: 0,
        refundCount: 1,
      },
      { day: '2026-04-05', ...stripeSale },
      { day: '2026-04-05', ...tossSale },
    ]);
    expect(revenue.totals).toEqual([
      stripeSale,
      {
        gateway: 'T',
        currency: 'KRW',
        gross: 5900,
        refunds: 5900,
        net: 0,
        paidCount: 1,
        refundCount: 1,
      },
    ]);
    // one day alone: the refund day shows the refund, not a missing sale
    const refundDay = data<MoneyRevenueData>(
      await get(admin, '/money/revenue?from=2026-04-06&to=2026-04-06'),
    );
    expect(refundDay.totals).toMatchObject([{ gateway: 'T', gross: 0, refunds: 5900, net: -5900 }]);
  });

  it('shows VIP charges: a web charge with its price, a store charge counted apart', async () => {
    const viewer = await signInMember(ctx, 'Vipper');
    const at = new Date('2026-05-02T03:00:00Z');
    const charge = await vipCharge(viewer, 'S', at, { amountMinor: 1499, currency: 'USD' });
    await vipCharge(viewer, 'G', at, null);
    await ctx.database.db.execute(
      sql`update vip_periods set refunded_at = '2026-05-03T03:00:00Z' where id = ${charge}`,
    );
    const revenue = data<MoneyRevenueData>(
      await get(admin, '/money/revenue?from=2026-05-01&to=2026-05-31'),
    );
    expect(revenue.totals).toEqual([
      {
        gateway: 'S',
        currency: 'USD',
        gross: 1499,
        refunds: 1499,
        net: 0,
        paidCount: 1,
        refundCount: 1,
      },
    ]);
    expect(revenue.storeCharges).toBe(1);
    const report = data<MoneyRefundsData>(
      await get(admin, '/money/refunds?from=2026-05-01&to=2026-05-31'),
    );
    expect(report.refunds).toMatchObject([
      { kind: 'vip', id: charge, by: 'provider', product: 'vip_weekly', amountMinor: 1499 },
    ]);
  });
});

describe('the reports without a range', () => {
  it('without a range the reports cover the last 30 service days, today in the service zone', async () => {
    // 16:00 UTC is already the next day in Seoul (UTC+9), the service's zone
    await at('2026-06-10T16:00:00Z');
    for (const path of ['/money/revenue', '/money/refunds']) {
      const answer = await get(admin, path);
      expect(answer.statusCode, path).toBe(200);
      const data = answer.json<{ data: { from: string; to: string } }>().data;
      expect({ from: data.from, to: data.to }, path).toEqual({
        from: '2026-05-13',
        to: '2026-06-11',
      });
    }
  });
});
