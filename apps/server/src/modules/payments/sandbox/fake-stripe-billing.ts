import type { IncomingMessage, ServerResponse } from 'node:http';
import { id, readBody, send, type CountCall } from './fake-http';

/**
 * The Stripe stand-in's subscriptions (subscription-mode Checkout, the VIP pass) and their
 * invoices: GET /v1/invoices/{id}, and GET, POST (update) and DELETE (cancel)
 * /v1/subscriptions/{id}. A paid subscription-mode session starts one here; each invoice is paid
 * by its own payment intent, which the stand-in's refunds accept.
 */

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

export interface StripeBillingApi {
  subscription(id: string): StripeSubscriptionState | undefined;
  /** the next period was charged: a new invoice, the period moved on (seconds since the epoch) */
  renew(id: string, paidAt?: number): StripeSubscriptionState;
  /** the renewal charge failed: the subscription is past_due with a new open invoice */
  failRenewal(id: string): { invoice: string; subscription: StripeSubscriptionState };
  /** the subscription as Stripe's API answers it (the data.object of customer.subscription.*) */
  subscriptionJson(id: string): Record<string, unknown>;
}

export interface StripeBillingStandIn {
  api: StripeBillingApi;
  /**
   * a subscription-mode session was paid: its subscription starts with the first invoice paid;
   * answers the subscription's id
   */
  subscribe(input: {
    interval: 'week' | 'month';
    amount: number;
    metadata: Record<string, string>;
  }): string;
  /** the subscription invoice a payment intent paid, if any (for refunds) */
  invoicePaidBy(paymentIntent: string): { amount: number } | undefined;
  /** the HTTP side (after the Stripe stand-in's auth); false when the path is not one of these */
  handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean>;
}

export function createStripeBillingStandIn(count: CountCall): StripeBillingStandIn {
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

  function getInvoice(response: ServerResponse, invoiceId: string) {
    count('stripe.invoice');
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

  /** GET, POST (update) or DELETE (cancel) /v1/subscriptions/{id}; rawId is the path's segment */
  async function callSubscription(
    request: IncomingMessage,
    response: ServerResponse,
    rawId: string,
  ) {
    count(
      request.method === 'GET'
        ? 'stripe.subscription'
        : request.method === 'POST'
          ? 'stripe.subscriptionUpdate'
          : 'stripe.subscriptionCancel',
    );
    const found = subscriptions.get(decodeURIComponent(rawId));
    if (!found) {
      return send(response, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such subscription: '${rawId}'`,
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

  return {
    subscribe(input) {
      const start = Math.floor(Date.now() / 1000);
      const subscription: StripeSubscriptionState = {
        id: id('sub_', 12),
        status: 'active',
        cancel_at_period_end: false,
        current_period_start: start,
        current_period_end: start + periodSeconds(input.interval),
        latest_invoice: id('in_', 12),
        metadata: { ...input.metadata },
        interval: input.interval,
        amount: input.amount,
      };
      subscriptions.set(subscription.id, subscription);
      invoiceOf(subscription);
      return subscription.id;
    },
    invoicePaidBy: (intent) => [...invoices.values()].find((i) => i.paymentIntent === intent),
    async handle(request, response, path) {
      const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && invoice) {
        getInvoice(response, decodeURIComponent(invoice[1] ?? ''));
        return true;
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (
        sub &&
        (request.method === 'GET' || request.method === 'POST' || request.method === 'DELETE')
      ) {
        await callSubscription(request, response, sub[1] ?? '');
        return true;
      }
      return false;
    },
    api: {
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
      subscriptionJson: (subId: string) => {
        const sub = subscriptions.get(subId);
        if (!sub) throw new Error(`no subscription ${subId}`);
        return subscriptionJson(sub);
      },
    },
  };
}
