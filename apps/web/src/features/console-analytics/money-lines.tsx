import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { analyticsMessages } from './analytics-messages';
import { analyticsFormat } from './format';
import styles from './analytics.module.css';

/** Revenue per currency, gross with its net beside it; the no-figure mark when there is none. */
export function MoneyLines({
  money,
}: {
  money: readonly { currency: string; gross: number; net: number }[];
}) {
  const t = useConsoleText(analyticsMessages);
  const f = analyticsFormat(useConsoleLanguage(), t('an.no_figure'));
  if (money.length === 0) return <>{f.rate(null)}</>;
  return (
    <>
      {money.map((m) => (
        <span key={m.currency} className={styles.moneyLine}>
          {f.money(m.gross, m.currency)}{' '}
          <span className={styles.sub}>
            {t('funnel.revenue_net', { amount: f.money(m.net, m.currency) })}
          </span>
        </span>
      ))}
    </>
  );
}
