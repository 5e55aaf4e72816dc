import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  type Order,
} from '@paypal/paypal-server-sdk';

/**
 * PayPal Orders v2 through the official server SDK (intent CAPTURE, USD; the web disables card
 * funding, spec §9), and the verify-webhook-signature call (not in the SDK) over REST with the
 * same OAuth client credentials. The SDK only knows PayPal's two hosts, so requests are rebased
 * onto the configured API base (the local stand-in in the sandbox, or a proxy) by a fetch adapter.
 */

export interface PaypalCapture {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  /** our ordrId (purchase unit custom_id) */
  customId: string | undefined;
  amountCents: number | undefined;
  currency: string | undefined;
  capture: PaypalCapture | undefined;
}

export type PaypalResult<T> =
  { ok: true; value: T } | { ok: false; status: number; issue: string; message: string };

export interface PaypalWebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** A PayPal Billing subscription (VIP pass), the parts the VIP module reads. */
export interface PaypalSubscription {
  id: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED */
  status: string;
  /** our vipId */
  customId: string | undefined;
  planId: string | undefined;
  approveUrl: string | undefined;
  lastPaymentTime: string | undefined;
  nextBillingTime: string | undefined;
}

export interface PaypalClient {
  createOrder(input: {
    ordrId: string;
    amountCents: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalResult<PaypalOrder>>;
  getOrder(id: string): Promise<PaypalResult<PaypalOrder>>;
  captureOrder(id: string): Promise<PaypalResult<PaypalOrder>>;
  /** Billing subscriptions API (v1): create for a plan, read back, cancel */
  createSubscription(input: {
    vipId: string;
    planId: string;
    /** the plan's price for this subscription (PayPal's plan override), when it is ours to set */
    price?: { cents: number; currency: 'USD' };
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalResult<PaypalSubscription>>;
  getSubscription(id: string): Promise<PaypalResult<PaypalSubscription>>;
  cancelSubscription(id: string, reason: string): Promise<PaypalResult<true>>;
  /** completed charges (sales) of a subscription in a time window, oldest first */
  subscriptionSales(
    id: string,
    from: Date,
    to: Date,
  ): Promise<PaypalResult<{ id: string; time: string }[]>>;
  /**
   * Refunds a capture in full (POST /v2/payments/captures/{id}/refund); PayPal-Request-Id makes a
   * retry answer the first refund.
   */
  refundCapture(input: {
    captureId: string;
    requestId: string;
  }): Promise<PaypalResult<{ id: string; status: string }>>;
  /** PayPal's verdict on a webhook's signature (POST /v1/notifications/verify-webhook-signature) */
  verifyWebhook(headers: PaypalWebhookHeaders, event: unknown): Promise<boolean>;
  /** VIP: refunds a subscription's sale in full (POST /v1/payments/sale/{id}/refund) */
  refundSale(input: {
    saleId: string;
    requestId: string;
  }): Promise<PaypalResult<{ id: string; status: string }>>;
}

const toCents = (value: string | undefined) =>
  value === undefined ? undefined : Math.round(Number(value) * 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);

function toOrder(order: Order): PaypalOrder {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  return {
    id: order.id ?? '',
    status: order.status ?? 'UNKNOWN',
    customId: unit?.customId,
    amountCents: toCents(unit?.amount?.value),
    currency: unit?.amount?.currencyCode,
    capture: capture?.id
      ? {
          id: capture.id,
          status: capture.status ?? 'UNKNOWN',
          amountCents: toCents(capture.amount?.value) ?? 0,
          currency: capture.amount?.currencyCode ?? '',
        }
      : undefined,
  };
}

/** The axios request config the SDK hands its adapter (the fields used here). */
interface AdapterRequest {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  auth?: { username: string; password: string };
  timeout?: number;
}

/** An axios adapter that sends the SDK's requests to `base` instead of PayPal's host, with fetch. */
function rebasingAdapter(base: () => Promise<string>) {
  return async (config: AdapterRequest) => {
    const target = new URL(config.url ?? '/');
    const url = `${await base()}${target.pathname}${target.search}`;
    const raw = config.headers?.toJSON ? config.headers.toJSON() : (config.headers ?? {});
    const headers = new Headers();
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') headers.set(k, v);
    if (config.auth) {
      const basic = Buffer.from(`${config.auth.username}:${config.auth.password}`);
      headers.set('authorization', `Basic ${basic.toString('base64')}`);
    }
    const response = await fetch(url, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' ? config.data : undefined,
      signal: AbortSignal.timeout(config.timeout || 30_000),
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
      config,
      request: {},
    };
  };
}

function failure(error: unknown): { ok: false; status: number; issue: string; message: string } {
  if (error instanceof ApiError) {
    let issue = `HTTP_${error.statusCode}`;
    let message = 'PayPal refused the request';
    try {
      const body = JSON.parse(typeof error.body === 'string' ? error.body : '') as {
        name?: string;
        message?: string;
        details?: { issue?: string; description?: string }[];
      };
      issue = body.details?.[0]?.issue ?? body.name ?? issue;
      message = body.details?.[0]?.description ?? body.message ?? message;
    } catch {
      // a body that is not JSON keeps the HTTP status as the issue
    }
    return { ok: false, status: error.statusCode, issue, message };
  }
  return {
    ok: false,
    status: 503,
    issue: 'NETWORK_ERROR',
    message: error instanceof Error ? error.message : 'PayPal did not answer',
  };
}

export function createPaypalClient(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'production';
  apiBase: () => Promise<string>;
}): PaypalClient {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment:
      options.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 30_000,
    unstable_httpClientOptions: { adapter: rebasingAdapter(options.apiBase) },
  });
  const orders = new OrdersController(client);

  let token: { value: string; until: number } | undefined;
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await fetch(`${await options.apiBase()}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error('PayPal OAuth token refused');
    token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
    return token.value;
  }

  /** Billing subscriptions are not in the server SDK: REST with the same OAuth token */
  async function rest<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    requestId?: string,
  ): Promise<PaypalResult<T | undefined>> {
    try {
      const response = await fetch(`${await options.apiBase()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const json = (text ? JSON.parse(text) : undefined) as
        (T & { name?: string; message?: string; details?: { issue?: string }[] }) | undefined;
      if (!response.ok) {
        return {
          ok: false,
          status: response.status,
          issue: json?.details?.[0]?.issue ?? json?.name ?? 'UNKNOWN',
          message: json?.message ?? `PayPal answered ${response.status}`,
        };
      }
      return { ok: true, value: json };
    } catch (error) {
      return failure(error);
    }
  }
  const toSubscription = (s: Record<string, unknown> | undefined): PaypalSubscription => {
    const billing = (s?.billing_info ?? {}) as {
      last_payment?: { time?: string };
      next_billing_time?: string;
    };
    const links = (s?.links ?? []) as { rel?: string; href?: string }[];
    return {
      id: typeof s?.id === 'string' ? s.id : '',
      status: typeof s?.status === 'string' ? s.status : 'UNKNOWN',
      customId: typeof s?.custom_id === 'string' ? s.custom_id : undefined,
      planId: typeof s?.plan_id === 'string' ? s.plan_id : undefined,
      approveUrl: links.find((l) => l.rel === 'approve')?.href,
      lastPaymentTime: billing.last_payment?.time,
      nextBillingTime: billing.next_billing_time,
    };
  };

  return {
    async createSubscription(input) {
      const r = await rest<Record<string, unknown>>(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: input.planId,
          custom_id: input.vipId,
          // the plan override: this subscription's regular cycle at our price (decision 1551)
          ...(input.price
            ? {
                plan: {
                  billing_cycles: [
                    {
                      sequence: 1,
                      total_cycles: 0,
                      pricing_scheme: {
                        fixed_price: {
                          value: (input.price.cents / 100).toFixed(2),
                          currency_code: input.price.currency,
                        },
                      },
                    },
                  ],
                },
              }
            : {}),
          application_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'SUBSCRIBE_NOW',
          },
        },
        `vip-${input.vipId}`,
      );
      return r.ok ? { ok: true, value: toSubscription(r.value) } : r;
    },
    async getSubscription(id) {
      const r = await rest<Record<string, unknown>>(
        'GET',
        `/v1/billing/subscriptions/${encodeURIComponent(id)}`,
        undefined,
      );
      return r.ok ? { ok: true, value: toSubscription(r.value) } : r;
    },
    async subscriptionSales(id, from, to) {
      const query = new URLSearchParams({
        start_time: from.toISOString(),
        end_time: to.toISOString(),
      });
      const r = await rest<{ transactions?: { id?: string; status?: string; time?: string }[] }>(
        'GET',
        `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query.toString()}`,
        undefined,
      );
      if (!r.ok) return r;
      const sales = (r.value?.transactions ?? [])
        .filter((t) => t.status === 'COMPLETED' && t.id && t.time)
        .map((t) => ({ id: t.id ?? '', time: t.time ?? '' }))
        .sort((a, b) => a.time.localeCompare(b.time));
      return { ok: true, value: sales };
    },
    async cancelSubscription(id, reason) {
      const r = await rest<unknown>(
        'POST',
        `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`,
        { reason },
      );
      return r.ok ? { ok: true, value: true } : r;
    },
    async createOrder(input) {
      try {
        const { result } = await orders.createOrder({
          // PayPal-Request-Id: a retried create answers the first order
          paypalRequestId: `create-${input.ordrId}`,
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.ordrId,
                customId: input.ordrId,
                description: input.description,
                amount: { currencyCode: 'USD', value: dollars(input.amountCents) },
              },
            ],
            applicationContext: { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl },
          },
        });
        return { ok: true, value: toOrder(result) };
      } catch (error) {
        return failure(error);
      }
    },
    async getOrder(id) {
      try {
        const { result } = await orders.getOrder({ id });
        return { ok: true, value: toOrder(result) };
      } catch (error) {
        return failure(error);
      }
    },
    async captureOrder(id) {
      try {
        const { result } = await orders.captureOrder({
          id,
          paypalRequestId: `capture-${id}`,
          prefer: 'return=representation',
        });
        return { ok: true, value: toOrder(result) };
      } catch (error) {
        return failure(error);
      }
    },
    async refundCapture(input) {
      let response: Response;
      try {
        response = await fetch(
          `${await options.apiBase()}/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${await accessToken()}`,
              'content-type': 'application/json',
              'paypal-request-id': input.requestId,
              prefer: 'return=representation',
            },
            body: '{}',
            signal: AbortSignal.timeout(30_000),
          },
        );
      } catch (error) {
        return failure(error);
      }
      const text = await response.text();
      let body: {
        id?: string;
        status?: string;
        name?: string;
        message?: string;
        details?: { issue?: string; description?: string }[];
      } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // not JSON: the status speaks
      }
      if (response.ok && body.id)
        return { ok: true, value: { id: body.id, status: body.status ?? 'UNKNOWN' } };
      return {
        ok: false,
        status: response.status,
        issue: body.details?.[0]?.issue ?? body.name ?? `HTTP_${response.status}`,
        message: body.details?.[0]?.description ?? body.message ?? 'PayPal refused the refund',
      };
    },

    async verifyWebhook(headers, event) {
      const response = await fetch(
        `${await options.apiBase()}/v1/notifications/verify-webhook-signature`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            auth_algo: headers.authAlgo,
            cert_url: headers.certUrl,
            transmission_id: headers.transmissionId,
            transmission_sig: headers.transmissionSig,
            transmission_time: headers.transmissionTime,
            webhook_id: options.webhookId,
            webhook_event: event,
          }),
          signal: AbortSignal.timeout(30_000),
        },
      );
      if (!response.ok) return false;
      const body = (await response.json()) as { verification_status?: string };
      return body.verification_status === 'SUCCESS';
    },

    async refundSale(input) {
      const r = await rest<{ id?: string; state?: string }>(
        'POST',
        `/v1/payments/sale/${encodeURIComponent(input.saleId)}/refund`,
        {},
        input.requestId,
      );
      return r.ok
        ? { ok: true, value: { id: r.value?.id ?? '', status: r.value?.state ?? 'UNKNOWN' } }
        : r;
    },
  };
}
