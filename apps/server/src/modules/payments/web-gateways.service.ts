/**
 * The web gateways (Toss, Stripe, PayPal): registration with the provider, server-side
 * confirmation (never trusting the client), webhooks and the reconciliation sweep. Every state
 * change and every coin goes through the order service (payments.service.ts).
 */
import {
  ResultCode,
  type AuthMethod,
  type GatewayMode,
  type PaymentConfigData,
  type PaymentGateway,
  type PaymentRegistBody,
  type PaymentRegistData,
  type PaymentResultData,
  type PaypalConfirmBody,
  type PaypalOrderBody,
  type PaypalOrderData,
  type StripeConfirmBody,
  type TossConfirmBody,
} from '@snapdrama/contract';
import { fromMinorUnits, toMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { OrderRow, ReversalKind } from './payments.repository';
import type { PaymentsService } from './payments.service';
import type { PaypalClient, PaypalOrder, PaypalWebhookHeaders } from './providers/paypal';
import type { StripeClient, StripeEvent, StripeSession } from './providers/stripe';
import type { TossClient, TossPayment } from './providers/toss';

export interface WebGateway<C> {
  client: C;
  mode: Exclude<GatewayMode, 'off'>;
  /** the public key the web needs (Toss client key, Stripe publishable key, PayPal client id) */
  publicKey: string;
}

export interface WebGateways {
  toss: WebGateway<TossClient> | undefined;
  stripe: WebGateway<StripeClient> | undefined;
  paypal: WebGateway<PaypalClient> | undefined;
}

/**
 * Subscription events (the VIP pass) reach the same webhook endpoints as the coin packs': a
 * Stripe endpoint and a PayPal webhook each sign with their own secret / webhook id, so one
 * endpoint per provider serves both, and what is not a coin order is handed over here.
 */
export interface SubscriptionWebhookHandler {
  /** undefined when the event is not about a subscription */
  stripe(event: StripeEvent): Promise<string | undefined>;
  paypal(event: unknown): Promise<string | undefined>;
  /** a Toss payment (read back from Toss) that is no coin order's: maybe a VIP pass's charge */
  toss?(payment: TossPayment): Promise<string | undefined>;
}

export interface Caller {
  userId: string;
  authMethod: AuthMethod;
}

export interface SweepReport {
  credited: number;
  reconciled: number;
  canceled: number;
  errors: number;
}

/** Where the local checkout pages live (sandbox only). */
export const SANDBOX_CHECKOUT_BASE = '/sandbox/payments';

const unavailable = (what: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${what} is not available right now`);
const declined = (code: string, message: string) =>
  new AppError(ResultCode.PAYMENT_DECLINED, `${code}: ${message}`);
const notRefundable = (message: string) => new AppError(ResultCode.ORDER_NOT_REFUNDABLE, message);
const notCompleted = (message: string) => new AppError(ResultCode.PAYMENT_NOT_COMPLETED, message);

/** capture states of money PayPal took (refunded ones too: the refund is recorded against them) */
const PAYPAL_TAKEN = new Set(['COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

const malformed = (what: string) =>
  new AppError(ResultCode.BAD_REQUEST, `${what}: malformed event`);

/** Stripe's payment intent of a charge or dispute object (an id, or the expanded object). */
const intentOf = (object: { payment_intent?: unknown }): string | undefined => {
  const pi = object.payment_intent;
  if (typeof pi === 'string' && pi !== '') return pi;
  if (pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string')
    return (pi as { id: string }).id;
  return undefined;
};

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

const REGISTERED_GRACE_MS = 5 * 60_000;
const REGISTERED_EXPIRY_MS = 24 * 3_600_000;

export function createWebGatewaysService(deps: {
  orders: PaymentsService;
  gateways: WebGateways;
  clock: Clock;
  /** Google Play and Apple modes, reported by GET /payment/config (iap/ owns them) */
  iapModes?: { google: GatewayMode; apple: GatewayMode };
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { orders, gateways, clock } = deps;
  let subscriptions: SubscriptionWebhookHandler | undefined;
  /** other modules' retries run by the sweep (the VIP module's owed refunds) */
  const sweepSteps: { name: string; run: () => Promise<unknown> }[] = [];

  function gatewayOf<C>(g: WebGateway<C> | undefined, name: string): WebGateway<C> {
    if (!g) throw unavailable(name);
    return g;
  }

  function checkGateway(order: OrderRow, gateway: PaymentGateway) {
    if (order.gateway !== gateway) {
      throw new AppError(
        ResultCode.PAYMENT_GATEWAY_MISMATCH,
        `This order is paid through ${order.gateway}, not ${gateway}`,
      );
    }
  }

  const productName = (order: OrderRow) =>
    `SnapDrama ${order.paidCoin.toLocaleString('en-US')} coins`;

  async function settled(order: OrderRow): Promise<PaymentResultData | undefined> {
    switch (order.state) {
      case 'credited':
      case 'refunded':
        return orders.result(order, true);
      case 'paid': {
        const done = await orders.credit(order);
        return orders.result(done.order, done.alreadyCredited, done.balances);
      }
      case 'failed':
      case 'canceled':
        throw new AppError(
          ResultCode.PAYMENT_ORDER_CLOSED,
          `This order is ${order.state}; start a new purchase`,
        );
      case 'registered':
        return undefined;
      default:
        throw new Error(`order ${order.id} in unknown state ${order.state}`);
    }
  }

  async function paidAndCredited(
    order: OrderRow,
    paid: Parameters<PaymentsService['confirmPaid']>[1],
  ): Promise<PaymentResultData> {
    const done = await orders.confirmPaid(order, paid);
    return orders.result(done.order, done.alreadyCredited, done.balances);
  }

  // ------------------------------------------------------------ Toss
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

  async function tossConfirm(caller: Caller, body: TossConfirmBody): Promise<PaymentResultData> {
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

  // ------------------------------------------------------------ Stripe
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

  async function stripeConfirm(
    caller: Caller,
    body: StripeConfirmBody,
  ): Promise<PaymentResultData> {
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

  // ------------------------------------------------------------ PayPal
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

  async function paypalConfirm(
    caller: Caller,
    body: PaypalConfirmBody,
  ): Promise<PaymentResultData> {
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

  // ------------------------------------------------------------ reconciliation
  async function reconcile(order: OrderRow): Promise<'credited' | 'canceled' | 'open'> {
    if (order.state === 'paid') {
      await orders.credit(order);
      return 'credited';
    }
    if (order.state !== 'registered') return 'open';
    const now = clock.now().getTime();
    const expired = now - order.createdAt.getTime() > REGISTERED_EXPIRY_MS;
    switch (order.gateway) {
      case 'T': {
        if (!gateways.toss) return 'open';
        const r = await gateways.toss.client.paymentByOrderId(order.id);
        if (r.ok && tossTaken(r.payment)) {
          await tossPaid(order, r.payment);
          return 'credited';
        }
        if (r.ok || r.code !== 'NOT_FOUND_PAYMENT' || !expired) return 'open';
        break;
      }
      case 'S': {
        if (!gateways.stripe || !order.providerRef) break;
        const s = await gateways.stripe.client.retrieveSession(order.providerRef);
        if (s?.status === 'complete' && s.paymentStatus === 'paid') {
          await stripePaid(order, s);
          return 'credited';
        }
        if (s?.status !== 'expired' && !expired) return 'open';
        break;
      }
      case 'P': {
        if (!gateways.paypal || !order.providerRef) break;
        const p = await gateways.paypal.client.getOrder(order.providerRef);
        if (p.ok && PAYPAL_TAKEN.has(p.value.capture?.status ?? '')) {
          await paypalPaid(order, p.value);
          return 'credited';
        }
        if (!expired) return 'open';
        break;
      }
      case 'G':
      case 'A':
        // store purchases are reconciled by iap/ (notifications and the next verify); an order
        // the app never verified is only closed after a day
        if (!expired) return 'open';
        break;
      default:
        return 'open';
    }
    if (!expired) return 'open';
    await orders.recordCanceled(order.id, {
      provider: order.gateway,
      reason: 'not paid within 24 hours',
    });
    return 'canceled';
  }

  async function orderOrUndefined(id: string | null | undefined) {
    if (!id) return undefined;
    try {
      return await orders.requireOrder(id);
    } catch (error) {
      if (error instanceof AppError && error.code === ResultCode.PAYMENT_ORDER_NOT_FOUND)
        return undefined;
      throw error;
    }
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

  /**
   * Refunds at the provider: the whole payment, once (the provider's idempotency key is the
   * order's). A payment the provider reports refunded already counts as refunded here too.
   */
  async function refundAtProvider(
    order: OrderRow,
    reason: string,
  ): Promise<{ providerRefundId: string; raw: unknown }> {
    const txn = order.providerTxnId;
    if (!txn) throw notRefundable('The order has no provider payment to refund');
    const key = `refund-${order.id}`;
    switch (order.gateway) {
      case 'T': {
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
      case 'S': {
        const stripe = gatewayOf(gateways.stripe, 'Stripe');
        const r = await stripe.client.refund({ paymentIntentId: txn, idempotencyKey: key });
        if (r.ok) return { providerRefundId: r.id, raw: r };
        if (r.code === 'charge_already_refunded') return { providerRefundId: txn, raw: r };
        if (r.status >= 500) throw unavailable('Stripe');
        throw declined(r.code, r.message);
      }
      case 'P': {
        const paypal = gatewayOf(gateways.paypal, 'PayPal');
        const r = await paypal.client.refundCapture({ captureId: txn, requestId: key });
        if (r.ok) return { providerRefundId: r.value.id, raw: r.value };
        if (r.issue === 'CAPTURE_FULLY_REFUNDED') return { providerRefundId: txn, raw: r };
        if (r.status >= 500) throw unavailable('PayPal');
        throw declined(r.issue, r.message);
      }
      default:
        // store purchases are refunded by the store (Play Console, Apple); its notice records it
        throw notRefundable('Store purchases are refunded in the store; its notice records it');
    }
  }

  return {
    /**
     * An operator's refund: the provider's refund API first, then the order service's refund
     * path (the same one the providers' webhooks use), which takes back what remains of the
     * purchased coins exactly once. `onRefunded` runs in the transaction that marks the order
     * refunded (the audit entry).
     */
    async refundByOperator(
      ordrId: string,
      reason: string,
      onRefunded?: Parameters<PaymentsService['recordRefund']>[2],
    ): Promise<{ order: OrderRow; refundedCoins: number; providerRefundId: string }> {
      const order = await orders.requireOrder(ordrId);
      if (order.state !== 'paid' && order.state !== 'credited')
        throw notRefundable(`An order in state ${order.state} cannot be refunded`);
      const refund = await refundAtProvider(order, reason);
      const done = await orders.recordRefund(
        order.id,
        {
          provider: order.gateway as PaymentGateway,
          providerRefundId: refund.providerRefundId,
          raw: refund.raw,
        },
        onRefunded,
      );
      return { ...done, providerRefundId: refund.providerRefundId };
    },

    config(): PaymentConfigData {
      const mode = (g: WebGateway<unknown> | undefined): GatewayMode => g?.mode ?? 'off';
      const liveKey = (g: WebGateway<unknown> | undefined) =>
        g?.mode === 'live' ? g.publicKey : null;
      return {
        toss: { mode: mode(gateways.toss), clientKey: liveKey(gateways.toss) },
        stripe: { mode: mode(gateways.stripe), publishableKey: liveKey(gateways.stripe) },
        paypal: {
          mode: mode(gateways.paypal),
          clientId: liveKey(gateways.paypal),
          currency: 'USD',
        },
        google: { mode: deps.iapModes?.google ?? 'off' },
        apple: { mode: deps.iapModes?.apple ?? 'off' },
      };
    },

    /** POST /payment/regist. `origin` is the caller's web origin, for the providers' return URLs. */
    async regist(
      caller: Caller,
      body: PaymentRegistBody,
      origin: string,
    ): Promise<PaymentRegistData> {
      if (body.pymnGtwy === 'P') {
        throw new AppError(
          ResultCode.BAD_REQUEST,
          'pymnGtwy: PayPal orders are created with POST /payment/paypal/order',
        );
      }
      if (body.pymnGtwy === 'T') gatewayOf(gateways.toss, 'Toss');
      if (body.pymnGtwy === 'S') gatewayOf(gateways.stripe, 'Stripe');
      const order = await orders.register({
        userId: caller.userId,
        authMethod: caller.authMethod,
        godsCode: body.godsCode,
        gateway: body.pymnGtwy,
        price: body.price,
      });
      const base: PaymentRegistData = {
        ordrId: order.id,
        amnt: fromMinorUnits(order.amountMinor, order.currency as 'KRW' | 'USD'),
        crncy: order.currency as 'KRW' | 'USD',
        ordrNm: productName(order),
      };
      if (body.pymnGtwy === 'T') {
        const toss = gatewayOf(gateways.toss, 'Toss');
        if (toss.mode !== 'sandbox') return base;
        const returnUrl = `${origin}/payment/return/toss`;
        const query = new URLSearchParams({
          orderId: order.id,
          amount: String(order.amountMinor),
          orderName: base.ordrNm,
          successUrl: returnUrl,
          failUrl: returnUrl,
        });
        return { ...base, checkoutUrl: `${SANDBOX_CHECKOUT_BASE}/toss?${query.toString()}` };
      }
      if (body.pymnGtwy === 'S') {
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
          deps.log?.warn({ err: error }, 'Stripe session not created');
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
      return base;
    },

    /** The PayPal create-order call: our order and PayPal's, linked. */
    async paypalOrder(
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
    },

    tossConfirm,
    stripeConfirm,
    paypalConfirm,
    reconcile,

    /**
     * Credits every paid-but-uncredited order, and asks the providers about registered orders
     * older than a few minutes (a capture whose confirm never finished); cancels abandoned ones.
     */
    async sweep(limit = 200): Promise<SweepReport> {
      const report: SweepReport = { credited: 0, reconciled: 0, canceled: 0, errors: 0 };
      const now = clock.now().getTime();
      // reports kept for a payment whose order learned it since (a crash between the two steps)
      try {
        await orders.settleKeptReversals(limit);
      } catch (error) {
        report.errors++;
        deps.log?.warn({ err: error }, 'sweep: kept reversals not settled');
      }
      for (const order of await orders.paidButUncredited(new Date(now + 1), limit)) {
        try {
          await orders.credit(order);
          report.credited++;
        } catch (error) {
          report.errors++;
          deps.log?.warn({ err: error, ordrId: order.id }, 'sweep: credit failed');
        }
      }
      for (const order of await orders.staleRegistered(
        new Date(now - REGISTERED_GRACE_MS),
        limit,
      )) {
        try {
          const outcome = await reconcile(order);
          if (outcome === 'credited') report.reconciled++;
          if (outcome === 'canceled') report.canceled++;
          // an order still open goes to the back of the list, so the next sweep asks about others
          if (outcome === 'open') await orders.touch(order.id);
        } catch (error) {
          report.errors++;
          deps.log?.warn({ err: error, ordrId: order.id }, 'sweep: reconcile failed');
        }
      }
      for (const step of sweepSteps) {
        try {
          await step.run();
        } catch (error) {
          report.errors++;
          deps.log?.warn({ err: error, step: step.name }, 'sweep: step failed');
        }
      }
      return report;
    },

    /** A retry the sweep runs each time (every PAYMENTS_SWEEP_SECONDS), after the orders. */
    useSweepStep(name: string, run: () => Promise<unknown>) {
      sweepSteps.push({ name, run });
    },

    // ------------------------------------------------------------ webhooks
    /** where subscription events go (the VIP module registers itself at start-up) */
    useSubscriptionHandler(handler: SubscriptionWebhookHandler) {
      subscriptions = handler;
    },

    /**
     * Stripe: signature over the raw body; checkout completion and expiry, refunds and disputes.
     * A signed event without the object its type names is refused (400): Stripe's retries of it
     * cannot succeed, and nothing is changed.
     */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<string> {
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
      if (
        subscriptions &&
        (type.startsWith('customer.subscription.') || type.startsWith('invoice.'))
      )
        return (await subscriptions.stripe(event)) ?? 'ignored';
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
          const vip = await subscriptions?.stripe(event);
          if (vip !== undefined) return vip;
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
    },

    /**
     * Toss PAYMENT_STATUS_CHANGED. Toss does not sign these, so the payment is read back from Toss
     * with our secret key and only what Toss answers is believed.
     */
    async tossWebhook(body: unknown): Promise<string> {
      const toss = gatewayOf(gateways.toss, 'Toss').client;
      const data = (body as { data?: { paymentKey?: unknown } } | undefined)?.data;
      const paymentKey = typeof data?.paymentKey === 'string' ? data.paymentKey : undefined;
      if (!paymentKey) throw new AppError(ResultCode.BAD_REQUEST, 'data.paymentKey: is required');
      const r = await toss.payment(paymentKey);
      if (!r.ok) {
        if (r.status === 404)
          throw new AppError(
            ResultCode.WEBHOOK_SIGNATURE_INVALID,
            'Toss does not know this payment',
          );
        throw unavailable('Toss');
      }
      const order = await orderOrUndefined(r.payment.orderId);
      if (!order || order.gateway !== 'T')
        return (await subscriptions?.toss?.(r.payment)) ?? 'unknown order';
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
    },

    /** PayPal: verified with PayPal's verify-webhook-signature; capture completed and refunded. */
    async paypalWebhook(headers: PaypalWebhookHeaders, event: unknown): Promise<string> {
      const paypal = gatewayOf(gateways.paypal, 'PayPal').client;
      const valid = await paypal.verifyWebhook(headers, event).catch(() => {
        throw unavailable('PayPal');
      });
      if (!valid)
        throw new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, 'PayPal signature did not verify');
      const eventType = (event as { event_type?: unknown }).event_type;
      if (
        subscriptions &&
        typeof eventType === 'string' &&
        (eventType.startsWith('BILLING.SUBSCRIPTION.') || eventType.startsWith('PAYMENT.SALE.'))
      )
        return (await subscriptions.paypal(event)) ?? 'ignored';
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
    },
  };
}

export type WebGatewaysService = ReturnType<typeof createWebGatewaysService>;
