import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_RETENTION_WEEKS,
  RETENTION_SEGMENTS,
  type AnalyticsReturned,
  type RetentionSegment,
} from '@snapdrama/contract';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { retentionQuery } from './analytics-api';
import { analyticsMessages } from './analytics-messages';
import { rangeFromAddress } from './analytics-range';
import { AnalyticsRangePicker, Freshness } from './analytics-range-picker';
import { CohortGrid } from './cohort-grid';
import { analyticsFormat } from './format';
import styles from './analytics.module.css';

const segmentOf = (value: string | null): RetentionSegment =>
  RETENTION_SEGMENTS.find((s) => s === value) ?? 'all';

/**
 * Retention of a segment (all viewers, first payers, or by how they came: invite, organic, shared
 * link) whose first day falls in the period: D1, D7 and D30, how many paid, and the cohort grid
 * of sign-up (or first payment) week × week N. Segment and period live in the address.
 */
export function AnalyticsRetentionPage() {
  const t = useConsoleText(analyticsMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const segment = segmentOf(params.get('segment'));
  const range = rangeFromAddress(params);
  const retention = useQuery(retentionQuery(segment, range));
  const f = analyticsFormat(lang, t('an.no_figure'));

  const chooseSegment = (next: RetentionSegment) => {
    const merged = new URLSearchParams(params);
    if (next === 'all') merged.delete('segment');
    else merged.set('segment', next);
    setParams(merged);
  };

  const segments = (
    <div
      className={styles.segments}
      role="group"
      aria-label={t('retention.segment')}
      data-testid="retention-segments"
    >
      {RETENTION_SEGMENTS.map((s) => (
        <Button
          key={s}
          aria-pressed={s === segment}
          variant={s === segment ? 'primary' : undefined}
          data-segment={s}
          onClick={() => chooseSegment(s)}
        >
          {t(`retention.segment_${s}`)}
        </Button>
      ))}
    </div>
  );

  if (retention.isPending)
    return (
      <ConsolePage title={t('retention.title')}>
        {segments}
        <p className={ui.muted}>{common('common.loading')}</p>
      </ConsolePage>
    );
  if (retention.isError && !retention.data)
    return (
      <ConsolePage title={t('retention.title')}>
        {segments}
        <Banner kind="error">{retention.error.message}</Banner>
      </ConsolePage>
    );
  const data = retention.data;
  const returned = (key: 'd1' | 'd7' | 'd30', r: AnalyticsReturned) => (
    <div
      className={styles.stat}
      data-stat={key}
      data-returned={r.returned}
      data-eligible={r.eligible}
    >
      <dt>{t(`retention.${key}`)}</dt>
      <dd>
        {r.eligible === 0 ? (
          <span className={styles.notYet}>{t('retention.not_yet')}</span>
        ) : (
          f.rate(r.rate)
        )}{' '}
        {r.eligible > 0 && (
          <span className={styles.sub}>
            {t('retention.returned', {
              returned: f.count(r.returned),
              eligible: f.count(r.eligible),
            })}
          </span>
        )}
      </dd>
    </div>
  );

  return (
    <ConsolePage title={t('retention.title')}>
      {segments}
      <AnalyticsRangePicker
        key={`${data.from}/${data.to}`}
        shown={{ from: data.from, to: data.to }}
        hint={t('retention.range_hint')}
      />
      <Freshness rolledUpTo={data.rolledUpTo} />
      {retention.isError && <Banner kind="error">{retention.error.message}</Banner>}
      <div
        className={retention.isPlaceholderData ? styles.stale : undefined}
        aria-busy={retention.isFetching}
        data-testid="retention"
        data-segment={data.segment}
        data-from={data.from}
        data-to={data.to}
      >
        <dl className={styles.stats} data-testid="retention-cards">
          <div className={styles.stat} data-stat="size">
            <dt>{t('retention.size')}</dt>
            <dd>{f.count(data.size)}</dd>
          </div>
          {returned('d1', data.d1)}
          {returned('d7', data.d7)}
          {returned('d30', data.d30)}
          <div className={styles.stat} data-stat="payers">
            <dt>{t('retention.payers')}</dt>
            <dd>
              {f.count(data.payers)}{' '}
              <span className={styles.sub}>{f.rate(data.payerConversion)}</span>
            </dd>
          </div>
          <div className={styles.stat} data-stat="arppu">
            <dt>{t('retention.arppu')}</dt>
            <dd>
              {data.revenue.length === 0
                ? f.rate(null)
                : data.revenue.map((m) => (
                    <span key={m.currency} className={styles.moneyLine}>
                      {m.arppu === null ? f.rate(null) : f.money(m.arppu, m.currency)}
                    </span>
                  ))}
            </dd>
          </div>
        </dl>
        <div className={styles.gridCard}>
          <Card title={t('retention.grid')}>
            {data.cohorts.length === 0 ? (
              <p className={ui.muted} data-testid="retention-empty">
                {t('retention.none')}
              </p>
            ) : (
              <CohortGrid
                cohorts={data.cohorts}
                weeks={Math.max(
                  ANALYTICS_RETENTION_WEEKS,
                  ...data.cohorts.map((c) => c.weeks.length),
                )}
                firstColumn={t(
                  segment === 'payers' ? 'retention.col_week_payment' : 'retention.col_week_signup',
                )}
                format={f}
              />
            )}
          </Card>
        </div>
      </div>
    </ConsolePage>
  );
}
