import { createApplePurchases } from './iap-apple';
import { createIapContext, type IapDeps } from './iap-context';
import { createGooglePurchases } from './iap-google';

export { askApple } from './iap-apple';
export { googleTxnKey, type GoogleVerifyRequest } from './iap-google';
export type {
  IapLogger,
  IapSubscriptionHandler,
  NotificationOutcome,
  StoreProductsOf,
} from './iap-context';

/**
 * Google Play and Apple in-app purchases (iap-google.ts, iap-apple.ts over iap-context.ts),
 * verified with the store on the server (the app is untrusted input) and paid and credited
 * through the order service, which credits exactly once: the store's purchase (Google
 * purchaseToken, Apple transactionId) is the order's provider transaction, unique per gateway
 * across all orders.
 */
export function createIapService(deps: IapDeps) {
  const ctx = createIapContext(deps);
  return {
    ...createGooglePurchases(ctx),
    ...createApplePurchases(ctx),
    useSubscriptionHandler: ctx.useSubscriptionHandler,
  };
}

export type IapService = ReturnType<typeof createIapService>;
