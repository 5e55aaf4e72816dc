import { createJsonHttpClient } from './json-http';

/**
 * Toss Payments REST API (core API v1): confirm a payment the buyer approved in the widget, and
 * look a payment up by its key or our order id; automatic payment (billing): issue a billing key
 * from the authKey of requestBillingAuth, charge it. Basic auth with the secret key and an empty
 * password. The base URL comes from config (the local stand-in in the sandbox).
 */

export interface TossCancel {
  transactionKey: string;
  cancelAmount: number;
  cancelReason: string;
}

export interface TossPayment {
  paymentKey: string;
  orderId: string;
  /** READY, IN_PROGRESS, WAITING_FOR_DEPOSIT, DONE, CANCELED, PARTIAL_CANCELED, ABORTED, EXPIRED */
  status: string;
  totalAmount: number;
  balanceAmount?: number;
  currency: string;
  method?: string | null;
  approvedAt?: string | null;
  cancels?: TossCancel[] | null;
}

export interface TossFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

export type TossResult = { ok: true; payment: TossPayment } | TossFailure;

/** A billing key Toss issued for a card the buyer registered (POST /v1/billing/authorizations/issue). */
export interface TossBillingKey {
  billingKey: string;
  customerKey: string;
  method?: string;
  cardCompany?: string | null;
  cardNumber?: string | null;
  authenticatedAt?: string | null;
}

export type TossBillingKeyResult = { ok: true; billing: TossBillingKey } | TossFailure;

export interface TossClient {
  confirm(input: { paymentKey: string; orderId: string; amount: number }): Promise<TossResult>;
  payment(paymentKey: string): Promise<TossResult>;
  paymentByOrderId(orderId: string): Promise<TossResult>;
  /** cancels (refunds in full) a DONE payment: POST /v1/payments/{paymentKey}/cancel */
  cancel(input: {
    paymentKey: string;
    reason: string;
    idempotencyKey: string;
  }): Promise<TossResult>;
  /** the authKey (used once) and customerKey of requestBillingAuth's successUrl → a billing key */
  issueBillingKey(input: { authKey: string; customerKey: string }): Promise<TossBillingKeyResult>;
  /**
   * charges a billing key: POST /v1/billing/{billingKey}; orderId is also the Idempotency-Key, so
   * a retried charge answers the first one
   */
  chargeBillingKey(input: {
    billingKey: string;
    customerKey: string;
    amount: number;
    orderId: string;
    orderName: string;
  }): Promise<TossResult>;
}

function isTossPayment(value: unknown): value is TossPayment {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.paymentKey === 'string' &&
    typeof v.orderId === 'string' &&
    typeof v.status === 'string' &&
    typeof v.totalAmount === 'number'
  );
}

function isTossBillingKey(value: unknown): value is TossBillingKey {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.billingKey === 'string' && typeof v.customerKey === 'string';
}

export function createTossClient(options: {
  secretKey: string;
  /** e.g. https://api.tosspayments.com */
  apiBase: () => Promise<string>;
  timeoutMs?: number;
}): TossClient {
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const http = createJsonHttpClient({ timeoutMs: options.timeoutMs ?? 30_000 });

  async function call<T>(
    accept: (json: unknown) => T | undefined,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ ok: true; value: T } | TossFailure> {
    const base = await options.apiBase();
    let text: string;
    let status: number;
    try {
      ({ status, text } = await http.request(
        method,
        `${base}${path}`,
        {
          authorization: auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body === undefined ? undefined : JSON.stringify(body),
      ));
    } catch (error) {
      return {
        ok: false as const,
        status: 503,
        code: 'NETWORK_ERROR',
        message: error instanceof Error ? error.message : 'Toss did not answer',
      };
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const value = status >= 200 && status < 300 ? accept(json) : undefined;
    if (value !== undefined) return { ok: true as const, value };
    const error = (json ?? {}) as { code?: unknown; message?: unknown };
    return {
      ok: false as const,
      status,
      code: typeof error.code === 'string' ? error.code : `HTTP_${status}`,
      message: typeof error.message === 'string' ? error.message : 'Toss refused the request',
    };
  }

  const payment = async (
    ...args: [method: 'GET' | 'POST', path: string, body?: unknown, key?: string]
  ) => {
    const r = await call((j) => (isTossPayment(j) ? j : undefined), ...args);
    return r.ok ? { ok: true as const, payment: r.value } : r;
  };

  return {
    confirm: (input) =>
      // the idempotency key makes a retried confirm answer the first result at Toss as well; it
      // names the payment key too, so a confirm with a wrong key cannot shadow the right one
      payment(
        'POST',
        '/v1/payments/confirm',
        input,
        `confirm-${input.orderId}-${input.paymentKey}`,
      ),
    payment: (paymentKey) => payment('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`),
    paymentByOrderId: (orderId) =>
      payment('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`),
    cancel: (input) =>
      payment(
        'POST',
        `/v1/payments/${encodeURIComponent(input.paymentKey)}/cancel`,
        { cancelReason: input.reason },
        input.idempotencyKey,
      ),
    async issueBillingKey(input) {
      const r = await call(
        (j) => (isTossBillingKey(j) ? j : undefined),
        'POST',
        '/v1/billing/authorizations/issue',
        { authKey: input.authKey, customerKey: input.customerKey },
      );
      return r.ok ? { ok: true as const, billing: r.value } : r;
    },
    chargeBillingKey: (input) =>
      payment(
        'POST',
        `/v1/billing/${encodeURIComponent(input.billingKey)}`,
        {
          customerKey: input.customerKey,
          amount: input.amount,
          orderId: input.orderId,
          orderName: input.orderName,
        },
        input.orderId,
      ),
  };
}
