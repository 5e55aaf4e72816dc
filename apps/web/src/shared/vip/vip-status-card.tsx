import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error';
import { layers } from '../layers/layer-store';
import { cancelVip, refreshAfterVip, useVipPass } from './vip-api';
import { formatVipDate } from './vip-format';
import { VipOffer } from './vip-offer';
import styles from './vip-status-card.module.css';

/**
 * The profile's VIP pass: active until, renews or ends, a cancel link for web passes (Stripe,
 * PayPal) and the store's page for store passes; the offer when there is no active pass.
 */
export function VipStatusCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const pass = useVipPass().data;
  const [busy, setBusy] = useState(false);

  if (!pass?.active) {
    return (
      <div className={styles.card} data-testid="profile-vip">
        {pass && (
          <p className={styles.muted} data-testid="profile-vip-ended">
            {t('vip.ended', { date: formatVipDate(pass.activeUntil, i18n.language) })}
          </p>
        )}
        <VipOffer />
      </div>
    );
  }
  const until = formatVipDate(pass.activeUntil, i18n.language);

  const cancel = () =>
    layers.alert({
      message: t('vip.cancel_confirm', { date: until }),
      confirmLabel: t('vip.cancel'),
      cancelLabel: t('common.close'),
      onConfirm: () => {
        setBusy(true);
        cancelVip(pass.vipId)
          .then(async (after) => {
            await refreshAfterVip(queryClient);
            layers.toast(
              t('vip.canceled', { date: formatVipDate(after.activeUntil, i18n.language) }),
              'success',
            );
          })
          .catch((error: unknown) =>
            layers.alert({ message: errorMessage(error, t('vip.msg_fail')) }),
          )
          .finally(() => setBusy(false));
      },
    });

  return (
    <div className={styles.card} data-testid="profile-vip">
      <p className={styles.title}>
        <span className={styles.badge}>{t('vip.badge')}</span>
        <strong data-testid="profile-vip-until">{t('vip.active_until', { date: until })}</strong>
      </p>
      <p className={styles.muted} data-testid="profile-vip-renewal">
        {pass.status === 'grace'
          ? t('vip.grace', { date: until })
          : pass.renews
            ? t('vip.renews_on', { date: until })
            : t('vip.ends_on', { date: until })}
      </p>
      {pass.cancelable && (
        <button
          type="button"
          className={styles.link}
          onClick={cancel}
          disabled={busy}
          data-testid="profile-vip-cancel"
        >
          {t('vip.cancel')}
        </button>
      )}
      {pass.manageUrl && pass.renews && (
        <a className={styles.link} href={pass.manageUrl} target="_blank" rel="noreferrer">
          {t('vip.manage_in_store')}
        </a>
      )}
    </div>
  );
}
