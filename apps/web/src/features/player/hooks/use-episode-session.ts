import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ResultCode, type EpisodeStartData } from '@snapdrama/contract';
import { VIDEO_RETRIES, VIDEO_RETRY_DELAY_MS, type AgeGate } from '@snapdrama/rules';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { layers } from '../../../shared/layers/layer-store';
import { markAutoBookmarked } from '../api/bookmark-toggle';
import { dramaInfoQueryKey, endEpisode, startEpisode } from '../api/playback';
import { isStartFault, peekEarlyStart, takeEarlyStart } from '../api/player-start';
import { afterPageFirstFrame } from '../first-frame';

export type EpisodeSession =
  | { status: 'idle' | 'loading' | 'locked' | 'error' }
  | { status: 'ready'; data: EpisodeStartData }
  /** the server's age gate refused the start (decision 1490): no URL came */
  | { status: 'age_gate'; gate: Exclude<AgeGate, 'open'> };

/** The age gate's refusals (403160-403162) by the gate they mean. */
const AGE_GATE_CODES: Partial<Record<number, Exclude<AgeGate, 'open'>>> = {
  [ResultCode.AGE_GATE_SIGN_IN]: 'sign_in',
  [ResultCode.AGE_GATE_VERIFY]: 'verify',
  [ResultCode.AGE_GATE_MINOR]: 'minor',
};

interface Settled {
  key: string;
  session: EpisodeSession;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest the drama's refetch after a start waits for the page's first frame. */
const INFO_REFRESH_WAIT_CAP_MS = 1_500;

/**
 * One watch log per shown episode: POST /drama/episode when it opens, PUT /drama/episode when it
 * is left (another episode, another page, or the tab going away) (spec §4). A failed start is
 * retried 3 times with the "Retrying..." toast, then a popup offers Retry and Confirm (spec §8).
 * `renew` starts the episode again for fresh signed URLs (spec §4, URL expiry).
 */
export function useEpisodeSession(dramaId: number, epsd: number | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const key = `${dramaId}/${epsd ?? 0}/${attempt}`;
  // a cold deep link's start that has answered already: the first render shows its video, one
  // render and commit sooner than after the effect below (decision 0500)
  const [settled, setSettled] = useState<Settled | null>(() => {
    const early = enabled && epsd !== undefined ? peekEarlyStart(dramaId, epsd) : undefined;
    return early ? { key, session: { status: 'ready', data: early } } : null;
  });
  const logRef = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!enabled || epsd === undefined) return;
    let active = true;
    // i18n.t, not the hook's t: a language change must not restart the episode.
    const t = i18n.t.bind(i18n);

    const run = async () => {
      for (let retry = 0; ; retry++) {
        try {
          // a deep link's start went out with the route (player-start.ts): take its answer
          const data = await (takeEarlyStart(dramaId, epsd) ?? startEpisode(dramaId, epsd));
          if (!active) {
            void endEpisode(data.logId).catch(() => undefined);
            return;
          }
          logRef.current = data.logId;
          // the same answer the first render took (peekEarlyStart) renders nothing again
          setSettled((s) =>
            s?.key === key && s.session.status === 'ready' && s.session.data === data
              ? s
              : { key, session: { status: 'ready', data } },
          );
          // Watching makes the episode "viewed": the unlock number and grid may change. On a
          // cold start the refetch waits for the first frame (first-frame.ts).
          void afterPageFirstFrame(INFO_REFRESH_WAIT_CAP_MS).then(() =>
            queryClient.invalidateQueries({ queryKey: dramaInfoQueryKey(dramaId) }),
          );
          if (data.autoBookmarked) markAutoBookmarked(queryClient, dramaId);
          return;
        } catch (error) {
          if (!active) return;
          if (isApiError(error) && error.code === ResultCode.EPISODE_LOCKED) {
            setSettled({ key, session: { status: 'locked' } });
            return;
          }
          const gate = isApiError(error) ? AGE_GATE_CODES[error.code] : undefined;
          if (gate) {
            setSettled({ key, session: { status: 'age_gate', gate } });
            return;
          }
          const retriable = isStartFault(error);
          if (retriable && retry < VIDEO_RETRIES) {
            layers.toast(t('common.retrying'), 'info');
            await sleep(VIDEO_RETRY_DELAY_MS);
            if (!active) return;
            continue;
          }
          setSettled({ key, session: { status: 'error' } });
          layers.alert({
            title: t('error_popup.title'),
            message: errorMessage(error, t('contents.msg_fail')),
            cancelLabel: t('common.retry'),
            onCancel: () => setAttempt((n) => n + 1),
          });
          return;
        }
      }
    };
    void run();

    const onPageHide = () => {
      if (logRef.current) void endEpisode(logRef.current, true).catch(() => undefined);
      logRef.current = undefined;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      active = false;
      window.removeEventListener('pagehide', onPageHide);
      const logId = logRef.current;
      logRef.current = undefined;
      // sent from a task of its own: not inside the render of a swipe's new address
      if (logId) setTimeout(() => void endEpisode(logId).catch(() => undefined), 0);
    };
  }, [dramaId, epsd, enabled, key, queryClient]);

  /** Fresh signed URLs for the open episode; the old watch log ends, a new one starts. */
  const renew = useCallback(async () => {
    if (epsd === undefined) return undefined;
    const data = await startEpisode(dramaId, epsd);
    const previous = logRef.current;
    logRef.current = data.logId;
    if (previous) void endEpisode(previous).catch(() => undefined);
    setSettled((s) => (s?.key === key ? { key, session: { status: 'ready', data } } : s));
    return data.videoUrlList;
  }, [dramaId, epsd, key]);

  const session: EpisodeSession =
    !enabled || epsd === undefined
      ? { status: 'idle' }
      : settled?.key === key
        ? settled.session
        : { status: 'loading' };
  return { session, renew };
}
