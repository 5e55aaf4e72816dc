import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ForYouCountsCard } from './foryou-counts-card';
import { InviteCountsCard } from './invite-counts-card';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardData, DashboardTotals, PushCounts } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { GATEWAY_NAMES } from '../../shared/console/console-codes';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { dashboardMessages } from './dashboard-messages';
import { LineChart, type Series } from './line-chart';
import { DashboardRange, rangeFromAddress } from './dashboard-range';
import { Delta } from './dashboard-delta';
import styles from './dashboard-page.module.css';

const currencyNames = new Map<string, Intl.DisplayNames>();
/** "Google Play (미국 달러)": the gateway's name and the currency's name in the console's language. */
const gatewayLabel = (key: string, lang: string) => {
  const [g = '', currency = ''] = key.split(':');
  let names = currencyNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames(lang, { type: 'currency' });
    currencyNames.set(lang, names);
  }
  return `${GATEWAY_NAMES[g] ?? g} (${currency ? (names.of(currency) ?? currency) : ''})`;
};
const money = (minor: number, key: string, lang: string) => {
  const currency = key.split(':')[1] ?? 'USD';
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(
    currency === 'KRW' ? minor : minor / 100,
  );
};

/**
 * A range of service days (presets or chosen, in the address) against the period of equal length
 * before it, with charts (uPlot, in the console's own bundle). Decision 1571.
 */
export function DashboardPage() {
  const t = useConsoleText(dashboardMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params] = useSearchParams();
  const range = rangeFromAddress(params);
  const dash = useQuery({
    queryKey: ['console', 'dashboard', range.from, range.to],
    queryFn: () =>
      consoleApi.get<DashboardData>(
        range.from && range.to ? `/dashboard?from=${range.from}&to=${range.to}` : '/dashboard',
      ),
    // the old range's numbers stay (dimmed) until the new ones arrive: no jump to a spinner
    placeholderData: keepPreviousData,
  });
  // push reminders' counts (decision 1520)
  const push = useQuery({
    queryKey: ['console', 'push', 'counts'],
    queryFn: () => consoleApi.get<PushCounts>('/push/counts'),
  });
  const charts = useMemo(() => {
    if (!dash.data) return undefined;
    const d = dash.data.days;
    const days = d.map((x) => x.day);
    const keys = [...new Set(d.flatMap((x) => Object.keys(x.revenue)))].sort();
    const pick = (label: string, f: (x: (typeof d)[number]) => number): Series => ({
      label,
      values: d.map(f),
    });
    return {
      days,
      viewers: [
        pick(t('dash.new_viewers'), (x) => x.newViewers),
        pick(t('dash.active_viewers'), (x) => x.activeViewers),
      ],
      // revenue in major units (won, dollars) so one axis reads naturally per currency
      revenue: keys.map((k) =>
        pick(gatewayLabel(k, lang), (x) => (x.revenue[k] ?? 0) / (k.endsWith(':KRW') ? 1 : 100)),
      ),
      coins: [
        pick(t('dash.coins_granted'), (x) => x.coinsGranted),
        pick(t('dash.coins_spent'), (x) => x.coinsSpent),
        pick(t('dash.coins_expired'), (x) => x.coinsExpired),
      ],
      unlocks: [
        pick(t('dash.unlocks_coin'), (x) => x.unlocksByCoin),
        pick(t('dash.unlocks_ad'), (x) => x.unlocksByAd),
      ],
    };
    // the labels follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dash.data, lang]);

  if (dash.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (dash.isError && !dash.data) return <Banner kind="error">{dash.error.message}</Banner>;
  const { current, previous, topDramas, quality, todayDay } = dash.data;
  const n = (v: number) => v.toLocaleString(lang);
  const ms = (v: number) =>
    new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: 'millisecond',
      // "ms" is English to a Korean or Japanese reader: 밀리초, ミリ秒
      unitDisplay: lang === 'en' ? 'short' : 'long',
      maximumFractionDigits: 0,
    }).format(v);
  const stats: [string, keyof DashboardTotals][] = [
    [t('dash.new_viewers'), 'newViewers'],
    [t('dash.active_viewers'), 'activeViewers'],
    [t('dash.coins_granted'), 'coinsGranted'],
    [t('dash.coins_spent'), 'coinsSpent'],
    [t('dash.coins_expired'), 'coinsExpired'],
    [t('dash.unlocks_coin'), 'unlocksByCoin'],
    [t('dash.unlocks_ad'), 'unlocksByAd'],
  ];
  const previousMoney = new Map(previous.money.map((m) => [m.currency, m]));
  const currencies = [
    ...new Set([...current.money, ...previous.money].map((m) => m.currency)),
  ].sort();
  const amount = (minor: number, currency: string) => money(minor, `:${currency}`, lang);

  return (
    <ConsolePage title={t('dash.title')}>
      <DashboardRange
        key={`${current.from}/${current.to}`}
        todayDay={todayDay}
        from={current.from}
        to={current.to}
        previousFrom={previous.from}
        previousTo={previous.to}
      />
      {dash.isError && <Banner kind="error">{dash.error.message}</Banner>}
      <div
        className={styles.stats}
        aria-busy={dash.isFetching}
        data-stale={dash.isPlaceholderData || undefined}
        data-testid="dash-stats"
        data-from={current.from}
        data-to={current.to}
      >
        {stats.map(([label, key]) => (
          <div key={key} className={styles.stat} data-testid="dash-stat" data-stat={key}>
            <span className={styles.statLabel}>{label}</span>
            <strong className={styles.statValue} data-testid="dash-value">
              {n(current.totals[key])}
            </strong>
            <Delta now={current.totals[key]} before={previous.totals[key]} format={n} />
          </div>
        ))}
        <div className={`${styles.stat} ${styles.moneyStat}`} data-testid="dash-money">
          <span className={styles.statLabel}>{t('dash.revenue')}</span>
          {currencies.length === 0 ? (
            <dl className={styles.money}>
              <dt>{t('dash.gross')}</dt>
              <dd>{n(0)}</dd>
              <dt>{t('dash.refunds')}</dt>
              <dd data-testid="dash-refunds">{n(0)}</dd>
              <dt>{t('dash.net')}</dt>
              <dd>
                <strong>{n(0)}</strong>
              </dd>
            </dl>
          ) : (
            currencies.map((currency) => {
              const m = current.money.find((x) => x.currency === currency) ?? {
                currency,
                gross: 0,
                refunds: 0,
                net: 0,
              };
              const before = previousMoney.get(currency);
              return (
                <dl key={currency} className={styles.money} data-currency={currency}>
                  <dt>{t('dash.gross')}</dt>
                  <dd>{amount(m.gross, currency)}</dd>
                  <dt>{t('dash.refunds')}</dt>
                  <dd data-testid="dash-refunds">
                    {m.refunds > 0 ? `−${amount(m.refunds, currency)}` : amount(0, currency)}
                  </dd>
                  <dt>{t('dash.net')}</dt>
                  <dd>
                    <strong>{amount(m.net, currency)}</strong>
                  </dd>
                  <dd className={styles.moneyDelta}>
                    <Delta
                      now={m.net}
                      before={before?.net ?? 0}
                      format={(v) => amount(v, currency)}
                    />
                  </dd>
                </dl>
              );
            })
          )}
        </div>
      </div>
      {push.isSuccess && (
        <Card title={t('dash.push')}>
          <div className={styles.stats} data-testid="dash-push">
            {(
              [
                ['dash.push_sent', push.data.sent],
                ['dash.push_opened', push.data.opened],
                ['dash.push_unsubscribed', push.data.unsubscribed],
                ['dash.push_dropped', push.data.dropped],
                ['dash.push_subscriptions', push.data.subscriptions],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={styles.stat}>
                <span className={styles.statLabel}>{t(key)}</span>
                <strong className={styles.statValue}>{n(value)}</strong>
              </div>
            ))}
          </div>
        </Card>
      )}
      {charts && (
        <div className={styles.charts}>
          <Card title={t('dash.chart_viewers')}>
            <LineChart
              days={charts.days}
              series={charts.viewers}
              lang={lang}
              dayLabel={t('dash.day')}
              testId="dash-chart-viewers"
            />
          </Card>
          <Card title={t('dash.chart_revenue')}>
            {charts.revenue.length === 0 ? (
              <p className={ui.muted}>{t('dash.none')}</p>
            ) : (
              <LineChart
                days={charts.days}
                series={charts.revenue}
                lang={lang}
                dayLabel={t('dash.day')}
              />
            )}
          </Card>
          <Card title={t('dash.chart_coins')}>
            <LineChart
              days={charts.days}
              series={charts.coins}
              lang={lang}
              dayLabel={t('dash.day')}
            />
          </Card>
          <Card title={t('dash.chart_unlocks')}>
            <LineChart
              days={charts.days}
              series={charts.unlocks}
              lang={lang}
              dayLabel={t('dash.day')}
            />
          </Card>
        </div>
      )}
      <div className={styles.charts}>
        <Card title={t('dash.quality')}>
          <dl className={styles.quality}>
            <dt>{t('dash.ttff_p50')}</dt>
            <dd data-testid="dash-ttff-p50">
              {quality.ttffP50Ms === null ? '—' : ms(quality.ttffP50Ms)}
            </dd>
            <dt>{t('dash.ttff_p90')}</dt>
            <dd>{quality.ttffP90Ms === null ? '—' : ms(quality.ttffP90Ms)}</dd>
            <dt>{t('dash.rebuffer')}</dt>
            <dd>
              {quality.rebufferRatio === null
                ? '—'
                : new Intl.NumberFormat(lang, {
                    style: 'percent',
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  }).format(quality.rebufferRatio)}
            </dd>
            <dt>{t('dash.samples')}</dt>
            <dd>{n(quality.samples)}</dd>
          </dl>
        </Card>
        <Card title={t('dash.top')}>
          {topDramas.length === 0 ? (
            <p className={ui.muted}>{t('dash.none')}</p>
          ) : (
            <ol className={styles.top}>
              {topDramas.map((d) => (
                <li key={d.dramId}>
                  <span>
                    #{d.dramId}{' '}
                    <span className={ui.muted}>
                      {d.title[lang] ?? d.title.en ?? `#${d.dramId}`}
                    </span>
                  </span>
                  <strong>{n(d.views)}</strong>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <InviteCountsCard />
        <ForYouCountsCard />
      </div>
    </ConsolePage>
  );
}
