import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FORYOU_SIGNALS_PATH,
  ResultCode,
  bookmarkPaths,
  type BookmarkAddData,
  type BookmarkDeleteData,
  type ForYouData,
  type ForYouSignalBody,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { layerOpeners } from '../../../shared/layers/layer-openers';
import { layers } from '../../../shared/layers/layer-store';
import { forYouQueryKey } from './foryou-query';

/**
 * One signal. The route takes the viewer's session (its impressions are theirs alone, 404190
 * otherwise), which navigator.sendBeacon cannot carry: a keepalive request through the API
 * client does, with its bearer token and its refresh, and still goes out while the page hides
 * (as the watch log's end does). A lost session is not this request's to handle, and measuring
 * never breaks the feed.
 */
export function sendForYouSignal(signal: ForYouSignalBody): void {
  api
    .post(FORYOU_SIGNALS_PATH, signal, { keepalive: true, onSessionLost: 'throw' })
    .catch(() => undefined);
}

/** Sets one drama's bookmark in every loaded page of the feed. */
function withBookmark(data: unknown, dramaId: number, bookmark: boolean, count?: number): unknown {
  const feed = data as { pages: ForYouData[]; pageParams: unknown[] } | undefined;
  if (!feed) return data;
  return {
    ...feed,
    pages: feed.pages.map((page) => ({
      ...page,
      itemList: page.itemList.map((item) =>
        item.drama.dram_id !== dramaId
          ? item
          : {
              ...item,
              bookmark,
              drama: {
                ...item.drama,
                bkmk_cnt: Math.max(
                  0,
                  count ??
                    item.drama.bkmk_cnt + (bookmark === item.bookmark ? 0 : bookmark ? 1 : -1),
                ),
              },
            },
      ),
    })),
  };
}

/**
 * The feed's bookmark button, on the bookmark API the player uses (spec §4): the feed shows the
 * new state at once and the server's count after; 409001 (bookmarked already) keeps it shown as
 * bookmarked; guests get the login popup.
 */
export function useForYouBookmark(isGuest: boolean) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ dramaId, add }: { dramaId: number; add: boolean }) => {
      if (add) {
        const data = await api.post<BookmarkAddData>(bookmarkPaths.bookmark(), { dramId: dramaId });
        return data.bkmk_cnt;
      }
      const data = await api.del<BookmarkDeleteData>(bookmarkPaths.bookmark(), {
        dramIds: [dramaId],
      });
      return data.bkmkCntList.find((c) => c.dram_id === dramaId)?.bkmk_cnt;
    },
    onMutate: ({ dramaId, add }) => {
      const before = queryClient.getQueryData(forYouQueryKey);
      queryClient.setQueryData(forYouQueryKey, (data: unknown) => withBookmark(data, dramaId, add));
      return { before };
    },
    onSuccess: (count, { dramaId, add }) => {
      if (count !== undefined)
        queryClient.setQueryData(forYouQueryKey, (data: unknown) =>
          withBookmark(data, dramaId, add, count),
        );
    },
    onError: (error, { add }, context) => {
      if (add && isApiError(error) && error.code === ResultCode.ALREADY_BOOKMARKED) return;
      if (context?.before) queryClient.setQueryData(forYouQueryKey, context.before);
      if (isApiError(error) && error.code === ResultCode.GUEST_NOT_ALLOWED) {
        layerOpeners.open('login');
        return;
      }
      layers.alert({
        title: i18n.t('error_popup.title'),
        message: errorMessage(error, i18n.t('contents.msg_bookmark_fail')),
      });
    },
    // the bookmark page and the player read the bookmark again
    onSettled: async (_data, _error, { dramaId }) => {
      await queryClient.invalidateQueries({ queryKey: ['bookmarks'] });
      await queryClient.invalidateQueries({ queryKey: ['drama', 'info', dramaId] });
    },
  });
  return (dramaId: number, bookmarked: boolean) => {
    if (isGuest) {
      layerOpeners.open('login');
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate({ dramaId, add: !bookmarked });
  };
}
