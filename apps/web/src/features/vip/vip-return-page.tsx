import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ResultCode, providerCodeOf, type MessageKey, type VipPassData } from '@snapdrama/contract';
import { errorMessage, isApiError, isTechnicalFailure } from '../../shared/api/api-error';
import { layers } from '../../shared/layers/layer-store';
import { Spinner } from '../../shared/ui/spinner';
import {
  confirmVipPaypal,
  confirmVipStripe,
  confirmVipToss,
  confirmedVipPasses,
  refreshAfterVip,
  vipReceiptPath,
  vipReturnPath,
} from '../../shared/vip/vip-api';
import { formatVipDate } from '../../shared/vip/vip-format';
import { readVipReturn, vipDeclineText } from './vip-return-params';
import styles from './vip-return-page.module.css';

/** What the failure of a confirmation says: a decline by its code, else the server's message. */
function confirmFailure(error: unknown, t: (key: MessageKey) => string): string {
  if (isApiError(error) && error.code === ResultCode.PAYMENT_DECLINED)
    return vipDeclineText(providerCodeOf(error.serverMessage ?? ''), t);
  return errorMessage(error, t('vip.msg_fail'));
}

/**
 * /vip/return/{toss|stripe|paypal}: where Toss's card registration, Stripe Checkout or PayPal (or
 * their stand-ins) send the buyer back. Confirms the pass with the server, then returns to where
 * the purchase started (a locked episode plays at once) with a toast, or shows why it failed. The
 * confirmation is idempotent: a reload or Back to this address charges nothing more.
 */
export function VipReturnPage() {
  const { t, i18n } = useTranslation();
  const { gateway } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const backTo = vipReturnPath.take() ?? '/profile';
    const leave = () => Promise.resolve(navigate(backTo, { replace: true }));
    const action = readVipReturn(gateway, params);
    if (action.kind === 'canceled') {
      void leave().then(() => layers.toast(t('vip.msg_checkout_canceled'), 'info'));
      return;
    }
    if (action.kind === 'declined') {
      void leave().then(() =>
        layers.alert({ title: t('error_popup.title'), message: vipDeclineText(action.code, t) }),
      );
      return;
    }
    if (action.kind === 'invalid') {
      void leave().then(() => layers.alert({ message: t('vip.msg_fail') }));
      return;
    }
    const confirm = () =>
      action.kind === 'toss'
        ? confirmVipToss(action.body)
        : action.kind === 'stripe'
          ? confirmVipStripe(action.body)
          : confirmVipPaypal(action.body);
    const vipId = action.body.vipId;
    // the same return address again (Back, a reload, another tab): already active, not anew
    const seen = confirmedVipPasses.has(vipId);
    const succeeded = async (pass: VipPassData) => {
      await refreshAfterVip(queryClient);
      confirmedVipPasses.add(vipId);
      const receipt = { label: t('payment.view_receipt'), to: await vipReceiptPath(pass.vipId) };
      const date = formatVipDate(pass.activeUntil, i18n.language);
      if (seen) layers.toast(t('vip.msg_already_active', { date }), 'info', receipt);
      else layers.toast(t('vip.msg_active', { date }), 'success', receipt);
    };
    // a lost call or a server failure offers the same confirmation again (idempotent on the
    // server), where the buyer is by then; a refusal is told once
    const failed = (error: unknown) => {
      if (!isTechnicalFailure(error)) {
        layers.alert({ title: t('error_popup.title'), message: confirmFailure(error, t) });
        return;
      }
      layers.alert({
        title: t('error_popup.title'),
        message: t('payment.msg_technical_error'),
        confirmLabel: t('payment.try_again'),
        cancelLabel: t('common.close'),
        onConfirm: () => {
          layers.toast(t('common.retrying'), 'info');
          confirm().then(succeeded).catch(failed);
        },
      });
    };
    confirm()
      .then(async (pass) => {
        await leave();
        await succeeded(pass);
      })
      .catch((error: unknown) => leave().then(() => failed(error)));
  }, [gateway, params, navigate, queryClient, t, i18n.language]);

  return (
    <section className={styles.page} data-testid="vip-return">
      <p className={styles.heading}>{t('vip.confirming')}</p>
      <Spinner />
    </section>
  );
}
