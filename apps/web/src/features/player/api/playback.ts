import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdUnlockData,
  CoinUnlockData,
  DramaInfoData,
  EpisodeStartData,
  SubtitleEntry,
} from '@snapdrama/contract';
import { EVENT_PATHS, subtitlePath } from '@snapdrama/contract';
import type { DramaProgress } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';
import { layers } from '../../../shared/layers/layer-store';
import { userInfoQueryKey } from '../../../shared/session/user-info';
import { storeLastUnlockTime } from '../hooks/use-ad-cooldown';
import { dramaInfoQueryKey } from './player-start';

export type VideoUrl = EpisodeStartData['videoUrlList'][number];

export { dramaInfoQuery, dramaInfoQueryKey, endEpisode, startEpisode } from './player-start';

/** One more view of the drama (spec §7). Failures do not matter to the viewer. */
export function sendViewCount(dramaId: number) {
  return api.put<unknown>('/drama/view-count', { dramId: dramaId }).catch(() => undefined);
}

/** Subtitles of one episode (spec §7), from the static resources. */
export async function fetchSubtitles(dramaId: number, epsd: number): Promise<SubtitleEntry[]> {
  const res = await fetch(subtitlePath(dramaId, epsd));
  if (!res.ok) throw new Error(`subtitles: HTTP ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error('subtitles: not a list');
  return body as SubtitleEntry[];
}

export function toProgress(info: DramaInfoData): DramaProgress {
  return {
    episodes: info.episodeList,
    viewed: info.userDramaEpisodeList,
    unlocked: info.unlockedEpisodeList,
  };
}

/**
 * Coin unlock (spec §4, wallet issue's POST /drama/episode/unlock/coin). Success refreshes the
 * drama (the slide becomes playable) and the balance.
 */
export function useCoinUnlock(dramaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // the loading overlay (spec §2) holds the layer while coins move
    mutationFn: (epsd: number) =>
      layers.whileLoading(() =>
        api.post<CoinUnlockData>('/drama/episode/unlock/coin', { dramId: dramaId, epsd }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dramaInfoQueryKey(dramaId) }),
        queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
      ]);
    },
  });
}

/**
 * Ad unlock (spec §4, §7 POST /drama/episode/unlock/advertisement) with the logId of a rewarded
 * ad view. Success stores last_unlock_time and reloads the drama (the layer gives way to the
 * episode) and user info (unlock count, cooldown).
 */
export function useAdUnlock(dramaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ epsd, logId }: { epsd: number; logId: string }) =>
      layers.whileLoading(() =>
        api.post<AdUnlockData>(EVENT_PATHS.adUnlock, { dramId: dramaId, epsd, logId }),
      ),
    onSuccess: async () => {
      storeLastUnlockTime();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dramaInfoQueryKey(dramaId) }),
        queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
      ]);
    },
  });
}
