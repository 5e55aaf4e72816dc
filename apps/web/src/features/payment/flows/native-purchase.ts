import type { QueryClient } from '@tanstack/react-query';
import {
  PAYMENT_PATHS,
  sameOrderId,
  type MessageKey,
  type NativeReplyPayload,
  type PaymentGoods,
  type PaymentResultData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { errorMessage } from '../../../shared/api/api-error';
import { layers } from '../../../shared/layers/layer-store';
import { askNative, nativePlatform } from '../../../shared/native/native';
import { registOrder } from '../api/payment-api';
import { storeProductId } from '../api/store-prices';
import { finishPayment, showPaymentError } from '../payment-flow';
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
  const { t, queryClient } = deps;
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

  const outcome = await askNative('purchaseProduct', { productId, ordrId });
  if (outcome.status === 'canceled') {
    usePaymentStore.getState().reset();
    // our own texts by result code, never the host's ("Canceled (purchaseProduct)", issue 47)
    layers.toast(t('payment.msg_cancel'), 'info');
    return;
  }
  if (outcome.status !== 'ok') {
    showPaymentError(
      t,
      t(outcome.status === 'unsupported' ? 'payment.msg_not_support_device' : 'payment.msg_fail'),
    );
    return;
  }
  const purchase = outcome.payload;
  if (!purchaseMatchesOrder(purchase, { store, ordrId, productId })) {
    showPaymentError(t, t('payment.msg_paypal_order_id_not_match'));
    return;
  }
  let result: PaymentResultData;
  try {
    if (purchase.store === 'google') {
      result = await api.put<PaymentResultData>(PAYMENT_PATHS.googleVerify, {
        ordrId,
        packageName: purchase.packageName,
        productId: purchase.productId,
        purchaseToken: purchase.purchaseToken,
      });
    } else {
      result = await api.put<PaymentResultData>(PAYMENT_PATHS.appleVerify, {
        ordrId,
        transactionJWS: purchase.transactionJWS,
      });
    }
  } catch (error) {
    // not finished: the store keeps it and delivers it again; the server credits it once
    showPaymentError(t, errorMessage(error, t('payment.msg_fail')));
    return;
  }
  await completePurchase(purchase);
  await finishPayment(queryClient, t, result);
}
