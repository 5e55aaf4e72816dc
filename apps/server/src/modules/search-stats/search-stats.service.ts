import { gte, sql } from 'drizzle-orm';
import type { TopSearchData } from '@snapdrama/contract';
import {
  TOP_SEARCH_LIMIT,
  normalizeSearchText,
  rankTopSearches,
  serviceDay,
  topSearchWindowStart,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { searchKeywordDays } from './search-stats.tables';

/** A day's keywords kept in memory between flushes; more distinct ones wait for the next flush. */
const MAX_PENDING_KEYWORDS = 5_000;
const TOP_TTL_MS = 60_000;

/**
 * Counts successful searches per service day for "top searches of the week". The search path
 * only bumps an in-memory counter; flush() writes the counts in one statement (every few seconds
 * and at shutdown), adding to what other instances wrote, so the tuned search stays as fast.
 */
export function createSearchStatsService(deps: { db: Db; clock: Clock; serviceTimeZone: string }) {
  let pending = new Map<string, Map<string, number>>();
  let pendingKeywords = 0;
  let top: { at: number; today: string; data: TopSearchData } | undefined;

  return {
    /** A search for `keyword` found `total` dramas. */
    record(keyword: string, total: number): void {
      if (total <= 0) return;
      const term = normalizeSearchText(keyword);
      if (!term) return;
      const day = serviceDay(deps.clock.now(), deps.serviceTimeZone);
      let counts = pending.get(day);
      if (!counts) pending.set(day, (counts = new Map<string, number>()));
      const before = counts.get(term);
      if (before === undefined && pendingKeywords >= MAX_PENDING_KEYWORDS) return;
      if (before === undefined) pendingKeywords += 1;
      counts.set(term, (before ?? 0) + 1);
    },

    /** Writes the counted searches; concurrent instances add up through the key. */
    async flush(): Promise<void> {
      if (pendingKeywords === 0) return;
      const batch = pending;
      pending = new Map();
      pendingKeywords = 0;
      const rows = [...batch].flatMap(([day, counts]) =>
        [...counts].map(([keyword, count]) => ({ day, keyword, count })),
      );
      try {
        await deps.db
          .insert(searchKeywordDays)
          .values(rows)
          .onConflictDoUpdate({
            target: [searchKeywordDays.day, searchKeywordDays.keyword],
            set: { count: sql`${searchKeywordDays.count} + excluded.count` },
          });
      } catch (error) {
        // put the counts back so a database hiccup loses nothing; the next flush retries
        for (const row of rows) this.addPending(row.day, row.keyword, row.count);
        throw error;
      }
      top = undefined;
    },

    addPending(day: string, keyword: string, count: number): void {
      let counts = pending.get(day);
      if (!counts) pending.set(day, (counts = new Map<string, number>()));
      const before = counts.get(keyword);
      if (before === undefined) pendingKeywords += 1;
      counts.set(keyword, (before ?? 0) + count);
    },

    /** The most searched keywords of the last 7 service days (today included). */
    async topOfWeek(): Promise<TopSearchData> {
      const now = deps.clock.now();
      const today = serviceDay(now, deps.serviceTimeZone);
      if (top && top.today === today && now.getTime() - top.at < TOP_TTL_MS) return top.data;
      const rows = await deps.db
        .select({
          keyword: searchKeywordDays.keyword,
          count: sql<number>`sum(${searchKeywordDays.count})::int`,
        })
        .from(searchKeywordDays)
        .where(gte(searchKeywordDays.day, topSearchWindowStart(today)))
        .groupBy(searchKeywordDays.keyword)
        .orderBy(sql`2 desc`, searchKeywordDays.keyword)
        .limit(TOP_SEARCH_LIMIT);
      const data = { keywordList: rankTopSearches(rows) };
      top = { at: now.getTime(), today, data };
      return data;
    },
  };
}

export type SearchStatsService = ReturnType<typeof createSearchStatsService>;
