import { beforeEach, describe, expect, it } from 'vitest';
import { ResultCode, type VipPassData, type VipStatusData } from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../test/harness';
import { api, body, sandboxOf } from '../payments/payments.test-support';
import { signInAgain, signInMember } from '../wallet/wallet.test-support';
import { postVipStripe, stripeInvoice, stripeVipBought } from './vip.test-support';

const DAY = 86_400_000;

describe('VIP pass through Stripe subscriptions (local wire-format stand-in)', () => {
  const ctx = useTestContext({ seed: false });
  // the stand-in dates periods by the wall clock; the app's clock starts there
  beforeEach(() => ctx.clock.set(new Date()));

  // the route while the session is fresh; the service once the clock has moved past its token
  const status = async (who: { token: string; userId: string }) => {
    const r = await api(ctx.app, who, 'GET', '/vip/status');
    if (r.statusCode === 200) return body<VipStatusData>(r).data.pass;
    return ctx.services.vip.passOf(who.userId);
  };

  it('start, renew, renewal failure into grace, cancel, expire — each notice replayed harmlessly', async () => {
    const m = await signInMember(ctx, 'VipLife');
    expect(await status(m)).toBeNull();
    const bought = await stripeVipBought(ctx, m, 'vip_weekly');
    expect(bought.pass).toMatchObject({
      plan: 'vip_weekly',
      gateway: 'S',
      status: 'active',
      active: true,
      renews: true,
      cancelable: true,
    });
    const fake = sandboxOf(ctx).stripe;
    const sub = fake.subscription(bought.subscriptionId);
    if (!sub) throw new Error('no subscription at the stand-in');
    expect(bought.pass.activeUntil).toBe(new Date(sub.current_period_end * 1000).toISOString());

    // the return replayed and Stripe's own notices of the same start add nothing
    const again = await api(ctx.app, m, 'PUT', '/vip/stripe/confirm', {
      vipId: bought.vipId,
      sessionId: bought.sessionId,
    });
    expect(again.statusCode).toBe(200);
    const created = fake.subscriptionJson(bought.subscriptionId);
    const firstInvoice = stripeInvoice(
      sub.latest_invoice,
      sub.id,
      { start: sub.current_period_start, end: sub.current_period_end },
      bought.vipId,
    );
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await postVipStripe(ctx, 'customer.subscription.created', created, {
            eventId: 'evt_created',
          })
        ).statusCode,
      ).toBe(200);
      expect((await postVipStripe(ctx, 'invoice.paid', firstInvoice)).statusCode).toBe(200);
    }
    expect(await ctx.services.vip.periodsOf(bought.vipId)).toHaveLength(1);

    // renewal: a new invoice for the next week; 5 deliveries under new event ids, one period
    const renewed = fake.renew(sub.id);
    const renewal = stripeInvoice(renewed.latest_invoice, sub.id, {
      start: renewed.current_period_start,
      end: renewed.current_period_end,
    });
    for (let i = 0; i < 5; i++)
      expect((await postVipStripe(ctx, 'invoice.paid', renewal)).statusCode).toBe(200);
    expect(await ctx.services.vip.periodsOf(bought.vipId)).toHaveLength(2);
    const afterRenewal = await status(m);
    expect(afterRenewal?.activeUntil).toBe(
      new Date(renewed.current_period_end * 1000).toISOString(),
    );

    // the next renewal fails: past_due, access continues through grace while Stripe retries
    ctx.clock.set(new Date(renewed.current_period_end * 1000 + 60_000));
    expect((await status(m))?.active).toBe(false);
    const failed = fake.failRenewal(sub.id);
    const failedInvoice = stripeInvoice(failed.invoice, sub.id, {
      start: renewed.current_period_end,
      end: renewed.current_period_end + 7 * 86_400,
    });
    const failure = await postVipStripe(ctx, 'invoice.payment_failed', failedInvoice, {
      eventId: 'evt_fail_1',
    });
    expect(body<{ outcome: string }>(failure).data.outcome).toBe('applied');
    const replayed = await postVipStripe(ctx, 'invoice.payment_failed', failedInvoice, {
      eventId: 'evt_fail_1',
    });
    expect(body<{ outcome: string }>(replayed).data.outcome).toBe('replay');
    const inGrace = await status(m);
    expect(inGrace).toMatchObject({ status: 'grace', active: true, renews: false });
    ctx.clock.advance(3 * DAY + 1000);
    expect((await status(m))?.active).toBe(false);

    // the retry succeeds (a paid invoice): active again, grace over
    ctx.clock.set(new Date(renewed.current_period_end * 1000 + DAY));
    const paidLate = stripeInvoice(failed.invoice, sub.id, {
      start: renewed.current_period_end,
      end: renewed.current_period_end + 7 * 86_400,
    });
    await postVipStripe(ctx, 'invoice.paid', paidLate);
    expect(await status(m)).toMatchObject({ status: 'active', active: true, renews: true });

    // cancel from the profile: Stripe stops renewal at the period end; access runs on
    const fresh = await signInAgain(ctx, m);
    const cancel = await api(ctx.app, fresh, 'POST', '/vip/cancel', { vipId: bought.vipId });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(body<VipPassData>(cancel).data).toMatchObject({
      active: true,
      renews: false,
      cancelable: false,
    });
    expect(fake.subscription(sub.id)?.cancel_at_period_end).toBe(true);
    const again2 = await api(ctx.app, fresh, 'POST', '/vip/cancel', { vipId: bought.vipId });
    expect(body(again2).code).toBe(ResultCode.VIP_NOT_CANCELABLE);

    // the end: customer.subscription.deleted, twice
    for (let i = 0; i < 2; i++) {
      await postVipStripe(
        ctx,
        'customer.subscription.deleted',
        { ...fake.subscriptionJson(sub.id), status: 'canceled' },
        { eventId: 'evt_deleted' },
      );
    }
    expect(await status(m)).toMatchObject({ status: 'expired', active: false, renews: false });
    expect(await ctx.services.vip.periodsOf(bought.vipId)).toHaveLength(3);
  });

  it('refund ends the pass at once; replays change nothing', async () => {
    const m = await signInMember(ctx, 'VipRefund');
    const bought = await stripeVipBought(ctx, m, 'vip_monthly');
    const sub = sandboxOf(ctx).stripe.subscription(bought.subscriptionId);
    expect(bought.pass.active).toBe(true);
    const charge = {
      id: 'ch_vip_1',
      object: 'charge',
      invoice: sub?.latest_invoice,
      amount_refunded: 1499,
    };
    for (let i = 0; i < 3; i++) {
      const r = await postVipStripe(ctx, 'charge.refunded', charge, { eventId: 'evt_refund' });
      expect(r.statusCode).toBe(200);
    }
    expect(await status(m)).toMatchObject({ status: 'refunded', active: false });
    // a stale invoice.paid of the refunded period does not reopen it
    await postVipStripe(
      ctx,
      'invoice.paid',
      stripeInvoice(sub?.latest_invoice ?? '', bought.subscriptionId, {
        start: sub?.current_period_start ?? 0,
        end: sub?.current_period_end ?? 0,
      }),
    );
    expect((await status(m))?.active).toBe(false);
  });

  it('bad input is refused with its code and changes nothing', async () => {
    const m = await signInMember(ctx, 'VipBad');
    const other = await signInMember(ctx, 'VipOther');
    const guest = await joinGuest(ctx.app);
    const guestTry = await api(ctx.app, guest, 'POST', '/vip/subscribe', {
      plan: 'vip_weekly',
      pymnGtwy: 'S',
    });
    expect(body(guestTry).code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    for (const bad of [
      { plan: 'vip_daily', pymnGtwy: 'S' },
      { plan: 'vip_weekly', pymnGtwy: 'X' },
      { plan: 'vip_weekly' },
      {},
    ]) {
      const r = await api(ctx.app, m, 'POST', '/vip/subscribe', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(r).code).toBe(ResultCode.BAD_REQUEST);
    }
    expect(
      (
        await api(ctx.app, undefined, 'POST', '/vip/subscribe', {
          plan: 'vip_weekly',
          pymnGtwy: 'S',
        })
      ).statusCode,
    ).toBe(401);

    const started = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_weekly',
      pymnGtwy: 'S',
    });
    const { vipId, sessionId } = body<{ vipId: string; sessionId: string }>(started).data;
    // not paid yet
    const early = await api(ctx.app, m, 'PUT', '/vip/stripe/confirm', { vipId, sessionId });
    expect(body(early).code).toBe(ResultCode.VIP_NOT_COMPLETED);
    sandboxOf(ctx).stripe.complete(sessionId);
    // another user's pass; a session of another pass; a made-up vipId
    expect(
      body(await api(ctx.app, other, 'PUT', '/vip/stripe/confirm', { vipId, sessionId })).code,
    ).toBe(ResultCode.VIP_NOT_FOUND);
    const otherStart = body<{ vipId: string }>(
      await api(ctx.app, other, 'POST', '/vip/subscribe', { plan: 'vip_weekly', pymnGtwy: 'S' }),
    ).data;
    expect(
      body(
        await api(ctx.app, other, 'PUT', '/vip/stripe/confirm', {
          vipId: otherStart.vipId,
          sessionId,
        }),
      ).code,
    ).toBe(ResultCode.VIP_MISMATCH);
    expect(
      body(await api(ctx.app, m, 'PUT', '/vip/stripe/confirm', { vipId: 'not-a-uuid', sessionId }))
        .code,
    ).toBe(ResultCode.BAD_REQUEST);
    expect(await status(other)).toBeNull();
    expect(await status(m)).toBeNull();

    // a webhook with a wrong signature changes nothing
    const sub = sandboxOf(ctx).stripe.session(sessionId)?.subscription ?? '';
    const forged = await postVipStripe(
      ctx,
      'invoice.paid',
      stripeInvoice('in_forged', sub, { start: 1, end: 4_000_000_000 }, vipId),
      { secret: 'whsec_wrong' },
    );
    expect(forged.statusCode).toBe(400);
    expect(body(forged).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    expect(await status(m)).toBeNull();

    // the real return; then a second pass while this one is active is refused
    expect(
      (await api(ctx.app, m, 'PUT', '/vip/stripe/confirm', { vipId, sessionId })).statusCode,
    ).toBe(200);
    const second = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_monthly',
      pymnGtwy: 'S',
    });
    expect(body(second).code).toBe(ResultCode.VIP_ALREADY_ACTIVE);
    // cancel of another user's pass
    expect(body(await api(ctx.app, other, 'POST', '/vip/cancel', { vipId })).code).toBe(
      ResultCode.VIP_NOT_FOUND,
    );
    expect((await status(m))?.renews).toBe(true);
  });
});
