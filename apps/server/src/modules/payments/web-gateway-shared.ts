/**
 * What the web gateways (Toss, Stripe, PayPal) share: their configuration, the refusals they
 * answer with, and the steps of a confirmation every provider takes the same way (the order's
 * gateway checked, an order settled before answered as it is, a taken payment recorded and
 * credited through the order service). Each provider's flow is its own file (web-gateway-*.ts).
 */
import {
  ResultCode,
  type AuthMethod,
  type GatewayMode,
  type PaymentGateway,
  type PaymentResultData,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { OrderRow } from './payments.tables';
import type { PaymentsService } from './payments.service';
import type { PaypalClient } from './providers/paypal';
import type { StripeClient, StripeEvent } from './providers/stripe';
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

export const unavailable = (what: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${what} is not available right now`);
export const declined = (code: string, message: string) =>
  new AppError(ResultCode.PAYMENT_DECLINED, `${code}: ${message}`);
export const notRefundable = (message: string) =>
  new AppError(ResultCode.ORDER_NOT_REFUNDABLE, message);
export const notCompleted = (message: string) =>
  new AppError(ResultCode.PAYMENT_NOT_COMPLETED, message);

export const malformed = (what: string) =>
  new AppError(ResultCode.BAD_REQUEST, `${what}: malformed event`);

/** What each provider's flow answers the sweep and an operator's refund with. */
export interface ProviderFlow {
  /**
   * Asks the provider about an order still registered: credited when the provider took the
   * money (the order is credited now), open while it may still be paid, over when the provider
   * has nothing (the sweep closes the order once it is a day old).
   */
  reconcile(order: OrderRow, expired: boolean): Promise<'credited' | 'open' | 'over'>;
  /** Refunds the whole payment at the provider, once (the idempotency key is the order's). */
  refund(order: OrderRow, txn: string, reason: string, key: string): Promise<ProviderRefund>;
}

export interface ProviderRefund {
  providerRefundId: string;
  raw: unknown;
}

export type GatewayContext = ReturnType<typeof createGatewayContext>;

/** The steps every provider's confirmation and webhook share. */
export function createGatewayContext(
  orders: PaymentsService,
  gateways: WebGateways,
  /** where subscription events go (the VIP module registers itself at start-up) */
  subscriptions: () => SubscriptionWebhookHandler | undefined,
) {
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

  return {
    orders,
    gateways,
    subscriptions,
    gatewayOf,
    checkGateway,
    productName,
    settled,
    paidAndCredited,
    orderOrUndefined,
  };
}
