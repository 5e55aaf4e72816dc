/**
 * Stripe Checkout: the session a coin order is paid in, the server-side confirm on the buyer's
 * return, the signed webhook (checkout completion and expiry, refunds, disputes), the sweep's
 * question about a registered order, and a refund of the payment intent.
 */
import {
  ResultCode,
  type PaymentRegistData,
  type PaymentResultData,
  type StripeConfirmBody,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { ReversalKind } from './payments.repository';
import type { OrderRow } from './payments.tables';
import type { StripeEvent, StripeSession } from './providers/stripe';
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

/** Stripe's payment intent of a charge or dispute object (an id, or the expanded object). */
const intentOf = (object: { payment_intent?: unknown }): string | undefined => {
  const pi = object.payment_intent;
  if (typeof pi === 'string' && pi !== '') return pi;
  if (pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string')
    return (pi as { id: string }).id;
  return undefined;
};

/** What a Stripe charge or dispute event reports against the payment (undefined: nothing). */
function stripeReversalKind(type: string, status: unknown): ReversalKind | undefined {
  if (type === 'charge.refunded') return 'refund';
  if (type === 'charge.dispute.created') return 'dispute_opened';
  if (type === 'charge.dispute.closed') {
    if (status === 'lost') return 'dispute_lost';
    if (status === 'won') return 'dispute_won';
  }
  return undefined;
}

export function createStripeFlow(
  context: GatewayContext,
  log?: { warn: (obj: object, msg: string) => void },
) {
  const { orders, gateways, subscriptions, gatewayOf, checkGateway, settled, paidAndCredited } =
    context;
  const { orderOrUndefined } = context;

  async function stripePaid(order: OrderRow, s: StripeSession) {
    // asked before crediting: a refund whose webhook has not arrived yet still wins
    const stripe = gatewayOf(gateways.stripe, 'Stripe').client;
    if (s.paymentIntentId) {
      let refund: { id: string } | undefined;
      try {
        refund = await stripe.refundOf(s.paymentIntentId);
      } catch {
        throw unavailable('Stripe');
      }
      if (refund) {
        await orders.recordReversal({
          gateway: 'S',
          providerTxnId: s.paymentIntentId,
          kind: 'refund',
          eventRef: refund.id,
          raw: { asked: true },
        });
      }
    }
    return paidAndCredited(order, {
      provider: 'S',
      providerTxnId: s.paymentIntentId ?? s.id,
      amountMinor: s.amountTotal ?? 0,
      currency: (s.currency ?? '').toUpperCase() === 'USD' ? 'USD' : 'KRW',
      raw: { session: s.id, status: s.status, payment_status: s.paymentStatus },
    });
  }

  const sessionNotFound = () =>
    new AppError(ResultCode.STRIPE_SESSION_NOT_FOUND, 'Payment session information not found');

  async function confirm(caller: Caller, body: StripeConfirmBody): Promise<PaymentResultData> {
    const order = await orders.findForUser(body.ordrId, caller.userId);
    checkGateway(order, 'S');
    if (order.providerRef !== body.sessionId) throw sessionNotFound();
    const done = await settled(order);
    if (done) return done;
    const stripe = gatewayOf(gateways.stripe, 'Stripe').client;
    let session: StripeSession | undefined;
    try {
      session = await stripe.retrieveSession(body.sessionId);
    } catch {
      throw unavailable('Stripe');
    }
    if (!session || session.clientReferenceId !== order.id) throw sessionNotFound();
    if (session.status === 'complete' && session.paymentStatus === 'paid') {
      return stripePaid(order, session);
    }
    if (session.status === 'expired') {
      await orders.recordCanceled(order.id, { provider: 'S', reason: 'session expired' });
      throw new AppError(ResultCode.PAYMENT_ORDER_CLOSED, 'The payment session expired');
    }
    throw notCompleted('The payment has not been completed');
  }

  /**
   * A completed session whose order never had it attached (regist stopped between creating the
   * session and saving it): the session as Stripe answers it names the order, which gets it now.
   */
  async function sessionOfUnattachedOrder(
    sessionId: string,
    object: object,
  ): Promise<OrderRow | undefined> {
    const ref = (object as { client_reference_id?: unknown }).client_reference_id;
    const candidate = typeof ref === 'string' ? await orderOrUndefined(ref) : undefined;
    if (!candidate || candidate.gateway !== 'S' || candidate.providerRef !== null) return undefined;
    const stripe = gatewayOf(gateways.stripe, 'Stripe').client;
    let session: StripeSession | undefined;
    try {
      session = await stripe.retrieveSession(sessionId);
    } catch {
      throw unavailable('Stripe');
    }
    if (session?.clientReferenceId !== candidate.id) return undefined;
    return orders.attachProviderRef(candidate.id, sessionId);
  }

  async function reconcile(order: OrderRow, expired: boolean) {
    if (!gateways.stripe || !order.providerRef) return 'over';
    const s = await gateways.stripe.client.retrieveSession(order.providerRef);
    if (s?.status === 'complete' && s.paymentStatus === 'paid') {
      await stripePaid(order, s);
      return 'credited';
    }
    if (s?.status !== 'expired' && !expired) return 'open';
    return 'over';
  }

  async function refund(_order: OrderRow, txn: string, _reason: string, key: string) {
    const stripe = gatewayOf(gateways.stripe, 'Stripe');
    const r = await stripe.client.refund({ paymentIntentId: txn, idempotencyKey: key });
    if (r.ok) return { providerRefundId: r.id, raw: r };
    if (r.code === 'charge_already_refunded') return { providerRefundId: txn, raw: r };
    if (r.status >= 500) throw unavailable('Stripe');
    throw declined(r.code, r.message);
  }

  /** The Checkout session of a registered order, attached to it (its provider ref). */
  async function openSession(
    order: OrderRow,
    base: PaymentRegistData,
    origin: string,
  ): Promise<PaymentRegistData> {
    const stripe = gatewayOf(gateways.stripe, 'Stripe');
    let session: StripeSession;
    try {
      session = await stripe.client.createSession({
        ordrId: order.id,
        amountCents: order.amountMinor,
        productName: base.ordrNm,
        returnUrl: `${origin}/payment/return/stripe?session_id={CHECKOUT_SESSION_ID}&ordrId=${order.id}`,
      });
    } catch (error) {
      await orders.recordFailed(order.id, { provider: 'S', reason: 'session not created' });
      log?.warn({ err: error }, 'Stripe session not created');
      throw unavailable('Stripe');
    }
    await orders.attachProviderRef(order.id, session.id);
    return {
      ...base,
      clientSecret: session.clientSecret ?? undefined,
      ...(stripe.mode === 'sandbox'
        ? { checkoutUrl: `${SANDBOX_CHECKOUT_BASE}/stripe/${session.id}` }
        : {}),
    };
  }

  /**
   * Stripe: signature over the raw body; checkout completion and expiry, refunds and disputes.
   * A signed event without the object its type names is refused (400): Stripe's retries of it
   * cannot succeed, and nothing is changed.
   */
  async function webhook(rawBody: Buffer, signature: string | undefined): Promise<string> {
    const stripe = gatewayOf(gateways.stripe, 'Stripe').client;
    let event: StripeEvent;
    try {
      event = stripe.verifyWebhook(rawBody, signature ?? '');
    } catch {
      throw new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, 'Stripe signature did not verify');
    }
    const type: string = typeof event.type === 'string' ? event.type : '';
    const data = (event as { data?: unknown }).data;
    const object =
      data && typeof data === 'object' ? (data as { object?: unknown }).object : undefined;
    if (!type || !object || typeof object !== 'object' || Array.isArray(object))
      throw malformed('data.object');
    const fields = object as { id?: unknown; status?: unknown; payment_intent?: unknown };
    const vip = subscriptions();
    if (vip && (type.startsWith('customer.subscription.') || type.startsWith('invoice.')))
      return (await vip.stripe(event)) ?? 'ignored';
    if (
      type === 'checkout.session.completed' ||
      type === 'checkout.session.async_payment_succeeded' ||
      type === 'checkout.session.expired'
    ) {
      if (typeof fields.id !== 'string' || fields.id === '') throw malformed('data.object.id');
      let order = await orders.orderByProviderRef('S', fields.id);
      if (!order && type !== 'checkout.session.expired')
        order = await sessionOfUnattachedOrder(fields.id, object);
      // not a session of a coin order (another integration's, or a VIP pass's): a retry cannot
      // help, so it is acknowledged
      if (!order) return type === 'checkout.session.expired' ? 'canceled' : 'unknown session';
      if (type === 'checkout.session.expired') {
        await orders.recordCanceled(order.id, { provider: 'S', reason: 'session expired' });
        return 'canceled';
      }
      // a replay after the order settled: what happened since comes as its own event
      if (order.state === 'credited' || order.state === 'refunded') return order.state;
      // the event is signed, but the session is read again so a stale event cannot mislead
      const session = await stripe.retrieveSession(fields.id);
      if (session?.status === 'complete' && session.paymentStatus === 'paid') {
        const done = await stripePaid(order, session);
        return done.stts === 'refunded' ? 'refunded' : 'credited';
      }
      return 'not paid';
    }
    if (type === 'charge.refunded' || type.startsWith('charge.dispute.')) {
      if (typeof fields.id !== 'string' || fields.id === '') throw malformed('data.object.id');
      const intent = intentOf(fields);
      const order = intent ? await orders.orderByProviderTxn('S', intent) : undefined;
      if (!order && type === 'charge.refunded') {
        // not a coin order's payment (yet): maybe a VIP pass's invoice
        const answer = await vip?.stripe(event);
        if (answer !== undefined) return answer;
      }
      // a charge of no payment intent is no Checkout payment of ours
      if (!intent) return 'unknown payment';
      const kind = stripeReversalKind(type, fields.status);
      if (!kind) return 'ignored';
      const done = await orders.recordReversal({
        gateway: 'S',
        providerTxnId: intent,
        kind,
        eventRef: fields.id,
        raw: { type, status: typeof fields.status === 'string' ? fields.status : null },
      });
      return done.outcome;
    }
    return 'ignored';
  }

  const flow: ProviderFlow = { reconcile, refund };
  return { ...flow, confirm, webhook, openSession };
}
