import { beforeEach, describe, expect, it } from 'vitest';
import { ResultCode, type VipPassData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { body, sandboxOf } from '../payments/payments.test-support';
import { signInMember } from '../wallet/wallet.test-support';
import { confirmVip, passRows, payAtProvider, subscribeVip } from './vip.test-support';

/**
 * Issue 39 item 3: a viewer holds one live pass. Two subscribes before paying used to open two
 * checkouts, and paying both gave two live, renewing passes (Stripe and PayPal alike).
 */
describe('one live VIP pass per viewer', () => {
  const ctx = useTestContext({ seed: false });
  beforeEach(() => ctx.clock.set(new Date()));

  const live = (rows: Awaited<ReturnType<typeof passRows>>) =>
    rows.filter((r) => r.status === 'active' || r.status === 'grace');

  for (const gateway of ['S', 'P'] as const) {
    it(`${gateway}: a second subscribe for the same plan answers the open checkout`, async () => {
      const m = await signInMember(ctx, `Vip1${gateway}`);
      const first = await subscribeVip(ctx, m, 'vip_monthly', gateway);
      const second = await subscribeVip(ctx, m, 'vip_monthly', gateway);
      expect(second).toEqual(first);
      payAtProvider(ctx, first);
      for (const started of [first, second]) {
        const r = await confirmVip(ctx, m, started);
        expect(r.statusCode, r.body).toBe(200);
      }
      const rows = await passRows(ctx, m.userId);
      expect(rows).toHaveLength(1);
      expect(live(rows)).toHaveLength(1);
    });

    it(`${gateway}: another plan replaces the open checkout; the old one cannot go live beside it`, async () => {
      const m = await signInMember(ctx, `Vip2${gateway}`);
      const monthly = await subscribeVip(ctx, m, 'vip_monthly', gateway);
      const weekly = await subscribeVip(ctx, m, 'vip_weekly', gateway);
      expect(weekly.vipId).not.toBe(monthly.vipId);
      const closed = (await passRows(ctx, m.userId)).find((r) => r.id === monthly.vipId);
      expect(closed).toMatchObject({ status: 'expired' });
      expect(closed?.closedAt).not.toBeNull();
      const fake = sandboxOf(ctx);
      if (gateway === 'S') {
        // closed at Stripe: the old page can no longer be paid
        expect(fake.stripe.session(monthly.sessionId ?? '')?.status).toBe('expired');
        payAtProvider(ctx, monthly);
        expect(body(await confirmVip(ctx, m, monthly)).code).toBe(ResultCode.VIP_NOT_COMPLETED);
      } else {
        // PayPal refuses to cancel a subscription still waiting for approval: it stays payable
        expect(fake.paypal.subscription(monthly.paypalSubscriptionId ?? '')?.status).toBe(
          'APPROVAL_PENDING',
        );
      }
      payAtProvider(ctx, weekly);
      const r = await confirmVip(ctx, m, weekly);
      expect(body<VipPassData>(r).data).toMatchObject({ plan: 'vip_weekly', active: true });
      if (gateway === 'P') {
        // the buyer approves the old page after all: that payment is refunded, never a 2nd pass
        payAtProvider(ctx, monthly);
        const late = await confirmVip(ctx, m, monthly);
        expect(body<VipPassData>(late).data).toMatchObject({ status: 'refunded', active: false });
        const sub = fake.paypal.subscription(monthly.paypalSubscriptionId ?? '');
        expect(sub?.status).toBe('CANCELLED');
        expect(sub?.sales.every((x) => x.refundId)).toBe(true);
      }
      const rows = await passRows(ctx, m.userId);
      expect(live(rows).map((x) => x.id)).toEqual([weekly.vipId]);
    });

    it(`${gateway}: both tabs paid (monthly and weekly): the second is refunded at once`, async () => {
      const m = await signInMember(ctx, `Vip3${gateway}`);
      // the buyer had both provider pages open and paid both before coming back (Stripe: the
      // first page was paid before the second subscribe, so closing it came too late)
      const monthly = await subscribeVip(ctx, m, 'vip_monthly', gateway);
      if (gateway === 'S') payAtProvider(ctx, monthly);
      const weekly = await subscribeVip(ctx, m, 'vip_weekly', gateway);
      if (gateway === 'P') payAtProvider(ctx, monthly);
      payAtProvider(ctx, weekly);
      const first = await confirmVip(ctx, m, weekly);
      expect(body<VipPassData>(first).data).toMatchObject({ active: true, renews: true });
      const second = await confirmVip(ctx, m, monthly);
      expect(second.statusCode, second.body).toBe(200);
      expect(body<VipPassData>(second).data).toMatchObject({
        status: 'refunded',
        active: false,
        renews: false,
      });
      // the webhooks of the refunded pass change nothing
      const again = await confirmVip(ctx, m, monthly);
      expect(body<VipPassData>(again).data.status).toBe('refunded');

      const rows = await passRows(ctx, m.userId);
      expect(live(rows).map((r) => r.id)).toEqual([weekly.vipId]);
      expect(rows.filter((r) => r.autoRenew && r.status === 'active')).toHaveLength(1);
      const duplicate = rows.find((r) => r.id === monthly.vipId);
      expect(duplicate?.duplicateOf).toBe(weekly.vipId);
      const refunds = await ctx.services.vip.refundsOf(monthly.vipId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ reason: 'duplicate', providerStatus: 'done' });
      expect(refunds[0]?.providerRefundId).toBeTruthy();
      const periods = await ctx.services.vip.periodsOf(monthly.vipId);
      expect(periods.map((p) => p.refundedAt !== null)).toEqual([true]);

      // at the provider: the duplicate's subscription ended, its charge returned
      const fake = sandboxOf(ctx);
      if (gateway === 'S') {
        const subId = fake.stripe.session(monthly.sessionId ?? '')?.subscription ?? '';
        expect(fake.stripe.subscription(subId)?.status).toBe('canceled');
        const kept = fake.stripe.session(weekly.sessionId ?? '')?.subscription ?? '';
        expect(fake.stripe.subscription(kept)?.status).toBe('active');
      } else {
        const sub = fake.paypal.subscription(monthly.paypalSubscriptionId ?? '');
        expect(sub?.status).toBe('CANCELLED');
        expect(sub?.sales.map((s) => Boolean(s.refundId))).toEqual([true]);
        const kept = fake.paypal.subscription(weekly.paypalSubscriptionId ?? '');
        expect(kept?.status).toBe('ACTIVE');
      }
    });
  }

  it('a Stripe and a PayPal pass paid together: one live, the other refunded', async () => {
    const m = await signInMember(ctx, 'Vip4');
    const stripe = await subscribeVip(ctx, m, 'vip_weekly', 'S');
    payAtProvider(ctx, stripe); // the first tab was paid before the second replaced it
    const paypal = await subscribeVip(ctx, m, 'vip_weekly', 'P');
    payAtProvider(ctx, paypal);
    expect((await confirmVip(ctx, m, paypal)).statusCode).toBe(200);
    const late = body<VipPassData>(await confirmVip(ctx, m, stripe)).data;
    expect(late.status).toBe('refunded');
    expect(live(await passRows(ctx, m.userId)).map((r) => r.id)).toEqual([paypal.vipId]);
  });

  it('subscribing while a pass is active is refused and opens nothing', async () => {
    const m = await signInMember(ctx, 'Vip5');
    const started = await subscribeVip(ctx, m, 'vip_weekly', 'S');
    payAtProvider(ctx, started);
    await confirmVip(ctx, m, started);
    const { api } = await import('../payments/payments.test-support');
    const r = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_monthly',
      pymnGtwy: 'P',
    });
    expect(body(r).code).toBe(ResultCode.VIP_ALREADY_ACTIVE);
    expect(await passRows(ctx, m.userId)).toHaveLength(1);
  });
});
