import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { type TestContext, useTestContext } from '../../test/harness';
import { expectLedgerBalanced, signInMember } from '../wallet/wallet.test-support';
import {
  appleNotify,
  appleStore,
  appleVerify,
  expectAppleRefunded,
  googleNotify,
  googlePurchase,
  googleVerify,
  PACK,
  registerOrder,
  resultOf,
} from './iap/iap.test-support';
import { api, body, paypalApproved, sandboxOf, stripePaid } from './payments.test-support';
import { SANDBOX_KEYS } from './sandbox/fake-providers';

/**
 * Issue 39, items 1, 2 and 5: a refund reported before the purchase is kept and wins when the
 * purchase arrives; a signed event without its object is refused in the envelope.
 */
const signer = new Stripe(SANDBOX_KEYS.stripeSecretKey);

function postStripe(ctx: TestContext, payload: string) {
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: SANDBOX_KEYS.stripeWebhookSecret,
  });
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/stripe`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const event = (type: string, data: unknown) =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    ...(data === undefined ? {} : { data }),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });

describe('reversals reported before the purchase', () => {
  const ctx = useTestContext({ seed: false });
  beforeAll(async () => {}, 600_000);
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
  }, 600_000);

  it('Apple: a REFUND before the verify is kept; the verify then credits nothing and the order ends refunded', async () => {
    const m = await signInMember(ctx, 'AppleEarlyRefund');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    const early = await appleNotify(ctx, bought.transactionId, 'REFUND');
    expect(early.status).toBe(200);
    expect(early.data.action).toBe('kept');

    const verified = resultOf(
      await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }),
    );
    expect(verified.status).toBe(200);
    expect(verified.data.stts).toBe('refunded');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    await expectAppleRefunded(ctx, ordrId, bought.transactionId);

    // a replay of the verify or the notification changes nothing
    const again = resultOf(
      await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }),
    );
    expect(again.data.stts).toBe('refunded');
    expect((await appleNotify(ctx, bought.transactionId, 'REFUND')).data.action).toBe('refunded');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it(
    'Stripe: charge.refunded before checkout.session.completed, the confirm or the sweep never credits',
    { timeout: 300_000 },
    async () => {
      for (const path of ['webhook', 'confirm', 'sweep'] as const) {
        const m = await signInMember(ctx, `StripeEarly${path}`);
        const { ordrId, sessionId } = await stripePaid(ctx, m, 'coin_300', 2.99);
        const intent = sandboxOf(ctx).stripe.session(sessionId)?.payment_intent ?? '';
        const refundId = sandboxOf(ctx).stripe.refund(intent);
        const refunded = await postStripe(
          ctx,
          event('charge.refunded', {
            object: {
              id: `ch_${path}`,
              object: 'charge',
              payment_intent: intent,
              amount_refunded: 299,
              refunds: { data: [{ id: refundId }] },
            },
          }),
        );
        expect(refunded.statusCode).toBe(200);
        expect(body<{ outcome: string }>(refunded).data.outcome).toBe('kept');

        if (path === 'webhook') {
          const done = await postStripe(
            ctx,
            event('checkout.session.completed', {
              object: { id: sessionId, object: 'checkout.session' },
            }),
          );
          expect(done.statusCode).toBe(200);
          expect(body<{ outcome: string }>(done).data.outcome).toBe('refunded');
        } else if (path === 'confirm') {
          const r = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', { ordrId, sessionId });
          expect(r.statusCode).toBe(200);
          expect(body<{ stts: string }>(r).data.stts).toBe('refunded');
        } else {
          ctx.clock.advance(10 * 60_000);
          await ctx.services.webGateways.sweep();
        }
        const order = await ctx.services.payments.requireOrder(ordrId);
        expect(order.state).toBe('refunded');
        expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
        const kept = await ctx.services.payments.reversalsOf('S', intent);
        expect(kept.map((r) => [r.kind, r.orderId, r.appliedAt !== null])).toEqual([
          ['refund', ordrId, true],
        ]);
      }
    },
  );

  it('Stripe: a signed event without data.object, or charge.refunded without data, is a 400 in the envelope', async () => {
    const m = await signInMember(ctx, 'StripeMalformed');
    const { ordrId } = await stripePaid(ctx, m, 'coin_300', 2.99);
    for (const payload of [
      event('checkout.session.completed', {}),
      event('checkout.session.completed', { object: null }),
      event('checkout.session.completed', { object: 'cs_x' }),
      event('checkout.session.completed', { object: { object: 'checkout.session' } }),
      event('charge.refunded', undefined),
      event('charge.refunded', { object: { object: 'charge', payment_intent: 'pi_x' } }),
      event('charge.dispute.closed', {}),
    ]) {
      const r = await postStripe(ctx, payload);
      expect(r.statusCode, payload).toBe(400);
      expect(body(r).code).toBe(ResultCode.BAD_REQUEST);
      expect(typeof body(r).message).toBe('string');
    }
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('registered');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it(
    'PayPal: a dispute lost takes the paid coins back, then won gives them back once; replays change nothing',
    { timeout: 300_000 },
    async () => {
      const m = await signInMember(ctx, 'PaypalDispute');
      const created = await paypalApproved(ctx, m, 'coin_500');
      const confirmed = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', created);
      expect(confirmed.statusCode).toBe(200);
      const capture = sandboxOf(ctx).paypal.order(created.paypalOrderId)?.captureId ?? '';
      const dispute = (event_type: string, outcome?: string) => {
        const event = {
          id: `WH-${event_type}-${outcome ?? ''}`,
          event_type,
          resource: {
            dispute_id: 'PP-D-1',
            disputed_transactions: [{ seller_transaction_id: capture }],
            ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
          },
        };
        return ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/payment/webhook/paypal`,
          headers: {
            'content-type': 'application/json',
            ...sandboxOf(ctx).paypal.signWebhook(event),
          },
          payload: JSON.stringify(event),
        });
      };
      const outcome = (r: { json: () => unknown }) =>
        (r.json() as { data: { outcome: string } }).data.outcome;
      expect(outcome(await dispute('CUSTOMER.DISPUTE.CREATED'))).toBe('recorded');
      expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
      for (let i = 0; i < 3; i++) {
        expect(outcome(await dispute('CUSTOMER.DISPUTE.RESOLVED', 'RESOLVED_BUYER_FAVOUR'))).toBe(
          'refunded',
        );
      }
      expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 100 });
      expect((await ctx.services.payments.requireOrder(created.ordrId)).state).toBe('refunded');
      const won = await dispute('CUSTOMER.DISPUTE.RESOLVED', 'RESOLVED_SELLER_FAVOUR');
      expect(outcome(won)).toBe('restored');
      for (let i = 0; i < 3; i++)
        await dispute('CUSTOMER.DISPUTE.RESOLVED', 'RESOLVED_SELLER_FAVOUR');
      expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
      expect((await ctx.services.payments.requireOrder(created.ordrId)).state).toBe('credited');
      // a dispute event that names no transaction is refused in the envelope
      const bad = { id: 'WH-bad', event_type: 'CUSTOMER.DISPUTE.CREATED', resource: {} };
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/payment/webhook/paypal`,
        headers: { 'content-type': 'application/json', ...sandboxOf(ctx).paypal.signWebhook(bad) },
        payload: JSON.stringify(bad),
      });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).code).toBe(ResultCode.BAD_REQUEST);
    },
  );

  it('Apple: REFUND, REFUND_REVERSED, then REVOKE takes the restored coins back (a key per refund)', async () => {
    const m = await signInMember(ctx, 'AppleRefundAgain');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })).data
        .stts,
    ).toBe('credited');
    const full = { paid: PACK.paid, bonus: PACK.firstBonus };
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(full);
    const steps = [
      ['REFUND', 'refunded', 0],
      ['REFUND_REVERSED', 'restored', PACK.paid],
      ['REVOKE', 'refunded', 0],
    ] as const;
    for (const [type, action, paid] of steps) {
      // each notification twice: the replay changes nothing
      expect((await appleNotify(ctx, bought.transactionId, type)).data.action, type).toBe(action);
      await appleNotify(ctx, bought.transactionId, type);
      expect(await ctx.services.wallet.balances(m.userId), type).toEqual({
        paid,
        bonus: PACK.firstBonus,
      });
    }
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('refunded');
    const moves = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
    expect(moves.slice(-3)).toEqual(['refunded', 'credited', 'refunded']);
  });

  it('Stripe: dispute lost, dispute won, then charge.refunded takes the coins back again', async () => {
    const m = await signInMember(ctx, 'StripeDisputeRefund');
    const { ordrId, sessionId } = await stripePaid(ctx, m, 'coin_300', 2.99);
    const r = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', { ordrId, sessionId });
    expect(body<{ stts: string }>(r).data.stts).toBe('credited');
    const credited = await ctx.services.wallet.balances(m.userId);
    expect(credited.paid).toBeGreaterThan(0);
    const intent = sandboxOf(ctx).stripe.session(sessionId)?.payment_intent ?? '';
    const closed = (status: string) =>
      postStripe(
        ctx,
        event('charge.dispute.closed', {
          object: { id: 'dp_again', object: 'dispute', payment_intent: intent, status },
        }),
      );
    expect(body<{ outcome: string }>(await closed('lost')).data.outcome).toBe('refunded');
    expect((await ctx.services.wallet.balances(m.userId)).paid).toBe(0);
    expect(body<{ outcome: string }>(await closed('won')).data.outcome).toBe('restored');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(credited);
    sandboxOf(ctx).stripe.refund(intent);
    const refunded = await postStripe(
      ctx,
      event('charge.refunded', {
        object: { id: 'ch_again', object: 'charge', payment_intent: intent },
      }),
    );
    expect(body<{ outcome: string }>(refunded).data.outcome).toBe('refunded');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({
      paid: 0,
      bonus: credited.bonus,
    });
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('refunded');
  });

  it(
    'Google: a voided purchase reported before the verify ends the order refunded, no coins',
    { timeout: 300_000 },
    async () => {
      const m = await signInMember(ctx, 'GoogleEarlyVoid');
      const ordrId = await registerOrder(ctx, m, 'G');
      const purchase = await googlePurchase(ctx, ordrId);
      const voided = await googleNotify(ctx, purchase.purchaseToken, 'voided');
      expect(voided.data.action).toBe('kept');
      const verified = resultOf(await googleVerify(ctx, m, { ordrId, ...purchase }));
      expect(verified.code).toBe(ResultCode.PAYMENT_DECLINED);
      expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('refunded');
      expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    },
  );
});
