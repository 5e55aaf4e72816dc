import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ANALYTICS_DRAMA_SORTS,
  PAYMENT_CURRENCIES,
  type AnalyticsDramaRow,
  type AnalyticsDramaSort,
  type PaymentCurrency,
} from '@snapdrama/contract';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { dramasCsvHref, dramasQuery, type DramasQuery } from './analytics-api';
import { analyticsMessages } from './analytics-messages';
import { MoneyLines } from './money-lines';
import { rangeFromAddress } from './analytics-range';
import { AnalyticsRangePicker, Freshness } from './analytics-range-picker';
import { nextSort, pageCount, pageFromAddress, sortFromAddress } from './analytics-sort';
import { DataTable, type Column } from './data-table';
import { analyticsFormat, titleOf } from './format';
import styles from './analytics.module.css';

const PAGE_SIZE = 25;
type ColumnKey = 'drama' | AnalyticsDramaSort;

/** A row's figure in the sorted column (the test of the order reads it). */
const sortValue = (row: AnalyticsDramaRow, key: AnalyticsDramaSort, currency: string) => {
  const money = row.revenue.find((m) => m.currency === currency);
  if (key === 'revenueGross') return money?.gross ?? 0;
  if (key === 'revenueNet') return money?.net ?? 0;
  return row[key];
};

const currencyOf = (value: string | null): PaymentCurrency =>
  PAYMENT_CURRENCIES.find((c) => c === value) ?? 'KRW';

/**
 * The catalog's dramas over a period: viewers, starts, completion, the paywall and revenue, sorted
 * by any figure on the server and paged; period, order, currency and page live in the address
 * (Back and reload keep them). Each drama opens its funnel; the CSV holds the rows as shown.
 */
export function AnalyticsDramasPage() {
  const t = useConsoleText(analyticsMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const sort = sortFromAddress(params, ANALYTICS_DRAMA_SORTS, { key: 'viewers', dir: 'desc' });
  const query: DramasQuery = {
    range: rangeFromAddress(params),
    sort: sort.key,
    order: sort.dir,
    currency: currencyOf(params.get('currency')),
    page: pageFromAddress(params),
    size: PAGE_SIZE,
  };
  const list = useQuery(dramasQuery(query));
  const f = analyticsFormat(lang, t('an.no_figure'));

  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };
  const onSort = (key: ColumnKey) => {
    if (key === 'drama') return;
    const order = nextSort(sort, key);
    change({ sort: order.key, order: order.dir, page: null });
  };

  if (list.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (list.isError && !list.data) return <Banner kind="error">{list.error.message}</Banner>;
  const data = list.data;
  const pages = pageCount(data.total, data.size);
  const funnelSearch = new URLSearchParams({ from: data.from, to: data.to }).toString();
  const currency = query.currency;

  const columns: Column<AnalyticsDramaRow, ColumnKey>[] = [
    {
      key: 'drama',
      header: t('dramas.col_drama'),
      cell: (row) => (
        <Link
          to={`/admin/analytics/dramas/${row.dramId}?${funnelSearch}`}
          data-testid="analytics-drama-link"
        >
          {titleOf(row.title, lang, row.dramId)}
        </Link>
      ),
    },
    {
      key: 'viewers',
      header: t('dramas.col_viewers'),
      numeric: true,
      sortable: true,
      cell: (r) => f.count(r.viewers),
    },
    {
      key: 'starts',
      header: t('dramas.col_starts'),
      numeric: true,
      sortable: true,
      cell: (r) => f.count(r.starts),
    },
    {
      key: 'completionRate',
      header: t('dramas.col_completion'),
      numeric: true,
      sortable: true,
      cell: (r) => (r.starts > 0 ? f.rate(r.completionRate) : f.rate(null)),
    },
    {
      key: 'paywallShown',
      header: t('dramas.col_paywall'),
      numeric: true,
      sortable: true,
      cell: (r) => f.count(r.paywallShown),
    },
    {
      key: 'conversionRate',
      header: t('dramas.col_conversion'),
      numeric: true,
      sortable: true,
      cell: (r) => (r.paywallShown > 0 ? f.rate(r.conversionRate) : f.rate(null)),
    },
    {
      key: 'revenueGross',
      header: t('dramas.col_gross'),
      numeric: true,
      sortable: true,
      cell: (r) => f.moneyIn(r.revenue, currency, 'gross'),
    },
    {
      key: 'revenueNet',
      header: t('dramas.col_net'),
      numeric: true,
      sortable: true,
      cell: (r) => f.moneyIn(r.revenue, currency, 'net'),
    },
  ];

  const first = data.total === 0 ? 0 : (data.page - 1) * data.size + 1;
  const last = Math.min(data.total, data.page * data.size);

  return (
    <ConsolePage
      title={t('dramas.title')}
      actions={
        <a
          className={`${ui.button} ${ui.primary}`}
          href={dramasCsvHref({ ...query, range: { from: data.from, to: data.to } })}
          download
          title={t('dramas.export_hint')}
          data-testid="analytics-dramas-csv"
        >
          {t('an.export')}
        </a>
      }
    >
      <AnalyticsRangePicker
        key={`${data.from}/${data.to}`}
        shown={{ from: data.from, to: data.to }}
      />
      <div className={styles.toolbar}>
        <Freshness rolledUpTo={data.rolledUpTo} />
        <span className={styles.phoneOnly}>
          <Field label={t('dramas.sort_by')}>
            <select
              className={ui.input}
              value={`${sort.key}.${sort.dir}`}
              data-testid="analytics-sort"
              onChange={(e) => {
                const [key = 'viewers', dir = 'desc'] = e.target.value.split('.');
                change({ sort: key, order: dir, page: null });
              }}
            >
              {columns
                .filter((c) => c.sortable)
                .flatMap((c) =>
                  (['desc', 'asc'] as const).map((dir) => (
                    <option key={`${c.key}.${dir}`} value={`${c.key}.${dir}`}>
                      {t(dir === 'desc' ? 'dramas.order_desc' : 'dramas.order_asc', {
                        column: c.header,
                      })}
                    </option>
                  )),
                )}
            </select>
          </Field>
        </span>
        <Field label={t('dramas.currency')}>
          <select
            className={ui.input}
            value={currency}
            data-testid="analytics-currency"
            onChange={(e) => change({ currency: e.target.value, page: null })}
          >
            {PAYMENT_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <h2 className={styles.sectionTitle}>{t('dramas.service')}</h2>
      <dl className={styles.stats} data-testid="analytics-service-revenue">
        {(['coinPacks', 'vip'] as const).map((source) => (
          <div key={source} className={styles.stat} data-stat={source}>
            <dt>{t(source === 'vip' ? 'dramas.service_vip' : 'dramas.service_coin_packs')}</dt>
            <dd>
              <MoneyLines money={data.serviceRevenue[source]} />
            </dd>
          </div>
        ))}
      </dl>
      {list.isError && <Banner kind="error">{list.error.message}</Banner>}
      {data.items.length === 0 ? (
        <p className={ui.muted} data-testid="analytics-dramas-empty">
          {t('an.none')}
        </p>
      ) : (
        <div
          className={list.isPlaceholderData ? styles.stale : undefined}
          aria-busy={list.isFetching}
          data-testid="analytics-dramas"
          // the order of the rows shown (not while the previous answer stands in)
          data-sort={list.isPlaceholderData ? undefined : `${sort.key}.${sort.dir}`}
          data-page={data.page}
        >
          <p className={ui.muted} aria-live="polite" data-testid="analytics-dramas-shown">
            {t('dramas.shown', {
              first: f.count(first),
              last: f.count(last),
              total: f.count(data.total),
            })}
          </p>
          <DataTable
            caption={t('dramas.table')}
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.dramId}
            sort={sort}
            onSort={onSort}
            sortHint={(column) => t('dramas.sort_hint', { column })}
            testId="analytics-dramas-table"
            rowTestId="analytics-drama-row"
            rowAttributes={(r) => ({
              'data-drama': r.dramId,
              'data-value': sortValue(r, sort.key, currency),
            })}
          />
        </div>
      )}
      {pages > 1 && (
        <nav className={styles.paging} aria-label={t('dramas.paging')}>
          <Button
            disabled={data.page <= 1}
            onClick={() => change({ page: String(data.page - 1) })}
            data-testid="analytics-previous"
          >
            {t('dramas.previous')}
          </Button>
          <span className={ui.muted}>
            {t('dramas.page', { page: f.count(data.page), pages: f.count(pages) })}
          </span>
          <Button
            disabled={data.page >= pages}
            onClick={() => change({ page: String(data.page + 1) })}
            data-testid="analytics-next"
          >
            {t('dramas.next')}
          </Button>
        </nav>
      )}
    </ConsolePage>
  );
}
