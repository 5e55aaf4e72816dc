import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { dashboardMessages } from './dashboard-messages';
import styles from './dashboard-page.module.css';

/**
 * A figure against the previous period: the previous value, the change and its percentage
 * ("Before: 40 · +10 (+25%)"); up, down or unchanged told in words for screen readers too.
 */
export function Delta(props: { now: number; before: number; format: (v: number) => string }) {
  const t = useConsoleText(dashboardMessages);
  const lang = useConsoleLanguage();
  const { now, before, format } = props;
  const diff = now - before;
  const trend = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '';
  const percent =
    before !== 0
      ? new Intl.NumberFormat(lang, {
          style: 'percent',
          maximumFractionDigits: 1,
          signDisplay: 'exceptZero',
        }).format(diff / Math.abs(before))
      : null;
  const change =
    trend === 'same'
      ? t('dash.change_none')
      : `${sign}${format(Math.abs(diff))}${percent ? ` (${percent})` : ''}`;
  return (
    <span className={styles.delta} data-trend={trend} data-testid="dash-delta">
      <span className={styles.before}>{t('dash.before', { value: format(before) })}</span>{' '}
      <span className={styles[trend]}>
        <span aria-hidden="true">{trend === 'up' ? '▲' : trend === 'down' ? '▼' : '='}</span>{' '}
        <span className={styles.srOnly}>{t(`dash.trend_${trend}`)} </span>
        {change}
      </span>
    </span>
  );
}
