import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ResultCode, type EpisodeStartData } from '@snapdrama/contract';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { layers } from '../../../shared/layers/layer-store';
import { endEpisode, startEpisode } from '../api/playback';

/** Episode start failures retry automatically this many times (spec §8, §9). */
const START_RETRIES = 3;
const RETRY_DELAY_MS = 500;

export type EpisodeSession =
  { status: 'idle' | 'loading' | 'locked' | 'error' } | { status: 'ready'; data: EpisodeStartData };

interface Settled {
  key: string;
  session: EpisodeSession;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One watch log per shown episode: POST /drama/episode when it opens, PUT /drama/episode when it
 * is left (another episode, another page, or the tab going away) (spec §4).
 */
export function useEpisodeSession(dramaId: number, epsd: number | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${dramaId}/${epsd ?? 0}/${attempt}`;

  useEffect(() => {
    if (!enabled || epsd === undefined) return;
    let active = true;
    let logId: string | undefined;
    // i18n.t, not the hook's t: a language change must not restart the episode.
    const t = i18n.t.bind(i18n);

    const run = async () => {
      for (let retry = 0; ; retry++) {
        try {
          const data = await startEpisode(dramaId, epsd);
          if (!active) {
            void endEpisode(data.logId).catch(() => undefined);
            return;
          }
          logId = data.logId;
          setSettled({ key, session: { status: 'ready', data } });
          // Watching makes the episode "viewed": the unlock number and grid may change.
          void queryClient.invalidateQueries({ queryKey: ['drama', 'info', dramaId] });
          return;
        } catch (error) {
          if (!active) return;
          if (isApiError(error) && error.code === ResultCode.EPISODE_LOCKED) {
            setSettled({ key, session: { status: 'locked' } });
            return;
          }
          const retriable = !isApiError(error) || error.status >= 500 || error.status === 0;
          if (retriable && retry < START_RETRIES) {
            layers.toast(t('common.retrying'), 'info');
            await sleep(RETRY_DELAY_MS);
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
      if (logId) void endEpisode(logId, true).catch(() => undefined);
      logId = undefined;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      active = false;
      window.removeEventListener('pagehide', onPageHide);
      if (logId) void endEpisode(logId).catch(() => undefined);
    };
  }, [dramaId, epsd, enabled, key, queryClient]);

  if (!enabled || epsd === undefined) return { status: 'idle' } satisfies EpisodeSession;
  return settled?.key === key ? settled.session : ({ status: 'loading' } satisfies EpisodeSession);
}
