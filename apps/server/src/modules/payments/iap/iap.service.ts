import { createHash } from 'node:crypto';
import {
  ResultCode,
  type PaymentCurrency,
  type PaymentGateway,
  type PaymentResultData,
} from '@snapdrama/contract';
import type { AuthContext } from '../../auth/auth.service';
import { AppError } from '../../../errors';
import type { OrderRow, ReversalKind } from '../payments.repository';
import type { CreditOutcome, PaymentsService } from '../payments.service';
import type { AppleServerApi } from './apple-server-api';
import {
  AppleVerificationError,
  type AppleNotification,
  type AppleStoreVerifier,
  type AppleTransaction,
} from './apple-store';
import { GooglePlayUnavailableError, type GooglePlayApi, type PlayPurchase } from './google-play';
import {
  decodeDeveloperNotification,
  PushAuthError,
  type DeveloperNotification,
  type PushBody,
  type PushVerifier,
} from './google-rtdn';

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

type Orders = Pick<
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

const verificationFailed = (why: string) =>
  new AppError(ResultCode.IAP_VERIFICATION_FAILED, `The store purchase did not verify: ${why}`);
const unavailable = (store: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${store} is not available; try again`);
const statusUnavailable = (store: string) =>
  new AppError(
    ResultCode.IAP_STATUS_UNAVAILABLE,
    `${store} could not be asked about this purchase; nothing was credited, try again`,
  );
const signatureInvalid = (why: string) =>
  new AppError(ResultCode.WEBHOOK_SIGNATURE_INVALID, `The notification did not verify: ${why}`);

/**
 * Google purchase tokens are a few hundred characters; one that does not fit a unique index entry
 * is kept as its hash (it still names one purchase).
 */
export const googleTxnKey = (purchaseToken: string) =>
  purchaseToken.length <= 512
    ? purchaseToken
    : `sha256:${createHash('sha256').update(purchaseToken).digest('hex')}`;

/** The app binds a purchase to its order (obfuscatedAccountId / appAccountToken); spec §5: case-insensitive. */
const sameOrder = (reference: string | null, ordrId: string) =>
  reference !== null && reference.toLowerCase() === ordrId.toLowerCase();

/** App Store notification types that report against a purchase (docs/payments.md). */
const APPLE_REVERSALS: Partial<Record<string, ReversalKind>> = {
  REFUND: 'refund',
  REVOKE: 'revoke',
  REFUND_REVERSED: 'refund_reversed',
};

const settled = (order: OrderRow) => order.state === 'credited' || order.state === 'refunded';

export function createIapService(deps: {
  orders: Orders;
  storeProductsOf: StoreProductsOf;
  google: { api: GooglePlayApi; packageName: string } | undefined;
  /** undefined: Google notifications are refused (nothing to check their origin with) */
  googlePush: PushVerifier | undefined;
  apple: { verifier: AppleStoreVerifier; api: AppleServerApi } | undefined;
  log: IapLogger;
}) {
  const { orders, log } = deps;
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

  /** Google: the purchase state with Google, then paid and credited once, then consumed. */
  async function settleGoogle(
    order: OrderRow,
    productId: string,
    purchaseToken: string,
  ): Promise<CreditOutcome> {
    const google = deps.google;
    if (!google) throw unavailable('Google Play');
    const key = googleTxnKey(purchaseToken);
    let purchase: PlayPurchase | undefined;
    try {
      purchase = await google.api.getProductPurchase(google.packageName, productId, purchaseToken);
    } catch (error) {
      if (error instanceof GooglePlayUnavailableError) throw unavailable('Google Play');
      throw error;
    }
    if (!purchase) throw verificationFailed('Google Play does not know this purchase token');
    // a replay of a settled order answers what was done, whatever Google says now (a refund
    // turns the purchase canceled; the order is refunded through the notification)
    if (settled(order) && order.providerTxnId === key) {
      return { order, alreadyCredited: true };
    }
    if (purchase.state === 'pending') {
      throw new AppError(
        ResultCode.PAYMENT_NOT_COMPLETED,
        'The purchase is pending at Google Play; coins come when it is paid',
      );
    }
    if (purchase.state === 'canceled') {
      // voided (refunded or charged back) or never paid: the token is tied to its order, so a
      // voided-purchase notification, before or after this, ends the order refunded, no coins
      if (sameOrder(purchase.obfuscatedAccountId, order.id))
        await orders.bindPayment(order.id, key);
      throw new AppError(
        ResultCode.PAYMENT_DECLINED,
        'PURCHASE_CANCELED: Google Play canceled this purchase',
      );
    }
    if (!sameOrder(purchase.obfuscatedAccountId, order.id)) {
      throw verificationFailed('the purchase was made for another order');
    }
    if (purchase.quantity !== 1) throw verificationFailed('a coin pack is bought one at a time');
    const outcome = await orders.confirmPaid(order, {
      provider: 'G',
      providerTxnId: key,
      // Google does not tell the price; the product id names the pack and so the order's price
      amountMinor: order.amountMinor,
      currency: order.currency as PaymentCurrency,
      raw: { googleOrderId: purchase.orderId, productId, consumed: purchase.consumed },
    });
    if (!purchase.consumed) {
      try {
        // consuming acknowledges; unacknowledged purchases are refunded by Google after 3 days
        await google.api.consume(google.packageName, productId, purchaseToken);
      } catch (error) {
        // credited already; the next verify (or Google's own refund and its notification) settles it
        log.warn({ err: error, ordrId: order.id }, 'Google Play consume failed');
      }
    }
    return outcome;
  }

  return {
    /** PUT /payment/iap/google/verify */
    async verifyGoogle(caller: AuthContext, body: GoogleVerifyRequest): Promise<PaymentResultData> {
      const order = await orderOf(caller, body.ordrId, 'G');
      if (!deps.google) throw unavailable('Google Play');
      if (body.packageName !== deps.google.packageName) {
        throw verificationFailed('the purchase belongs to another app');
      }
      const products = await storeProducts(order);
      if (body.productId !== products.iapGoogle) {
        throw verificationFailed("the product is not this order's coin pack");
      }
      const outcome = await settleGoogle(order, body.productId, body.purchaseToken);
      return orders.result(outcome.order, outcome.alreadyCredited, outcome.balances);
    },

    /** PUT /payment/iap/apple/verify */
    async verifyApple(
      caller: AuthContext,
      body: { ordrId: string; transactionJWS: string },
    ): Promise<PaymentResultData> {
      const order = await orderOf(caller, body.ordrId, 'A');
      if (!deps.apple) throw unavailable('The App Store');
      let transaction;
      try {
        transaction = await deps.apple.verifier.verifyTransaction(body.transactionJWS);
      } catch (error) {
        if (error instanceof AppleVerificationError) {
          if (error.retryable) throw unavailable('The App Store');
          throw verificationFailed(error.reason);
        }
        throw error;
      }
      const products = await storeProducts(order);
      if (transaction.productId !== products.iapApple) {
        throw verificationFailed("the product is not this order's coin pack");
      }
      if (settled(order) && order.providerTxnId === transaction.transactionId) {
        return orders.result(order, true);
      }
      if (!sameOrder(transaction.appAccountToken, order.id)) {
        throw verificationFailed('the purchase was made for another order');
      }
      if (transaction.quantity !== 1)
        throw verificationFailed('a coin pack is bought one at a time');
      // Apple is asked before anything is credited: the app's JWS may predate a refund
      const atApple = transaction.revoked
        ? transaction
        : await askApple(deps.apple.api, transaction, log);
      if (atApple.revoked) {
        // kept under the transaction id like a REFUND notification that came first; the credit
        // below then finds it and the order ends refunded with no coins, whichever came first
        await orders.recordReversal({
          gateway: 'A',
          providerTxnId: transaction.transactionId,
          kind: 'refund',
          eventRef: `${transaction.transactionId}:revocationDate`,
          raw: { source: transaction.revoked ? 'transactionJWS' : 'transactionInfo' },
        });
      }
      const outcome = await orders.confirmPaid(order, {
        provider: 'A',
        providerTxnId: transaction.transactionId,
        // the transaction's price is in the storefront's currency; the product names the pack
        amountMinor: order.amountMinor,
        currency: order.currency as PaymentCurrency,
        raw: {
          transactionId: transaction.transactionId,
          originalTransactionId: transaction.originalTransactionId,
          productId: transaction.productId,
        },
      });
      return orders.result(outcome.order, outcome.alreadyCredited, outcome.balances);
    },

    /**
     * Google Play real-time developer notification (Pub/Sub push). A voided purchase refunds its
     * order; a purchased one is credited if the app never came back to verify it (crash, lost
     * network). Replays do nothing more.
     */
    /** where subscription notifications go (the VIP module registers itself at start-up) */
    useSubscriptionHandler(handler: IapSubscriptionHandler) {
      subscriptions = handler;
    },

    async googleNotification(
      authorization: string | undefined,
      body: PushBody,
    ): Promise<NotificationOutcome> {
      if (!deps.googlePush) throw signatureInvalid('no push subscription is configured');
      try {
        await deps.googlePush.verify(authorization);
      } catch (error) {
        if (error instanceof PushAuthError) throw signatureInvalid(error.message);
        throw error;
      }
      const notification = decodeDeveloperNotification(body);
      // a malformed message is acknowledged: Pub/Sub would redeliver it for days otherwise
      if (!notification) {
        log.warn({ messageId: body.message.messageId }, 'Google notification not understood');
        return { action: 'ignored' };
      }
      if (!deps.google || notification.packageName !== deps.google.packageName) {
        return { action: 'ignored' };
      }
      const messageId = body.message.messageId ?? body.message.message_id ?? '';
      if (
        subscriptions &&
        (notification.subscriptionNotification ||
          notification.voidedPurchaseNotification?.productType === 1)
      ) {
        return {
          action: 'subscription',
          outcome: await subscriptions.google(notification, messageId),
        };
      }
      const voided = notification.voidedPurchaseNotification;
      if (voided) {
        // kept under the purchase token: a purchase verified later ends refunded, no coins
        const key = googleTxnKey(voided.purchaseToken);
        const done = await orders.recordReversal({
          gateway: 'G',
          providerTxnId: key,
          kind: 'refund',
          eventRef: voided.orderId ?? `voided:${messageId}`,
          raw: { refundType: voided.refundType ?? null, productType: voided.productType ?? null },
        });
        if (!done.order) log.info({ googleOrderId: voided.orderId }, 'voided purchase kept');
        return { action: done.outcome, ...(done.order ? { ordrId: done.order.id } : {}) };
      }
      const oneTime = notification.oneTimeProductNotification;
      if (oneTime?.notificationType === 1) return recoverGoogle(oneTime.sku, oneTime.purchaseToken);
      return { action: 'ignored' };
    },

    /** App Store Server Notification v2: REFUND and REVOKE refund the order; replays are harmless. */
    async appleNotification(signedPayload: string): Promise<NotificationOutcome> {
      if (!deps.apple) throw signatureInvalid('the App Store is not configured');
      let notification;
      try {
        notification = await deps.apple.verifier.verifyNotification(signedPayload);
      } catch (error) {
        if (error instanceof AppleVerificationError) {
          if (error.retryable) throw unavailable('The App Store');
          // signed by Apple but for another app or environment (one URL for sandbox and
          // production): acknowledged, since Apple's retries could never succeed
          if (error.reason === 'INVALID_ENVIRONMENT' || error.reason === 'INVALID_APP_IDENTIFIER') {
            log.info(
              { reason: error.reason },
              'App Store notification for another app or environment',
            );
            return { action: 'ignored' };
          }
          throw signatureInvalid(error.reason);
        }
        throw error;
      }
      const type = notification.notificationType;
      if (subscriptions && notification.transaction?.type === 'Auto-Renewable Subscription') {
        return { action: 'subscription', outcome: await subscriptions.apple(notification) };
      }
      const kind = APPLE_REVERSALS[type];
      if (!kind || !notification.transaction) return { action: 'ignored' };
      // kept under the transaction: a verify that comes later cannot credit a refunded purchase
      const done = await orders.recordReversal({
        gateway: 'A',
        providerTxnId: notification.transaction.transactionId,
        kind,
        eventRef: notification.notificationUUID,
        raw: { notificationType: type, subtype: notification.subtype },
      });
      if (!done.order)
        log.info({ notificationUUID: notification.notificationUUID }, `${type} kept`);
      return { action: done.outcome, ...(done.order ? { ordrId: done.order.id } : {}) };
    },
  };

  /** A purchase Google reports as made: credit the order it was made for, if it is still open. */
  async function recoverGoogle(sku: string, purchaseToken: string): Promise<NotificationOutcome> {
    const google = deps.google;
    if (!google) return { action: 'ignored' };
    const purchase = await google.api.getProductPurchase(google.packageName, sku, purchaseToken);
    if (!purchase?.obfuscatedAccountId || purchase.state !== 'purchased') {
      return { action: 'ignored' };
    }
    let order: OrderRow;
    try {
      order = await orders.requireOrder(purchase.obfuscatedAccountId);
    } catch {
      return { action: 'ignored' };
    }
    const products = await deps.storeProductsOf(order.godsCode);
    if (order.gateway !== 'G' || products?.iapGoogle !== sku) return { action: 'ignored' };
    try {
      await settleGoogle(order, sku, purchaseToken);
    } catch (error) {
      // a refusal is final (Pub/Sub would redeliver it for days); only an unreachable store is retried
      if (error instanceof AppError && error.code !== ResultCode.PAYMENT_PROVIDER_UNAVAILABLE) {
        log.warn({ ordrId: order.id, code: error.code }, 'purchased notification not credited');
        return { action: 'ignored', ordrId: order.id };
      }
      throw error;
    }
    return { action: 'credited', ordrId: order.id };
  }
}

/**
 * Get Transaction Info for a transaction the app sent (its JWS verified already): Apple's current
 * copy, which carries revocationDate once Apple refunded or revoked it. Unreachable → 503071 (a
 * retry can help; nothing is credited); unknown to Apple → 400072. Shared with the VIP pass.
 */
export async function askApple(
  api: AppleServerApi,
  transaction: AppleTransaction,
  log: Pick<IapLogger, 'warn'>,
): Promise<AppleTransaction> {
  const answer = await api.lookUpTransaction(transaction.transactionId);
  switch (answer.status) {
    case 'found':
      if (
        answer.transaction.transactionId !== transaction.transactionId ||
        answer.transaction.productId !== transaction.productId
      ) {
        throw verificationFailed("Apple's copy of the transaction differs from the app's");
      }
      return answer.transaction;
    case 'unknown':
      throw new AppError(
        ResultCode.IAP_TRANSACTION_UNKNOWN,
        `Apple does not know transaction ${transaction.transactionId}`,
      );
    case 'unavailable':
      log.warn(
        { transactionId: transaction.transactionId, reason: answer.reason },
        'App Store Server API not reachable',
      );
      throw statusUnavailable('The App Store');
    case 'refused':
      throw verificationFailed(answer.reason);
    default: {
      const never: never = answer;
      throw new Error(`unexpected answer ${String(never)}`);
    }
  }
}

export type IapService = ReturnType<typeof createIapService>;
