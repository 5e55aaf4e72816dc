/**
 * Toss Payments: the server-side confirm of a widget payment (never trusting the client), the
 * PAYMENT_STATUS_CHANGED webhook (read back from Toss, which does not sign it), the sweep's
 * question about a registered order, and a refund (a cancel of the whole payment).
 */
import { ResultCode, type PaymentResultData, type TossConfirmBody } from '@snapdrama/contract';
import { toMinorUnits } from '@snapdrama/rules';
import { AppError } from '../../errors';
import type { OrderRow } from './payments.tables';
import type { TossPayment } from './providers/toss';
import {
  declined,
  notCompleted,
  SANDBOX_CHECKOUT_BASE,
  unavailable,
  type Caller,
  type GatewayContext,
  type ProviderFlow,
} from './web-gateway-shared';

export function createTossFlow(context: GatewayContext) {
  const { orders, gateways, subscriptions, gatewayOf, checkGateway, settled, paidAndCredited } =
    context;
  const { orderOrUndefined } = context;

  /** A payment Toss approved and then canceled: the cancel is kept first, so it wins at the credit. */
  const tossCanceledAfterApproval = (p: TossPayment) =>
    (p.status === 'CANCELED' || p.status === 'PARTIAL_CANCELED') && Boolean(p.approvedAt);

  async function tossPaid(order: OrderRow, p: TossPayment) {
    if (tossCanceledAfterApproval(p)) await tossCanceled(p);
    return paidAndCredited(order, {
      provider: 'T',
      providerTxnId: p.paymentKey,
      amountMinor: p.totalAmount,
      currency: p.currency === 'KRW' ? 'KRW' : 'USD',
      raw: { status: p.status, method: p.method ?? null, approvedAt: p.approvedAt ?? null },
    });
  }

  function tossCanceled(p: TossPayment) {
    const last = p.cancels?.[p.cancels.length - 1];
    return orders.recordReversal({
      gateway: 'T',
      providerTxnId: p.paymentKey,
      kind: 'refund',
      eventRef: last?.transactionKey ?? `${p.paymentKey}:cancel`,
      raw: { status: p.status },
    });
  }

  /** Toss reports the payment taken (DONE, or canceled after its approval). */
  const tossTaken = (p: TossPayment) => p.status === 'DONE' || tossCanceledAfterApproval(p);

  async function confirm(caller: Caller, body: TossConfirmBody): Promise<PaymentResultData> {
    const order = await orders.findForUser(body.ordrId, caller.userId);
    checkGateway(order, 'T');
    const done = await settled(order);
    if (done) return done;
    // spec: the amount is checked against the order before Toss is called
    if (toMinorUnits(body.amnt, 'KRW') !== order.amountMinor) {
      throw new AppError(
        ResultCode.PAYMENT_AMOUNT_MISMATCH,
        `The order's amount is ${order.amountMinor} KRW`,
      );
    }
    const toss = gatewayOf(gateways.toss, 'Toss').client;
    const result = await toss.confirm({
      paymentKey: body.pymnKey,
      orderId: order.id,
      amount: order.amountMinor,
    });
    if (result.ok) {
      if (result.payment.status !== 'DONE' || result.payment.orderId !== order.id) {
        throw notCompleted(`Toss payment is ${result.payment.status}`);
      }
      // Toss answers a retried confirm with its first reply (idempotency key): the payment is read
      // as it is now, so a cancel since then is not credited over (the read failing, the webhook's
      // cancel still takes the coins back)
      const now = await toss.payment(result.payment.paymentKey);
      const current = now.ok && now.payment.orderId === order.id && tossTaken(now.payment);
      return tossPaid(order, current ? now.payment : result.payment);
    }
    if (result.code === 'ALREADY_PROCESSED_PAYMENT') {
      // a confirm that reached Toss before (a crash or a lost reply): ask Toss what happened
      const again = await toss.payment(body.pymnKey);
      if (again.ok && tossTaken(again.payment) && again.payment.orderId === order.id) {
        return tossPaid(order, again.payment);
      }
    }
    if (result.status >= 500 || result.code === 'NETWORK_ERROR') throw unavailable('Toss');
    if (result.status >= 400 && !['NOT_FOUND_PAYMENT', 'INVALID_REQUEST'].includes(result.code)) {
      await orders.recordFailed(order.id, {
        provider: 'T',
        reason: result.code,
        raw: { message: result.message },
      });
    }
    throw declined(result.code, result.message);
  }

  async function reconcile(order: OrderRow, expired: boolean) {
    if (!gateways.toss) return 'open';
    const r = await gateways.toss.client.paymentByOrderId(order.id);
    if (r.ok && tossTaken(r.payment)) {
      await tossPaid(order, r.payment);
      return 'credited';
    }
    if (r.ok || r.code !== 'NOT_FOUND_PAYMENT' || !expired) return 'open';
    return 'over';
  }

  async function refund(order: OrderRow, txn: string, reason: string, key: string) {
    const toss = gatewayOf(gateways.toss, 'Toss');
    const r = await toss.client.cancel({ paymentKey: txn, reason, idempotencyKey: key });
    if (r.ok) {
      const last = r.payment.cancels?.[r.payment.cancels.length - 1];
      return { providerRefundId: last?.transactionKey ?? txn, raw: r.payment };
    }
    if (r.code === 'ALREADY_CANCELED_PAYMENT') return { providerRefundId: txn, raw: r };
    if (r.status >= 500) throw unavailable('Toss');
    throw declined(r.code, r.message);
  }

  /** Where the buyer pays: the local checkout page in sandbox mode, Toss's widget otherwise. */
  function checkoutUrl(order: OrderRow, orderName: string, origin: string): string | undefined {
    const toss = gatewayOf(gateways.toss, 'Toss');
    if (toss.mode !== 'sandbox') return undefined;
    const returnUrl = `${origin}/payment/return/toss`;
    const query = new URLSearchParams({
      orderId: order.id,
      amount: String(order.amountMinor),
      orderName,
      successUrl: returnUrl,
      failUrl: returnUrl,
    });
    return `${SANDBOX_CHECKOUT_BASE}/toss?${query.toString()}`;
  }

  /**
   * Toss PAYMENT_STATUS_CHANGED. Toss does not sign these, so the payment is read back from Toss
   * with our secret key and only what Toss answers is believed.
   */
  async function webhook(body: unknown): Promise<string> {
    const toss = gatewayOf(gateways.toss, 'Toss').client;
    const data = (body as { data?: { paymentKey?: unknown } } | undefined)?.data;
    const paymentKey = typeof data?.paymentKey === 'string' ? data.paymentKey : undefined;
    if (!paymentKey) throw new AppError(ResultCode.BAD_REQUEST, 'data.paymentKey: is required');
    const r = await toss.payment(paymentKey);
    if (!r.ok) {
      if (r.status === 404)
        throw new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, 'Toss does not know this payment');
      throw unavailable('Toss');
    }
    const order = await orderOrUndefined(r.payment.orderId);
    if (!order || order.gateway !== 'T')
      return (await subscriptions()?.toss?.(r.payment)) ?? 'unknown order';
    switch (r.payment.status) {
      case 'DONE':
        if (order.state === 'registered' || order.state === 'paid')
          await tossPaid(order, r.payment);
        return 'credited';
      case 'CANCELED':
      case 'PARTIAL_CANCELED': {
        // canceled before it was approved: nothing was taken
        if (!r.payment.approvedAt) return 'ignored';
        // the order may not know this payment yet (its confirm reply was lost): the cancel is
        // kept, then the payment recorded, and the order ends refunded without coins
        if (order.state === 'registered' || order.state === 'paid') {
          await tossPaid(order, r.payment);
          return 'refunded';
        }
        return (await tossCanceled(r.payment)).outcome;
      }
      case 'ABORTED':
      case 'EXPIRED':
        await orders.recordFailed(order.id, { provider: 'T', reason: r.payment.status });
        return 'failed';
      default:
        return 'ignored';
    }
  }

  const flow: ProviderFlow = { reconcile, refund };
  return { ...flow, confirm, webhook, checkoutUrl };
}
