import { useQuery } from '@tanstack/react-query';
import { InviteCountsCard } from './invite-counts-card';
import { useMemo } from 'react';
import type { DashboardData, PushCounts } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { GATEWAY_NAMES } from '../../shared/console/console-codes';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { dashboardMessages } from './dashboard-messages';
import { LineChart, type Series } from './line-chart';
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

/** Today and the last 30 service days, with charts (uPlot, in the console's own bundle). */
export function DashboardPage() {
  const t = useConsoleText(dashboardMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const dash = useQuery({
    queryKey: ['console', 'dashboard'],
    queryFn: () => consoleApi.get<DashboardData>('/dashboard'),
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
    const keys = Object.keys(dash.data.revenue30);
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
  if (dash.isError) return <Banner kind="error">{dash.error.message}</Banner>;
  const { today, days, revenue30, topDramas, quality } = dash.data;
  const sum = (f: (x: (typeof days)[number]) => number) => days.reduce((n, x) => n + f(x), 0);
  const n = (v: number) => v.toLocaleString(lang);
  const ms = (v: number) =>
    new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: 'millisecond',
      // "ms" is English to a Korean or Japanese reader: 밀리초, ミリ秒
      unitDisplay: lang === 'en' ? 'short' : 'long',
      maximumFractionDigits: 0,
    }).format(v);
  const revenueToday = Object.entries(today.revenue);
  const stats: [string, string, string][] = [
    [t('dash.new_viewers'), n(today.newViewers), n(sum((x) => x.newViewers))],
    [t('dash.active_viewers'), n(today.activeViewers), '—'],
    [t('dash.coins_granted'), n(today.coinsGranted), n(sum((x) => x.coinsGranted))],
    [t('dash.coins_spent'), n(today.coinsSpent), n(sum((x) => x.coinsSpent))],
    [t('dash.coins_expired'), n(today.coinsExpired), n(sum((x) => x.coinsExpired))],
    [t('dash.unlocks_coin'), n(today.unlocksByCoin), n(sum((x) => x.unlocksByCoin))],
    [t('dash.unlocks_ad'), n(today.unlocksByAd), n(sum((x) => x.unlocksByAd))],
  ];

  return (
    <ConsolePage title={t('dash.title')}>
      <div className={styles.stats}>
        {stats.map(([label, now, month]) => (
          <div key={label} className={styles.stat} data-testid="dash-stat">
            <span className={styles.statLabel}>{label}</span>
            <strong className={styles.statValue}>{now}</strong>
            <span className={ui.muted}>
              {t('dash.days30')}: {month}
            </span>
          </div>
        ))}
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('dash.revenue')}</span>
          {revenueToday.length === 0 ? (
            <strong className={styles.statValue}>0</strong>
          ) : (
            revenueToday.map(([k, v]) => (
              <strong key={k} className={styles.statSmall}>
                {gatewayLabel(k, lang)} {money(v, k, lang)}
              </strong>
            ))
          )}
          {Object.entries(revenue30).map(([k, v]) => (
            <span key={k} className={ui.muted}>
              {t('dash.days30')}: {gatewayLabel(k, lang)} {money(v, k, lang)}
            </span>
          ))}
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
      </div>
    </ConsolePage>
  );
}
