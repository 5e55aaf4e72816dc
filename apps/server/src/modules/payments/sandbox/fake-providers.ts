import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
} as const;

/** Toss codes the buyer's step can end with (spec §8), plus a card the issuer declines at confirm. */
export type TossOutcome = 'approve' | 'decline_at_confirm';

interface TossPaymentState {
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
  metadata: Record<string, string>;
  payment_intent: string | null;
  created: number;
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
  stripe: {
    session(id: string): StripeSessionState | undefined;
    /** the buyer paid in the embedded checkout */
    complete(id: string): StripeSessionState;
    expire(id: string): void;
  };
  paypal: {
    order(id: string): PaypalOrderState | undefined;
    /** the buyer approved in PayPal's popup; declined: the funding source fails at capture */
    approve(id: string, declined?: boolean): PaypalOrderState;
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

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
    metadata: s.metadata,
    mode: 'payment',
    ui_mode: 'embedded_page',
    payment_intent: s.payment_intent,
    created: s.created,
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
                    status: 'COMPLETED',
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

  const paypalError = (status: number, issue: string, description: string) => ({
    status,
    body: {
      name: status === 404 ? 'RESOURCE_NOT_FOUND' : 'UNPROCESSABLE_ENTITY',
      message: description,
      details: [{ issue, description }],
    },
  });

  async function toss(request: IncomingMessage, response: ServerResponse, path: string) {
    const expected = `Basic ${Buffer.from(`${keys.tossSecretKey}:`).toString('base64')}`;
    if (!safeEqual(request.headers.authorization ?? '', expected)) {
      return send(response, 401, {
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
      });
    }
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
      if (p.status === 'DONE') {
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
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const session: StripeSessionState = {
        id: sessionId,
        client_secret: `${sessionId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: form.get('client_reference_id'),
        return_url: form.get('return_url'),
        metadata,
        payment_intent: null,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(sessionId, session);
      if (typeof key === 'string') stripeIdempotent.set(key, sessionId);
      return send(response, 200, stripeJson(session));
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
      if (!session) {
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
        amount: session.amount_total,
        created: Math.floor(Date.now() / 1000),
      };
      stripeRefunds.set(intent, refund);
      if (typeof key === 'string') stripeIdempotent.set(`refund:${key}`, refund.id);
      return send(response, 200, refundJson(refund));
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
      : path.startsWith('/v1/checkout/') || path === '/v1/refunds'
        ? // the Stripe SDK takes a host and port but no base path: Stripe is served at the root
          stripe(request, response, path)
        : path.startsWith('/paypal/')
          ? paypal(request, response, path.slice('/paypal'.length))
          : Promise.resolve(send(response, 404, { error: 'unknown provider' }));
    route.catch(() => send(response, 500, { error: 'stand-in failed' }));
  });
  // keep-alive connections are reused by the adapters' fetch; do not let idle ones block close
  server.keepAliveTimeout = 5_000;
  let listening: Promise<string> | undefined;

  return {
    url() {
      listening ??= new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          resolve(`http://127.0.0.1:${port}`);
        });
      });
      return listening;
    },
    async close() {
      if (!listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    calls,
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
          s.payment_intent = id('pi_', 12);
        }
        return s;
      },
      expire(sid) {
        const s = sessions.get(sid);
        if (s && s.status === 'open') s.status = 'expired';
      },
    },
    paypal: {
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
