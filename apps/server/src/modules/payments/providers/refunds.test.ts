import { describe, expect, it } from 'vitest';
import { paypalCoinsOrder, useProviderStandIns } from './providers.test-support';

/** The refund calls of the real adapters against the local server speaking each wire format. */
describe('payment provider refunds', () => {
  const standIns = useProviderStandIns();
  const { fake } = standIns;

  it('Toss: POST /v1/payments/{key}/cancel cancels a DONE payment once; replay, second cancel, unknown, unpaid', async () => {
    const toss = standIns.toss();
    const paymentKey = standIns.tossAuthorized('r-1', 1200);
    // not confirmed yet: nothing to cancel
    expect(
      await toss.cancel({ paymentKey, reason: 'operator refund', idempotencyKey: 'k0' }),
    ).toMatchObject({ ok: false, status: 403, code: 'NOT_CANCELABLE_PAYMENT' });
    await toss.confirm({ paymentKey, orderId: 'r-1', amount: 1200 });
    const canceled = await toss.cancel({
      paymentKey,
      reason: 'operator refund',
      idempotencyKey: 'refund-r-1',
    });
    expect(canceled).toMatchObject({
      ok: true,
      payment: {
        status: 'CANCELED',
        balanceAmount: 0,
        cancels: [{ cancelAmount: 1200, cancelReason: 'operator refund' }],
      },
    });
    expect(fake().toss.payment(paymentKey)?.status).toBe('CANCELED');
    // the same Idempotency-Key answers the first cancel; another key is refused
    expect(
      await toss.cancel({ paymentKey, reason: 'operator refund', idempotencyKey: 'refund-r-1' }),
    ).toEqual(canceled);
    expect(
      await toss.cancel({ paymentKey, reason: 'again', idempotencyKey: 'other' }),
    ).toMatchObject({ ok: false, status: 400, code: 'ALREADY_CANCELED_PAYMENT' });
    expect(
      await toss.cancel({ paymentKey: 'tgen_unknown', reason: 'x', idempotencyKey: 'k2' }),
    ).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND_PAYMENT' });
    expect(fake().calls['toss.cancel']).toBe(5);
  });

  it('Stripe: POST /v1/refunds through the SDK refunds a paid intent once; replay, second refund, unknown', async () => {
    const stripe = standIns.stripe();
    const session = await stripe.createSession({
      ordrId: 'r-2',
      amountCents: 499,
      productName: 'coins',
      returnUrl: 'http://localhost/r',
    });
    const intent = fake().stripe.complete(session.id).payment_intent ?? '';
    const refund = await stripe.refund({ paymentIntentId: intent, idempotencyKey: 'refund-r-2' });
    expect(refund).toMatchObject({ ok: true, status: 'succeeded', amount: 499 });
    if (!refund.ok) throw new Error('refused');
    expect(refund.id).toMatch(/^re_/);
    const replay = await stripe.refund({ paymentIntentId: intent, idempotencyKey: 'refund-r-2' });
    expect(replay).toMatchObject({ ok: true, id: refund.id });
    expect(
      await stripe.refund({ paymentIntentId: intent, idempotencyKey: 'another' }),
    ).toMatchObject({ ok: false, status: 400, code: 'charge_already_refunded' });
    expect(
      await stripe.refund({ paymentIntentId: 'pi_unknown', idempotencyKey: 'x' }),
    ).toMatchObject({ ok: false, status: 404, code: 'resource_missing' });
  });

  it('PayPal: POST /v2/payments/captures/{id}/refund refunds a capture once; replay, second refund, unknown', async () => {
    const paypal = standIns.paypal();
    const created = await paypal.createOrder(paypalCoinsOrder('r-3', 999));
    if (!created.ok) throw new Error(created.message);
    fake().paypal.approve(created.value.id);
    const captured = await paypal.captureOrder(created.value.id);
    if (!captured.ok || !captured.value.capture) throw new Error('not captured');
    const captureId = captured.value.capture.id;
    const refund = await paypal.refundCapture({ captureId, requestId: 'refund-r-3' });
    expect(refund).toMatchObject({ ok: true, value: { status: 'COMPLETED' } });
    // PayPal-Request-Id: the repeated refund answers the first
    expect(await paypal.refundCapture({ captureId, requestId: 'refund-r-3' })).toEqual(refund);
    expect(await paypal.refundCapture({ captureId, requestId: 'other' })).toMatchObject({
      ok: false,
      status: 422,
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
    expect(await paypal.refundCapture({ captureId: 'NOPE', requestId: 'x' })).toMatchObject({
      ok: false,
      status: 404,
      issue: 'INVALID_RESOURCE_ID',
    });
  });
});
