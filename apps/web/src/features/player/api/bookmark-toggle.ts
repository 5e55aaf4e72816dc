import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ResultCode,
  bookmarkPaths,
  type BookmarkAddData,
  type BookmarkDeleteData,
  type DramaInfoData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { layerOpeners } from '../../../shared/layers/layer-openers';
import { layers } from '../../../shared/layers/layer-store';
import { dramaInfoQueryKey } from './playback';

/** The bookmark list page caches under this key; a toggle here makes it stale. */
const BOOKMARK_LIST_KEY = ['bookmarks'] as const;

function setBookmarked(info: DramaInfoData, bookmark: boolean, count?: number): DramaInfoData {
  if (info.bookmark === bookmark && count === undefined) return info;
  const moved = info.drama.bkmk_cnt + (bookmark ? 1 : -1);
  return {
    ...info,
    bookmark,
    drama: { ...info.drama, bkmk_cnt: Math.max(0, count ?? moved) },
  };
}

/**
 * The player's bookmark button (spec §4): add when not bookmarked, else delete; the count moves by
 * one at once and the server's count follows. 409001 means it was bookmarked already (§8), so it
 * shows as bookmarked. Guests get the login popup.
 */
export function useBookmarkToggle(dramaId: number, isGuest: boolean) {
  const queryClient = useQueryClient();
  const key = dramaInfoQueryKey(dramaId);
  const mutation = useMutation({
    mutationFn: async (add: boolean) => {
      if (add) {
        const data = await api.post<BookmarkAddData>(bookmarkPaths.bookmark(), { dramId: dramaId });
        return data.bkmk_cnt;
      }
      const data = await api.del<BookmarkDeleteData>(bookmarkPaths.bookmark(), {
        dramIds: [dramaId],
      });
      return data.bkmkCntList.find((c) => c.dram_id === dramaId)?.bkmk_cnt;
    },
    onMutate: async (add) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<DramaInfoData>(key);
      if (before) queryClient.setQueryData(key, setBookmarked(before, add));
      return { before };
    },
    onSuccess: (count, add) => {
      const now = queryClient.getQueryData<DramaInfoData>(key);
      if (now && count !== undefined) queryClient.setQueryData(key, setBookmarked(now, add, count));
      // a bookmark is a moment to offer reminders of its new episodes (decision 1520); loaded
      // then, so the player's own code stays small (the bundle check counts its files)
      if (add) void import('../../../shared/push/push-offer').then((m) => m.offerPushReminders());
    },
    onError: (error, add, context) => {
      if (add && isApiError(error) && error.code === ResultCode.ALREADY_BOOKMARKED) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      if (context?.before) queryClient.setQueryData(key, context.before);
      if (isApiError(error) && error.code === ResultCode.GUEST_NOT_ALLOWED) {
        layerOpeners.open('login');
        return;
      }
      layers.alert({
        title: i18n.t('error_popup.title'),
        message: errorMessage(error, i18n.t('contents.msg_bookmark_fail')),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKMARK_LIST_KEY }),
  });

  return {
    pending: mutation.isPending,
    toggle: (bookmarked: boolean) => {
      if (isGuest) {
        layerOpeners.open('login');
        return;
      }
      if (mutation.isPending) return;
      mutation.mutate(!bookmarked);
    },
  };
}

/** The server bookmarked the drama on its own (auto-bookmark, spec §4): show it at once. */
export function markAutoBookmarked(
  queryClient: ReturnType<typeof useQueryClient>,
  dramaId: number,
) {
  const key = dramaInfoQueryKey(dramaId);
  const info = queryClient.getQueryData<DramaInfoData>(key);
  if (info && !info.bookmark) queryClient.setQueryData(key, setBookmarked(info, true));
  void queryClient.invalidateQueries({ queryKey: BOOKMARK_LIST_KEY });
  layers.toast(i18n.t('player.auto_bookmarked'), 'success');
}
