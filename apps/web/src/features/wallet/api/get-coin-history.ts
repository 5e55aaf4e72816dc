import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  COIN_HISTORY_DEFAULT_COUNT,
  type CoinHistoryData,
  type CoinHistoryDiv,
} from '@snapdrama/contract';
import { defaultCoinHistoryRange } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';

export interface CoinHistoryRange {
  startDate: string;
  endDate: string;
}

/** One page of GET /user/coin-history/{div}/{startDate}/{endDate}. */
export function getCoinHistory(
  div: CoinHistoryDiv,
  range: CoinHistoryRange,
  page: number,
  count = COIN_HISTORY_DEFAULT_COUNT,
) {
  return api.get<CoinHistoryData>(
    `/user/coin-history/${div}/${range.startDate}/${range.endDate}?page=${page}&count=${count}`,
  );
}

export const coinHistoryQueryKey = (div: CoinHistoryDiv, range: CoinHistoryRange) =>
  ['wallet', 'coin-history', div, range.startDate, range.endDate] as const;

export const coinHistoryQuery = (div: CoinHistoryDiv, range: CoinHistoryRange) =>
  infiniteQueryOptions({
    queryKey: coinHistoryQueryKey(div, range),
    queryFn: ({ pageParam }) => getCoinHistory(div, range, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.lastPage ? undefined : last.page + 1),
    // a tab change refetches (spec §4)
    staleTime: 0,
  });

export function useCoinHistory(div: CoinHistoryDiv, range: CoinHistoryRange) {
  return useInfiniteQuery(coinHistoryQuery(div, range));
}

/**
 * Six months back to today (spec §7), today being the service's date: the first ten characters
 * of the server time from /user/info (it carries the service zone's offset).
 */
export function historyRange(
  serverDateTime: string | undefined,
  now = new Date(),
): CoinHistoryRange {
  const today = serverDateTime?.slice(0, 10) ?? now.toISOString().slice(0, 10);
  return defaultCoinHistoryRange(today);
}
