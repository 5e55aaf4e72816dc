import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createTossBillingStandIn, type TossBillingStandIn } from './fake-toss-billing';
import { loopbackListener } from '../../../http/loopback-server';

/**
 * Local stand-ins of the Toss, Stripe and PayPal APIs, speaking each provider's wire format (paths,
 * auth, JSON or form bodies, error shapes, idempotency headers) on a loopback port. The real
 * adapters are pointed at it in the sandbox and in tests; the local checkout pages drive the
 * buyer's side (approve, decline, cancel) through the methods below. State is in memory.
 */

export const SANDBOX_KEYS = {
  tossClientKey: 'test_ck_sandbox',
  tossSecretKey: 'test_sk_sandbox',
  stripeSecretKey: 'sk_test_sandbox',
  stripePublishableKey: 'pk_test_sandbox',
  stripeWebhookSecret: 'whsec_sandbox',
  paypalClientId: 'sandbox-client-id',
  paypalClientSecret: 'sandbox-client-secret',
  paypalWebhookId: 'WH-SANDBOX',
  /** Billing plans of the VIP pass the PayPal stand-in knows */
  paypalVipWeeklyPlanId: 'P-SANDBOX-VIP-WEEKLY',
  paypalVipMonthlyPlanId: 'P-SANDBOX-VIP-MONTHLY',
} as const;

/** A PayPal Billing subscription at the stand-in. */
export interface PaypalSubscriptionState {
  id: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  planId: string;
  customId: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  startTime: string;
  /** completed sales (one per billing cycle), oldest first */
  sales: { id: string; time: string; value: string; refundId?: string }[];
  nextBillingTime: string | null;
}

/** Toss codes the buyer's step can end with (spec §8), plus a card the issuer declines at confirm. */
export type TossOutcome = 'approve' | 'decline_at_confirm';

export interface TossPaymentState {
  paymentKey: string;
  orderId: string;
  orderName: string;
  amount: number;
  status: 'READY' | 'DONE' | 'CANCELED' | 'ABORTED';
  outcome: TossOutcome;
  approvedAt: string | null;
  canceledAmount: number;
  cancels: {
    transactionKey: string;
    cancelAmount: number;
    cancelReason: string;
    canceledAt: string;
  }[];
}

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

/** A Stripe subscription (subscription-mode Checkout), the fields the VIP module reads. */
export interface StripeSubscriptionState {
  id: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  latest_invoice: string;
  metadata: Record<string, string>;
  interval: 'week' | 'month';
  amount: number;
}

interface PaypalOrderState {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  customId: string;
  referenceId: string;
  value: string;
  currency: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  declined: boolean;
  captureId: string | null;
  refundId: string | null;
}

export interface FakeProviders {
  url(): Promise<string>;
  close(): Promise<void>;
  toss: {
    /** the widget step succeeded: a payment waits for the merchant's confirm */
    authorize(input: {
      orderId: string;
      amount: number;
      orderName: string;
      outcome: TossOutcome;
    }): string;
    payment(paymentKey: string): TossPaymentState | undefined;
    /** the merchant canceled (refunded) the payment at Toss */
    cancel(paymentKey: string): void;
  };
  /** Toss automatic payment (billing keys): the card registration and the charges */
  tossBilling: TossBillingStandIn;
  stripe: {
    session(id: string): StripeSessionState | undefined;
    /** the buyer paid in the embedded checkout */
    complete(id: string): StripeSessionState;
    expire(id: string): void;
    /** the merchant refunded the payment intent in Stripe's dashboard; answers the refund id */
    refund(paymentIntent: string): string;
    subscription(id: string): StripeSubscriptionState | undefined;
    /** the next period was charged: a new invoice, the period moved on (seconds since the epoch) */
    renew(id: string, paidAt?: number): StripeSubscriptionState;
    /** the renewal charge failed: the subscription is past_due with a new open invoice */
    failRenewal(id: string): { invoice: string; subscription: StripeSubscriptionState };
    /** the subscription as Stripe's API answers it (the data.object of customer.subscription.*) */
    subscriptionJson(id: string): Record<string, unknown>;
    /** a Stripe event as Stripe posts it to a webhook endpoint: JSON body and Stripe-Signature */
    signedEvent(
      type: string,
      object: Record<string, unknown>,
      secret?: string,
    ): { body: string; signature: string; eventId: string };
  };
  paypal: {
    order(id: string): PaypalOrderState | undefined;
    /** the buyer approved in PayPal's popup; declined: the funding source fails at capture */
    approve(id: string, declined?: boolean): PaypalOrderState;
    /** the merchant refunded the capture in PayPal's dashboard; answers the refund id */
    refund(captureId: string): string;
    subscription(id: string): PaypalSubscriptionState | undefined;
    /** the buyer approved the subscription: active, the first cycle charged (a sale) */
    approveSubscription(id: string): PaypalSubscriptionState;
    /** the next cycle was charged: a new sale; answers it */
    chargeNextCycle(id: string): { id: string; time: string; value: string };
    /** headers PayPal sends with a webhook, signed the way this stand-in verifies them */
    signWebhook(event: unknown, webhookId?: string): Record<string, string>;
  };
  /** counts of API calls, for tests that check a replay did not call the provider again */
  calls: Record<string, number>;
}

const id = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The request body as text (stream events, not `for await`: cheaper on every confirmation) */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createFakeProviders(keys = SANDBOX_KEYS): FakeProviders {
  const tossPayments = new Map<string, TossPaymentState>();
  const tossByOrder = new Map<string, string>();
  const tossIdempotent = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, StripeSessionState>();
  const stripeIdempotent = new Map<string, string>();
  /** payment intent → its refund */
  const stripeRefunds = new Map<string, { id: string; amount: number; created: number }>();
  const paypalOrders = new Map<string, PaypalOrderState>();
  const paypalRequests = new Map<string, { status: number; body: unknown }>();
  const paypalTokens = new Set<string>();
  const webhookKey = randomBytes(32);
  const calls: Record<string, number> = {};
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };

  const tossJson = (p: TossPaymentState) => ({
    mId: 'tvivarepublica',
    version: '2022-11-16',
    paymentKey: p.paymentKey,
    orderId: p.orderId,
    orderName: p.orderName,
    status: p.status,
    method: '카드',
    currency: 'KRW',
    totalAmount: p.amount,
    balanceAmount: p.amount - p.canceledAmount,
    approvedAt: p.approvedAt,
    requestedAt: new Date().toISOString(),
    cancels: p.cancels.length > 0 ? p.cancels : null,
  });

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
  const subscriptions = new Map<string, StripeSubscriptionState>();
  /** subscription invoices (VIP): each paid by its own payment intent */
  const invoices = new Map<
    string,
    { paymentIntent: string; amount: number; subscription: string }
  >();
  const invoiceOf = (sub: StripeSubscriptionState) => {
    invoices.set(sub.latest_invoice, {
      paymentIntent: id('pi_', 12),
      amount: sub.amount,
      subscription: sub.id,
    });
  };
  const periodSeconds = (interval: 'week' | 'month') => (interval === 'week' ? 7 : 30) * 86_400;
  const subscriptionJson = (sub: StripeSubscriptionState) => ({
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    latest_invoice: sub.latest_invoice,
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: sub.current_period_start,
          current_period_end: sub.current_period_end,
          price: {
            object: 'price',
            unit_amount: sub.amount,
            currency: 'usd',
            recurring: { interval: sub.interval, interval_count: 1 },
          },
        },
      ],
    },
    livemode: false,
  });

  const paypalJson = (o: PaypalOrderState) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        custom_id: o.customId,
        amount: { currency_code: o.currency, value: o.value },
        ...(o.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: o.captureId,
                    status: o.refundId ? 'REFUNDED' : 'COMPLETED',
                    amount: { currency_code: o.currency, value: o.value },
                    custom_id: o.customId,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      {
        href: `/sandbox/payments/paypal/checkoutnow?token=${o.id}`,
        rel: 'approve',
        method: 'GET',
      },
    ],
  });

  const paypalSubscriptions = new Map<string, PaypalSubscriptionState>();
  const paypalPlans: Record<string, { days: number; value: string }> = {
    [keys.paypalVipWeeklyPlanId]: { days: 7, value: '4.99' },
    [keys.paypalVipMonthlyPlanId]: { days: 30, value: '14.99' },
  };
  const paypalSubscriptionJson = (sub: PaypalSubscriptionState) => {
    const last = sub.sales.at(-1);
    return {
      id: sub.id,
      status: sub.status,
      plan_id: sub.planId,
      custom_id: sub.customId,
      start_time: sub.startTime,
      billing_info: {
        cycle_executions: [
          { tenure_type: 'REGULAR', sequence: 1, cycles_completed: sub.sales.length },
        ],
        ...(last
          ? {
              last_payment: {
                amount: { currency_code: 'USD', value: last.value },
                time: last.time,
              },
            }
          : {}),
        ...(sub.nextBillingTime ? { next_billing_time: sub.nextBillingTime } : {}),
      },
      links: [
        {
          href: `/sandbox/payments/paypal/subscribe?subscription_id=${sub.id}`,
          rel: 'approve',
          method: 'GET',
        },
        {
          href: `/v1/billing/subscriptions/${sub.id}`,
          rel: 'self',
          method: 'GET',
        },
      ],
    };
  };
  const chargeCycle = (sub: PaypalSubscriptionState) => {
    const plan = paypalPlans[sub.planId] ?? { days: 7, value: '4.99' };
    const at = new Date();
    const sale = {
      id: id('', 9).toUpperCase().slice(0, 17),
      time: at.toISOString(),
      value: plan.value,
    };
    sub.sales.push(sale);
    sub.nextBillingTime = new Date(at.getTime() + plan.days * 86_400_000).toISOString();
    return sale;
  };

  const paypalError = (status: number, issue: string, description: string) => ({
    status,
    body: {
      name: status === 404 ? 'RESOURCE_NOT_FOUND' : 'UNPROCESSABLE_ENTITY',
      message: description,
      details: [{ issue, description }],
    },
  });

  const tossBilling = createTossBillingStandIn({
    send,
    record(payment) {
      tossPayments.set(payment.paymentKey, payment);
      tossByOrder.set(payment.orderId, payment.paymentKey);
      return tossJson(payment);
    },
    orderUsed: (orderId) => tossByOrder.has(orderId),
  });

  async function toss(request: IncomingMessage, response: ServerResponse, path: string) {
    const expected = `Basic ${Buffer.from(`${keys.tossSecretKey}:`).toString('base64')}`;
    if (!safeEqual(request.headers.authorization ?? '', expected)) {
      return send(response, 401, {
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
      });
    }
    if (path.startsWith('/v1/billing/')) count('toss.billing');
    if (await tossBilling.handle(request, response, path, () => readBody(request))) return;
    if (request.method === 'POST' && path === '/v1/payments/confirm') {
      count('toss.confirm');
      const key = request.headers['idempotency-key'];
      const body = JSON.parse(await readBody(request)) as {
        paymentKey?: string;
        orderId?: string;
        amount?: number;
      };
      const idemKey = typeof key === 'string' ? key : undefined;
      const seen = idemKey ? tossIdempotent.get(idemKey) : undefined;
      if (seen) return send(response, seen.status, seen.body);
      const answer = (status: number, out: unknown) => {
        if (idemKey && status < 300) tossIdempotent.set(idemKey, { status, body: out });
        return send(response, status, out);
      };
      const p = body.paymentKey ? tossPayments.get(body.paymentKey) : undefined;
      if (!p || p.orderId !== body.orderId) {
        return answer(404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      }
      if (p.amount !== body.amount) {
        return answer(400, { code: 'INVALID_REQUEST', message: '결제 금액이 일치하지 않습니다.' });
      }
      if (p.status === 'DONE' || p.status === 'CANCELED') {
        return answer(400, {
          code: 'ALREADY_PROCESSED_PAYMENT',
          message: '이미 처리된 결제 입니다.',
        });
      }
      if (p.outcome === 'decline_at_confirm') {
        p.status = 'ABORTED';
        return answer(403, {
          code: 'REJECT_CARD_COMPANY',
          message: '카드사에서 결제를 거절했습니다.',
        });
      }
      p.status = 'DONE';
      p.approvedAt = new Date().toISOString();
      return answer(200, tossJson(p));
    }
    const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel) {
      count('toss.cancel');
      const body = JSON.parse((await readBody(request)) || '{}') as { cancelReason?: unknown };
      const key = request.headers['idempotency-key'];
      const idemKey = typeof key === 'string' ? `cancel:${key}` : undefined;
      const seen = idemKey ? tossIdempotent.get(idemKey) : undefined;
      if (seen) return send(response, seen.status, seen.body);
      if (typeof body.cancelReason !== 'string' || body.cancelReason === '') {
        return send(response, 400, { code: 'INVALID_REQUEST', message: '취소 사유는 필수입니다.' });
      }
      const p = tossPayments.get(decodeURIComponent(cancel[1] ?? ''));
      if (!p) {
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      }
      if (p.status === 'CANCELED') {
        return send(response, 400, {
          code: 'ALREADY_CANCELED_PAYMENT',
          message: '이미 취소된 결제 입니다.',
        });
      }
      if (p.status !== 'DONE') {
        return send(response, 403, {
          code: 'NOT_CANCELABLE_PAYMENT',
          message: '취소 할 수 없는 결제 입니다.',
        });
      }
      p.cancels.push({
        transactionKey: id('', 16),
        cancelAmount: p.amount - p.canceledAmount,
        cancelReason: body.cancelReason,
        canceledAt: new Date().toISOString(),
      });
      p.status = 'CANCELED';
      p.canceledAmount = p.amount;
      const out = tossJson(p);
      if (idemKey) tossIdempotent.set(idemKey, { status: 200, body: out });
      return send(response, 200, out);
    }
    const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && byOrder) {
      count('toss.byOrder');
      const key = tossByOrder.get(decodeURIComponent(byOrder[1] ?? ''));
      const p = key ? tossPayments.get(key) : undefined;
      if (!p)
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      return send(response, 200, tossJson(p));
    }
    const byKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && byKey) {
      count('toss.payment');
      const p = tossPayments.get(decodeURIComponent(byKey[1] ?? ''));
      if (!p)
        return send(response, 404, {
          code: 'NOT_FOUND_PAYMENT',
          message: '존재하지 않는 결제 정보 입니다.',
        });
      return send(response, 200, tossJson(p));
    }
    return send(response, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

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
      const invoice = [...invoices.values()].find((i) => i.paymentIntent === intent);
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
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && invoice) {
      count('stripe.invoice');
      const invoiceId = decodeURIComponent(invoice[1] ?? '');
      const found = invoices.get(invoiceId);
      if (!found) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such invoice: '${invoiceId}'`,
          },
        });
      }
      return send(response, 200, {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        amount_paid: found.amount,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: found.subscription },
        },
        payments: {
          object: 'list',
          data: [
            {
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: found.paymentIntent },
            },
          ],
        },
      });
    }
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
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (
      sub &&
      (request.method === 'GET' || request.method === 'POST' || request.method === 'DELETE')
    ) {
      count(
        request.method === 'GET'
          ? 'stripe.subscription'
          : request.method === 'POST'
            ? 'stripe.subscriptionUpdate'
            : 'stripe.subscriptionCancel',
      );
      const found = subscriptions.get(decodeURIComponent(sub[1] ?? ''));
      if (!found) {
        return send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${sub[1]}'`,
          },
        });
      }
      if (request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const cancel = form.get('cancel_at_period_end');
        if (cancel !== null) found.cancel_at_period_end = cancel === 'true';
      }
      if (request.method === 'DELETE') {
        await readBody(request);
        found.status = 'canceled';
      }
      return send(response, 200, subscriptionJson(found));
    }
    return send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }

  async function paypal(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${keys.paypalClientId}:${keys.paypalClientSecret}`).toString(
        'base64',
      );
      if (request.headers.authorization !== `Basic ${basic}`) {
        return send(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      await readBody(request);
      const token = id('A21AA', 24);
      paypalTokens.add(token);
      return send(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
        scope: 'https://uri.paypal.com/services/payments/payment',
      });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!paypalTokens.has(bearer)) {
      return send(response, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    }
    const requestId = request.headers['paypal-request-id'];
    const replay =
      typeof requestId === 'string' ? paypalRequests.get(`${path}:${requestId}`) : undefined;
    if (replay) return send(response, replay.status, replay.body);
    const answer = (status: number, body: unknown) => {
      // PayPal answers a repeated PayPal-Request-Id with the first successful response
      if (typeof requestId === 'string' && status < 300) {
        paypalRequests.set(`${path}:${requestId}`, { status, body });
      }
      return send(response, status, body);
    };

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      count('paypal.create');
      const body = JSON.parse(await readBody(request)) as {
        intent?: string;
        purchase_units?: {
          reference_id?: string;
          custom_id?: string;
          amount?: { currency_code?: string; value?: string };
        }[];
        application_context?: { return_url?: string; cancel_url?: string };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value) {
        const e = paypalError(422, 'INVALID_PARAMETER_VALUE', 'intent and amount are required');
        return answer(e.status, e.body);
      }
      const order: PaypalOrderState = {
        id: id('', 8).toUpperCase().slice(0, 17),
        status: 'CREATED',
        customId: unit.custom_id ?? '',
        referenceId: unit.reference_id ?? 'default',
        value: unit.amount.value,
        currency: unit.amount.currency_code ?? 'USD',
        returnUrl: body.application_context?.return_url ?? null,
        cancelUrl: body.application_context?.cancel_url ?? null,
        declined: false,
        captureId: null,
        refundId: null,
      };
      paypalOrders.set(order.id, order);
      return answer(201, paypalJson(order));
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) {
      count('paypal.capture');
      await readBody(request);
      const o = paypalOrders.get(decodeURIComponent(capture[1] ?? ''));
      if (!o) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        return answer(e.status, e.body);
      }
      if (o.status === 'COMPLETED') {
        const e = paypalError(422, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        return answer(e.status, e.body);
      }
      if (o.status !== 'APPROVED') {
        const e = paypalError(
          422,
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
        return answer(e.status, e.body);
      }
      if (o.declined) {
        const e = paypalError(
          422,
          'INSTRUMENT_DECLINED',
          'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
        );
        return answer(e.status, e.body);
      }
      o.status = 'COMPLETED';
      o.captureId = id('', 9).toUpperCase().slice(0, 17);
      return answer(201, paypalJson(o));
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refund) {
      count('paypal.refund');
      await readBody(request);
      const captureId = decodeURIComponent(refund[1] ?? '');
      const o = [...paypalOrders.values()].find((x) => x.captureId === captureId);
      if (!o) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        return answer(e.status, e.body);
      }
      if (o.refundId) {
        const e = paypalError(
          422,
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded.',
        );
        return answer(e.status, e.body);
      }
      o.refundId = id('', 9).toUpperCase().slice(0, 17);
      return answer(201, {
        id: o.refundId,
        status: 'COMPLETED',
        amount: { currency_code: o.currency, value: o.value },
        links: [],
      });
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      count('paypal.get');
      const o = paypalOrders.get(decodeURIComponent(get[1] ?? ''));
      if (!o) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        return send(response, e.status, e.body);
      }
      return send(response, 200, paypalJson(o));
    }
    const saleRefund = /^\/v1\/payments\/sale\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && saleRefund) {
      count('paypal.saleRefund');
      await readBody(request);
      const saleId = decodeURIComponent(saleRefund[1] ?? '');
      const sale = [...paypalSubscriptions.values()]
        .flatMap((x) => x.sales)
        .find((x) => x.id === saleId);
      if (!sale) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        return answer(e.status, e.body);
      }
      if (sale.refundId) {
        const e = paypalError(422, 'TRANSACTION_REFUSED', 'The sale has already been refunded.');
        return answer(e.status, e.body);
      }
      sale.refundId = id('', 9).toUpperCase().slice(0, 17);
      return answer(201, {
        id: sale.refundId,
        state: 'completed',
        sale_id: sale.id,
        amount: { total: sale.value, currency: 'USD' },
      });
    }
    if (request.method === 'POST' && path === '/v1/billing/subscriptions') {
      count('paypal.subscriptionCreate');
      const body = JSON.parse(await readBody(request)) as {
        plan_id?: string;
        custom_id?: string;
        application_context?: { return_url?: string; cancel_url?: string };
      };
      if (!body.plan_id || !paypalPlans[body.plan_id]) {
        const e = paypalError(422, 'INVALID_PARAMETER_VALUE', 'The plan id is invalid.');
        return answer(e.status, e.body);
      }
      const sub: PaypalSubscriptionState = {
        id: `I-${id('', 6).toUpperCase()}`,
        status: 'APPROVAL_PENDING',
        planId: body.plan_id,
        customId: body.custom_id ?? '',
        returnUrl: body.application_context?.return_url ?? null,
        cancelUrl: body.application_context?.cancel_url ?? null,
        startTime: new Date().toISOString(),
        sales: [],
        nextBillingTime: null,
      };
      paypalSubscriptions.set(sub.id, sub);
      return answer(201, paypalSubscriptionJson(sub));
    }
    const subPath = /^\/v1\/billing\/subscriptions\/([^/]+)(\/transactions|\/cancel)?$/.exec(path);
    if (subPath) {
      const sub = paypalSubscriptions.get(decodeURIComponent(subPath[1] ?? ''));
      if (!sub) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        return send(response, e.status, e.body);
      }
      if (request.method === 'GET' && !subPath[2]) {
        count('paypal.subscriptionGet');
        return send(response, 200, paypalSubscriptionJson(sub));
      }
      if (request.method === 'GET' && subPath[2] === '/transactions') {
        count('paypal.subscriptionTransactions');
        return send(response, 200, {
          transactions: sub.sales.map((sale) => ({
            id: sale.id,
            status: 'COMPLETED',
            time: sale.time,
            amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: sale.value } },
          })),
          total_items: sub.sales.length,
          total_pages: 1,
        });
      }
      if (request.method === 'POST' && subPath[2] === '/cancel') {
        count('paypal.subscriptionCancel');
        await readBody(request);
        if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') {
          const e = paypalError(
            422,
            'SUBSCRIPTION_STATUS_INVALID',
            'Invalid subscription status for cancel action; subscription status should be active or suspended.',
          );
          return send(response, e.status, e.body);
        }
        sub.status = 'CANCELLED';
        sub.nextBillingTime = null;
        response.writeHead(204);
        return response.end();
      }
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      count('paypal.verify');
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      const expected = sign(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        body.webhook_event,
      );
      const ok =
        body.webhook_id === keys.paypalWebhookId &&
        typeof body.transmission_sig === 'string' &&
        safeEqual(body.transmission_sig, expected);
      return send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return send(response, 404, { name: 'RESOURCE_NOT_FOUND', message: 'no such API' });
  }

  function sign(transmissionId: string, time: string, webhookId: string, event: unknown) {
    const message = `${transmissionId}|${time}|${webhookId}|${crc32(JSON.stringify(event))}`;
    return createHmac('sha256', webhookKey).update(message).digest('base64');
  }

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = path.startsWith('/toss/')
      ? toss(request, response, path.slice('/toss'.length))
      : path.startsWith('/v1/checkout/') ||
          path.startsWith('/v1/subscriptions/') ||
          path.startsWith('/v1/invoices/') ||
          path === '/v1/refunds'
        ? // the Stripe SDK takes a host and port but no base path: Stripe is served at the root
          stripe(request, response, path)
        : path.startsWith('/paypal/')
          ? paypal(request, response, path.slice('/paypal'.length))
          : Promise.resolve(send(response, 404, { error: 'unknown provider' }));
    route.catch(() => send(response, 500, { error: 'stand-in failed' }));
  });
  // keep-alive connections are reused by the adapters' fetch; do not let idle ones block close
  server.keepAliveTimeout = 5_000;

  return {
    ...loopbackListener(server),
    calls,
    tossBilling,
    toss: {
      authorize(input) {
        const earlier = tossByOrder.get(input.orderId);
        const prior = earlier ? tossPayments.get(earlier) : undefined;
        if (prior && prior.status === 'DONE') return prior.paymentKey;
        const paymentKey = id('tgen_', 16);
        tossPayments.set(paymentKey, {
          paymentKey,
          orderId: input.orderId,
          orderName: input.orderName,
          amount: input.amount,
          status: 'READY',
          outcome: input.outcome,
          approvedAt: null,
          canceledAmount: 0,
          cancels: [],
        });
        tossByOrder.set(input.orderId, paymentKey);
        return paymentKey;
      },
      payment: (key) => tossPayments.get(key),
      cancel(key) {
        const p = tossPayments.get(key);
        if (p) {
          p.status = 'CANCELED';
          p.canceledAmount = p.amount;
        }
      },
    },
    stripe: {
      session: (sid) => sessions.get(sid),
      complete(sid) {
        const s = sessions.get(sid);
        if (!s) throw new Error(`no session ${sid}`);
        if (s.status === 'open') {
          s.status = 'complete';
          s.payment_status = 'paid';
          if (s.mode === 'subscription' && s.interval) {
            const start = Math.floor(Date.now() / 1000);
            const subscription: StripeSubscriptionState = {
              id: id('sub_', 12),
              status: 'active',
              cancel_at_period_end: false,
              current_period_start: start,
              current_period_end: start + periodSeconds(s.interval),
              latest_invoice: id('in_', 12),
              metadata: { ...s.subscription_metadata },
              interval: s.interval,
              amount: s.amount_total,
            };
            subscriptions.set(subscription.id, subscription);
            invoiceOf(subscription);
            s.subscription = subscription.id;
          } else s.payment_intent = id('pi_', 12);
        }
        return s;
      },
      subscription: (subId) => subscriptions.get(subId),
      renew(subId, paidAt) {
        const sub = subscriptions.get(subId);
        if (!sub) throw new Error(`no subscription ${subId}`);
        const start = paidAt ?? sub.current_period_end;
        sub.current_period_start = start;
        sub.current_period_end = start + periodSeconds(sub.interval);
        sub.latest_invoice = id('in_', 12);
        sub.status = 'active';
        invoiceOf(sub);
        return sub;
      },
      failRenewal(subId) {
        const sub = subscriptions.get(subId);
        if (!sub) throw new Error(`no subscription ${subId}`);
        sub.status = 'past_due';
        sub.latest_invoice = id('in_', 12);
        return { invoice: sub.latest_invoice, subscription: sub };
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
      subscriptionJson: (subId: string) => {
        const sub = subscriptions.get(subId);
        if (!sub) throw new Error(`no subscription ${subId}`);
        return subscriptionJson(sub);
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
    paypal: {
      refund(captureId) {
        const o = [...paypalOrders.values()].find((x) => x.captureId === captureId);
        if (!o) throw new Error(`no PayPal capture ${captureId}`);
        o.refundId ??= id('', 9).toUpperCase().slice(0, 17);
        return o.refundId;
      },
      subscription: (sid) => paypalSubscriptions.get(sid),
      approveSubscription(sid) {
        const sub = paypalSubscriptions.get(sid);
        if (!sub) throw new Error(`no PayPal subscription ${sid}`);
        if (sub.status === 'APPROVAL_PENDING') {
          sub.status = 'ACTIVE';
          chargeCycle(sub);
        }
        return sub;
      },
      chargeNextCycle(sid) {
        const sub = paypalSubscriptions.get(sid);
        if (!sub) throw new Error(`no PayPal subscription ${sid}`);
        return chargeCycle(sub);
      },
      order: (oid) => paypalOrders.get(oid),
      approve(oid, declined = false) {
        const o = paypalOrders.get(oid);
        if (!o) throw new Error(`no PayPal order ${oid}`);
        if (o.status === 'CREATED') {
          o.status = 'APPROVED';
          o.declined = declined;
        }
        return o;
      },
      signWebhook(event, webhookId = keys.paypalWebhookId) {
        const transmissionId = randomBytes(8).toString('hex');
        const time = new Date().toISOString();
        return {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-sandbox',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sign(transmissionId, time, webhookId, event),
          'paypal-transmission-time': time,
        };
      },
    },
  };
}
