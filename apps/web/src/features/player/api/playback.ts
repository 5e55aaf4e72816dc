import { queryOptions } from '@tanstack/react-query';
import type { DramaInfoData, EpisodeStartData } from '@snapdrama/contract';
import type { DramaProgress } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';

export const dramaInfoQuery = (dramaId: number) =>
  queryOptions({
    queryKey: ['drama', 'info', dramaId],
    queryFn: () => api.get<DramaInfoData>(`/drama/info/${dramaId}`),
    staleTime: 0,
  });

/** Starts a watch log and returns the signed video URLs. */
export function startEpisode(dramaId: number, epsd: number) {
  return api.post<EpisodeStartData>('/drama/episode', { dramId: dramaId, epsd });
}

/** Ends a watch log; keepalive lets it finish while the page unloads. */
export function endEpisode(logId: string, keepalive = false) {
  return api.put<unknown>('/drama/episode', { logId }, { keepalive, onSessionLost: 'throw' });
}

export function toProgress(info: DramaInfoData): DramaProgress {
  return {
    episodes: info.episodeList,
    viewed: info.userDramaEpisodeList,
    unlocked: info.unlockedEpisodeList,
  };
}
