import { createJsonHttpClient } from './json-http';

/**
 * Toss Payments REST API (core API v1): confirm a payment the buyer approved in the widget, and
 * look a payment up by its key or our order id. Basic auth with the secret key and an empty
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

export type TossResult =
  { ok: true; payment: TossPayment } | { ok: false; status: number; code: string; message: string };

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

export function createTossClient(options: {
  secretKey: string;
  /** e.g. https://api.tosspayments.com */
  apiBase: () => Promise<string>;
  timeoutMs?: number;
}): TossClient {
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const http = createJsonHttpClient({ timeoutMs: options.timeoutMs ?? 30_000 });

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ) {
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
    if (status >= 200 && status < 300 && isTossPayment(json))
      return { ok: true as const, payment: json };
    const error = (json ?? {}) as { code?: unknown; message?: unknown };
    return {
      ok: false as const,
      status,
      code: typeof error.code === 'string' ? error.code : `HTTP_${status}`,
      message: typeof error.message === 'string' ? error.message : 'Toss refused the request',
    };
  }

  return {
    confirm: (input) =>
      // the idempotency key makes a retried confirm answer the first result at Toss as well; it
      // names the payment key too, so a confirm with a wrong key cannot shadow the right one
      call('POST', '/v1/payments/confirm', input, `confirm-${input.orderId}-${input.paymentKey}`),
    payment: (paymentKey) => call('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`),
    paymentByOrderId: (orderId) =>
      call('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`),
    cancel: (input) =>
      call(
        'POST',
        `/v1/payments/${encodeURIComponent(input.paymentKey)}/cancel`,
        { cancelReason: input.reason },
        input.idempotencyKey,
      ),
  };
}
