import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type VipPassData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { api, body, sandboxOf } from '../payments/payments.test-support';
import { signInMember } from '../wallet/wallet.test-support';

const DAY = 86_400_000;

describe('VIP pass through PayPal subscriptions (local wire-format stand-in)', () => {
  const ctx = useTestContext({ seed: false });
  beforeEach(() => ctx.clock.set(new Date()));

  let n = 0;
  const post = (event: unknown, headers = sandboxOf(ctx).paypal.signWebhook(event)) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/payment/webhook/paypal`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(event),
    });
  const event = (
    type: string,
    resource: Record<string, unknown>,
    id = `WH-${++n}-${Date.now()}`,
  ) => ({
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: type.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
    event_type: type,
    resource,
  });
  const outcome = async (e: unknown) => {
    const r = await post(e);
    expect(r.statusCode, r.body).toBe(200);
    return body<{ outcome: string }>(r).data.outcome;
  };

  it('start, renew, failure into grace, cancel, refund, expire; replays harmless; forged refused', async () => {
    const m = await signInMember(ctx, 'VipPaypal');
    const fake = sandboxOf(ctx).paypal;
    const started = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_weekly',
      pymnGtwy: 'P',
    });
    expect(started.statusCode, started.body).toBe(200);
    const { vipId, paypalSubscriptionId, checkoutUrl } = body<{
      vipId: string;
      paypalSubscriptionId: string;
      checkoutUrl: string;
    }>(started).data;
    expect(checkoutUrl).toContain(`subscription_id=${paypalSubscriptionId}`);
    // not approved yet
    const early = await api(ctx.app, m, 'PUT', '/vip/paypal/confirm', {
      vipId,
      subscriptionId: paypalSubscriptionId,
    });
    expect(body(early).code).toBe(ResultCode.VIP_NOT_COMPLETED);

    const sub = fake.approveSubscription(paypalSubscriptionId);
    const confirm = await api(ctx.app, m, 'PUT', '/vip/paypal/confirm', {
      vipId,
      subscriptionId: paypalSubscriptionId,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const pass = body<VipPassData>(confirm).data;
    expect(pass).toMatchObject({
      gateway: 'P',
      status: 'active',
      active: true,
      renews: true,
      cancelable: true,
    });
    const firstSale = sub.sales[0];
    if (!firstSale) throw new Error('no sale');
    expect(pass.activeUntil).toBe(
      new Date(new Date(firstSale.time).getTime() + 7 * DAY).toISOString(),
    );

    // PayPal's notices of the same start add nothing; replays answer replay
    const activated = event('BILLING.SUBSCRIPTION.ACTIVATED', {
      id: sub.id,
      status: 'ACTIVE',
      custom_id: vipId,
      plan_id: sub.planId,
    });
    expect(await outcome(activated)).toBe('applied');
    expect(await outcome(activated)).toBe('replay');
    const sale1 = event('PAYMENT.SALE.COMPLETED', {
      id: firstSale.id,
      state: 'completed',
      billing_agreement_id: sub.id,
      create_time: firstSale.time,
    });
    expect(await outcome(sale1)).toBe('applied');
    expect(await outcome(sale1)).toBe('replay');
    expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(1);

    // the next cycle: one period whatever the deliveries
    const next = fake.chargeNextCycle(sub.id);
    const sale2 = {
      id: next.id,
      state: 'completed',
      billing_agreement_id: sub.id,
      create_time: new Date(new Date(firstSale.time).getTime() + 7 * DAY).toISOString(),
    };
    for (let i = 0; i < 3; i++) await outcome(event('PAYMENT.SALE.COMPLETED', sale2));
    expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(2);
    const renewedUntil = new Date(new Date(firstSale.time).getTime() + 14 * DAY);
    expect((await ctx.services.vip.passOf(m.userId))?.activeUntil).toBe(renewedUntil.toISOString());

    // the third cycle fails: grace of 3 days from the failure
    ctx.clock.set(new Date(renewedUntil.getTime() + 1000));
    const failed = event('BILLING.SUBSCRIPTION.PAYMENT.FAILED', { id: sub.id, status: 'ACTIVE' });
    expect(await outcome(failed)).toBe('applied');
    expect(await outcome(failed)).toBe('replay');
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
      status: 'grace',
      active: true,
    });
    ctx.clock.advance(3 * DAY + 2000);
    expect((await ctx.services.vip.passOf(m.userId))?.active).toBe(false);
    // the retry succeeds: a new sale opens a new period
    ctx.clock.set(new Date(renewedUntil.getTime() + DAY));
    const third = fake.chargeNextCycle(sub.id);
    await outcome(
      event('PAYMENT.SALE.COMPLETED', {
        id: third.id,
        billing_agreement_id: sub.id,
        create_time: new Date(renewedUntil.getTime() + DAY).toISOString(),
      }),
    );
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
      status: 'active',
      active: true,
    });

    // cancel (the buyer at PayPal): renewal off, access runs to the period end
    const cancelled = event('BILLING.SUBSCRIPTION.CANCELLED', {
      id: sub.id,
      status: 'CANCELLED',
      custom_id: vipId,
    });
    expect(await outcome(cancelled)).toBe('applied');
    expect(await outcome(cancelled)).toBe('replay');
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({ active: true, renews: false });

    // refund of the last sale: access ends at once
    const refunded = event('PAYMENT.SALE.REFUNDED', {
      id: 'REFUND-1',
      sale_id: third.id,
      state: 'completed',
    });
    expect(await outcome(refunded)).toBe('applied');
    expect(await outcome(refunded)).toBe('replay');
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
      status: 'refunded',
      active: false,
    });
    // expired afterwards stays refunded (the stronger end)
    expect(
      await outcome(event('BILLING.SUBSCRIPTION.EXPIRED', { id: sub.id, status: 'EXPIRED' })),
    ).toBe('applied');
    expect((await ctx.services.vip.passOf(m.userId))?.status).toBe('refunded');
    expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(3);

    // a forged notice (signed for another webhook id) changes nothing
    const forged = event('PAYMENT.SALE.COMPLETED', {
      id: 'FORGED',
      billing_agreement_id: sub.id,
      create_time: new Date().toISOString(),
    });
    const r = await post(forged, fake.signWebhook(forged, 'WH-OTHER'));
    expect(r.statusCode).toBe(400);
    expect(body(r).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    expect(await ctx.services.vip.periodsOf(vipId)).toHaveLength(3);
  });

  it('cancel from the profile stops renewal at PayPal; expiry ends the pass', async () => {
    const m = await signInMember(ctx, 'VipPaypalCancel');
    const fake = sandboxOf(ctx).paypal;
    const started = body<{ vipId: string; paypalSubscriptionId: string }>(
      await api(ctx.app, m, 'POST', '/vip/subscribe', { plan: 'vip_monthly', pymnGtwy: 'P' }),
    ).data;
    fake.approveSubscription(started.paypalSubscriptionId);
    // a subscription id of another pass is refused
    const other = await signInMember(ctx, 'VipPaypalOther');
    const otherStart = body<{ vipId: string }>(
      await api(ctx.app, other, 'POST', '/vip/subscribe', { plan: 'vip_monthly', pymnGtwy: 'P' }),
    ).data;
    const wrong = await api(ctx.app, other, 'PUT', '/vip/paypal/confirm', {
      vipId: otherStart.vipId,
      subscriptionId: started.paypalSubscriptionId,
    });
    expect(body(wrong).code).toBe(ResultCode.VIP_MISMATCH);

    await api(ctx.app, m, 'PUT', '/vip/paypal/confirm', {
      vipId: started.vipId,
      subscriptionId: started.paypalSubscriptionId,
    });
    const cancel = await api(ctx.app, m, 'POST', '/vip/cancel', { vipId: started.vipId });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(body<VipPassData>(cancel).data).toMatchObject({ active: true, renews: false });
    expect(fake.subscription(started.paypalSubscriptionId)?.status).toBe('CANCELLED');
    await outcome(
      event('BILLING.SUBSCRIPTION.EXPIRED', {
        id: started.paypalSubscriptionId,
        status: 'EXPIRED',
      }),
    );
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
      status: 'expired',
      active: false,
    });
  });
});
