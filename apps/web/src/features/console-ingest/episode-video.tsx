import { useEffect, useRef } from 'react';
import type { EpisodeVideoSlotProps } from '../../shared/console/episode-video-slot';
import { Banner } from '../../shared/console/console-ui';
import { useIngestEpisode } from './api/ingest-api';
import { EpisodeVideoPanel } from './episode-video-panel';

/**
 * The catalog episode editor's "Video" area (shared/console/episode-video-slot.ts): upload,
 * live progress, failure with reason and retry. Tells the editor when a transcode ends.
 */
export function EpisodeVideo(props: EpisodeVideoSlotProps) {
  const { dramaId, episodeNumber, onVideoChanged } = props;
  const episode = useIngestEpisode(dramaId, episodeNumber);
  const job = episode.data?.job ?? null;
  const lastState = useRef(job?.state);
  useEffect(() => {
    const was = lastState.current;
    lastState.current = job?.state;
    if (was && was !== job?.state && (job?.state === 'done' || job?.state === 'failed'))
      onVideoChanged();
  }, [job?.state, onVideoChanged]);

  if (episode.isError) return <Banner kind="error">{episode.error.message}</Banner>;
  if (episode.isPending) return null;
  return (
    <EpisodeVideoPanel dramaId={dramaId} epsd={episodeNumber} job={job} hasVideo={props.hasVideo} />
  );
}
