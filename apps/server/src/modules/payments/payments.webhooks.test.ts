import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { type TestContext, useTestContext } from '../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from '../wallet/wallet.test-support';
import {
  api,
  body,
  paypalApproved,
  sandboxOf,
  stripePaid,
  tossApproved,
} from './payments.test-support';
import { SANDBOX_KEYS } from './sandbox/fake-providers';

const stripeSigner = new Stripe(SANDBOX_KEYS.stripeSecretKey);

function stripeEvent(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

function postStripe(
  ctx: TestContext,
  payload: string,
  secret: string = SANDBOX_KEYS.stripeWebhookSecret,
) {
  const signature = stripeSigner.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/stripe`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

function postPaypal(ctx: TestContext, event: unknown, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/paypal`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(event),
  });
}

describe('payment webhooks', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);

  it('Stripe: a signed checkout.session.completed credits once over 10 replays; a tampered one is refused', async () => {
    const m = await signInMember(ctx, 'StripeHook');
    const { ordrId, sessionId } = await stripePaid(ctx, m, 'coin_300', 2.99);
    const payload = stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
    });
    const tampered = await postStripe(ctx, payload, 'whsec_wrong');
    expect(tampered.statusCode).toBe(400);
    expect(body(tampered).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/payment/webhook/stripe`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(body(unsigned).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    for (let i = 0; i < 10; i++) {
      const r = await postStripe(ctx, payload);
      expect(r.statusCode).toBe(200);
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 300, bonus: 45 });
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('credited');
    // the buyer's own confirm afterwards answers success without crediting again
    const confirm = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', { ordrId, sessionId });
    expect(body<{ already_credited: boolean }>(confirm).data.already_credited).toBe(true);

    // a refund claws back what remains of the paid lot, never the bonus; 10 replays refund once
    const intent = sandboxOf(ctx).stripe.session(sessionId)?.payment_intent;
    const refund = stripeEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 299,
    });
    for (let i = 0; i < 10; i++) expect((await postStripe(ctx, refund)).statusCode).toBe(200);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 45 });
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('refunded');
  });

  it('Toss: status changes are believed only as Toss reports them', async () => {
    const m = await signInMember(ctx, 'TossHook');
    const approved = await tossApproved(ctx, m, 'coin_100', 1200);
    const post = (payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/payment/webhook/toss`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    // forged: Toss does not know the key
    const forged = await post({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: 'tgen_forged', status: 'DONE' },
    });
    expect(body(forged).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    // claims DONE, but Toss says READY (not confirmed): nothing is credited
    const early = await post({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { paymentKey: approved.pymnKey, status: 'DONE' },
    });
    expect(early.statusCode).toBe(200);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    const confirmed = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', approved);
    expect(confirmed.statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await post({
            eventType: 'PAYMENT_STATUS_CHANGED',
            data: { paymentKey: approved.pymnKey, status: 'DONE' },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 100, bonus: 10 });
    sandboxOf(ctx).toss.cancel(approved.pymnKey);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await post({
            eventType: 'PAYMENT_STATUS_CHANGED',
            data: { paymentKey: approved.pymnKey, status: 'CANCELED' },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 10 });
  });

  it('PayPal: verified capture completed credits once over 10 replays; tampered refused; refund once', async () => {
    const m = await signInMember(ctx, 'PaypalHook');
    const created = await paypalApproved(ctx, m, 'coin_500');
    // the capture happens (the buyer's confirm reply was lost); PayPal's webhook tells us
    const fake = sandboxOf(ctx);
    const order = fake.paypal.order(created.paypalOrderId);
    expect(order).toBeDefined();
    const captured = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', created);
    expect(captured.statusCode).toBe(200);
    const captureId = fake.paypal.order(created.paypalOrderId)?.captureId ?? '';
    const event = {
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: captureId,
        custom_id: created.ordrId,
        supplementary_data: { related_ids: { order_id: created.paypalOrderId } },
      },
    };
    const headers = fake.paypal.signWebhook(event);
    const tampered = await postPaypal(
      ctx,
      { ...event, resource: { ...event.resource, custom_id: 'x' } },
      headers,
    );
    expect(body(tampered).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    const wrongHook = await postPaypal(ctx, event, fake.paypal.signWebhook(event, 'WH-OTHER'));
    expect(body(wrongHook).code).toBe(ResultCode.WEBHOOK_SIGNATURE_INVALID);
    for (let i = 0; i < 10; i++)
      expect((await postPaypal(ctx, event, headers)).statusCode).toBe(200);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
    const refund = {
      id: 'WH-2',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'REFUND1', custom_id: created.ordrId },
    };
    const refundHeaders = fake.paypal.signWebhook(refund);
    for (let i = 0; i < 10; i++)
      expect((await postPaypal(ctx, refund, refundHeaders)).statusCode).toBe(200);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 100 });
  });

  it('the sweep credits a capture whose confirm never finished, and paid-but-uncredited orders, once', async () => {
    const m = await signInMember(ctx, 'Sweep');
    const fake = sandboxOf(ctx);
    // Stripe: the buyer paid, the return never reached us
    await stripePaid(ctx, m, 'coin_100', 0.99);
    // PayPal: captured at PayPal, then the process died before recording it
    const created = await paypalApproved(ctx, m, 'coin_300');
    const { createPaypalClient } = await import('./providers/paypal');
    const paypal = createPaypalClient({
      clientId: SANDBOX_KEYS.paypalClientId,
      clientSecret: SANDBOX_KEYS.paypalClientSecret,
      webhookId: SANDBOX_KEYS.paypalWebhookId,
      environment: 'sandbox',
      apiBase: async () => `${await fake.url()}/paypal`,
    });
    expect((await paypal.captureOrder(created.paypalOrderId)).ok).toBe(true);
    // Toss: confirmed at Toss, then the process died
    const toss = await tossApproved(ctx, m, 'coin_500', 5900);
    const { createTossClient } = await import('./providers/toss');
    const tossClient = createTossClient({
      secretKey: SANDBOX_KEYS.tossSecretKey,
      apiBase: async () => `${await fake.url()}/toss`,
    });
    expect(
      (await tossClient.confirm({ paymentKey: toss.pymnKey, orderId: toss.ordrId, amount: 5900 }))
        .ok,
    ).toBe(true);
    // recorded paid, died before the credit
    const t2 = await tossApproved(ctx, m, 'coin_1000', 11000);
    expect(
      (await tossClient.confirm({ paymentKey: t2.pymnKey, orderId: t2.ordrId, amount: 11000 })).ok,
    ).toBe(true);
    await ctx.services.payments.recordPaid(t2.ordrId, {
      provider: 'T',
      providerTxnId: t2.pymnKey,
      amountMinor: 11000,
      currency: 'KRW',
    });
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });

    ctx.clock.advance(6 * 60_000);
    const first = await ctx.services.webGateways.sweep();
    expect(first).toEqual({ credited: 1, reconciled: 3, canceled: 0, errors: 0 });
    const expected = { paid: 100 + 300 + 500 + 1000, bonus: 10 + 45 + 100 + 250 };
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(expected);
    for (let i = 0; i < 10; i++) {
      expect(await ctx.services.webGateways.sweep()).toEqual({
        credited: 0,
        reconciled: 0,
        canceled: 0,
        errors: 0,
      });
    }
    // the buyer's late confirm is answered from our books
    const late = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', toss);
    expect(body<{ already_credited: boolean }>(late).data.already_credited).toBe(true);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(expected);

    // an order nobody paid is canceled after 24 hours
    const abandoned = body<{ ordrId: string }>(
      await api(ctx.app, m, 'POST', '/payment/regist', {
        godsCode: 'coin_100',
        pymnGtwy: 'T',
        price: 1200,
      }),
    ).data;
    ctx.clock.advance(25 * 3_600_000);
    const later = await ctx.services.webGateways.sweep();
    expect(later.canceled).toBe(1);
    expect((await ctx.services.payments.requireOrder(abandoned.ordrId)).state).toBe('canceled');
  });
});
