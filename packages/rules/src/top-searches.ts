/** How many keywords the empty /search page offers as this week's top searches. */
export const TOP_SEARCH_LIMIT = 10;
/** The window of the top searches, in service days (today included). */
export const TOP_SEARCH_DAYS = 7;

/** The first service day (YYYY-MM-DD) of the window of `days` days ending with `today`. */
export function topSearchWindowStart(today: string, days: number = TOP_SEARCH_DAYS): string {
  const [y, m, d] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - (days - 1)));
  return start.toISOString().slice(0, 10);
}

export interface KeywordCount {
  keyword: string;
  count: number;
}

/**
 * Adds per-day counts up per keyword and keeps the most searched: by count, ties broken by the
 * keyword so every instance answers the same order.
 */
export function rankTopSearches(
  rows: readonly KeywordCount[],
  limit: number = TOP_SEARCH_LIMIT,
): KeywordCount[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.keyword, (totals.get(row.keyword) ?? 0) + row.count);
  return [...totals]
    .map(([keyword, count]) => ({ keyword, count }))
    .sort(
      (a, b) => b.count - a.count || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
    )
    .slice(0, limit);
}
