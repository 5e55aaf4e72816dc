import { useEffect, type RefObject } from 'react';
import { API_BASE, PLAYBACK_QUALITY_PATH, type PlaybackQualityBody } from '@snapdrama/contract';

/**
 * Playback quality for the operators' dashboard: time to first frame and time stalled against
 * time played, measured on the active slide and sent once with navigator.sendBeacon when the
 * slide is left or the page is hidden. Nothing here is on the way to the first frame: listeners
 * only read timestamps; the beacon goes out after.
 */
export function useQualityBeacon(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  dramaId: number,
  epsd: number,
) {
  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video || typeof navigator.sendBeacon !== 'function') return;
    const startedAt = performance.now();
    let firstFrameAt: number | undefined;
    let playingSince: number | undefined;
    let stalledSince: number | undefined;
    let playMs = 0;
    let stallMs = 0;
    let sent = false;

    const stopPlaying = (now: number) => {
      if (playingSince !== undefined) playMs += now - playingSince;
      playingSince = undefined;
    };
    const stopStall = (now: number) => {
      if (stalledSince !== undefined) stallMs += now - stalledSince;
      stalledSince = undefined;
    };
    const onPlaying = () => {
      const now = performance.now();
      firstFrameAt ??= now;
      stopStall(now);
      playingSince ??= now;
    };
    const onWaiting = () => {
      const now = performance.now();
      stopPlaying(now);
      // stalls before the first frame are part of the time to first frame, not rebuffering
      if (firstFrameAt !== undefined) stalledSince ??= now;
    };
    const onPause = () => {
      const now = performance.now();
      stopPlaying(now);
      stopStall(now);
    };
    const send = () => {
      if (sent) return;
      sent = true;
      const now = performance.now();
      stopPlaying(now);
      stopStall(now);
      const body: PlaybackQualityBody = {
        dramId: dramaId,
        epsd,
        ...(firstFrameAt === undefined ? {} : { ttffMs: Math.round(firstFrameAt - startedAt) }),
        stallMs: Math.round(stallMs),
        playMs: Math.round(playMs),
      };
      // a slide left before anything played says nothing about quality
      if (firstFrameAt === undefined && playMs === 0) return;
      try {
        // a string goes as text/plain, which every browser's sendBeacon accepts (the server reads
        // it as JSON); whatever happens, measuring never breaks the player
        navigator.sendBeacon(`${API_BASE}${PLAYBACK_QUALITY_PATH}`, JSON.stringify(body));
      } catch {
        // no report this time
      }
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') send();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', send);
    if (!video.paused && video.readyState >= 3) onPlaying();
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', send);
      send();
    };
  }, [videoRef, active, dramaId, epsd]);
}
