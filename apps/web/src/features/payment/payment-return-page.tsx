import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { layers } from '../../shared/layers/layer-store';
import { Spinner } from '../../shared/ui/spinner';
import { confirmPaypal, confirmStripe, confirmToss } from './api/payment-api';
import { finishPayment, showConfirmFailure } from './payment-flow';
import { takePendingOrder } from './pending-order';
import {
  RETURN_GATEWAYS,
  readReturn,
  type ReturnAction,
  type ReturnGateway,
} from './return-params';
import styles from './payment-page.module.css';

const isReturnGateway = (value: string | undefined): value is ReturnGateway =>
  (RETURN_GATEWAYS as readonly (string | undefined)[]).includes(value);

/**
 * /payment/return/{toss|stripe|paypal}: where a provider's page (or its local stand-in) sends the
 * viewer back. Confirms the order with the server (spec §4), then returns to where the purchase
 * started with the success toast, or shows the error popup (spec §8).
 */
function confirmReturn(action: Exclude<ReturnAction, { kind: 'error' | 'canceled' }>) {
  switch (action.kind) {
    case 'toss':
      return confirmToss(action.body);
    case 'stripe':
      return confirmStripe(action.body);
    case 'paypal':
      return confirmPaypal(action.body);
  }
}

export function PaymentReturnPage() {
  const { t } = useTranslation();
  const { gateway } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // once: a confirmation is idempotent on the server, but one call is enough
    if (started.current) return;
    started.current = true;
    const pending = takePendingOrder();
    const backTo = pending?.backTo ?? '/payment';
    // the error popup opens once back where the purchase started, not on this passing page
    const leave = () => Promise.resolve(navigate(backTo, { replace: true }));
    const fail = (message: string) =>
      void leave().then(() => layers.alert({ title: t('error_popup.title'), message }));
    if (!isReturnGateway(gateway)) return void leave();
    const action = readReturn(gateway, params, pending, t);
    if (action.kind === 'error') return fail(action.message);
    if (action.kind === 'canceled') {
      return void leave().then(() => layers.toast(t('payment.msg_cancel'), 'info'));
    }
    // a lost call or a server failure offers the same confirmation again, where the viewer is
    // by then; a refusal is told once
    confirmReturn(action)
      .then(async (result) => {
        await leave();
        await finishPayment(queryClient, t, result);
      })
      .catch((error: unknown) =>
        leave().then(() => showConfirmFailure(error, t, queryClient, () => confirmReturn(action))),
      );
  }, [gateway, params, navigate, queryClient, t]);

  return (
    <section className={styles.page} data-testid="payment-return">
      <div className={styles.main}>
        <p className={styles.heading}>{t('payment.confirming')}</p>
        <Spinner />
      </div>
    </section>
  );
}
