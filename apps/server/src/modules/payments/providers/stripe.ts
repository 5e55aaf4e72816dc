import Stripe from 'stripe';

/**
 * Stripe through its official SDK: Checkout Sessions in embedded mode (the web mounts the
 * session's client secret; spec §5: the session id is the part before "_secret_"), session
 * retrieval for confirmation, and webhook signature checks on the raw body. The API host comes
 * from config (the local stand-in in the sandbox).
 */

export interface StripeSession {
  id: string;
  clientSecret: string | null;
  /** open, complete, expired */
  status: string | null;
  /** paid, unpaid, no_payment_required */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  paymentIntentId: string | null;
  /** the hosted page to send the buyer to (hosted sessions: the VIP pass) */
  url: string | null;
  /** subscription mode (VIP pass): the subscription the session created once complete */
  subscriptionId: string | null;
}

/** A Stripe subscription (VIP pass), the parts the VIP module reads. */
export interface StripeSubscription {
  id: string;
  /** incomplete, active, past_due, canceled, unpaid, ... */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** seconds since the epoch; from the first item (API 2025-03-31 moved periods onto items) */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  latestInvoiceId: string | null;
  metadata: Record<string, string>;
}

export type StripeEvent = Stripe.Event;

export interface StripeClient {
  createSession(input: {
    ordrId: string;
    amountCents: number;
    productName: string;
    returnUrl: string;
  }): Promise<StripeSession>;
  /** undefined when Stripe does not know the session */
  retrieveSession(id: string): Promise<StripeSession | undefined>;
  /** Checkout in subscription mode for a VIP pass (embedded, like the coin packs' sessions) */
  createSubscriptionSession(input: {
    vipId: string;
    amountCents: number;
    interval: 'week' | 'month';
    productName: string;
    /** success_url: {CHECKOUT_SESSION_ID} is replaced by Stripe */
    returnUrl: string;
    cancelUrl: string;
  }): Promise<StripeSession>;
  retrieveSubscription(id: string): Promise<StripeSubscription | undefined>;
  /** stops renewal; the paid period runs to its end */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<StripeSubscription>;
  /**
   * Refunds a payment intent in full (POST /v1/refunds); the idempotency key makes a retry answer
   * the first refund. A refusal answers Stripe's error code (e.g. charge_already_refunded).
   */
  refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
  }): Promise<
    | { ok: true; id: string; status: string; amount: number }
    | { ok: false; status: number; code: string; message: string }
  >;
  /**
   * The payment intent's refund, if it was refunded (GET /v1/refunds?payment_intent=): asked
   * before a payment is credited, so a refund whose webhook is still on its way is not missed.
   */
  refundOf(paymentIntentId: string): Promise<{ id: string; amount: number } | undefined>;
  /** throws when the signature does not verify */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string): StripeEvent;
  /** VIP: closes an open Checkout Session so it can no longer be paid */
  expireSession(id: string): Promise<StripeSession>;
  /** VIP: ends a subscription now (no further renewals) */
  cancelSubscriptionNow(id: string): Promise<StripeSubscription>;
  /** VIP: refunds the payment of a subscription's invoice in full (as refund() answers) */
  refundInvoice(input: {
    invoiceId: string;
    idempotencyKey: string;
  }): ReturnType<StripeClient['refund']>;
}

/** Stripe's answer to a refused call, as our refusal: its HTTP status, its code and its words. */
const refusalOf = (error: Stripe.errors.StripeError) => ({
  ok: false as const,
  status: error.statusCode ?? 503,
  code: error.code ?? error.type,
  message: error.message,
});

const toSession = (s: Stripe.Checkout.Session): StripeSession => ({
  id: s.id,
  clientSecret: s.client_secret,
  status: s.status,
  paymentStatus: s.payment_status,
  amountTotal: s.amount_total,
  currency: s.currency,
  clientReferenceId: s.client_reference_id,
  paymentIntentId:
    typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
  url: s.url,
  subscriptionId:
    typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null),
});

export const toStripeSubscription = (s: Stripe.Subscription): StripeSubscription => {
  const item = s.items.data[0];
  const legacy = s as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    id: s.id,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    latestInvoiceId:
      typeof s.latest_invoice === 'string' ? s.latest_invoice : (s.latest_invoice?.id ?? null),
    metadata: { ...s.metadata },
  };
};

/** Stripe's answer for an id it does not know (404) is `undefined`; any other failure stands. */
async function unlessMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined;
    }
    throw error;
  }
}

export function createStripeClient(options: {
  secretKey: string;
  webhookSecret: string;
  /** undefined: Stripe's API; else e.g. http://127.0.0.1:4010 */
  apiBase: () => Promise<string | undefined>;
}): StripeClient {
  let client: Promise<Stripe> | undefined;
  const sdk = () => {
    client ??= options.apiBase().then((base) => {
      if (!base) return new Stripe(options.secretKey, { maxNetworkRetries: 2 });
      const url = new URL(base);
      return new Stripe(options.secretKey, {
        host: url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        protocol: url.protocol === 'https:' ? 'https' : 'http',
        maxNetworkRetries: 2,
      });
    });
    return client;
  };
  // signature checks need no network: a client without a host is enough
  const verifier = new Stripe(options.secretKey);

  return {
    async createSession(input) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create(
        {
          ui_mode: 'embedded_page',
          mode: 'payment',
          client_reference_id: input.ordrId,
          metadata: { ordrId: input.ordrId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                product_data: { name: input.productName },
              },
            },
          ],
          return_url: input.returnUrl,
        },
        // one session per order, whatever the retries
        { idempotencyKey: `session-${input.ordrId}` },
      );
      return toSession(session);
    },

    async createSubscriptionSession(input) {
      const stripe = await sdk();
      // a hosted page (the buyer is sent to session.url): the web needs no Stripe.js for a pass
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: input.vipId,
          metadata: { vipId: input.vipId },
          subscription_data: { metadata: { vipId: input.vipId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                recurring: { interval: input.interval },
                product_data: { name: input.productName },
              },
            },
          ],
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `vip-session-${input.vipId}` },
      );
      return toSession(session);
    },

    async retrieveSubscription(id) {
      const stripe = await sdk();
      const subscription = await unlessMissing(stripe.subscriptions.retrieve(id));
      return subscription && toStripeSubscription(subscription);
    },

    async cancelSubscriptionAtPeriodEnd(id) {
      const stripe = await sdk();
      return toStripeSubscription(
        await stripe.subscriptions.update(id, { cancel_at_period_end: true }),
      );
    },

    async retrieveSession(id) {
      const stripe = await sdk();
      const session = await unlessMissing(stripe.checkout.sessions.retrieve(id));
      return session && toSession(session);
    },

    async refund(input) {
      const stripe = await sdk();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntentId, reason: 'requested_by_customer' },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          ok: true,
          id: refund.id,
          status: refund.status ?? 'unknown',
          amount: refund.amount,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) return refusalOf(error);
        return {
          ok: false,
          status: 503,
          code: 'NETWORK_ERROR',
          message: error instanceof Error ? error.message : 'Stripe did not answer',
        };
      }
    },

    async refundOf(paymentIntentId) {
      const stripe = await sdk();
      const list = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 10 });
      const done = list.data.find((r) => r.status === 'succeeded' || r.status === 'pending');
      return done ? { id: done.id, amount: done.amount } : undefined;
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifier.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
    },

    async expireSession(id) {
      const stripe = await sdk();
      return toSession(await stripe.checkout.sessions.expire(id));
    },

    async cancelSubscriptionNow(id) {
      const stripe = await sdk();
      return toStripeSubscription(await stripe.subscriptions.cancel(id));
    },

    async refundInvoice(input) {
      const stripe = await sdk();
      let intent: string | undefined;
      try {
        const invoice = await stripe.invoices.retrieve(input.invoiceId, { expand: ['payments'] });
        // API 2025-03-31 and later list the invoice's payments; earlier ones name payment_intent
        const paid = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent');
        const legacy = (invoice as unknown as { payment_intent?: string | { id: string } | null })
          .payment_intent;
        const named = paid?.payment.payment_intent ?? legacy ?? undefined;
        intent = typeof named === 'string' ? named : named?.id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) return refusalOf(error);
        throw error;
      }
      if (!intent) {
        return { ok: false, status: 400, code: 'invoice_unpaid', message: 'No payment to refund' };
      }
      return this.refund({ paymentIntentId: intent, idempotencyKey: input.idempotencyKey });
    },
  };
}
