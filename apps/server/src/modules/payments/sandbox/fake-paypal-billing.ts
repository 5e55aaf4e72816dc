import type { IncomingMessage, ServerResponse } from 'node:http';
import { id, paypalError, readBody, send, type CountCall } from './fake-http';
import type { SandboxKeys } from './fake-keys';

/**
 * The PayPal stand-in's Billing API (the VIP pass): POST /v1/billing/subscriptions, GET
 * /v1/billing/subscriptions/{id} and its /transactions, POST its /cancel, and the refund of a
 * subscription's sale (POST /v1/payments/sale/{id}/refund), behind the PayPal stand-in's auth.
 */

/** A PayPal Billing subscription at the stand-in. */
export interface PaypalSubscriptionState {
  id: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  planId: string;
  /** the price of a plan override (USD, '5.99'); null: the plan's own */
  value: string | null;
  customId: string;
  returnUrl: string | null;
  cancelUrl: string | null;
  startTime: string;
  /** completed sales (one per billing cycle), oldest first */
  sales: { id: string; time: string; value: string; refundId?: string }[];
  nextBillingTime: string | null;
}

export interface PaypalBillingApi {
  subscription(id: string): PaypalSubscriptionState | undefined;
  /** the buyer approved the subscription: active, the first cycle charged (a sale) */
  approveSubscription(id: string): PaypalSubscriptionState;
  /** the next cycle was charged: a new sale; answers it */
  chargeNextCycle(id: string): { id: string; time: string; value: string };
}

export interface PaypalBillingStandIn {
  api: PaypalBillingApi;
  /**
   * The HTTP side (after the PayPal stand-in's auth), or false when the path is not a Billing one;
   * answer replies and keeps a success for a repeated PayPal-Request-Id
   */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    answer: (status: number, body: unknown) => void,
  ): Promise<boolean>;
}

export function createPaypalBillingStandIn(
  keys: SandboxKeys,
  count: CountCall,
): PaypalBillingStandIn {
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
      value: sub.value ?? plan.value,
    };
    sub.sales.push(sale);
    sub.nextBillingTime = new Date(at.getTime() + plan.days * 86_400_000).toISOString();
    return sale;
  };

  async function refundSale(
    request: IncomingMessage,
    rawId: string,
    answer: (status: number, body: unknown) => void,
  ) {
    count('paypal.saleRefund');
    await readBody(request);
    const saleId = decodeURIComponent(rawId);
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

  async function createSubscription(
    request: IncomingMessage,
    answer: (status: number, body: unknown) => void,
  ) {
    count('paypal.subscriptionCreate');
    const body = JSON.parse(await readBody(request)) as {
      plan_id?: string;
      custom_id?: string;
      plan?: {
        billing_cycles?: { pricing_scheme?: { fixed_price?: { value?: string } } }[];
      };
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
      // a plan override's price, as PayPal charges it each cycle
      value: body.plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price?.value ?? null,
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

  /** GET the subscription or its transactions, or POST its cancel; false when it is neither */
  async function callSubscription(
    request: IncomingMessage,
    response: ServerResponse,
    sub: PaypalSubscriptionState,
    suffix: string | undefined,
  ): Promise<boolean> {
    if (request.method === 'GET' && !suffix) {
      count('paypal.subscriptionGet');
      send(response, 200, paypalSubscriptionJson(sub));
      return true;
    }
    if (request.method === 'GET' && suffix === '/transactions') {
      count('paypal.subscriptionTransactions');
      send(response, 200, {
        transactions: sub.sales.map((sale) => ({
          id: sale.id,
          status: 'COMPLETED',
          time: sale.time,
          amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: sale.value } },
        })),
        total_items: sub.sales.length,
        total_pages: 1,
      });
      return true;
    }
    if (request.method === 'POST' && suffix === '/cancel') {
      count('paypal.subscriptionCancel');
      await readBody(request);
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') {
        const e = paypalError(
          422,
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for cancel action; subscription status should be active or suspended.',
        );
        send(response, e.status, e.body);
        return true;
      }
      sub.status = 'CANCELLED';
      sub.nextBillingTime = null;
      response.writeHead(204);
      response.end();
      return true;
    }
    return false;
  }

  return {
    async handle(request, response, path, answer) {
      const saleRefund = /^\/v1\/payments\/sale\/([^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && saleRefund) {
        await refundSale(request, saleRefund[1] ?? '', answer);
        return true;
      }
      if (request.method === 'POST' && path === '/v1/billing/subscriptions') {
        await createSubscription(request, answer);
        return true;
      }
      const subPath = /^\/v1\/billing\/subscriptions\/([^/]+)(\/transactions|\/cancel)?$/.exec(
        path,
      );
      if (!subPath) return false;
      const sub = paypalSubscriptions.get(decodeURIComponent(subPath[1] ?? ''));
      if (!sub) {
        const e = paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        send(response, e.status, e.body);
        return true;
      }
      return callSubscription(request, response, sub, subPath[2]);
    },
    api: {
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
    },
  };
}
