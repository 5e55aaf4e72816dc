import type { AnalyticsPaywall } from '@snapdrama/contract';
import { ANALYTICS_PAYWALL_LEAVE_HOURS } from '@snapdrama/contract';
import { useConsoleText } from '../../shared/console/console-i18n';
import { analyticsMessages } from './analytics-messages';
import type { analyticsFormat } from './format';
import styles from './analytics.module.css';

const OUTCOMES = ['coin', 'ad', 'vip', 'auto', 'left', 'pending'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** Everyone who reached the paywall, in exactly one outcome (they add up to `shown`). */
export const convertedOf = (p: AnalyticsPaywall) => p.coin + p.ad + p.vip + p.auto;

/**
 * What viewers did at a paywall: one bar in parts (a picture only) and the same as a list of
 * counts and shares of those who reached it (what a screen reader reads).
 */
export function PaywallSplit(props: {
  paywall: AnalyticsPaywall;
  format: ReturnType<typeof analyticsFormat>;
}) {
  const t = useConsoleText(analyticsMessages);
  const { paywall: p, format: f } = props;
  const shown = p.shown;
  return (
    <div data-testid="funnel-paywall-split">
      <p>
        <strong data-testid="funnel-paywall-reached">
          {t('funnel.paywall_reached', { n: f.count(shown) })}
        </strong>{' '}
        ·{' '}
        <span data-testid="funnel-paywall-rate">
          {t('funnel.paywall_rate', { rate: f.share(convertedOf(p), shown) })}
        </span>
      </p>
      {shown > 0 && (
        <div className={styles.split} aria-hidden="true">
          {OUTCOMES.filter((o) => p[o] > 0).map((o) => (
            <span
              key={o}
              className={styles[`c-${o}`]}
              style={{ width: `${(p[o] / shown) * 100}%` }}
            />
          ))}
        </div>
      )}
      <ul className={styles.outcomes}>
        {OUTCOMES.map((o: Outcome) => (
          <li
            key={o}
            className={styles.outcome}
            data-testid="funnel-outcome"
            data-outcome={o}
            data-count={p[o]}
          >
            <span className={`${styles.swatch} ${styles[`c-${o}`]}`} aria-hidden="true" />
            <span>
              {t(`funnel.outcome_${o}`)}{' '}
              <span className={styles.outcomeCount} data-testid="funnel-outcome-count">
                {t('funnel.outcome_line', { count: f.count(p[o]), share: f.share(p[o], shown) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {p.pending > 0 && (
        <p className={styles.hint}>
          {t('funnel.pending_hint', { hours: ANALYTICS_PAYWALL_LEAVE_HOURS })}
        </p>
      )}
    </div>
  );
}
