import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type OperatorRole } from '@snapdrama/contract';
import { rowsOf, useTestContext } from '../../test/harness';
import {
  adminCaller,
  auditCount,
  expectOperatorOnly,
  useOperator,
} from '../operators/operators.test-support';
import {
  api as viewerApi,
  confirmPaths,
  sandboxOf,
  tossApproved,
  stripePaid,
  paypalApproved,
} from '../payments/payments.test-support';
import { signInMember, expectLedgerBalancedAfterAll } from '../wallet/wallet.test-support';

/**
 * The operators' economy, viewers and money, support inbox and dashboard routes (issue 13 items
 * 4-7): who may call them, bad input changing nothing, and the audit entry of every change.
 */
const ctx = useTestContext();
const admin = useOperator(ctx, 'admin');
const support = useOperator(ctx, 'support');
expectLedgerBalancedAfterAll(ctx);

const url = (path: string) => `${API_BASE}/admin${path}`;
const call = adminCaller(ctx);
const data = <T>(r: { json: <U>() => U }) => r.json<{ data: T }>().data;

const lastAudit = async (action: string) =>
  (
    await rowsOf(
      ctx,
      sql`select * from audit_log where action = ${action} order by id desc limit 1`,
    )
  )[0];

const goodsBody = {
  paidCoin: 700,
  bonusCoin: 70,
  firstBonusCoin: 140,
  krw: 7700,
  usdCents: 599,
  iapGoogle: 'coins.700',
  iapApple: 'com.snapdrama.coins700',
  iapPriceCents: 599,
  sortOrder: 50,
  active: true,
};

/** A valid mission form: one coin for one daily ad. */
const missionBody = {
  reward: 1,
  condition: 1,
  rewardCount: 1,
  period: 'D',
  sortOrder: 0,
  active: true,
};

describe('who may call the operator routes', () => {
  it('economy and dashboard: admins only; viewers and inquiries: admins and support; refunds: admins', async () => {
    const someone = randomUUID();
    const target = await signInMember(ctx, 'Target');
    const adLimits = () => ctx.services.economy.adLimits();
    const goods = () => ctx.services.payments.allGoods();
    const missions = () => ctx.services.events.missionsForOperators();
    const attendance = () => ctx.services.events.attendanceCoins();
    const coins = () => ctx.services.wallet.balances(target.userId);
    const coinChange = () => ({ amount: 10, reason: 'guard test', actionKey: `g-${randomUUID()}` });
    const admins: OperatorRole[] = ['admin'];
    const care: OperatorRole[] = ['admin', 'support'];
    for (const [method, path, allowed, payload, unchanged] of [
      ['GET', '/economy', admins],
      ['PUT', '/economy/ad-limits', admins, { cooldownSeconds: 1, dailyCap: 1 }, adLimits],
      ['PUT', '/economy/goods/ops_guard', admins, goodsBody, goods],
      ['PUT', '/economy/missions/watch_ad', admins, missionBody, missions],
      ['PUT', '/economy/attendance', admins, { coins: [1, 1, 1, 1, 1, 1, 1] }, attendance],
      ['GET', '/dashboard', admins],
      ['GET', '/viewers?q=a', care],
      ['GET', `/viewers/${someone}`, care],
      ['POST', `/viewers/${target.userId}/coins/grant`, care, coinChange(), coins],
      ['POST', `/viewers/${target.userId}/coins/revoke`, care, coinChange(), coins],
      ['POST', `/orders/${someone}/refund`, admins, { reason: 'guard test' }],
      ['GET', '/inquiries', care],
      ['PUT', `/inquiries/${someone}/answer`, care, { answer: 'x' }],
      ['PUT', `/inquiries/${someone}/close`, care, { answer: 'x' }],
    ] as const) {
      await expectOperatorOnly(ctx, { method, url: url(path), payload }, allowed, unchanged);
    }
    // fifteen routes, each tried by four strangers and every other role's operator (a password
    // hash per sign-in): 15-25 s on a quiet 2-core machine, past 30 s on a loaded one
  }, 120_000);
});

describe('economy', () => {
  it('saves packs, missions, attendance and ad limits with an audit entry each; the viewer side reads them', async () => {
    const before = await auditCount(ctx);
    const pack = await call(admin, 'PUT', '/economy/goods/ops_pack', goodsBody);
    expect(pack.statusCode, pack.body).toBe(200);
    expect(await lastAudit('goods.create')).toMatchObject({
      target_type: 'goods',
      target_id: 'ops_pack',
    });
    const changed = await call(admin, 'PUT', '/economy/goods/ops_pack', {
      ...goodsBody,
      krw: 8800,
    });
    expect(data<{ krw: number }>(changed).krw).toBe(8800);
    const updated = await lastAudit('goods.update');
    expect(updated?.before).toMatchObject({ krw: 7700 });
    expect(updated?.after).toMatchObject({ krw: 8800 });
    const goods = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/payment/goods/list` });
    expect(JSON.stringify(goods.json())).toContain('ops_pack');

    const missions = data<{ missions: { id: string; reward: number }[] }>(
      await call(admin, 'GET', '/economy'),
    ).missions;
    const m = missions[0];
    if (!m) throw new Error('no mission');
    const mission = await call(admin, 'PUT', `/economy/missions/${m.id}`, {
      reward: 77,
      condition: 1,
      rewardCount: 1,
      period: 'D',
      sortOrder: 0,
      active: true,
    });
    expect(mission.statusCode, mission.body).toBe(200);
    expect((await lastAudit('mission.update'))?.after).toMatchObject({ reward: 77 });

    const att = await call(admin, 'PUT', '/economy/attendance', {
      coins: [5, 5, 10, 10, 15, 20, 50],
    });
    expect(att.statusCode).toBe(200);
    expect(await ctx.services.events.attendanceCoins()).toEqual([5, 5, 10, 10, 15, 20, 50]);

    const limits = await call(admin, 'PUT', '/economy/ad-limits', {
      cooldownSeconds: 90,
      dailyCap: 4,
    });
    expect(limits.statusCode).toBe(200);
    const config = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/event/ad-config` });
    expect(
      config.json<{ data: { cooldown_sec: number; unlock_cap: number } }>().data,
    ).toMatchObject({ cooldown_sec: 90, unlock_cap: 4 });
    expect(await auditCount(ctx)).toBe(before + 5);
  });

  it('bad input on every economy form: 400 with the field named, nothing changed, nothing audited', async () => {
    const snapshot = async () => ({
      goods: await ctx.services.payments.allGoods(),
      missions: await ctx.services.events.missionsForOperators(),
      attendance: await ctx.services.events.attendanceCoins(),
      limits: await ctx.services.economy.adLimits(),
      audit: await auditCount(ctx),
    });
    const before = await snapshot();
    const bad: [string, string, unknown][] = [
      ['/economy/goods/ops_pack', 'paidCoin', { ...goodsBody, paidCoin: 0 }],
      ['/economy/goods/ops_pack', 'krw', { ...goodsBody, krw: -1 }],
      ['/economy/goods/ops_pack', 'iapApple', { ...goodsBody, iapApple: 'has spaces' }],
      ['/economy/goods/bad%20code', 'godsCode', goodsBody],
      ['/economy/missions/watch_ad', 'period', { ...missionBody, period: 'W' }],
      ['/economy/missions/watch_ad', 'condition', { ...missionBody, condition: 0 }],
      ['/economy/attendance', 'coins', { coins: [1, 2, 3] }],
      ['/economy/attendance', 'coins', { coins: [1, 2, 3, 4, 5, 6, -7] }],
      ['/economy/ad-limits', 'dailyCap', { cooldownSeconds: 10, dailyCap: 5000 }],
      ['/economy/ad-limits', 'cooldownSeconds', { cooldownSeconds: 'soon', dailyCap: 5 }],
    ];
    for (const [path, field, payload] of bad) {
      const r = await call(admin, 'PUT', path, payload);
      expect(r.statusCode, `${path} ${r.body}`).toBe(400);
      // the message is a sentence in the caller's language; the field is named in `fields`
      const named = Object.keys(r.json<{ fields?: Record<string, string> }>().fields ?? {});
      expect(named.join(' '), path).toContain(field);
    }
    const unknown = await call(admin, 'PUT', '/economy/missions/no_such', missionBody);
    expect(unknown.json<{ code: number }>().code).toBe(ResultCode.MISSION_NOT_FOUND);
    expect(await snapshot()).toEqual(before);
  });
});

describe('viewers and money', () => {
  it('support finds a viewer by nickname, email-less id and provider, grants coins once per action, audited', async () => {
    const viewer = await signInMember(ctx, 'FindMe');
    const found = data<{ viewers: { userId: string; nickname: string }[] }>(
      await call(support, 'GET', '/viewers?q=FindMe'),
    );
    expect(found.viewers.map((v) => v.userId)).toContain(viewer.userId);
    const byId = data<{ viewers: { userId: string }[] }>(
      await call(support, 'GET', `/viewers?q=${viewer.userId}`),
    );
    expect(byId.viewers).toHaveLength(1);

    const actionKey = `grant-${randomUUID()}`;
    const grant = () =>
      call(support, 'POST', `/viewers/${viewer.userId}/coins/grant`, {
        amount: 250,
        reason: 'missing coins after an outage',
        actionKey,
      });
    const [first, second] = await Promise.all([grant(), grant()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(
      [
        data<{ created: boolean }>(first).created,
        data<{ created: boolean }>(second).created,
      ].sort(),
    ).toEqual([false, true]);
    expect(await ctx.services.wallet.balances(viewer.userId)).toEqual({ paid: 0, bonus: 250 });
    const entry = await lastAudit('wallet.grant');
    expect(entry).toMatchObject({
      operator_id: support.operatorId,
      target_type: 'user',
      target_id: viewer.userId,
    });
    expect(entry?.before).toEqual({ balances: { paid: 0, bonus: 0 } });
    expect(entry?.after).toMatchObject({
      balances: { paid: 0, bonus: 250 },
      amount: 250,
      reason: 'missing coins after an outage',
    });
    expect(await auditCount(ctx, 'wallet.grant')).toBe(1);

    // the viewer's own balance and earn history show them
    const info = await viewerApi(ctx.app, viewer, 'GET', '/user/info');
    expect(info.json<{ data: { user: { coin: number } } }>().data.user.coin).toBe(250);

    const revoke = await call(support, 'POST', `/viewers/${viewer.userId}/coins/revoke`, {
      amount: 50,
      reason: 'granted twice',
      actionKey: `rv-${randomUUID()}`,
    });
    expect(data<{ balances: { bonus: number } }>(revoke).balances.bonus).toBe(200);
    const detail = data<{
      wallet: { lots: unknown[]; revocations: unknown[] };
      viewer: { nickname: string };
    }>(await call(support, 'GET', `/viewers/${viewer.userId}`));
    expect(detail.viewer.nickname).toBe('FindMe');
    expect(detail.wallet.lots).toHaveLength(1);
    expect(detail.wallet.revocations).toMatchObject([{ amount: 50, reason: 'granted twice' }]);
  });

  it('bad grants and revocations: 400/404/409, balance and audit unchanged', async () => {
    const viewer = await signInMember(ctx, 'BadInput');
    const state = async () => ({
      balances: await ctx.services.wallet.balances(viewer.userId),
      audit: await auditCount(ctx),
    });
    const before = await state();
    const path = `/viewers/${viewer.userId}/coins/grant`;
    for (const payload of [
      { amount: 10, reason: '', actionKey: `k-${randomUUID()}` },
      { amount: 10, actionKey: `k-${randomUUID()}` },
      { amount: 0, reason: 'zero', actionKey: `k-${randomUUID()}` },
      { amount: 1.5, reason: 'fraction', actionKey: `k-${randomUUID()}` },
      { amount: 100_001, reason: 'too many', actionKey: `k-${randomUUID()}` },
      { amount: 10, reason: 'no key' },
      { amount: 10, reason: 'bad key', actionKey: 'a b' },
    ]) {
      const r = await call(admin, 'POST', path, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (
        await call(admin, 'POST', `/viewers/not-a-uuid/coins/grant`, {
          amount: 1,
          reason: 'x y',
          actionKey: `k-${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin, 'POST', `/viewers/${randomUUID()}/coins/grant`, {
          amount: 1,
          reason: 'nobody',
          actionKey: `k-${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    const tooMuch = await call(admin, 'POST', `/viewers/${viewer.userId}/coins/revoke`, {
      amount: 5,
      reason: 'has none',
      actionKey: `k-${randomUUID()}`,
    });
    expect(tooMuch.json<{ code: number }>().code).toBe(ResultCode.INSUFFICIENT_COINS);
    expect((await call(admin, 'GET', '/viewers?q=')).statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });

  it.each(['T', 'S', 'P'] as const)(
    'an admin refunds a %s order at the provider, then the coins are taken back once, audited',
    async (gateway) => {
      const viewer = await signInMember(ctx, `Refund${gateway}`);
      let ordrId: string;
      if (gateway === 'T') {
        const a = await tossApproved(ctx, viewer, 'coin_500', 5900);
        ordrId = a.ordrId;
        expect((await viewerApi(ctx.app, viewer, 'PUT', confirmPaths.T, a)).statusCode).toBe(200);
      } else if (gateway === 'S') {
        const s = await stripePaid(ctx, viewer);
        ordrId = s.ordrId;
        expect((await viewerApi(ctx.app, viewer, 'PUT', confirmPaths.S, s)).statusCode).toBe(200);
      } else {
        const p = await paypalApproved(ctx, viewer);
        ordrId = p.ordrId;
        expect((await viewerApi(ctx.app, viewer, 'PUT', confirmPaths.P, p)).statusCode).toBe(200);
      }
      const paid = await ctx.services.wallet.balances(viewer.userId);
      expect(paid.paid).toBeGreaterThan(0);
      const order = data<{ orders: { ordrId: string; refundable: boolean }[] }>(
        await call(admin, 'GET', `/viewers/${viewer.userId}`),
      ).orders;
      expect(order).toMatchObject([{ ordrId, refundable: true }]);

      const refund = await call(admin, 'POST', `/orders/${ordrId}/refund`, {
        reason: 'customer asked',
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(data<{ state: string; refundedCoins: number }>(refund)).toMatchObject({
        state: 'refunded',
        refundedCoins: paid.paid,
      });
      expect((await ctx.services.wallet.balances(viewer.userId)).paid).toBe(0);
      expect(await lastAudit('order.refund')).toMatchObject({
        target_id: ordrId,
        operator_id: admin.operatorId,
      });
      const fake = sandboxOf(ctx);
      if (gateway === 'T') expect(fake.calls['toss.cancel']).toBeGreaterThan(0);
      if (gateway === 'S') expect(fake.calls['stripe.refund']).toBeGreaterThan(0);
      if (gateway === 'P') expect(fake.calls['paypal.refund']).toBeGreaterThan(0);
      // a second refund is refused and audits nothing
      const audits = await auditCount(ctx, 'order.refund');
      const again = await call(admin, 'POST', `/orders/${ordrId}/refund`, { reason: 'again' });
      expect(again.json<{ code: number }>().code).toBe(ResultCode.ORDER_NOT_REFUNDABLE);
      expect(await auditCount(ctx, 'order.refund')).toBe(audits);
    },
  );

  it('a refund without a reason or of an unknown order changes nothing', async () => {
    const before = await auditCount(ctx);
    expect(
      (await call(admin, 'POST', `/orders/${randomUUID()}/refund`, { reason: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', `/orders/not-an-id/refund`, { reason: 'why not' })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', `/orders/${randomUUID()}/refund`, { reason: 'unknown' }))
        .statusCode,
    ).toBe(404);
    expect(await auditCount(ctx)).toBe(before);
  });
});

describe('support inbox', () => {
  it('an inquiry sent by a viewer is answered by support; the viewer sees the answer; audited', async () => {
    const viewer = await signInMember(ctx, 'Asking');
    const sent = await viewerApi(ctx.app, viewer, 'POST', '/user/qna', {
      cnts: 'I was charged twice for one coin pack, please help.',
    });
    const qnaId = sent.json<{ data: { qnaId: string } }>().data.qnaId;
    const inbox = data<{ items: { id: string }[]; counts: { open: number } }>(
      await call(support, 'GET', '/inquiries?status=open'),
    );
    expect(inbox.items.map((i) => i.id)).toContain(qnaId);
    const answered = await call(support, 'PUT', `/inquiries/${qnaId}/answer`, {
      answer: 'We refunded the second charge.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await lastAudit('inquiry.answer')).toMatchObject({
      target_id: qnaId,
      operator_id: support.operatorId,
    });
    const mine = await viewerApi(ctx.app, viewer, 'GET', '/user/qna');
    expect(mine.json<{ data: { qnaList: unknown[] } }>().data.qnaList).toMatchObject([
      { qnaId, stts: 'answered', answ: 'We refunded the second charge.' },
    ]);
    expect((await call(support, 'PUT', `/inquiries/${qnaId}/close`)).statusCode).toBe(200);
    const closedAgain = await call(support, 'PUT', `/inquiries/${qnaId}/close`);
    expect(closedAgain.json<{ code: number }>().code).toBe(ResultCode.INQUIRY_CLOSED);
    // bad input: empty answer, unknown id, bad status filter
    const audits = await auditCount(ctx);
    expect(
      (await call(support, 'PUT', `/inquiries/${qnaId}/answer`, { answer: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (await call(support, 'PUT', `/inquiries/${randomUUID()}/answer`, { answer: 'hello' }))
        .statusCode,
    ).toBe(404);
    expect((await call(support, 'GET', '/inquiries?status=lost')).statusCode).toBe(400);
    expect(await auditCount(ctx)).toBe(audits);
  });
});

describe('dashboard', () => {
  it('today and 30 days: viewers, revenue per gateway, coins, unlocks, top dramas, playback quality from the beacon', async () => {
    for (const [ttffMs, stallMs, playMs] of [
      [400, 0, 9000],
      [800, 1000, 9000],
      [1200, 0, 10000],
    ] as const) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/playback/quality`,
        payload: { dramId: 1, epsd: 1, ttffMs, stallMs, playMs },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    // navigator.sendBeacon sends a string as text/plain: read as JSON on this route alone
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/playback/quality`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ dramId: 1, epsd: 2, stallMs: 0, playMs: 0 }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    // a beacon naming no drama, or out of bounds, is refused
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/playback/quality`,
          payload: { dramId: 999999, epsd: 1, stallMs: 0, playMs: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/playback/quality`,
          payload: { dramId: 1, epsd: 1, stallMs: -1, playMs: 1 },
        })
      ).statusCode,
    ).toBe(400);
    const d = data<{
      today: { newViewers: number; coinsGranted: number; revenue: Record<string, number> };
      days: unknown[];
      quality: { samples: number; ttffP50Ms: number; ttffP90Ms: number; rebufferRatio: number };
      current: { money: { currency: string; gross: number; refunds: number; net: number }[] };
    }>(await call(admin, 'GET', '/dashboard'));
    expect(d.days).toHaveLength(30);
    expect(d.today.newViewers).toBeGreaterThan(0);
    expect(d.today.coinsGranted).toBeGreaterThan(0);
    expect(d.quality).toMatchObject({ samples: 4, ttffP50Ms: 800, ttffP90Ms: 1120 });
    expect(d.quality.rebufferRatio).toBeCloseTo(1000 / (1000 + 28000), 5);
    // the refund tests' orders were refunded: gross keeps them, refunds take them back out
    for (const m of d.current.money) {
      expect(m.currency).toMatch(/^(KRW|USD)$/);
      expect(m.net).toBe(m.gross - m.refunds);
    }
  });
});
