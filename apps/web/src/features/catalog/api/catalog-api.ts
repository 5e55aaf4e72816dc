import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ALL_CATEGORIES_ID,
  catalogPaths,
  type CategoryListData,
  type Drama,
  type DramaListData,
  type DramaOnlyListData,
  progressPaths,
  type Language,
  type SearchSuggestData,
  type ContinueListData,
  topSearchPath,
  type TopSearchData,
} from '@snapdrama/contract';
import { mainListRequests } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';

/** One file per capability: fetchers, their query options and hooks share the same keys. */
export const catalogKeys = {
  all: ['catalog'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  byCategory: (categoryId: number, count: number, page: number) =>
    [...catalogKeys.all, 'category', categoryId, count, page] as const,
  everything: () => [...catalogKeys.all, 'everything'] as const,
  latest: (count: number, page: number) => [...catalogKeys.all, 'latest', count, page] as const,
  search: (keyword: string, count: number, page: number) =>
    [...catalogKeys.all, 'search', keyword, count, page] as const,
};

const LIST_STALE_MS = 60_000;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: () => api.get<CategoryListData>(catalogPaths.categories()),
    staleTime: 5 * 60_000,
  });

export const categoryDramasQuery = (categoryId: number, count: number, page: number) =>
  queryOptions({
    queryKey: catalogKeys.byCategory(categoryId, count, page),
    queryFn: () => api.get<DramaListData>(catalogPaths.byCategory(categoryId, count, page)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/**
 * Every drama for the main page, by the spec's splitting rule (§7): one request of 200 tells the
 * total; above 200 the list is fetched in ceil(total/200)+1 requests of ceil(total/that) each.
 */
export async function fetchAllDramas(): Promise<Drama[]> {
  const first = await api.get<DramaListData>(catalogPaths.byCategory(ALL_CATEGORIES_ID, 200, 1));
  const requests = mainListRequests(first.totalCount);
  if (requests.length === 1) return first.dramaList;
  const pages = await Promise.all(
    requests.map((r) =>
      api.get<DramaListData>(catalogPaths.byCategory(ALL_CATEGORIES_ID, r.count, r.page)),
    ),
  );
  const seen = new Set<number>();
  return pages
    .flatMap((p) => p.dramaList)
    .filter((d) => (seen.has(d.dram_id) ? false : (seen.add(d.dram_id), true)));
}

export const allDramasQuery = () =>
  queryOptions({
    queryKey: catalogKeys.everything(),
    queryFn: fetchAllDramas,
    staleTime: LIST_STALE_MS,
  });

export const latestQuery = (count: number, page = 1) =>
  queryOptions({
    queryKey: catalogKeys.latest(count, page),
    queryFn: () => api.get<DramaListData>(catalogPaths.latest(count, page)),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export type ShortListKind = 'popular' | 'exclusive' | 'recent';
const shortListPath: Record<ShortListKind, (count: number, page: number) => string> = {
  popular: catalogPaths.popular,
  exclusive: catalogPaths.exclusive,
  recent: catalogPaths.recent,
};

/** Lists without a total (spec §7): popular (top 10), exclusive, the caller's recent views. */
export const shortListQuery = (kind: ShortListKind, count: number) =>
  queryOptions({
    queryKey: [...catalogKeys.all, kind, count] as readonly (string | number)[],
    queryFn: () => api.get<DramaOnlyListData>(shortListPath[kind](count, 1)),
    // what the caller watched changes as they watch: always refetched
    staleTime: kind === 'recent' ? 0 : LIST_STALE_MS,
  });

export const searchQuery = (keyword: string, count: number, page: number) =>
  queryOptions({
    queryKey: catalogKeys.search(keyword, count, page),
    queryFn: () => api.get<DramaListData>(catalogPaths.search(keyword, count, page)),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Titles in the viewer's language holding what is typed in a search box (issue 46). */
export const titleSuggestionsQuery = (language: Language, typed: string) =>
  queryOptions({
    queryKey: [...catalogKeys.all, 'suggest', language, typed] as const,
    queryFn: () => api.get<SearchSuggestData>(catalogPaths.suggest(language, typed)),
    enabled: typed.length > 0,
    staleTime: 60_000,
    // the titles of what was typed before stay until those of the new text arrive
    placeholderData: keepPreviousData,
  });

/** The most searched keywords of the week (server-counted), for an empty /search. */
export const topSearchesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'top-searches'] as const,
    queryFn: () => api.get<TopSearchData>(topSearchPath),
    staleTime: 60_000,
  });

export const useCategories = () => useQuery(categoriesQuery());

/**
 * Continue watching (the viewer's latest episode per drama, with its position). The player
 * invalidates it with every position it saves (use-playback-position.ts), so the time it stays
 * fresh only spares the main page asking again right after its prefetch.
 */
export const continueQuery = (count: number) =>
  queryOptions({
    queryKey: ['continue', count] as const,
    queryFn: () => api.get<ContinueListData>(progressPaths.continueList(count)),
    staleTime: 30_000,
  });
