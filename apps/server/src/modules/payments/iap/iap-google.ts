import { createHash } from 'node:crypto';
import { ResultCode, type PaymentCurrency, type PaymentResultData } from '@snapdrama/contract';
import type { AuthContext } from '../../auth/auth.service';
import { AppError } from '../../../errors';
import type { OrderRow } from '../payments.tables';
import type { CreditOutcome } from '../payments.service';
import { GooglePlayUnavailableError, type PlayPurchase } from './google-play';
import { decodeDeveloperNotification, PushAuthError, type PushBody } from './google-rtdn';
import {
  sameOrder,
  settled,
  signatureInvalid,
  unavailable,
  verificationFailed,
  type IapContext,
  type NotificationOutcome,
} from './iap-context';

export interface GoogleVerifyRequest {
  ordrId: string;
  packageName: string;
  productId: string;
  purchaseToken: string;
}

/**
 * Google purchase tokens are a few hundred characters; one that does not fit a unique index entry
 * is kept as its hash (it still names one purchase).
 */
export const googleTxnKey = (purchaseToken: string) =>
  purchaseToken.length <= 512
    ? purchaseToken
    : `sha256:${createHash('sha256').update(purchaseToken).digest('hex')}`;

/**
 * Google Play one-time products: the app's purchase verified with Google and credited once, and
 * Google's real-time developer notifications (voided purchases, purchases the app never verified).
 */
export function createGooglePurchases(ctx: IapContext) {
  const { orders, log, orderOf, storeProducts } = ctx;

  /** Google: the purchase state with Google, then paid and credited once, then consumed. */
  async function settleGoogle(
    order: OrderRow,
    productId: string,
    purchaseToken: string,
  ): Promise<CreditOutcome> {
    const google = ctx.google;
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
      if (!ctx.google) throw unavailable('Google Play');
      if (body.packageName !== ctx.google.packageName) {
        throw verificationFailed('the purchase belongs to another app');
      }
      const products = await storeProducts(order);
      if (body.productId !== products.iapGoogle) {
        throw verificationFailed("the product is not this order's coin pack");
      }
      const outcome = await settleGoogle(order, body.productId, body.purchaseToken);
      return orders.result(outcome.order, outcome.alreadyCredited, outcome.balances);
    },

    /**
     * Google Play real-time developer notification (Pub/Sub push). A voided purchase refunds its
     * order; a purchased one is credited if the app never came back to verify it (crash, lost
     * network). Replays do nothing more.
     */
    async googleNotification(
      authorization: string | undefined,
      body: PushBody,
    ): Promise<NotificationOutcome> {
      if (!ctx.googlePush) throw signatureInvalid('no push subscription is configured');
      try {
        await ctx.googlePush.verify(authorization);
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
      if (!ctx.google || notification.packageName !== ctx.google.packageName) {
        return { action: 'ignored' };
      }
      const messageId = body.message.messageId ?? body.message.message_id ?? '';
      const subscriptions = ctx.subscriptions();
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
  };

  /** A purchase Google reports as made: credit the order it was made for, if it is still open. */
  async function recoverGoogle(sku: string, purchaseToken: string): Promise<NotificationOutcome> {
    const google = ctx.google;
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
    const products = await ctx.storeProductsOf(order.godsCode);
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
