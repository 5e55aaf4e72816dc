import type { PaymentsConfig } from './payments.config';
import { createPaypalClient } from './providers/paypal';
import { createStripeClient } from './providers/stripe';
import { createTossClient } from './providers/toss';
import { createFakeProviders, SANDBOX_KEYS, type FakeProviders } from './sandbox/fake-providers';
import type { WebGateways } from './web-gateways.service';

/**
 * The real adapters, each pointed at its provider when keys are configured, else (sandbox on, never
 * in production) at the local stand-in speaking that provider's wire format.
 */
export function createWebGateways(
  config: PaymentsConfig,
  /** the stand-in of an earlier app in this process (tests rebuild the app as a restart would) */
  reuse?: FakeProviders,
): {
  gateways: WebGateways;
  /** the stand-in, when any gateway uses it */
  fake: FakeProviders | undefined;
} {
  const needsFake = config.sandbox && (!config.toss || !config.stripe || !config.paypal);
  const fake = needsFake ? (reuse ?? createFakeProviders()) : undefined;
  const fakeBase = (provider: 'toss' | 'paypal' | '') => async () => {
    if (!fake) throw new Error('no payment stand-in');
    return provider ? `${await fake.url()}/${provider}` : fake.url();
  };

  const toss = config.toss
    ? {
        mode: 'live' as const,
        publicKey: config.toss.clientKey,
        client: createTossClient({
          secretKey: config.toss.secretKey,
          apiBase: () => Promise.resolve(config.toss?.apiBase ?? ''),
        }),
      }
    : fake
      ? {
          mode: 'sandbox' as const,
          publicKey: SANDBOX_KEYS.tossClientKey,
          client: createTossClient({
            secretKey: SANDBOX_KEYS.tossSecretKey,
            apiBase: fakeBase('toss'),
          }),
        }
      : undefined;

  const stripe = config.stripe
    ? {
        mode: 'live' as const,
        publicKey: config.stripe.publishableKey,
        client: createStripeClient({
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: () => Promise.resolve(config.stripe?.apiBase),
        }),
      }
    : fake
      ? {
          mode: 'sandbox' as const,
          publicKey: SANDBOX_KEYS.stripePublishableKey,
          client: createStripeClient({
            secretKey: SANDBOX_KEYS.stripeSecretKey,
            webhookSecret: SANDBOX_KEYS.stripeWebhookSecret,
            apiBase: fakeBase(''),
          }),
        }
      : undefined;

  const paypal = config.paypal
    ? {
        mode: 'live' as const,
        publicKey: config.paypal.clientId,
        client: createPaypalClient({
          clientId: config.paypal.clientId,
          clientSecret: config.paypal.clientSecret,
          webhookId: config.paypal.webhookId,
          environment: config.paypal.environment,
          apiBase: () => Promise.resolve(config.paypal?.apiBase ?? ''),
        }),
      }
    : fake
      ? {
          mode: 'sandbox' as const,
          publicKey: SANDBOX_KEYS.paypalClientId,
          client: createPaypalClient({
            clientId: SANDBOX_KEYS.paypalClientId,
            clientSecret: SANDBOX_KEYS.paypalClientSecret,
            webhookId: SANDBOX_KEYS.paypalWebhookId,
            environment: 'sandbox',
            apiBase: fakeBase('paypal'),
          }),
        }
      : undefined;

  return { gateways: { toss, stripe, paypal }, fake };
}
