import { ResultCode, type PaymentGateway } from '@snapdrama/contract';
import type { AuthContext } from '../../auth/auth.service';
import { AppError } from '../../../errors';
import type { OrderRow } from '../payments.tables';
import type { PaymentsService } from '../payments.service';
import type { AppleServerApi } from './apple-server-api';
import type { AppleNotification, AppleStoreVerifier } from './apple-store';
import type { GooglePlayApi } from './google-play';
import type { DeveloperNotification, PushVerifier } from './google-rtdn';

/**
 * Google Play and Apple in-app purchases, verified with the store on the server (the app is
 * untrusted input) and paid and credited through the order service, which credits exactly once:
 * the store's purchase (Google purchaseToken, Apple transactionId) is the order's provider
 * transaction, unique per gateway across all orders.
 */
export interface IapLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type Orders = Pick<
  PaymentsService,
  | 'findForUser'
  | 'confirmPaid'
  | 'result'
  | 'orderByProviderTxn'
  | 'recordRefund'
  | 'requireOrder'
  | 'recordReversal'
  | 'bindPayment'
>;

/** Store product ids of a pack (payment_goods.iap_google / iap_apple). */
export type StoreProductsOf = (
  godsCode: string,
) => Promise<{ iapGoogle: string; iapApple: string } | undefined>;

export interface GoogleVerifyRequest {
  ordrId: string;
  packageName: string;
  productId: string;
  purchaseToken: string;
}

export interface NotificationOutcome {
  /** what was done, for the log and the tests */
  action: 'refunded' | 'credited' | 'ignored' | 'subscription' | 'kept' | 'restored' | 'recorded';
  ordrId?: string;
  /** subscriptions: what the subscription handler (the VIP pass) did */
  outcome?: string;
}

/**
 * Subscription notifications arrive at the same store endpoints as the coin packs' (a Play app has
 * one RTDN topic, an App Store app one notification URL); they are handed to this handler.
 */
export interface IapSubscriptionHandler {
  apple(notification: AppleNotification): Promise<string>;
  google(notification: DeveloperNotification, messageId: string): Promise<string>;
}

export interface IapDeps {
  orders: Orders;
  storeProductsOf: StoreProductsOf;
  google: { api: GooglePlayApi; packageName: string } | undefined;
  /** undefined: Google notifications are refused (nothing to check their origin with) */
  googlePush: PushVerifier | undefined;
  apple: { verifier: AppleStoreVerifier; api: AppleServerApi } | undefined;
  log: IapLogger;
}

export const verificationFailed = (why: string) =>
  new AppError(ResultCode.IAP_VERIFICATION_FAILED, `The store purchase did not verify: ${why}`);
export const unavailable = (store: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${store} is not available; try again`);
export const statusUnavailable = (store: string) =>
  new AppError(
    ResultCode.IAP_STATUS_UNAVAILABLE,
    `${store} could not be asked about this purchase; nothing was credited, try again`,
  );
export const signatureInvalid = (why: string) =>
  new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, `The notification did not verify: ${why}`);

/** The app binds a purchase to its order (obfuscatedAccountId / appAccountToken); spec §5: case-insensitive. */
export const sameOrder = (reference: string | null, ordrId: string) =>
  reference !== null && reference.toLowerCase() === ordrId.toLowerCase();

export const settled = (order: OrderRow) =>
  order.state === 'credited' || order.state === 'refunded';

/**
 * What both stores' purchases share: the dependencies, the caller's order of a gateway, its pack's
 * store products, and where subscription notifications go.
 */
export function createIapContext(deps: IapDeps) {
  const { orders } = deps;
  let subscriptions: IapSubscriptionHandler | undefined;

  async function orderOf(
    caller: AuthContext,
    ordrId: string,
    gateway: PaymentGateway,
  ): Promise<OrderRow> {
    // spec §6: guests cannot pay
    if (caller.authMethod === 'guest') {
      throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to buy coins');
    }
    const order = await orders.findForUser(ordrId, caller.userId);
    if (order.gateway !== gateway) {
      throw new AppError(
        ResultCode.PAYMENT_GATEWAY_MISMATCH,
        `This order is paid through ${order.gateway}, not ${gateway}`,
      );
    }
    return order;
  }

  async function storeProducts(order: OrderRow) {
    const products = await deps.storeProductsOf(order.godsCode);
    if (!products) throw new AppError(ResultCode.PAYMENT_GOODS_NOT_FOUND, 'No such coin pack');
    return products;
  }

  return {
    ...deps,
    orderOf,
    storeProducts,
    /** the subscription handler registered, if any */
    subscriptions: () => subscriptions,
    /** where subscription notifications go (the VIP module registers itself at start-up) */
    useSubscriptionHandler: (handler: IapSubscriptionHandler) => {
      subscriptions = handler;
    },
  };
}

export type IapContext = ReturnType<typeof createIapContext>;
