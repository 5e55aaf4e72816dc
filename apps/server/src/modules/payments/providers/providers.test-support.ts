import { afterAll, beforeAll } from 'vitest';
import { createFakeProviders, SANDBOX_KEYS, type FakeProviders } from '../sandbox/fake-providers';
import type { TossOutcome } from '../sandbox/fake-toss';
import { createPaypalClient } from './paypal';
import { createStripeClient } from './stripe';
import { createTossClient } from './toss';

/**
 * The local server speaking each provider's wire format, for the suite around the call (started
 * before its first test, closed after its last), and the real adapters pointed at it under the
 * sandbox keys.
 */
export function useProviderStandIns() {
  let started: FakeProviders | undefined;
  beforeAll(() => {
    started = createFakeProviders();
  });
  afterAll(async () => {
    await started?.close();
  });
  const fake = (): FakeProviders => {
    if (!started) throw new Error('the stand-in server is not started');
    return started;
  };
  /** One provider's API base on the stand-in server. */
  const base = (prefix: string) => async () => `${await fake().url()}${prefix}`;
  return {
    fake,
    base,
    /** A payment the stand-in's Toss widget authorized for the order; its paymentKey. */
    tossAuthorized: (orderId: string, amount: number, outcome: TossOutcome = 'approve') =>
      fake().toss.authorize({ orderId, amount, orderName: 'x', outcome }),
    toss: () => createTossClient({ secretKey: SANDBOX_KEYS.tossSecretKey, apiBase: base('/toss') }),
    stripe: () =>
      createStripeClient({
        secretKey: SANDBOX_KEYS.stripeSecretKey,
        webhookSecret: SANDBOX_KEYS.stripeWebhookSecret,
        apiBase: () => fake().url(),
      }),
    paypal: () =>
      createPaypalClient({
        clientId: SANDBOX_KEYS.paypalClientId,
        clientSecret: SANDBOX_KEYS.paypalClientSecret,
        webhookId: SANDBOX_KEYS.paypalWebhookId,
        environment: 'sandbox',
        apiBase: base('/paypal'),
      }),
  };
}

/** A PayPal order for coins, as the adapter's createOrder takes it. */
export const paypalCoinsOrder = (ordrId: string, amountCents: number) => ({
  ordrId,
  amountCents,
  description: 'coins',
  returnUrl: 'http://localhost/r',
  cancelUrl: 'http://localhost/c',
});
