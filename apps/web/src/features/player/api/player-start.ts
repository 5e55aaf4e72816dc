import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DramaInfoData, EpisodeStartData } from '@snapdrama/contract';
import { api, tokenReady } from '../../../shared/api/api';
import { userInfoQuery } from '../../../shared/session/user-info';
import { createEarlyStartSlot } from '../early-start';
import { loadHls } from '../load-hls';
import { rememberPlaylists } from '../start-playlists';

/*
 * What a cold deep link needs before its first frame, started as soon as the route matches
 * (from the router, in the entry bundle) instead of after the app shell and the player's code
 * rendered (docs/decisions/0500-player-fast-start.md, "Cold start, step by step").
 */

export const dramaInfoQueryKey = (dramaId: number) => ['drama', 'info', dramaId] as const;

export const dramaInfoQuery = (dramaId: number) =>
  queryOptions({
    queryKey: dramaInfoQueryKey(dramaId),
    queryFn: () => api.get<DramaInfoData>(`/drama/info/${dramaId}`),
    staleTime: 0,
  });

/** Starts a watch log and returns the signed video URLs (and the next episode's, when playable). */
export async function startEpisode(dramaId: number, epsd: number) {
  const data = await api.post<EpisodeStartData>('/drama/episode', { dramId: dramaId, epsd });
  // its playlists go to the player's hls.js loader, not through React state
  rememberPlaylists(data.playlistList);
  return data;
}

/** Ends a watch log; keepalive lets it finish while the page unloads. */
export function endEpisode(logId: string, keepalive = false) {
  return api.put<unknown>('/drama/episode', { logId }, { keepalive, onSessionLost: 'throw' });
}

/** A start nobody took (the viewer left, or the player opened another episode) is ended. */
export const EARLY_START_UNCLAIMED_MS = 15_000;

/** The episode start sent before the player mounted, waiting for the player to take it. */
const early = createEarlyStartSlot<EpisodeStartData>({
  unclaimedMs: EARLY_START_UNCLAIMED_MS,
  onUnclaimed: (response) =>
    void response.then((data) => endEpisode(data.logId)).catch(() => undefined),
});
/** Only the page's first route (a cold start): later navigations start from the player. */
let coldStartUsed = false;

const positive = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * On a deep link opened cold (the page's first route, router.tsx), once the session is there: the
 * drama info and the episode start go out together while the player's code is still downloading,
 * and hls.js starts downloading too.
 * The episode start is the same request the player would send (if the server lets it start,
 * the unlock rule opens that same number, decision 0500), so the player takes its response.
 */
export function prestartPlayer(
  queryClient: QueryClient,
  params: { dramaId?: string; episodeNum?: string },
): void {
  if (coldStartUsed) return;
  coldStartUsed = true;
  const dramaId = positive(params.dramaId);
  if (dramaId === undefined) return;
  const epsd = positive(params.episodeNum);
  void loadHls().catch(() => undefined);
  // the app's saved token first (spec §4), as the app gate does
  void tokenReady
    .then(() => queryClient.ensureQueryData(userInfoQuery))
    .then(() => {
      void queryClient.prefetchQuery(dramaInfoQuery(dramaId));
      if (epsd === undefined) return;
      early.hold(`${dramaId}/${epsd}`, startEpisode(dramaId, epsd));
    })
    .catch(() => undefined);
}

/**
 * The early start of this episode, once: the player's first start of it takes it. A refused one
 * is gone as soon as its refusal arrived (early-start.ts).
 */
export function takeEarlyStart(
  dramaId: number,
  epsd: number,
): Promise<EpisodeStartData> | undefined {
  return early.take(`${dramaId}/${epsd}`);
}
