import {
  ErrorCode,
  fetchProducts,
  finishTransaction,
  getAvailablePurchases,
  initConnection,
  purchaseErrorListener,
  purchaseUpdatedListener,
  requestPurchase,
  type Purchase,
  type PurchaseAndroid,
  type PurchaseIOS,
} from 'react-native-iap';
import {
  NativeResult,
  type NativePlatform,
  type NativeReplyPayload,
  type NativeRequestPayload,
} from '@snapdrama/contract';
import { HostError, canceled } from '../host/host-bridge';

type Bought = NativeReplyPayload<'purchaseProduct'>;

/**
 * Play Billing / StoreKit through react-native-iap. A purchase is bound to the order
 * (obfuscatedAccountId / appAccountToken: decision 0750) and finished only when the web says the
 * server credited it (purchaseComplete); an unfinished one is delivered again by the store.
 */
export function createStore(platform: NativePlatform) {
  const ready = initConnection();
  const bought = new Map<string, Purchase>();
  let waiting: {
    productId: string;
    resolve: (p: Purchase) => void;
    reject: (e: Error) => void;
  } | null = null;

  purchaseUpdatedListener((purchase) => {
    if (waiting && purchase.productId === waiting.productId) {
      waiting.resolve(purchase);
      waiting = null;
    }
  });
  purchaseErrorListener((error) => {
    if (!waiting) return;
    // the store's code goes with the failure: the web tells a refusal (billing unavailable, the
    // product not sold) from a technical failure (network, store service) in its own words
    waiting.reject(
      error.code === ErrorCode.UserCancelled
        ? canceled('The purchase was canceled')
        : new HostError(NativeResult.FAILED, error.message, error.code),
    );
    waiting = null;
  });

  const keyOf = (purchase: Purchase) =>
    platform === 'android' ? (purchase.purchaseToken ?? '') : purchase.id;

  function toReply(purchase: Purchase, ordrId: string): Bought {
    if (platform === 'android') {
      const android = purchase as PurchaseAndroid;
      return {
        store: 'google',
        ordrId: android.obfuscatedAccountIdAndroid ?? '',
        packageName: android.packageNameAndroid ?? '',
        productId: android.productId,
        purchaseToken: android.purchaseToken ?? '',
      };
    }
    const ios = purchase as PurchaseIOS;
    return {
      store: 'apple',
      // StoreKit returns the appAccountToken lower-cased: the web compares case-insensitively
      ordrId: ios.appAccountToken ?? ordrId,
      productId: ios.productId,
      transactionId: ios.id,
      transactionJWS: ios.purchaseToken ?? '',
    };
  }

  return {
    getPurchaseProductList: async ({
      productIds,
    }: NativeRequestPayload<'getPurchaseProductList'>) => {
      await ready;
      const products = await fetchProducts({ skus: productIds, type: 'in-app' });
      return {
        products: (products ?? []).map((p) => ({
          productId: p.id,
          price: p.displayPrice,
          currency: p.currency,
          priceMicros: Math.round((p.price ?? 0) * 1_000_000),
        })),
      };
    },

    purchaseProduct: async ({ productId, ordrId }: NativeRequestPayload<'purchaseProduct'>) => {
      await ready;
      if (waiting) throw new HostError(NativeResult.FAILED, 'Another purchase is in progress');
      const done = new Promise<Purchase>((resolve, reject) => {
        waiting = { productId, resolve, reject };
      });
      await requestPurchase({
        type: 'in-app',
        request:
          platform === 'android'
            ? { google: { skus: [productId], obfuscatedAccountId: ordrId } }
            : { apple: { sku: productId, appAccountToken: ordrId } },
      });
      const purchase = await done;
      bought.set(keyOf(purchase), purchase);
      return toReply(purchase, ordrId);
    },

    purchaseComplete: async (request: NativeRequestPayload<'purchaseComplete'>) => {
      await ready;
      const key = request.store === 'google' ? request.purchaseToken : request.transactionId;
      let purchase = bought.get(key);
      if (!purchase) {
        const open = await getAvailablePurchases();
        purchase = open.find((p) => keyOf(p) === key);
      }
      // already finished (a second purchaseComplete): nothing left to do
      if (!purchase) return {};
      // Google purchases are consumed by the server after it credits them (decision 0750)
      await finishTransaction({ purchase, isConsumable: platform === 'ios' });
      bought.delete(key);
      return {};
    },
  };
}
