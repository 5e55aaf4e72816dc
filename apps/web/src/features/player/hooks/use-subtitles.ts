import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBTITLE_POLL_MS, subtitleAt, type SubtitleLanguage } from '@snapdrama/rules';
import { layers } from '../../../shared/layers/layer-store';
import { fetchSubtitles } from '../api/playback';

/**
 * The subtitle line to show: loaded once per episode when a language is chosen, then polled
 * against the video's time every 200 ms (spec §9). A load failure shows the toast (spec §8).
 */
export function useSubtitles(
  dramaId: number,
  epsd: number,
  language: SubtitleLanguage,
  videoRef: RefObject<HTMLVideoElement | null>,
): string | undefined {
  const { t } = useTranslation();
  const enabled = language !== 'none';
  const cues = useQuery({
    queryKey: ['subtitles', dramaId, epsd],
    queryFn: () => fetchSubtitles(dramaId, epsd),
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
  const [line, setLine] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (enabled && cues.isError) layers.toast(t('player.subtitle_fail'), 'failure');
    // once per failure, not per language re-render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, cues.isError]);

  useEffect(() => {
    if (!enabled || !cues.data) return;
    const data = cues.data;
    const tick = () => {
      const video = videoRef.current;
      setLine(video ? subtitleAt(data, video.currentTime, language) : undefined);
    };
    const timer = setInterval(tick, SUBTITLE_POLL_MS);
    return () => clearInterval(timer);
  }, [enabled, cues.data, language, videoRef]);

  return enabled && cues.data ? line : undefined;
}
