/**
 * The web gateways (Toss, Stripe, PayPal): registration with the provider, server-side
 * confirmation (never trusting the client), webhooks and the reconciliation sweep. Every state
 * change and every coin goes through the order service (payments.service.ts); each provider's
 * flow is its own file (web-gateway-toss.ts, -stripe.ts, -paypal.ts) behind ProviderFlow.
 */
import {
  ResultCode,
  type GatewayMode,
  type PaymentConfigData,
  type PaymentGateway,
  type PaymentRegistBody,
  type PaymentRegistData,
  type RefundReason,
} from '@snapdrama/contract';
import { fromMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { OrderRow } from './payments.tables';
import type { PaymentsService } from './payments.service';
import { createPaypalFlow } from './web-gateway-paypal';
import {
  createGatewayContext,
  notRefundable,
  type Caller,
  type ProviderFlow,
  type SubscriptionWebhookHandler,
  type WebGateway,
  type WebGateways,
} from './web-gateway-shared';
import { createStripeFlow } from './web-gateway-stripe';
import { createTossFlow } from './web-gateway-toss';

export {
  SANDBOX_CHECKOUT_BASE,
  type Caller,
  type SubscriptionWebhookHandler,
  type WebGateway,
  type WebGateways,
} from './web-gateway-shared';

export interface SweepReport {
  credited: number;
  reconciled: number;
  canceled: number;
  errors: number;
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
  const context = createGatewayContext(orders, gateways, () => subscriptions);
  const toss = createTossFlow(context);
  const stripe = createStripeFlow(context, deps.log);
  const paypal = createPaypalFlow(context);
  const flows: Partial<Record<PaymentGateway, ProviderFlow>> = { T: toss, S: stripe, P: paypal };

  async function reconcile(order: OrderRow): Promise<'credited' | 'canceled' | 'open'> {
    if (order.state === 'paid') {
      await orders.credit(order);
      return 'credited';
    }
    if (order.state !== 'registered') return 'open';
    const expired = clock.now().getTime() - order.createdAt.getTime() > REGISTERED_EXPIRY_MS;
    const flow = flows[order.gateway as PaymentGateway];
    // store purchases (G, A) are reconciled by iap/ (notifications and the next verify); an
    // order the app never verified is only closed after a day
    const answer = flow ? await flow.reconcile(order, expired) : 'over';
    if (answer !== 'over') return answer;
    if (!expired || !['T', 'S', 'P', 'G', 'A'].includes(order.gateway)) return 'open';
    await orders.recordCanceled(order.id, {
      provider: order.gateway as PaymentGateway,
      reason: 'not paid within 24 hours',
    });
    return 'canceled';
  }

  /**
   * Refunds at the provider: the whole payment, once (the provider's idempotency key is the
   * order's). A payment the provider reports refunded already counts as refunded here too.
   */
  async function refundAtProvider(order: OrderRow, reason: string) {
    const txn = order.providerTxnId;
    if (!txn) throw notRefundable('The order has no provider payment to refund');
    const flow = flows[order.gateway as PaymentGateway];
    // store purchases are refunded by the store (Play Console, Apple); its notice records it
    if (!flow)
      throw notRefundable('Store purchases are refunded in the store; its notice records it');
    return flow.refund(order, txn, reason, `refund-${order.id}`);
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
      /** the reason picked and the note, kept with the refund (the refunds report) */
      kept?: { reason: RefundReason; note: string | null },
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
          ...(kept ? { operator: kept } : {}),
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
      if (body.pymnGtwy === 'T') context.gatewayOf(gateways.toss, 'Toss');
      if (body.pymnGtwy === 'S') context.gatewayOf(gateways.stripe, 'Stripe');
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
        ordrNm: context.productName(order),
      };
      if (body.pymnGtwy === 'T') {
        const checkoutUrl = toss.checkoutUrl(order, base.ordrNm, origin);
        return checkoutUrl ? { ...base, checkoutUrl } : base;
      }
      if (body.pymnGtwy === 'S') return stripe.openSession(order, base, origin);
      return base;
    },

    /** The PayPal create-order call: our order and PayPal's, linked. */
    paypalOrder: paypal.createOrder,

    tossConfirm: toss.confirm,
    stripeConfirm: stripe.confirm,
    paypalConfirm: paypal.confirm,
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

    /** Stripe: signature over the raw body; checkout completion and expiry, refunds and disputes. */
    stripeWebhook: stripe.webhook,
    /** Toss PAYMENT_STATUS_CHANGED, read back from Toss. */
    tossWebhook: toss.webhook,
    /** PayPal: verified with PayPal's verify-webhook-signature. */
    paypalWebhook: paypal.webhook,
  };
}

export type WebGatewaysService = ReturnType<typeof createWebGatewaysService>;
