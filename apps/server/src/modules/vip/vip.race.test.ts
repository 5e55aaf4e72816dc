import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness';
import { body, sandboxOf } from '../payments/payments.test-support';
import { signInMember } from '../wallet/wallet.test-support';
import type { VipPassData } from '@snapdrama/contract';
import {
  confirmVip,
  passRows,
  playSubscribed,
  payAtProvider,
  postVipStripe,
  stripeInvoice,
  stripeVipBought,
  subscribeVip,
} from './vip.test-support';
import { servicesPresent } from '../../test/services';
import { FAILED_REFUND_RETRY_MS } from './vip.service';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('VIP races on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  beforeAll(async () => {
    ctx.clock.set(new Date());
  });

  it('two notifications for one renewal (and 20 more deliveries) credit one period', async () => {
    const m = await signInMember(ctx, 'VipRace');
    const bought = await stripeVipBought(ctx, m, 'vip_weekly');
    const renewed = sandboxOf(ctx).stripe.renew(bought.subscriptionId);
    const invoice = stripeInvoice(renewed.latest_invoice, bought.subscriptionId, {
      start: renewed.current_period_start,
      end: renewed.current_period_end,
    });
    // invoice.paid under distinct event ids (Stripe's retries of two endpoints' deliveries) and the
    // same event twice, all at once
    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => postVipStripe(ctx, 'invoice.paid', invoice)),
      postVipStripe(ctx, 'invoice.paid', invoice, { eventId: 'evt_same' }),
      postVipStripe(ctx, 'invoice.paid', invoice, { eventId: 'evt_same' }),
    ]);
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const outcomes = replies.map((r) => body<{ outcome: string }>(r).data.outcome);
    expect(outcomes.filter((o) => o === 'replay')).toHaveLength(1);
    const periods = await ctx.services.vip.periodsOf(bought.vipId);
    expect(periods.map((p) => p.periodKey)).toEqual([expect.any(String), renewed.latest_invoice]);
    const pass = await ctx.services.vip.passOf(m.userId);
    expect(pass?.activeUntil).toBe(new Date(renewed.current_period_end * 1000).toISOString());
  });

  it('50 concurrent returns from one checkout record one period', async () => {
    const m = await signInMember(ctx, 'VipRaceConfirm');
    const { api } = await import('../payments/payments.test-support');
    const started = body<{ vipId: string; sessionId: string }>(
      await api(ctx.app, m, 'POST', '/vip/subscribe', { plan: 'vip_monthly', pymnGtwy: 'S' }),
    ).data;
    const sessionId = started.sessionId;
    sandboxOf(ctx).stripe.complete(sessionId);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(ctx.app, m, 'PUT', '/vip/stripe/confirm', { vipId: started.vipId, sessionId }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(await ctx.services.vip.periodsOf(started.vipId)).toHaveLength(1);
  });
  const liveOf = async (userId: string) =>
    (await passRows(ctx, userId)).filter((r) => r.status === 'active' || r.status === 'grace');

  for (const gateway of ['S', 'P'] as const) {
    it(`${gateway}: 10 concurrent subscribes open one checkout; paid and confirmed: one pass`, async () => {
      const m = await signInMember(ctx, `VipRaceSub${gateway}`);
      const { api } = await import('../payments/payments.test-support');
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(ctx.app, m, 'POST', '/vip/subscribe', { plan: 'vip_weekly', pymnGtwy: gateway }),
        ),
      );
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const started = replies.map(
        (r) => body<{ vipId: string; sessionId?: string; paypalSubscriptionId?: string }>(r).data,
      );
      expect(new Set(started.map((x) => x.vipId)).size).toBe(1);
      expect(new Set(started.map((x) => x.sessionId ?? x.paypalSubscriptionId)).size).toBe(1);
      const first = started[0];
      if (!first) throw new Error('no answer');
      payAtProvider(ctx, first);
      const confirms = await Promise.all(started.map((x) => confirmVip(ctx, m, x)));
      for (const r of confirms) expect(r.statusCode, r.body).toBe(200);
      const rows = await passRows(ctx, m.userId);
      expect(rows).toHaveLength(1);
      expect(await liveOf(m.userId)).toHaveLength(1);
    });

    it(`${gateway}: 10 concurrent subscribes of both plans leave one open checkout`, async () => {
      const m = await signInMember(ctx, `VipRaceMix${gateway}`);
      const { api } = await import('../payments/payments.test-support');
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api(ctx.app, m, 'POST', '/vip/subscribe', {
            plan: i % 2 ? 'vip_weekly' : 'vip_monthly',
            pymnGtwy: gateway,
          }),
        ),
      );
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const rows = await passRows(ctx, m.userId);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
      expect(rows.filter((r) => r.status !== 'pending').every((r) => r.closedAt)).toBe(true);
    });

    it(`${gateway}: two paid tabs confirmed at once: one live pass, the other refunded`, async () => {
      const m = await signInMember(ctx, `VipRaceTabs${gateway}`);
      const monthly = await subscribeVip(ctx, m, 'vip_monthly', gateway);
      if (gateway === 'S') payAtProvider(ctx, monthly);
      const weekly = await subscribeVip(ctx, m, 'vip_weekly', gateway);
      if (gateway === 'P') payAtProvider(ctx, monthly);
      payAtProvider(ctx, weekly);
      // each tab comes back five times at once
      const replies = await Promise.all(
        [monthly, weekly, monthly, weekly, monthly, weekly, monthly, weekly, monthly, weekly].map(
          (x) => confirmVip(ctx, m, x),
        ),
      );
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const live = await liveOf(m.userId);
      expect(live).toHaveLength(1);
      const loser = live[0]?.id === monthly.vipId ? weekly.vipId : monthly.vipId;
      const refunds = await ctx.services.vip.refundsOf(loser);
      expect(refunds.map((r) => [r.reason, r.providerStatus])).toEqual([['duplicate', 'done']]);
      const fake = sandboxOf(ctx);
      if (gateway === 'S') {
        const loserStarted = loser === monthly.vipId ? monthly : weekly;
        const subId = fake.stripe.session(loserStarted.sessionId ?? '')?.subscription ?? '';
        expect(fake.stripe.subscription(subId)?.status).toBe('canceled');
        expect(fake.calls['stripe.refund']).toBeGreaterThanOrEqual(1);
      } else {
        const loserStarted = loser === monthly.vipId ? monthly : weekly;
        const sub = fake.paypal.subscription(loserStarted.paypalSubscriptionId ?? '');
        expect(sub?.sales.map((x) => Boolean(x.refundId))).toEqual([true]);
      }
    });

    it(`${gateway}: a subscribe and the return of a paid checkout at once: never two passes`, async () => {
      for (let round = 0; round < 3; round++) {
        const m = await signInMember(ctx, `VipRaceMixed${gateway}${round}`);
        const paid = await subscribeVip(ctx, m, 'vip_monthly', gateway);
        payAtProvider(ctx, paid);
        const { api } = await import('../payments/payments.test-support');
        const [confirm, other] = await Promise.all([
          confirmVip(ctx, m, paid),
          api(ctx.app, m, 'POST', '/vip/subscribe', { plan: 'vip_weekly', pymnGtwy: gateway }),
        ]);
        expect(confirm.statusCode, confirm.body).toBe(200);
        // the subscribe either saw the live pass (409090) or replaced the open checkout
        expect([0, 409090]).toContain(body(other).code);
        expect(body<VipPassData>(confirm).data.active).toBe(true);
        const rows = await passRows(ctx, m.userId);
        expect((await liveOf(m.userId)).map((r) => r.id)).toEqual([paid.vipId]);
        expect(rows.filter((r) => r.status === 'pending').length).toBeLessThanOrEqual(1);
      }
    });
  }

  it('G: two paid Google Play passes verified at once: one live, the other revoked at Google', async () => {
    const { api } = await import('../payments/payments.test-support');
    const m = await signInMember(ctx, 'VipRaceGoogle');
    const store = ctx.services.iap.sandbox.playStore;
    if (!store) throw new Error('no Play stand-in');
    const packageName = ctx.services.iap.packageName;
    const passes: { vipId: string; productId: string; token: string }[] = [];
    for (const [plan, days] of [
      ['vip_monthly', 30],
      ['vip_weekly', 7],
    ] as const) {
      const r = await api(ctx.app, m, 'POST', '/vip/subscribe', { plan, pymnGtwy: 'G' });
      const vipId = body<{ vipId: string }>(r).data.vipId;
      const token = playSubscribed(ctx, vipId, plan, days);
      passes.push({ vipId, productId: plan, token });
    }
    const replies = await Promise.all(
      [...passes, ...passes, ...passes].map((p) =>
        api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
          vipId: p.vipId,
          packageName,
          productId: p.productId,
          purchaseToken: p.token,
        }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const live = await liveOf(m.userId);
    expect(live).toHaveLength(1);
    const loser = passes.find((p) => p.vipId !== live[0]?.id);
    const refunds = await ctx.services.vip.refundsOf(loser?.vipId ?? '');
    expect(refunds.map((r) => [r.reason, r.providerStatus])).toEqual([['duplicate', 'done']]);
    expect(store.revoked.filter((t) => t === loser?.token).length).toBeGreaterThanOrEqual(1);
    expect(store.revoked.filter((t) => t !== loser?.token)).toEqual([]);
  });

  it('two sweeps retrying the same failed duplicate refund at once: the provider is called once per round, one refund recorded done', async () => {
    const { api } = await import('../payments/payments.test-support');
    const store = ctx.services.iap.sandbox.playStore;
    if (!store) throw new Error('no Play stand-in');
    const packageName = ctx.services.iap.packageName;
    for (let round = 0; round < 4; round++) {
      const m = await signInMember(ctx, `VipRetryRace${round}`);
      const tokens: string[] = [];
      let duplicate = '';
      // the app opened both checkouts before either was paid (the second closes the first)
      const opened = new Map<string, string>();
      for (const plan of ['vip_monthly', 'vip_weekly'] as const) {
        const r = await api(ctx.app, m, 'POST', '/vip/subscribe', { plan, pymnGtwy: 'G' });
        opened.set(plan, body<{ vipId: string }>(r).data.vipId);
      }
      for (const [plan, days] of [
        ['vip_weekly', 7],
        ['vip_monthly', 30],
      ] as const) {
        const vipId = opened.get(plan) ?? '';
        const token = playSubscribed(ctx, vipId, plan, days);
        tokens.push(token);
        // Google is down for the duplicate's revoke right after its verify
        if (plan === 'vip_monthly') {
          store.failRevokes = 1;
          duplicate = vipId;
        }
        const v = await api(ctx.app, m, 'PUT', '/vip/iap/google/verify', {
          vipId,
          packageName,
          productId: plan,
          purchaseToken: token,
        });
        expect(v.statusCode, v.body).toBe(200);
      }
      const status = async () =>
        (await ctx.services.vip.refundsOf(duplicate)).map((r) => [r.reason, r.providerStatus]);
      expect(await status()).toEqual([['duplicate', 'failed']]);
      const calls = () => store.revoked.filter((t) => t === tokens[1]).length;
      // odd rounds: Google fails once more, so one of the racing calls (if two were made) fails
      if (round % 2 === 1) store.failRevokes = 1;
      await Promise.all([
        ctx.services.vip.retryDuplicateRefunds(),
        ctx.services.vip.retryDuplicateRefunds(),
      ]);
      if (round % 2 === 1) {
        // the one claimed call failed: still owed, tried again by the next sweep
        expect(calls()).toBe(0);
        expect(await status()).toEqual([['duplicate', 'failed']]);
        ctx.clock.advance(FAILED_REFUND_RETRY_MS + 1000);
        await Promise.all([
          ctx.services.vip.retryDuplicateRefunds(),
          ctx.services.vip.retryDuplicateRefunds(),
        ]);
      }
      expect(calls()).toBe(1);
      expect(await status()).toEqual([['duplicate', 'done']]);
      const [refund] = await ctx.services.vip.refundsOf(duplicate);
      expect(refund?.providerRefundId).toMatch(/^revoke:/);
      // settled: later sweeps call Google no more
      await ctx.services.vip.retryDuplicateRefunds();
      expect(calls()).toBe(1);
      expect(store.failRevokes).toBe(0);
    }
  });
});
