import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { POSITION_SAVE_INTERVAL_MS, resumePosition } from '@snapdrama/rules';
import { positionsQuery, savePosition } from '../api/positions';

/**
 * Continue watching: while the episode is the active slide, its position is saved at most every
 * 10 s and once more when the slide is left (another episode, another page, the tab going away);
 * when it becomes active it resumes where the viewer stopped.
 */
export function usePlaybackPosition(
  videoRef: RefObject<HTMLVideoElement | null>,
  dramaId: number,
  epsd: number,
  active: boolean,
) {
  const queryClient = useQueryClient();
  const lastSaved = useRef({ at: 0, position: -1 });

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    let alive = true;
    let resumed = false;

    const resume = async () => {
      const data = await queryClient.fetchQuery(positionsQuery(dramaId)).catch(() => undefined);
      if (!alive || resumed) return;
      resumed = true;
      const saved = data?.positionList.find((p) => p.epsd === epsd);
      const at = resumePosition(saved);
      if (at <= 0) return;
      const seek = () => {
        // the viewer may have moved on already; only a fresh start is moved
        if (video.currentTime < at) video.currentTime = at;
      };
      if (video.readyState >= 1) seek();
      else video.addEventListener('loadedmetadata', seek, { once: true });
    };
    void resume();

    const save = (keepalive: boolean) => {
      const duration = video.duration;
      const position = Math.min(video.currentTime, duration);
      if (!Number.isFinite(duration) || duration <= 0 || !(position >= 0)) return;
      if (Math.floor(position) === Math.floor(lastSaved.current.position)) return;
      lastSaved.current = { at: Date.now(), position };
      void savePosition({ dramId: dramaId, epsd, position, duration }, keepalive).then(
        () => queryClient.invalidateQueries({ queryKey: ['continue'] }),
        () => undefined,
      );
    };
    const onTimeUpdate = () => {
      if (Date.now() - lastSaved.current.at >= POSITION_SAVE_INTERVAL_MS) save(false);
    };
    const onPause = () => save(false);
    const onPageHide = () => save(true);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      alive = false;
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onPageHide);
      save(true);
      void queryClient.invalidateQueries({ queryKey: positionsQuery(dramaId).queryKey });
    };
  }, [active, dramaId, epsd, queryClient, videoRef]);
}
