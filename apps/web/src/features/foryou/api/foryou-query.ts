import { infiniteQueryOptions } from '@tanstack/react-query';
import { FORYOU_PAGE_SIZE, FORYOU_PATH, type ForYouData } from '@snapdrama/contract';
import { api } from '../../../shared/api/api';

export const forYouQueryKey = ['foryou'] as const;

/** The path of one page of the feed: the first without a cursor. */
export function forYouPagePath(cursor: string | null): string {
  const query = new URLSearchParams({ count: String(FORYOU_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `${FORYOU_PATH}?${query.toString()}`;
}

/**
 * The feed, page after page. Kept while the app runs (a visit to the player and Back find the
 * same items, signed URLs included, and the item they left); a reload asks for a fresh first
 * page, which the server ranks with what this viewer watched since.
 */
export const forYouQuery = () =>
  infiniteQueryOptions({
    queryKey: forYouQueryKey,
    queryFn: ({ pageParam }) => api.get<ForYouData>(forYouPagePath(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ForYouData) => last.cursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
