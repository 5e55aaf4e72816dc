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
  /** throws when the signature does not verify */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string): StripeEvent;
}

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
});

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

    async retrieveSession(id) {
      const stripe = await sdk();
      try {
        return toSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return undefined;
        }
        throw error;
      }
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
        if (error instanceof Stripe.errors.StripeError) {
          return {
            ok: false,
            status: error.statusCode ?? 503,
            code: error.code ?? error.type,
            message: error.message,
          };
        }
        return {
          ok: false,
          status: 503,
          code: 'NETWORK_ERROR',
          message: error instanceof Error ? error.message : 'Stripe did not answer',
        };
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifier.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
