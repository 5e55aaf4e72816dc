import type { CSSProperties } from 'react';
import type { AnalyticsCohortWeek, AnalyticsReturned } from '@snapdrama/contract';
import { useConsoleText } from '../../shared/console/console-i18n';
import { ui } from '../../shared/console/console-ui';
import { analyticsMessages } from './analytics-messages';
import { heatLevel } from './chart-scale';
import type { analyticsFormat } from './format';
import styles from './analytics.module.css';

const level = (cell: AnalyticsReturned | undefined) =>
  ({ '--level': heatLevel(cell?.rate ?? null) }) as CSSProperties;

/**
 * Cohorts (rows: the week of the first day) by week N after it (columns) as a heat-table: a real
 * table with row and column headers, each cell the share that came back (its colour is that share,
 * so the same share looks the same everywhere; the text says it). A week not reached yet is "not
 * yet". On phones each cohort is a card of its weeks.
 */
export function CohortGrid(props: {
  cohorts: AnalyticsCohortWeek[];
  weeks: number;
  firstColumn: string;
  format: ReturnType<typeof analyticsFormat>;
}) {
  const t = useConsoleText(analyticsMessages);
  const { cohorts, format: f } = props;
  const weekNumbers = Array.from({ length: props.weeks }, (_, n) => n);
  // "11월 23일": the year only when the cohorts span more than one
  const years = new Set(cohorts.map((c) => c.week.slice(0, 4)));
  const weekName = (day: string) => (years.size > 1 ? f.day(day) : f.monthDay(day));
  const cellText = (cell: AnalyticsReturned | undefined) =>
    !cell || cell.eligible === 0 ? (
      <>
        <span aria-hidden="true">–</span>
        <span className={styles.srOnly}>{t('retention.cell_empty')}</span>
      </>
    ) : (
      f.rate(cell.rate)
    );
  const cellTitle = (cell: AnalyticsReturned | undefined) =>
    cell && cell.eligible > 0
      ? t('retention.cell_title', {
          returned: f.count(cell.returned),
          eligible: f.count(cell.eligible),
        })
      : undefined;
  return (
    <>
      <div
        className={`${ui.tableWrap} ${styles.wide}`}
        role="region"
        aria-label={t('retention.grid_caption')}
        tabIndex={0}
      >
        <table className={`${ui.table} ${styles.heat}`} data-testid="cohort-grid">
          <caption className={styles.srOnly}>{t('retention.grid_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{props.firstColumn}</th>
              <th scope="col" className={styles.num}>
                {t('retention.col_size')}
              </th>
              {weekNumbers.map((n) => (
                <th key={n} scope="col" className={styles.num}>
                  {t('retention.col_week', { n: f.count(n) })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((c) => (
              <tr key={c.week} data-testid="cohort-row" data-week={c.week} data-size={c.size}>
                <th scope="row" className={styles.rowHead}>
                  {weekName(c.week)}
                </th>
                <td className={styles.num}>{f.count(c.size)}</td>
                {weekNumbers.map((n) => {
                  const cell = c.weeks[n];
                  const empty = !cell || cell.eligible === 0;
                  return (
                    <td
                      key={n}
                      className={`${styles.cell} ${empty ? styles.empty : ''}`}
                      style={level(cell)}
                      title={cellTitle(cell)}
                      data-testid="cohort-cell"
                      data-returned={cell?.returned ?? ''}
                      data-eligible={cell?.eligible ?? ''}
                    >
                      {cellText(cell)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        className={styles.cohortCards}
        aria-label={t('retention.grid_caption')}
        data-testid="cohort-cards"
      >
        {cohorts.map((c) => (
          <li key={c.week} className={styles.card}>
            <div className={styles.cardTitle}>
              {t('retention.week_of', { day: weekName(c.week) })} · {t('retention.col_size')}{' '}
              {f.count(c.size)}
            </div>
            <dl className={styles.cohortWeeks}>
              {weekNumbers.map((n) => {
                const cell = c.weeks[n];
                return (
                  <div key={n} style={level(cell)} title={cellTitle(cell)}>
                    <dt>{t('retention.col_week', { n: f.count(n) })}</dt>
                    <dd>{cellText(cell)}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
