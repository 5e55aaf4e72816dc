import { lazy, Suspense, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  ResultCode,
  type MessageKey,
  type PaymentConfigData,
  type PaymentResultData,
} from '@snapdrama/contract';
import { isApiError, isTechnicalFailure } from '../../shared/api/api-error';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { Spinner } from '../../shared/ui/spinner';
import { createPaypalOrder, refreshAfterPayment, registOrder } from './api/payment-api';
import { paymentErrorText } from './payment-errors';
import { usePaymentStore } from './payment-store';
import { savePendingOrder } from './pending-order';
import { gatewayPrice, type WebGateway } from './price';

// The providers' SDKs load only when a viewer picks that gateway (main-page bundle budget).
const TossWidget = lazy(() => import('./flows/toss-widget'));
const StripeCheckout = lazy(() => import('./flows/stripe-checkout'));
const PaypalCheckout = lazy(() => import('./flows/paypal-checkout'));

type Translate = (key: MessageKey) => string;

export interface FlowDeps {
  t: Translate;
  queryClient: QueryClient;
  config: PaymentConfigData;
}

const MODES = { T: 'toss', S: 'stripe', P: 'paypal' } as const;

/** The payment error popup (spec §8): title, message, confirm only. */
export function showPaymentError(t: Translate, message: string) {
  usePaymentStore.getState().reset();
  useLayerStore.getState().closePopup();
  layers.alert({ title: t('error_popup.title'), message });
}

/**
 * A technical failure of a confirmation (issue 40): an error, with "Try again" sending the same
 * confirmation again (replay-safe on the server), so the viewer need not start over. A store
 * purchase in the app says its own words (`message`): it asks the store again for the same order.
 */
export function showConfirmRetry(
  t: Translate,
  retry: () => void,
  message: MessageKey = 'payment.msg_technical_error',
) {
  layers.alert({
    title: t('error_popup.title'),
    message: t(message),
    confirmLabel: t('payment.try_again'),
    cancelLabel: t('common.close'),
    onConfirm: retry,
  });
}

/**
 * What a failed confirmation shows (issue 40): a technical failure offers the same confirmation
 * again (`send`, replay-safe on the server) until it gets through or the viewer closes the popup;
 * a refusal (a decline, a mismatch) is told once.
 */
export function showConfirmFailure(
  error: unknown,
  t: Translate,
  queryClient: QueryClient,
  send: () => Promise<PaymentResultData>,
) {
  if (!isTechnicalFailure(error)) {
    showPaymentError(t, paymentErrorText(error, t, 'payment.msg_fail'));
    return;
  }
  usePaymentStore.getState().reset();
  useLayerStore.getState().closePopup();
  showConfirmRetry(t, () => {
    layers.toast(t('common.retrying'), 'info');
    void confirmWithRetry(t, queryClient, send);
  });
}

/** Sends a confirmation and finishes the payment, or shows its failure as above. */
export function confirmWithRetry(
  t: Translate,
  queryClient: QueryClient,
  send: () => Promise<PaymentResultData>,
): Promise<void> {
  return send().then(
    (result) => finishPayment(queryClient, t, result),
    (error: unknown) => showConfirmFailure(error, t, queryClient, send),
  );
}

/**
 * The viewer backed out of a checkout, at any gateway: a notice, not an error popup (issue 40),
 * and the payment layers close as after an error.
 */
export function showPaymentCanceled(t: Translate) {
  usePaymentStore.getState().reset();
  useLayerStore.getState().closePopup();
  layers.toast(t('payment.msg_cancel'), 'info');
}

function showFailure(error: unknown, deps: FlowDeps, fallback: MessageKey) {
  // a changed price: the list is stale, so reload it before the viewer tries again
  if (isApiError(error) && error.code === ResultCode.PAYMENT_PRICE_MISMATCH)
    void refreshAfterPayment(deps.queryClient);
  showPaymentError(deps.t, paymentErrorText(error, deps.t, fallback));
}

/**
 * Success (spec §4): toast payment.msg_success with a link to the order's receipt, refreshed coins
 * and goods, layers closed. An order the server had credited already (a checkout paid again after
 * Back, a second tab) says so instead: nothing was charged twice.
 */
export async function finishPayment(
  queryClient: QueryClient,
  t: Translate,
  result?: Pick<PaymentResultData, 'ordrId' | 'already_credited'>,
): Promise<void> {
  usePaymentStore.getState().reset();
  const store = useLayerStore.getState();
  store.closePopup();
  if (store.modal?.kind === 'payment') store.closeModal();
  if (store.sheet?.kind === 'payment') store.closeSheet();
  const receipt = result && {
    label: t('payment.view_receipt'),
    to: `/profile/orders/${encodeURIComponent(result.ordrId)}`,
  };
  if (result?.already_credited) layers.toast(t('payment.msg_already_paid'), 'info', receipt);
  else layers.toast(t('payment.msg_success'), 'success', receipt);
  await refreshAfterPayment(queryClient);
}

/** Where to come back after a provider's page: here, unless "here" is already a return page. */
function currentPlace(): string {
  const { pathname, search } = window.location;
  return pathname.startsWith('/payment/return') ? '/payment' : `${pathname}${search}`;
}

function openFlowPopup(kind: string, title: string, content: ReactNode) {
  useLayerStore.getState().openPopup({
    kind,
    title,
    width: 530,
    content: <Suspense fallback={<Spinner />}>{content}</Suspense>,
    onClose: () => usePaymentStore.getState().reset(),
  });
}

/**
 * Runs one gateway for the selected goods (spec §4): register the order at the server's price,
 * then the provider's step — the real SDK when the gateway is live, the server's local stand-in
 * page when it is in sandbox mode; both come back through /payment/return/{gateway}, except
 * PayPal's live buttons, which approve in place.
 */
export async function startGateway(gateway: WebGateway, deps: FlowDeps): Promise<void> {
  const { t, config } = deps;
  const payment = usePaymentStore.getState();
  const goods = payment.goods;
  if (!goods) {
    // spec §5: no selected goods, so say so and close the popup
    useLayerStore.getState().closePopup();
    layers.toast(t('payment.msg_req_select_goods'), 'failure');
    return;
  }
  const price = gatewayPrice(goods, gateway);
  const mode = config[MODES[gateway]].mode;
  if (price.amount <= 0 || mode === 'off') {
    layers.toast(t('payment.msg_purchase_not_available'), 'failure');
    return;
  }
  payment.start(gateway);
  const backTo = currentPlace();

  if (gateway === 'P') {
    if (mode === 'live' && config.paypal.clientId) {
      openFlowPopup(
        'payment-paypal',
        t('payment.gateway_paypal'),
        <PaypalCheckout
          clientId={config.paypal.clientId}
          goods={goods}
          queryClient={deps.queryClient}
        />,
      );
      return;
    }
    try {
      const order = await createPaypalOrder({
        goodsCode: goods.gods_code,
        paymentGateway: 'P',
        price: price.amount,
      });
      usePaymentStore.getState().registered(order.ordrId);
      if (!order.checkoutUrl) throw new Error('no stand-in checkout page');
      savePendingOrder({
        ordrId: order.ordrId,
        gateway: 'P',
        paypalOrderId: order.paypalOrderId,
        backTo,
      });
      window.location.assign(order.checkoutUrl);
    } catch (error) {
      showFailure(error, deps, 'payment.msg_regist_fail');
    }
    return;
  }

  let order;
  try {
    order = await registOrder({
      godsCode: goods.gods_code,
      pymnGtwy: gateway,
      price: price.amount,
    });
  } catch (error) {
    showFailure(error, deps, 'payment.msg_regist_fail');
    return;
  }
  usePaymentStore.getState().registered(order.ordrId);
  savePendingOrder({ ordrId: order.ordrId, gateway, clientSecret: order.clientSecret, backTo });

  if (mode === 'sandbox') {
    if (!order.checkoutUrl) return showFailure(null, deps, 'payment.msg_fail');
    window.location.assign(order.checkoutUrl);
    return;
  }
  if (gateway === 'T' && config.toss.clientKey) {
    openFlowPopup(
      'payment-toss',
      t('payment.gateway_toss'),
      <TossWidget clientKey={config.toss.clientKey} order={order} />,
    );
    return;
  }
  if (gateway === 'S' && config.stripe.publishableKey && order.clientSecret) {
    openFlowPopup(
      'payment-stripe',
      t('payment.gateway_stripe'),
      <StripeCheckout
        publishableKey={config.stripe.publishableKey}
        clientSecret={order.clientSecret}
      />,
    );
    return;
  }
  showFailure(
    null,
    deps,
    gateway === 'S' ? 'payment.msg_stripe_session_not_found' : 'payment.msg_fail',
  );
}
