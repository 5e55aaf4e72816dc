import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { id, readBody, send, type CountCall, type StandIn } from './fake-http';
import type { SandboxKeys } from './fake-keys';
import { createStripeBillingStandIn, type StripeBillingApi } from './fake-stripe-billing';

/**
 * The Stripe stand-in (served at the root, as Stripe's API): Checkout sessions (embedded and
 * hosted, payment and subscription mode), refunds, the subscriptions and invoices of the VIP pass,
 * and signed webhook events.
 */

interface StripeSessionState {
  id: string;
  client_secret: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  return_url: string | null;
  /** hosted sessions: where Back goes */
  cancel_url: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  created: number;
  mode: 'payment' | 'subscription';
  /** subscription mode: price_data.recurring.interval */
  interval: 'week' | 'month' | null;
  subscription_metadata: Record<string, string>;
  subscription: string | null;
}

export interface StripeStandInApi extends StripeBillingApi {
  session(id: string): StripeSessionState | undefined;
  /** the buyer paid in the embedded checkout */
  complete(id: string): StripeSessionState;
  expire(id: string): void;
  /** the merchant refunded the payment intent in Stripe's dashboard; answers the refund id */
  refund(paymentIntent: string): string;
  /** a Stripe event as Stripe posts it to a webhook endpoint: JSON body and Stripe-Signature */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    secret?: string,
  ): { body: string; signature: string; eventId: string };
}

export function createStripeStandIn(
  keys: SandboxKeys,
  count: CountCall,
): StandIn<StripeStandInApi> {
  const sessions = new Map<string, StripeSessionState>();
  const stripeIdempotent = new Map<string, string>();
  /** payment intent → its refund */
  const stripeRefunds = new Map<string, { id: string; amount: number; created: number }>();
  const billing = createStripeBillingStandIn(count);

  const stripeJson = (s: StripeSessionState) => ({
    id: s.id,
    object: 'checkout.session',
    client_secret: s.client_secret,
    status: s.status,
    payment_status: s.payment_status,
    amount_total: s.amount_total,
    amount_subtotal: s.amount_total,
    currency: s.currency,
    client_reference_id: s.client_reference_id,
    return_url: s.return_url,
    ...(s.cancel_url ? { success_url: s.return_url, cancel_url: s.cancel_url } : {}),
    url: s.cancel_url ? `https://checkout.stripe.com/c/pay/${s.id}` : null,
    metadata: s.metadata,
    mode: s.mode,
    ui_mode: s.cancel_url ? 'hosted_page' : 'embedded_page',
    payment_intent: s.payment_intent,
    subscription: s.subscription,
    created: s.created,
    livemode: false,
  });

  async function stripe(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== `Bearer ${keys.stripeSecretKey}`) {
      return send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      count('stripe.create');
      const form = new URLSearchParams(await readBody(request));
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? stripeIdempotent.get(key) : undefined;
      const existing = earlier ? sessions.get(earlier) : undefined;
      if (existing) return send(response, 200, stripeJson(existing));
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      if (!Number.isInteger(amount) || amount <= 0) {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid unit_amount',
            param: 'line_items',
          },
        });
      }
      const sessionId = id('cs_test_', 24);
      const metadata: Record<string, string> = {};
      const subscriptionMetadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
        const sm = /^subscription_data\[metadata\]\[(.+)\]$/.exec(k);
        if (sm?.[1]) subscriptionMetadata[sm[1]] = v;
      }
      const mode = form.get('mode') === 'subscription' ? 'subscription' : 'payment';
      const interval = form.get('line_items[0][price_data][recurring][interval]');
      if (mode === 'subscription' && interval !== 'week' && interval !== 'month') {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'You must specify `recurring` in `price_data` in `subscription` mode.',
            param: 'line_items[0][price_data][recurring]',
          },
        });
      }
      const session: StripeSessionState = {
        id: sessionId,
        client_secret: `${sessionId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: form.get('client_reference_id'),
        return_url: form.get('return_url') ?? form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata,
        payment_intent: null,
        created: Math.floor(Date.now() / 1000),
        mode,
        interval: interval === 'week' || interval === 'month' ? interval : null,
        subscription_metadata: subscriptionMetadata,
        subscription: null,
      };
      sessions.set(sessionId, session);
      if (typeof key === 'string') stripeIdempotent.set(key, sessionId);
      return send(response, 200, stripeJson(session));
    }
    if (request.method === 'GET' && path === '/v1/refunds') {
      count('stripe.refunds');
      const intent = new URL(request.url ?? '/', 'http://stand-in').searchParams.get(
        'payment_intent',
      );
      const done = intent ? stripeRefunds.get(intent) : undefined;
      return send(response, 200, {
        object: 'list',
        url: '/v1/refunds',
        has_more: false,
        data: done
          ? [
              {
                id: done.id,
                object: 'refund',
                amount: done.amount,
                currency: 'usd',
                payment_intent: intent,
                status: 'succeeded',
                created: done.created,
              },
            ]
          : [],
      });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      count('stripe.refund');
      const form = new URLSearchParams(await readBody(request));
      const intent = form.get('payment_intent') ?? '';
      const key = request.headers['idempotency-key'];
      const refundJson = (r: { id: string; amount: number; created: number }) => ({
        id: r.id,
        object: 'refund',
        amount: r.amount,
        currency: 'usd',
        payment_intent: intent,
        reason: form.get('reason'),
        status: 'succeeded',
        created: r.created,
      });
      const earlier = typeof key === 'string' ? stripeIdempotent.get(`refund:${key}`) : undefined;
      const done = stripeRefunds.get(intent);
      if (earlier && done?.id === earlier) return send(response, 200, refundJson(done));
      const session = [...sessions.values()].find(
        (s) => s.payment_intent === intent && s.payment_status === 'paid',
      );
      const invoice = billing.invoicePaidBy(intent);
      if (!session && !invoice) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${intent}'`,
            param: 'payment_intent',
          },
        });
      }
      if (done) {
        return send(response, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for payment intent ${intent} has already been refunded.`,
          },
        });
      }
      const refund = {
        id: id('re_', 12),
        amount: session?.amount_total ?? invoice?.amount ?? 0,
        created: Math.floor(Date.now() / 1000),
      };
      stripeRefunds.set(intent, refund);
      if (typeof key === 'string') stripeIdempotent.set(`refund:${key}`, refund.id);
      return send(response, 200, refundJson(refund));
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire) {
      count('stripe.expire');
      await readBody(request);
      const s = sessions.get(decodeURIComponent(expire[1] ?? ''));
      if (!s || s.status !== 'open') {
        return send(response, s ? 400 : 404, {
          error: {
            type: 'invalid_request_error',
            code: s ? 'checkout_session_not_open' : 'resource_missing',
            message: s
              ? `Only Checkout Sessions with a status in ["open"] can be expired.`
              : `No such checkout.session: '${expire[1]}'`,
          },
        });
      }
      s.status = 'expired';
      return send(response, 200, stripeJson(s));
    }
    if (await billing.handle(request, response, path)) return;
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      count('stripe.retrieve');
      const s = sessions.get(decodeURIComponent(get[1] ?? ''));
      if (!s) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${get[1]}'`,
          },
        });
      }
      return send(response, 200, stripeJson(s));
    }
    return send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }

  return {
    handle: stripe,
    api: {
      ...billing.api,
      session: (sid) => sessions.get(sid),
      complete(sid) {
        const s = sessions.get(sid);
        if (!s) throw new Error(`no session ${sid}`);
        if (s.status === 'open') {
          s.status = 'complete';
          s.payment_status = 'paid';
          if (s.mode === 'subscription' && s.interval) {
            s.subscription = billing.subscribe({
              interval: s.interval,
              amount: s.amount_total,
              metadata: s.subscription_metadata,
            });
          } else s.payment_intent = id('pi_', 12);
        }
        return s;
      },
      signedEvent(type, object, secret = keys.stripeWebhookSecret) {
        const eventId = id('evt_', 12);
        const body = JSON.stringify({
          id: eventId,
          object: 'event',
          api_version: '2025-09-30.clover',
          created: Math.floor(Date.now() / 1000),
          type,
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        });
        // Stripe's scheme: v1 = HMAC-SHA256(secret, "<t>.<body>")
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
        return { body, signature: `t=${t},v1=${v1}`, eventId };
      },
      expire(sid) {
        const s = sessions.get(sid);
        if (s && s.status === 'open') s.status = 'expired';
      },
      refund(intent) {
        const done = stripeRefunds.get(intent);
        if (done) return done.id;
        const session = [...sessions.values()].find((x) => x.payment_intent === intent);
        if (!session) throw new Error(`no Stripe payment ${intent}`);
        const refund = {
          id: id('re_', 12),
          amount: session.amount_total,
          created: Math.floor(Date.now() / 1000),
        };
        stripeRefunds.set(intent, refund);
        return refund.id;
      },
    },
  };
}
