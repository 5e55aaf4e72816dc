import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { TEST_COMPANY_ENV } from '../../../test/harness';
import { SANDBOX_KEYS } from '../sandbox/fake-providers';
import { createWebGateways } from '../web-gateways.factory';
import { createPaypalClient } from './paypal';
import { createStripeClient } from './stripe';
import { paypalCoinsOrder, useProviderStandIns } from './providers.test-support';
import { createTossClient } from './toss';

/** The real adapters against the local server that speaks each provider's wire format. */
describe('payment provider adapters', () => {
  const standIns = useProviderStandIns();
  const { fake, base } = standIns;

  it('Toss: confirm succeeds once, then ALREADY_PROCESSED; unknown key, wrong amount, wrong secret refused', async () => {
    const toss = standIns.toss();
    const paymentKey = standIns.tossAuthorized('order-1', 1200);
    expect(await toss.confirm({ paymentKey, orderId: 'order-1', amount: 1000 })).toMatchObject({
      ok: false,
      status: 400,
      code: 'INVALID_REQUEST',
    });
    const done = await toss.confirm({ paymentKey, orderId: 'order-1', amount: 1200 });
    expect(done).toMatchObject({
      ok: true,
      payment: { status: 'DONE', totalAmount: 1200, currency: 'KRW', orderId: 'order-1' },
    });
    // the same Idempotency-Key answers the first result; a plain lookup says DONE
    expect(await toss.confirm({ paymentKey, orderId: 'order-1', amount: 1200 })).toMatchObject({
      ok: true,
    });
    expect(await toss.paymentByOrderId('order-1')).toMatchObject({
      ok: true,
      payment: { paymentKey },
    });
    expect(
      await toss.confirm({ paymentKey: 'tgen_unknown', orderId: 'order-1', amount: 1200 }),
    ).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND_PAYMENT' });
    const declined = standIns.tossAuthorized('order-2', 500, 'decline_at_confirm');
    expect(
      await toss.confirm({ paymentKey: declined, orderId: 'order-2', amount: 500 }),
    ).toMatchObject({ ok: false, status: 403, code: 'REJECT_CARD_COMPANY' });
    const wrongKey = createTossClient({ secretKey: 'test_sk_wrong', apiBase: base('/toss') });
    expect(await wrongKey.payment(paymentKey)).toMatchObject({
      ok: false,
      status: 401,
      code: 'UNAUTHORIZED_KEY',
    });
    const down = createTossClient({
      secretKey: 'x',
      apiBase: () => Promise.resolve('http://127.0.0.1:9'),
    });
    expect(await down.payment(paymentKey)).toMatchObject({ ok: false, code: 'NETWORK_ERROR' });
  });

  it('Stripe: embedded session through the SDK, retrieve, unknown session, wrong key, webhook signatures', async () => {
    const stripe = standIns.stripe();
    const input = {
      ordrId: 'o-1',
      amountCents: 499,
      productName: 'coins',
      returnUrl: 'http://localhost/r?session_id={CHECKOUT_SESSION_ID}',
    };
    const session = await stripe.createSession(input);
    expect(session.clientSecret?.split('_secret_')[0]).toBe(session.id);
    expect(session).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 499,
      clientReferenceId: 'o-1',
    });
    // the idempotency key makes a retried create answer the same session
    expect((await stripe.createSession(input)).id).toBe(session.id);
    fake().stripe.complete(session.id);
    expect(await stripe.retrieveSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    expect(await stripe.retrieveSession('cs_test_unknown')).toBeUndefined();
    const wrong = createStripeClient({
      secretKey: 'sk_test_wrong',
      webhookSecret: 'x',
      apiBase: () => fake().url(),
    });
    await expect(wrong.retrieveSession(session.id)).rejects.toThrow();

    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: session.id } },
    });
    const signer = new Stripe(SANDBOX_KEYS.stripeSecretKey);
    const good = signer.webhooks.generateTestHeaderString({
      payload,
      secret: SANDBOX_KEYS.stripeWebhookSecret,
    });
    expect(stripe.verifyWebhook(payload, good).type).toBe('checkout.session.completed');
    expect(() => stripe.verifyWebhook(payload.replace('evt_1', 'evt_2'), good)).toThrow();
    const old = signer.webhooks.generateTestHeaderString({
      payload,
      secret: SANDBOX_KEYS.stripeWebhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => stripe.verifyWebhook(payload, old)).toThrow();
  });

  it('PayPal: create, capture only after approval, once; declined funding; wrong credentials; webhook verification', async () => {
    const paypal = standIns.paypal();
    const created = await paypal.createOrder(paypalCoinsOrder('o-1', 999));
    if (!created.ok) throw new Error(created.message);
    expect(created.value).toMatchObject({
      status: 'CREATED',
      customId: 'o-1',
      amountCents: 999,
      currency: 'USD',
    });
    expect(await paypal.captureOrder(created.value.id)).toMatchObject({
      ok: false,
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });
    fake().paypal.approve(created.value.id);
    const captured = await paypal.captureOrder(created.value.id);
    expect(captured).toMatchObject({
      ok: true,
      value: {
        status: 'COMPLETED',
        capture: { status: 'COMPLETED', amountCents: 999, currency: 'USD' },
      },
    });
    // PayPal-Request-Id: the repeated capture answers the first one
    expect(await paypal.captureOrder(created.value.id)).toEqual(captured);
    expect(await paypal.getOrder('UNKNOWN')).toMatchObject({ ok: false, status: 404 });

    const other = await paypal.createOrder(paypalCoinsOrder('o-2', 99));
    if (!other.ok) throw new Error(other.message);
    fake().paypal.approve(other.value.id, true);
    expect(await paypal.captureOrder(other.value.id)).toMatchObject({
      ok: false,
      issue: 'INSTRUMENT_DECLINED',
    });

    const wrong = createPaypalClient({
      clientId: 'x',
      clientSecret: 'y',
      webhookId: 'z',
      environment: 'sandbox',
      apiBase: base('/paypal'),
    });
    expect(await wrong.getOrder(created.value.id)).toMatchObject({ ok: false });

    const event = {
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP', custom_id: 'o-1' },
    };
    const h = fake().paypal.signWebhook(event);
    const headers = {
      authAlgo: h['paypal-auth-algo'] ?? '',
      certUrl: h['paypal-cert-url'] ?? '',
      transmissionId: h['paypal-transmission-id'] ?? '',
      transmissionSig: h['paypal-transmission-sig'] ?? '',
      transmissionTime: h['paypal-transmission-time'] ?? '',
    };
    expect(await paypal.verifyWebhook(headers, event)).toBe(true);
    expect(await paypal.verifyWebhook(headers, { ...event, id: 'WH-2' })).toBe(false);
    expect(await paypal.verifyWebhook({ ...headers, transmissionId: 'other' }, event)).toBe(false);
  });
});

describe('payment configuration', () => {
  const env = {
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    MEDIA_SIGNING_SECRET: 'y'.repeat(32),
  };
  it('a gateway needs all of its keys or none; stand-ins never in production', () => {
    expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required/,
    );
    expect(() => loadConfig({ ...env, NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).toThrow(
      /PAYMENTS_SANDBOX/,
    );
    const production = loadConfig({ ...env, ...TEST_COMPANY_ENV, NODE_ENV: 'production' });
    expect(production.payments.sandbox).toBe(false);
    const { gateways, fake } = createWebGateways(production.payments);
    expect(fake).toBeUndefined();
    expect(gateways).toEqual({ toss: undefined, stripe: undefined, paypal: undefined });
  });
  it('keys make a gateway live; the others stay on the stand-in', () => {
    const config = loadConfig({
      ...env,
      TOSS_CLIENT_KEY: 'test_ck_1',
      TOSS_SECRET_KEY: 'test_sk_1',
    });
    const { gateways, fake } = createWebGateways(config.payments);
    expect(gateways.toss?.mode).toBe('live');
    expect(gateways.toss?.publicKey).toBe('test_ck_1');
    expect(gateways.stripe?.mode).toBe('sandbox');
    expect(gateways.paypal?.mode).toBe('sandbox');
    expect(fake).toBeDefined();
    expect(config.payments.paypal).toBeUndefined();
    const paypal = loadConfig({
      ...env,
      PAYPAL_CLIENT_ID: 'a',
      PAYPAL_CLIENT_SECRET: 'b',
      PAYPAL_WEBHOOK_ID: 'c',
      PAYPAL_ENVIRONMENT: 'production',
    });
    expect(paypal.payments.paypal?.apiBase).toBe('https://api-m.paypal.com');
  });
});
