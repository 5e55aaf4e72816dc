import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AnalyticsFunnelEpisode } from '@snapdrama/contract';
import { ConsoleApiError } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { funnelCsvHref, funnelQuery } from './analytics-api';
import { analyticsMessages } from './analytics-messages';
import { MoneyLines } from './money-lines';
import { rangeFromAddress } from './analytics-range';
import { AnalyticsRangePicker, Freshness } from './analytics-range-picker';
import { DataTable, type Column } from './data-table';
import { DropOffChart } from './drop-off-chart';
import { analyticsFormat, titleOf } from './format';
import { PaywallSplit, convertedOf } from './paywall-split';
import styles from './analytics.module.css';

type EpisodeColumn =
  | 'episode'
  | 'price'
  | 'viewers'
  | 'kept'
  | 'drop'
  | 'completions'
  | 'completion'
  | 'paywall'
  | 'converted'
  | 'coins'
  | 'revenue';

/**
 * One drama's funnel over a period (the address holds it): viewers episode by episode as a
 * drop-off curve with the first paid episode marked, what viewers did at that paywall (coins, ad,
 * VIP, auto-unlock, left, still deciding), and per episode completion, unlocks and revenue; the
 * same figures as CSV. Reached from the analytics table and from the drama's console page.
 */
export function AnalyticsFunnelPage() {
  const t = useConsoleText(analyticsMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const dramId = Number(useParams().dramaId);
  const [params] = useSearchParams();
  const range = rangeFromAddress(params);
  const valid = Number.isInteger(dramId) && dramId > 0;
  const funnel = useQuery({ ...funnelQuery(dramId, range), enabled: valid });
  const f = analyticsFormat(lang, t('an.no_figure'));

  if (!valid) return <Banner kind="error">{t('funnel.not_found')}</Banner>;
  if (funnel.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (funnel.isError && !funnel.data)
    return (
      <Banner kind="error">
        {funnel.error instanceof ConsoleApiError && funnel.error.status === 404
          ? t('funnel.not_found')
          : funnel.error.message}
      </Banner>
    );
  const data = funnel.data;
  const title = titleOf(data.drama.title, lang, dramId);
  const shown = { from: data.from, to: data.to };
  const back = new URLSearchParams(shown).toString();
  const episodes = [...data.episodes].sort((a, b) => a.epsd - b.epsd);
  const firstViewers = episodes[0]?.viewers ?? 0;
  const lastEpisode = episodes.at(-1);
  const paywallEpisode = episodes.find((e) => e.epsd === data.paywallEpsd);
  const previousOf = new Map(episodes.map((e, i) => [e.epsd, episodes[i - 1]]));
  const totals = data.totals;
  const currencies = totals.revenue;

  const columns: Column<AnalyticsFunnelEpisode, EpisodeColumn>[] = [
    {
      key: 'episode',
      header: t('funnel.col_episode'),
      cell: (e) => (
        <>
          {t('funnel.episode', { n: f.count(e.epsd) })}
          {e.epsd === data.paywallEpsd && (
            <span className={styles.mark}>{t('funnel.paywall_mark')}</span>
          )}
        </>
      ),
    },
    {
      key: 'price',
      header: t('funnel.col_price'),
      numeric: true,
      cell: (e) => (e.coin > 0 ? t('funnel.coins', { n: f.count(e.coin) }) : t('funnel.free')),
    },
    {
      key: 'viewers',
      header: t('funnel.col_viewers'),
      numeric: true,
      cell: (e) => f.count(e.viewers),
    },
    {
      key: 'kept',
      header: t('funnel.col_kept'),
      numeric: true,
      cell: (e) => f.share(e.viewers, firstViewers),
    },
    {
      key: 'drop',
      header: t('funnel.col_drop'),
      numeric: true,
      cell: (e) => {
        const previous = previousOf.get(e.epsd);
        return previous ? f.share(previous.viewers - e.viewers, previous.viewers) : f.rate(null);
      },
    },
    {
      key: 'completions',
      header: t('funnel.col_completions'),
      numeric: true,
      cell: (e) => f.count(e.completions),
    },
    {
      key: 'completion',
      header: t('funnel.col_completion'),
      numeric: true,
      cell: (e) => f.share(e.completions, e.viewers),
    },
    {
      key: 'paywall',
      cardHidden: (e) => e.coin === 0,
      header: t('funnel.col_paywall'),
      numeric: true,
      cell: (e) => (e.coin > 0 ? f.count(e.paywall.shown) : f.rate(null)),
    },
    {
      key: 'converted',
      cardHidden: (e) => e.coin === 0,
      header: t('funnel.col_converted'),
      numeric: true,
      cell: (e) => (e.coin > 0 ? f.count(convertedOf(e.paywall)) : f.rate(null)),
    },
    {
      key: 'coins',
      cardHidden: (e) => e.coin === 0,
      header: t('funnel.col_coins'),
      numeric: true,
      cell: (e) => f.count(e.coinsSpent),
    },
    {
      key: 'revenue',
      cardHidden: (e) => e.coin === 0,
      header: t('funnel.col_revenue'),
      numeric: true,
      cell: (e) => f.moneyAll(e.revenue),
    },
  ];

  return (
    <ConsolePage
      title={t('funnel.title', { title })}
      actions={
        <>
          <Link
            className={ui.button}
            to={`/admin/analytics/dramas?${back}`}
            data-testid="funnel-back"
          >
            {t('funnel.back')}
          </Link>
          <Link className={ui.button} to={`/admin/catalog/${dramId}`}>
            {t('funnel.edit')}
          </Link>
          <a
            className={`${ui.button} ${ui.primary}`}
            href={funnelCsvHref(dramId, shown)}
            download
            title={t('an.export_hint')}
            data-testid="funnel-csv"
          >
            {t('an.export')}
          </a>
        </>
      }
    >
      <AnalyticsRangePicker key={`${data.from}/${data.to}`} shown={shown} />
      <Freshness rolledUpTo={data.rolledUpTo} />
      {funnel.isError && <Banner kind="error">{funnel.error.message}</Banner>}
      <div
        className={funnel.isPlaceholderData ? styles.stale : undefined}
        aria-busy={funnel.isFetching}
        data-testid="funnel"
        data-from={data.from}
        data-to={data.to}
        data-paywall={data.paywallEpsd ?? ''}
      >
        <dl className={styles.stats} data-testid="funnel-totals">
          <div className={styles.stat} data-stat="viewers">
            <dt>{t('funnel.viewers')}</dt>
            <dd>{f.count(totals.viewers)}</dd>
          </div>
          <div className={styles.stat} data-stat="starts">
            <dt>{t('funnel.starts')}</dt>
            <dd>{f.count(totals.starts)}</dd>
          </div>
          <div className={styles.stat} data-stat="completions">
            <dt>{t('funnel.completions')}</dt>
            <dd>{f.count(totals.completions)}</dd>
          </div>
          <div className={styles.stat} data-stat="paywallShown">
            <dt>{t('funnel.paywall_shown')}</dt>
            <dd>{f.count(totals.paywall.shown)}</dd>
          </div>
          <div className={styles.stat} data-stat="converted">
            <dt>{t('funnel.converted')}</dt>
            <dd>
              {f.count(convertedOf(totals.paywall))}{' '}
              <span className={styles.sub}>
                {f.share(convertedOf(totals.paywall), totals.paywall.shown)}
              </span>
            </dd>
          </div>
          <div className={styles.stat} data-stat="coinsSpent">
            <dt>{t('funnel.coins_spent')}</dt>
            <dd>{f.count(totals.coinsSpent)}</dd>
          </div>
          <div className={styles.stat} data-stat="revenue">
            <dt>{t('funnel.revenue')}</dt>
            <dd>
              <MoneyLines money={currencies} />
            </dd>
          </div>
        </dl>

        <div className={styles.twoCards}>
          <Card title={t('funnel.chart')}>
            {episodes.length === 0 || !lastEpisode ? (
              <p className={ui.muted}>{t('an.none')}</p>
            ) : (
              <DropOffChart
                points={episodes.map((e) => ({ episode: e.epsd, viewers: e.viewers }))}
                paywallEpisode={data.paywallEpsd}
                label={t('funnel.chart')}
                summary={t(
                  data.paywallEpsd === null ? 'funnel.chart_summary_free' : 'funnel.chart_summary',
                  {
                    first: f.count(firstViewers),
                    last: f.count(lastEpisode.viewers),
                    episode: f.count(lastEpisode.epsd),
                    paywall: f.count(data.paywallEpsd ?? 0),
                  },
                )}
                paywallLabel={t('funnel.chart_paywall')}
                episodeAxis={t('funnel.chart_episode')}
                lang={lang}
                pointTitle={(p) =>
                  t('funnel.point', { episode: f.count(p.episode), viewers: f.count(p.viewers) })
                }
              />
            )}
          </Card>
          <Card
            title={
              data.paywallEpsd === null
                ? t('funnel.paywall_free')
                : t('funnel.paywall_title', { episode: f.count(data.paywallEpsd) })
            }
          >
            {data.paywallEpsd === null ? null : !paywallEpisode ||
              paywallEpisode.paywall.shown === 0 ? (
              <p className={ui.muted} data-testid="funnel-paywall-none">
                {t('funnel.paywall_none')}
              </p>
            ) : (
              <PaywallSplit paywall={paywallEpisode.paywall} format={f} />
            )}
          </Card>
        </div>

        <h2 className={styles.sectionTitle}>{t('funnel.episodes')}</h2>
        {episodes.length === 0 ? (
          <p className={ui.muted}>{t('an.none')}</p>
        ) : (
          <DataTable
            caption={t('funnel.episodes')}
            columns={columns}
            rows={episodes}
            rowKey={(e) => e.epsd}
            testId="funnel-episodes"
            rowTestId="funnel-episode"
            rowAttributes={(e) => ({
              'data-episode': e.epsd,
              'data-viewers': e.viewers,
              ...(e.epsd === data.paywallEpsd ? { 'data-paywall': 'true' } : {}),
            })}
          />
        )}
      </div>
    </ConsolePage>
  );
}
