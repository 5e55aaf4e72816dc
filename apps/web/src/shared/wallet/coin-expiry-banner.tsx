import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../format/number';
import { useCoinExpiry, useDismissCoinExpiry } from './coin-expiry';
import styles from './coin-expiry-banner.module.css';

/**
 * The coin expiry reminder (issue 16 item 4) on the main page and the profile: how many coins
 * expire within 48 hours and when the first of them do. Dismissed, it stays away until the next
 * day (the server keeps the day), so it shows at most once a day.
 */
export function CoinExpiryBanner() {
  const { t, i18n } = useTranslation();
  const expiry = useCoinExpiry();
  const dismiss = useDismissCoinExpiry();
  const data = expiry.data;
  if (!data?.remind || !data.expr_dtm) return null;
  const date = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(data.expr_dtm));
  return (
    <div className={styles.banner} role="status" data-testid="coin-expiry-banner">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M12 7v5l3 2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <p className={styles.text}>
        <strong data-testid="coin-expiry-text">
          {t('coin_expiry.banner', { amount: formatNumber(data.amount), date })}
        </strong>
        <Link to="/profile/coin-history" className={styles.link}>
          {t('profile.coin_history')} ›
        </Link>
      </p>
      <button
        type="button"
        className={styles.close}
        aria-label={t('coin_expiry.dismiss')}
        onClick={() => dismiss.mutate()}
        disabled={dismiss.isPending}
        data-testid="coin-expiry-dismiss"
      >
        ×
      </button>
    </div>
  );
}
