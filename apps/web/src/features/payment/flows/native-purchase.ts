import type { QueryClient } from '@tanstack/react-query';
import {
  PAYMENT_PATHS,
  sameOrderId,
  storeFailureOf,
  type MessageKey,
  type NativeReplyPayload,
  type PaymentGateway,
  type PaymentGoods,
  type PaymentResultData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { errorMessage } from '../../../shared/api/api-error';
import { layers, useLayerStore } from '../../../shared/layers/layer-store';
import { askNative, nativePlatform } from '../../../shared/native/native';
import { registOrder } from '../api/payment-api';
import { storeProductId } from '../api/store-prices';
import {
  confirmWithRetry,
  showConfirmRetry,
  showPaymentCanceled,
  showPaymentError,
} from '../payment-flow';
import { usePaymentStore } from '../payment-store';

type Translate = (key: MessageKey) => string;
type Purchase = NativeReplyPayload<'purchaseProduct'>;

/**
 * Spec §5: a native purchase must return every required field (the schema checked them) for this
 * platform's store, the product asked for, and the registered order id (case-insensitive).
 */
export function purchaseMatchesOrder(
  purchase: Purchase,
  expected: { store: 'google' | 'apple'; ordrId: string; productId: string },
): boolean {
  return (
    purchase.store === expected.store &&
    purchase.productId === expected.productId &&
    sameOrderId(expected.ordrId, purchase.ordrId)
  );
}

/** Tells the host the purchase is credited, so it finishes it; once more if the first try fails. */
async function completePurchase(purchase: Purchase): Promise<void> {
  const request =
    purchase.store === 'google'
      ? { store: 'google' as const, purchaseToken: purchase.purchaseToken }
      : { store: 'apple' as const, transactionId: purchase.transactionId };
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await askNative('purchaseComplete', request);
    if (outcome.status === 'ok') return;
  }
  // an unfinished purchase is delivered again by the store; the server credits an order once
  console.error('native bridge: purchaseComplete failed twice');
}

/** A registered order being bought in the app's store. */
interface StoreOrder {
  store: 'google' | 'apple';
  gateway: Extract<PaymentGateway, 'G' | 'A'>;
  ordrId: string;
  productId: string;
}

/** The server's verify of a store purchase bound to the order (replay-safe: credits once). */
function verifyPurchase(ordrId: string, purchase: Purchase): Promise<PaymentResultData> {
  if (purchase.store === 'google')
    return api.put<PaymentResultData>(PAYMENT_PATHS.googleVerify, {
      ordrId,
      packageName: purchase.packageName,
      productId: purchase.productId,
      purchaseToken: purchase.purchaseToken,
    });
  return api.put<PaymentResultData>(PAYMENT_PATHS.appleVerify, {
    ordrId,
    transactionJWS: purchase.transactionJWS,
  });
}

/**
 * The store's purchase sheet for the order, then the server's verify. Told as the web gateways
 * are (issue 40, decision 0762): the viewer's cancel is a notice; a store's refusal (purchases
 * not allowed, the pack not sold there) is told in our words, once; a purchase waiting for
 * approval says so; a technical failure (network, store service, no answer) is an error whose
 * "Try again" opens the store's sheet again for the same order, which nothing was charged for.
 * A verify lost on the way is sent again the same way as a web confirmation (confirmWithRetry).
 */
async function buyInStore(order: StoreOrder, deps: { t: Translate; queryClient: QueryClient }) {
  const { t, queryClient } = deps;
  const outcome = await askNative('purchaseProduct', {
    productId: order.productId,
    ordrId: order.ordrId,
  });
  if (outcome.status === 'canceled') {
    // our own texts by result code, never the host's ("Canceled (purchaseProduct)", issue 47)
    showPaymentCanceled(t);
    return;
  }
  if (outcome.status === 'unsupported') {
    showPaymentError(t, t('payment.msg_not_support_device'));
    return;
  }
  if (outcome.status !== 'ok') {
    const failure = storeFailureOf(outcome.status === 'failed' ? outcome.reason : undefined);
    if (failure.kind === 'refused') {
      showPaymentError(t, t(failure.messageKey));
      return;
    }
    usePaymentStore.getState().reset();
    useLayerStore.getState().closePopup();
    if (failure.kind === 'waiting') {
      layers.toast(t(failure.messageKey), 'info');
      return;
    }
    showConfirmRetry(
      t,
      () => {
        usePaymentStore.getState().start(order.gateway);
        usePaymentStore.getState().registered(order.ordrId);
        void buyInStore(order, deps);
      },
      failure.messageKey,
    );
    return;
  }
  const purchase = outcome.payload;
  if (!purchaseMatchesOrder(purchase, order)) {
    showPaymentError(t, t('payment.msg_paypal_order_id_not_match'));
    return;
  }
  // not finished until the server credited it: the store keeps an unfinished purchase and
  // delivers it again, and the server credits an order once
  await confirmWithRetry(t, queryClient, async () => {
    const result = await verifyPurchase(order.ordrId, purchase);
    await completePurchase(purchase);
    return result;
  });
}

/**
 * A coin pack through the app's store (spec §4 payment flow, §5, §7): register the order for
 * Google Play (G) or Apple (A) at the store price, purchaseProduct bound to that order, the
 * server's verify, then purchaseComplete. The coins are credited by the server's verify only,
 * once per order and purchase whatever the retries (decision 0750).
 */
export async function buyInApp(
  goods: PaymentGoods,
  deps: { t: Translate; queryClient: QueryClient },
): Promise<void> {
  const { t } = deps;
  const platform = nativePlatform();
  if (!platform) {
    layers.toast(t('payment.msg_not_support_device'), 'failure');
    return;
  }
  const store = platform === 'android' ? 'google' : 'apple';
  const gateway = platform === 'android' ? 'G' : 'A';
  const productId = storeProductId(goods, platform);
  if (!productId || goods.iap_price <= 0) {
    layers.toast(t('payment.msg_purchase_not_available'), 'failure');
    return;
  }
  const payment = usePaymentStore.getState();
  payment.select(goods);
  payment.start(gateway);

  let ordrId: string;
  try {
    ordrId = (
      await registOrder({ godsCode: goods.gods_code, pymnGtwy: gateway, price: goods.iap_price })
    ).ordrId;
  } catch (error) {
    showPaymentError(t, errorMessage(error, t('payment.msg_regist_fail')));
    return;
  }
  usePaymentStore.getState().registered(ordrId);
  await buyInStore({ store, gateway, ordrId, productId }, deps);
}
