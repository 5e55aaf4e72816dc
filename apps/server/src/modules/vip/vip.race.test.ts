import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { body, sandboxOf } from '../payments/payments.test-support';
import { signInMember } from '../wallet/wallet.test-support';
import { postVipStripe, stripeInvoice, stripeVipBought } from './vip.test-support';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('VIP races on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
    ctx.clock.set(new Date());
  });
  afterAll(async () => {
    await ctx.close();
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
});
