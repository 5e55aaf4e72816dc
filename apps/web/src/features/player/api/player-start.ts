import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DramaInfoData, EpisodeStartData } from '@snapdrama/contract';
import { dropBootVideo, positiveNumber, takeBootPlayer } from '../../../shared/boot/handoff';
import { api, tokenReady } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { freshSignIn, userInfoQuery } from '../../../shared/session/user-info';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { createEarlyStartSlot } from '../early-start';
import { loadHls } from '../../../shared/video/load-hls';
import { rememberPlaylists } from '../../../shared/video/start-playlists';
import {
  autoUrlOf,
  prefetchStartSegments,
  startScreen,
  startSegmentUrls,
} from '../../../shared/video/start-segments';

/*
 * What a cold deep link needs before its first frame, started as soon as the route matches
 * (from the router, in the entry bundle) instead of after the app shell and the player's code
 * rendered (docs/decisions/0500-player-fast-start.md, "Cold start, step by step").
 */

export const dramaInfoQueryKey = (dramaId: number) => ['drama', 'info', dramaId] as const;

/** How long a drama's info counts as fresh: long enough to cover a cold start's player mounting. */
const DRAMA_INFO_FRESH_MS = 5_000;

export const dramaInfoQuery = (dramaId: number) =>
  queryOptions({
    queryKey: dramaInfoQueryKey(dramaId),
    queryFn: () => api.get<DramaInfoData>(`/drama/info/${dramaId}`),
    // fresh for the player that opens right after it was fetched (a cold start's, sent with the
    // episode start), so it is not asked for again while the first frame loads; a visit after
    // that asks again, and what changes it (a start, an unlock, a bookmark) refetches or updates
    // it
    staleTime: DRAMA_INFO_FRESH_MS,
  });

/** Starts a watch log and returns the signed video URLs (and the next episode's, when playable). */
export async function startEpisode(dramaId: number, epsd: number) {
  return remembered(await api.post<EpisodeStartData>('/drama/episode', { dramId: dramaId, epsd }));
}

/** A start's playlists go to the player's hls.js loader, not through React state. */
function remembered(data: EpisodeStartData): EpisodeStartData {
  rememberPlaylists(data.playlistList);
  return data;
}

/** Ends a watch log; keepalive lets it finish while the page unloads. */
export function endEpisode(logId: string, keepalive = false) {
  return api.put<unknown>('/drama/episode', { logId }, { keepalive, onSessionLost: 'throw' });
}

/** A failed start worth retrying (spec §8): no answer or a server error, not a refusal. */
export function isStartFault(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500 || error.status === 0;
}

/** A start nobody took (the viewer left, or the player opened another episode) is ended. */
export const EARLY_START_UNCLAIMED_MS = 15_000;

/** The episode start sent before the player mounted, waiting for the player to take it. */
const early = createEarlyStartSlot<EpisodeStartData>({
  unclaimedMs: EARLY_START_UNCLAIMED_MS,
  onUnclaimed: (response) =>
    void response.then((data) => endEpisode(data.logId)).catch(() => undefined),
  // a fault counts as the player's first attempt; a refusal does not
  keepsFailure: (error) => isStartFault(error),
});
/** How long a boot video waits for the player to take it over once the app runs. */
const BOOT_VIDEO_UNCLAIMED_MS = 8_000;

/** Only the page's first route (a cold start): later navigations start from the player. */
let coldStartUsed = false;

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
  const dramaId = positiveNumber(params.dramaId);
  if (dramaId === undefined) return;
  const epsd = positiveNumber(params.episodeNum);
  void loadHls().catch(() => undefined);
  // A first visit's boot script sends both as soon as its join answers, with the join's token
  // (boot-player.ts): the app takes their answers, under the session that join gives it.
  const boot = takeBootPlayer(window, dramaId, epsd);
  // the boot script's video, if it plays, is the player's to take over; one nobody took (the
  // player showed something else) must not stay over the page
  setTimeout(() => dropBootVideo(window), BOOT_VIDEO_UNCLAIMED_MS);
  if (!boot) {
    sendStart(queryClient, dramaId, epsd);
    return;
  }
  void boot.sent.then((sent) => {
    if (!sent) {
      sendStart(queryClient, dramaId, epsd);
      return;
    }
    const { info, start } = sent;
    void queryClient.prefetchQuery({
      ...dramaInfoQuery(dramaId),
      queryFn: () => api.adopt<DramaInfoData>(info),
    });
    if (epsd !== undefined && start) {
      holdStart(dramaId, epsd, api.adopt<EpisodeStartData>(start).then(remembered), true);
    }
  });
}

function sendStart(queryClient: QueryClient, dramaId: number, epsd: number | undefined): void {
  // The app's saved token first (spec §4), as the app gate does. A token the server has just
  // given (a new guest) is good already: the requests go out beside user info, not after it. A
  // stored one waits for user info, whose refusal starts a new session.
  void tokenReady
    .then(() => Promise.race([queryClient.ensureQueryData(userInfoQuery), freshSignIn]))
    .then(() => {
      void queryClient.prefetchQuery(dramaInfoQuery(dramaId));
      if (epsd === undefined) return;
      holdStart(dramaId, epsd, startEpisode(dramaId, epsd));
    })
    .catch(() => undefined);
}

/**
 * Holds a cold start for the player, and fetches the segments it will ask for first (unless the
 * boot script has, for a start it sent).
 */
function holdStart(
  dramaId: number,
  epsd: number,
  start: Promise<EpisodeStartData>,
  segmentsSent = false,
): void {
  const key = `${dramaId}/${epsd}`;
  early.hold(key, start);
  // hls.js plays where Media Source Extensions exist (load-hls.ts); the segments it will ask for
  // first go out now (start-segments.ts)
  if (!('MediaSource' in window)) return;
  if (!segmentsSent) void start.then(prefetchFirstSegments).catch(() => undefined);
  // and its engine is set up as soon as hls.js is in, for the player to take over (hls-engine.ts),
  // unless the player's slide came first and set up its own
  void Promise.all([start, loadHls()])
    .then(([data, hls]) => {
      // the boot script plays it already (boot-video.ts)
      if (slidesWithEngine.has(key) || window.snapdramaBootVideo?.key === key) return;
      hls.startEarlyEngine(key, autoUrlOf(data) ?? '', () => useVideoSettings.getState().quality);
    })
    .catch(() => undefined);
}

/** Episodes (`dramaId/epsd`) whose slide has set up an engine of its own. */
const slidesWithEngine = new Set<string>();

/**
 * Called by a slide that sets up its own engine (it found no early one): an early engine made
 * after it would load the same video twice.
 */
export function noteSlideEngine(dramaId: number, epsd: number): void {
  slidesWithEngine.add(`${dramaId}/${epsd}`);
}

function prefetchFirstSegments(data: EpisodeStartData): void {
  prefetchStartSegments(
    startSegmentUrls(data, startScreen(window, useVideoSettings.getState().quality)),
    Date.now(),
  );
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

/** The early start of this episode if its answer is there already, left for the player to take. */
export function peekEarlyStart(dramaId: number, epsd: number): EpisodeStartData | undefined {
  return early.peek(`${dramaId}/${epsd}`);
}
