import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_BASE,
  ANALYTICS_PATHS,
  API_BASE,
  analyticsFunnelPath,
  type AnalyticsDramaSort,
  type AnalyticsDramasData,
  type AnalyticsFunnelData,
  type AnalyticsRetentionData,
  type PaymentCurrency,
  type RetentionSegment,
} from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import type { DayRange } from './analytics-range';

/** The range as the API takes it: both days or neither (the server's last 30 days). */
const rangeQuery = (range: Partial<DayRange>): Record<string, string> =>
  range.from && range.to ? { from: range.from, to: range.to } : {};

export interface DramasQuery {
  range: Partial<DayRange>;
  sort: AnalyticsDramaSort;
  order: 'asc' | 'desc';
  currency: PaymentCurrency;
  page: number;
  size: number;
}

const dramasSearch = (q: DramasQuery) =>
  new URLSearchParams({
    ...rangeQuery(q.range),
    sort: q.sort,
    order: q.order,
    currency: q.currency,
    page: String(q.page),
    size: String(q.size),
  });

export const dramasQuery = (q: DramasQuery) =>
  queryOptions({
    queryKey: ['console', 'analytics', 'dramas', q],
    queryFn: () =>
      consoleApi.get<AnalyticsDramasData>(`${ANALYTICS_PATHS.dramas}?${dramasSearch(q)}`),
    // the old page's rows stay (dimmed) until the new ones arrive
    placeholderData: keepPreviousData,
  });

/** The CSV of the table as shown: the same period, order, currency and page. */
export const dramasCsvHref = (q: DramasQuery) =>
  `${API_BASE}${ADMIN_BASE}${ANALYTICS_PATHS.dramasCsv}?${dramasSearch(q)}`;

export const funnelQuery = (dramId: number, range: Partial<DayRange>) =>
  queryOptions({
    queryKey: ['console', 'analytics', 'funnel', dramId, range],
    queryFn: () =>
      consoleApi.get<AnalyticsFunnelData>(
        `${analyticsFunnelPath(dramId)}?${new URLSearchParams(rangeQuery(range))}`,
      ),
    placeholderData: keepPreviousData,
  });

export const funnelCsvHref = (dramId: number, range: Partial<DayRange>) =>
  `${API_BASE}${ADMIN_BASE}${analyticsFunnelPath(dramId, true)}?${new URLSearchParams(rangeQuery(range))}`;

export const retentionQuery = (segment: RetentionSegment, range: Partial<DayRange>) =>
  queryOptions({
    queryKey: ['console', 'analytics', 'retention', segment, range],
    queryFn: () =>
      consoleApi.get<AnalyticsRetentionData>(
        `${ANALYTICS_PATHS.retention}?${new URLSearchParams({ ...rangeQuery(range), segment })}`,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * The service day it is now, as the server counts it: the last day of its default period (an
 * answer without a range ends today). One small read, kept a minute, for the quick periods.
 */
export const serviceTodayQuery = queryOptions({
  queryKey: ['console', 'analytics', 'today'],
  queryFn: async () =>
    (await consoleApi.get<AnalyticsDramasData>(`${ANALYTICS_PATHS.dramas}?size=1`)).to,
  staleTime: 60_000,
});
