import { ResultCode, type PaymentCurrency, type PaymentResultData } from '@snapdrama/contract';
import type { AuthContext } from '../../auth/auth.service';
import { AppError } from '../../../errors';
import type { ReversalKind } from '../payments.repository';
import type { AppleServerApi } from './apple-server-api';
import { AppleVerificationError, type AppleTransaction } from './apple-store';
import {
  sameOrder,
  settled,
  signatureInvalid,
  statusUnavailable,
  unavailable,
  verificationFailed,
  type IapContext,
  type IapLogger,
  type NotificationOutcome,
} from './iap-context';

/** App Store notification types that report against a purchase (docs/payments.md). */
const APPLE_REVERSALS: Partial<Record<string, ReversalKind>> = {
  REFUND: 'refund',
  REVOKE: 'revoke',
  REFUND_REVERSED: 'refund_reversed',
};

/**
 * App Store purchases: the app's signed transaction verified, asked of Apple and credited once,
 * and App Store Server Notifications v2 (refunds and revocations).
 */
export function createApplePurchases(ctx: IapContext) {
  const { orders, log, orderOf, storeProducts } = ctx;

  return {
    /** PUT /payment/iap/apple/verify */
    async verifyApple(
      caller: AuthContext,
      body: { ordrId: string; transactionJWS: string },
    ): Promise<PaymentResultData> {
      const order = await orderOf(caller, body.ordrId, 'A');
      if (!ctx.apple) throw unavailable('The App Store');
      let transaction;
      try {
        transaction = await ctx.apple.verifier.verifyTransaction(body.transactionJWS);
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
        : await askApple(ctx.apple.api, transaction, log);
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

    /** App Store Server Notification v2: REFUND and REVOKE refund the order; replays are harmless. */
    async appleNotification(signedPayload: string): Promise<NotificationOutcome> {
      if (!ctx.apple) throw signatureInvalid('the App Store is not configured');
      let notification;
      try {
        notification = await ctx.apple.verifier.verifyNotification(signedPayload);
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
      const subscriptions = ctx.subscriptions();
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
