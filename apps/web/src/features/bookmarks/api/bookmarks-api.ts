import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookmarkPaths, type BookmarkDeleteData, type BookmarkListData } from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { layers } from '../../../shared/layers/layer-store';

/** The player's toggle invalidates this same key (features/player/api/bookmark-toggle.ts). */
export const bookmarkListQueryKey = ['bookmarks'] as const;

export const bookmarkListQuery = queryOptions({
  queryKey: bookmarkListQueryKey,
  queryFn: () => api.get<BookmarkListData>(bookmarkPaths.bookmark()),
  staleTime: 0,
});

/** DELETE /drama/bookmark; success removes the checked items locally (spec §4). */
export function useDeleteBookmarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dramIds: number[]) =>
      layers.whileLoading(() => api.del<BookmarkDeleteData>(bookmarkPaths.bookmark(), { dramIds })),
    onSuccess: (data) => {
      const gone = new Set(data.dramIds);
      queryClient.setQueryData<BookmarkListData>(bookmarkListQueryKey, (list) =>
        list ? { bookmarkList: list.bookmarkList.filter((b) => !gone.has(b.dram_id)) } : list,
      );
      // the players of those dramas show the new state and count when opened again
      for (const id of gone)
        void queryClient.invalidateQueries({ queryKey: ['drama', 'info', id] });
    },
  });
}
