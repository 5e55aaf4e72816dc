import { createServer, type Server } from 'node:http';
import { send } from './fake-http';
import { SANDBOX_KEYS } from './fake-keys';
import { createPaypalStandIn, type PaypalStandInApi } from './fake-paypal';
import { createStripeStandIn, type StripeStandInApi } from './fake-stripe';
import { createTossStandIn, type TossStandInApi } from './fake-toss';
import type { TossBillingStandIn } from './fake-toss-billing';
import { loopbackListener } from '../../../http/loopback-server';

/**
 * Local stand-ins of the Toss, Stripe and PayPal APIs, speaking each provider's wire format (paths,
 * auth, JSON or form bodies, error shapes, idempotency headers) on a loopback port. The real
 * adapters are pointed at it in the sandbox and in tests; the local checkout pages drive the
 * buyer's side (approve, decline, cancel) through the methods below. State is in memory.
 * Each provider's stand-in is in its own file (fake-toss.ts, fake-stripe.ts, fake-paypal.ts); this
 * one serves them together.
 */

export { SANDBOX_KEYS };
export type { TossOutcome, TossPaymentState } from './fake-toss';
export type { StripeSubscriptionState } from './fake-stripe-billing';
export type { PaypalSubscriptionState } from './fake-paypal-billing';

export interface FakeProviders {
  url(): Promise<string>;
  close(): Promise<void>;
  toss: TossStandInApi;
  /** Toss automatic payment (billing keys): the card registration and the charges */
  tossBilling: TossBillingStandIn;
  stripe: StripeStandInApi;
  paypal: PaypalStandInApi;
  /** counts of API calls, for tests that check a replay did not call the provider again */
  calls: Record<string, number>;
}

export function createFakeProviders(keys = SANDBOX_KEYS): FakeProviders {
  const calls: Record<string, number> = {};
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };
  const toss = createTossStandIn(keys, count);
  const stripe = createStripeStandIn(keys, count);
  const paypal = createPaypalStandIn(keys, count);

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = path.startsWith('/toss/')
      ? toss.handle(request, response, path.slice('/toss'.length))
      : path.startsWith('/v1/checkout/') ||
          path.startsWith('/v1/subscriptions/') ||
          path.startsWith('/v1/invoices/') ||
          path === '/v1/refunds'
        ? // the Stripe SDK takes a host and port but no base path: Stripe is served at the root
          stripe.handle(request, response, path)
        : path.startsWith('/paypal/')
          ? paypal.handle(request, response, path.slice('/paypal'.length))
          : Promise.resolve(send(response, 404, { error: 'unknown provider' }));
    route.catch(() => send(response, 500, { error: 'stand-in failed' }));
  });
  // keep-alive connections are reused by the adapters' fetch; do not let idle ones block close
  server.keepAliveTimeout = 5_000;

  return {
    ...loopbackListener(server),
    calls,
    tossBilling: toss.billing,
    toss: toss.api,
    stripe: stripe.api,
    paypal: paypal.api,
  };
}
