/**
 * PayPal Orders v2: the create-order call linked to our order, the capture on the buyer's
 * approval, the verified webhook (capture completed, refunded, reversed; disputes), the sweep's
 * question about a registered order, and a refund of the capture.
 */
import {
  ResultCode,
  type PaymentResultData,
  type PaypalConfirmBody,
  type PaypalOrderBody,
  type PaypalOrderData,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { ReversalKind } from './payments.repository';
import type { OrderRow } from './payments.tables';
import type { PaypalOrder, PaypalWebhookHeaders } from './providers/paypal';
import {
  declined,
  malformed,
  notCompleted,
  SANDBOX_CHECKOUT_BASE,
  unavailable,
  type Caller,
  type GatewayContext,
  type ProviderFlow,
} from './web-gateway-shared';

/** capture states of money PayPal took (refunded ones too: the refund is recorded against them) */
const PAYPAL_TAKEN = new Set(['COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

/** The capture a PayPal refund or reversal belongs to: its "up" link (/v2/payments/captures/{id}). */
const captureOfRefund = (resource: { links?: unknown }): string | undefined => {
  if (!Array.isArray(resource.links)) return undefined;
  for (const link of resource.links as { rel?: unknown; href?: unknown }[]) {
    if (link.rel !== 'up' || typeof link.href !== 'string') continue;
    const m = /\/v2\/payments\/captures\/([^/?#]+)/.exec(link.href);
    if (m?.[1]) return decodeURIComponent(m[1]);
  }
  return undefined;
};

export function createPaypalFlow(context: GatewayContext) {
  const { orders, gateways, subscriptions, gatewayOf, checkGateway, settled, paidAndCredited } =
    context;
  const { orderOrUndefined, productName } = context;

  async function paypalPaid(order: OrderRow, p: PaypalOrder) {
    const capture = p.capture;
    if (!capture || !PAYPAL_TAKEN.has(capture.status))
      throw notCompleted(`PayPal order is ${p.status}`);
    // PayPal answers the capture as it is now: refunded before we heard of it, the refund wins
    if (capture.status !== 'COMPLETED') {
      await orders.recordReversal({
        gateway: 'P',
        providerTxnId: capture.id,
        kind: 'refund',
        eventRef: `${capture.id}:${capture.status}`,
        raw: { asked: true, status: capture.status },
      });
    }
    return paidAndCredited(order, {
      provider: 'P',
      providerTxnId: capture.id,
      amountMinor: capture.amountCents,
      currency: capture.currency === 'USD' ? 'USD' : 'KRW',
      raw: { paypalOrderId: p.id, status: p.status },
    });
  }

  async function confirm(caller: Caller, body: PaypalConfirmBody): Promise<PaymentResultData> {
    const order = await orders.findForUser(body.ordrId, caller.userId);
    checkGateway(order, 'P');
    // spec §5: the approval must be the PayPal order created for this order
    if (order.providerRef !== body.paypalOrderId) {
      throw new AppError(
        ResultCode.PAYPAL_ORDER_ID_MISMATCH,
        'The payment order number does not match',
      );
    }
    const done = await settled(order);
    if (done) return done;
    const paypal = gatewayOf(gateways.paypal, 'PayPal').client;
    const captured = await paypal.captureOrder(body.paypalOrderId);
    if (captured.ok) {
      // PayPal answers a retried capture (PayPal-Request-Id) with its first reply: the order is
      // read as it is now, so a refund since then is not credited over
      const now = await paypal.getOrder(body.paypalOrderId);
      return paypalPaid(order, now.ok && now.value.capture ? now.value : captured.value);
    }
    if (captured.issue === 'ORDER_ALREADY_CAPTURED') {
      const again = await paypal.getOrder(body.paypalOrderId);
      if (again.ok) return paypalPaid(order, again.value);
    }
    if (captured.status >= 500 || captured.issue === 'NETWORK_ERROR') throw unavailable('PayPal');
    if (captured.issue === 'ORDER_NOT_APPROVED')
      throw notCompleted('The buyer has not approved yet');
    // a declined funding source: PayPal lets the buyer pick another one, so the order stays open
    throw declined(captured.issue, captured.message);
  }

  async function reconcile(order: OrderRow, expired: boolean) {
    if (!gateways.paypal || !order.providerRef) return 'over';
    const p = await gateways.paypal.client.getOrder(order.providerRef);
    if (p.ok && PAYPAL_TAKEN.has(p.value.capture?.status ?? '')) {
      await paypalPaid(order, p.value);
      return 'credited';
    }
    return expired ? 'over' : 'open';
  }

  async function refund(_order: OrderRow, txn: string, _reason: string, key: string) {
    const paypal = gatewayOf(gateways.paypal, 'PayPal');
    const r = await paypal.client.refundCapture({ captureId: txn, requestId: key });
    if (r.ok) return { providerRefundId: r.value.id, raw: r.value };
    if (r.issue === 'CAPTURE_FULLY_REFUNDED') return { providerRefundId: txn, raw: r };
    if (r.status >= 500) throw unavailable('PayPal');
    throw declined(r.issue, r.message);
  }

  /** The PayPal create-order call: our order and PayPal's, linked. */
  async function createOrder(
    caller: Caller,
    body: PaypalOrderBody,
    origin: string,
  ): Promise<PaypalOrderData> {
    const paypal = gatewayOf(gateways.paypal, 'PayPal');
    const order = await orders.register({
      userId: caller.userId,
      authMethod: caller.authMethod,
      godsCode: body.goodsCode,
      gateway: 'P',
      price: body.price,
    });
    const back = `${origin}/payment/return/paypal?ordrId=${order.id}`;
    const created = await paypal.client.createOrder({
      ordrId: order.id,
      amountCents: order.amountMinor,
      description: productName(order),
      returnUrl: back,
      cancelUrl: `${back}&canceled=1`,
    });
    if (!created.ok) {
      await orders.recordFailed(order.id, { provider: 'P', reason: created.issue });
      throw unavailable('PayPal');
    }
    await orders.attachProviderRef(order.id, created.value.id);
    return {
      ordrId: order.id,
      paypalOrderId: created.value.id,
      ...(paypal.mode === 'sandbox'
        ? {
            checkoutUrl: `${SANDBOX_CHECKOUT_BASE}/paypal/checkoutnow?token=${encodeURIComponent(created.value.id)}`,
          }
        : {}),
    };
  }

  /** PayPal: verified with PayPal's verify-webhook-signature; capture completed and refunded. */
  async function webhook(headers: PaypalWebhookHeaders, event: unknown): Promise<string> {
    const paypal = gatewayOf(gateways.paypal, 'PayPal').client;
    const valid = await paypal.verifyWebhook(headers, event).catch(() => {
      throw unavailable('PayPal');
    });
    if (!valid)
      throw new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, 'PayPal signature did not verify');
    const eventType = (event as { event_type?: unknown }).event_type;
    const vip = subscriptions();
    if (
      vip &&
      typeof eventType === 'string' &&
      (eventType.startsWith('BILLING.SUBSCRIPTION.') || eventType.startsWith('PAYMENT.SALE.'))
    )
      return (await vip.paypal(event)) ?? 'ignored';
    const e = event as {
      event_type?: unknown;
      resource?: {
        id?: unknown;
        custom_id?: unknown;
        links?: unknown;
        disputed_transactions?: unknown;
        dispute_id?: unknown;
        dispute_outcome?: { outcome_code?: unknown };
      };
    };
    const resource = e.resource;
    if (typeof eventType !== 'string' || !resource || typeof resource !== 'object')
      throw malformed('resource');
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      // keyed by the capture, so a refund heard of before the capture is kept for it
      let capture = captureOfRefund(resource);
      if (!capture) {
        const order = await orderOrUndefined(
          typeof resource.custom_id === 'string' ? resource.custom_id : undefined,
        );
        capture = order?.gateway === 'P' ? (order.providerTxnId ?? undefined) : undefined;
      }
      if (!capture) throw malformed('resource.links');
      const done = await orders.recordReversal({
        gateway: 'P',
        providerTxnId: capture,
        kind: eventType === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'revoke',
        eventRef: typeof resource.id === 'string' ? resource.id : `${capture}:${eventType}`,
        raw: { event_type: eventType },
      });
      return done.outcome;
    }
    if (eventType.startsWith('CUSTOMER.DISPUTE.')) {
      const disputed = Array.isArray(resource.disputed_transactions)
        ? (resource.disputed_transactions as { seller_transaction_id?: unknown }[])
        : [];
      const capture = disputed[0]?.seller_transaction_id;
      if (typeof capture !== 'string' || capture === '')
        throw malformed('resource.disputed_transactions');
      const outcome = resource.dispute_outcome?.outcome_code;
      const kind: ReversalKind | undefined =
        eventType === 'CUSTOMER.DISPUTE.CREATED'
          ? 'dispute_opened'
          : eventType === 'CUSTOMER.DISPUTE.RESOLVED'
            ? outcome === 'RESOLVED_BUYER_FAVOUR'
              ? 'dispute_lost'
              : outcome === 'RESOLVED_SELLER_FAVOUR'
                ? 'dispute_won'
                : undefined
            : undefined;
      if (!kind) return 'ignored';
      const done = await orders.recordReversal({
        gateway: 'P',
        providerTxnId: capture,
        kind,
        // a dispute resource names itself dispute_id (one dispute: created, then resolved)
        eventRef:
          typeof resource.dispute_id === 'string'
            ? `${resource.dispute_id}:${kind}`
            : `${capture}:${kind}`,
        raw: { event_type: eventType, outcome: typeof outcome === 'string' ? outcome : null },
      });
      return done.outcome;
    }
    const order = await orderOrUndefined(
      typeof resource.custom_id === 'string' ? resource.custom_id : undefined,
    );
    if (!order || order.gateway !== 'P') return 'unknown order';
    if (eventType === 'PAYMENT.CAPTURE.COMPLETED') {
      if (!order.providerRef) return 'unknown order';
      // a replay after the order settled: what happened since comes as its own event
      if (order.state === 'credited' || order.state === 'refunded') return order.state;
      // read the order back from PayPal: the amounts recorded are PayPal's, not the event's copy
      const p = await paypal.getOrder(order.providerRef);
      if (!p.ok) throw unavailable('PayPal');
      const done = await paypalPaid(order, p.value);
      return done.stts === 'refunded' ? 'refunded' : 'credited';
    }
    return 'ignored';
  }

  const flow: ProviderFlow = { reconcile, refund };
  return { ...flow, confirm, webhook, createOrder };
}
