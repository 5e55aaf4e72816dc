import type { ComponentType } from 'react';

/**
 * The "episode video" area of the catalog's episode editor. The catalog page (console-catalog)
 * draws the frame; the ingest pipeline's component (console-ingest) fills it: upload, progress,
 * failed state and retry. The two features do not import each other: the page registry
 * (src/admin/console-pages.tsx) hands the ingest component to the catalog page.
 */
export interface EpisodeVideoSlotProps {
  dramaId: number;
  episodeNumber: number;
  /** whether the episode has a playable HLS ladder now (catalog's view) */
  hasVideo: boolean;
  /** call when the episode's video changed (ready, failed), so the editor reloads the episode */
  onVideoChanged: () => void;
}

export type EpisodeVideoSlot = ComponentType<EpisodeVideoSlotProps>;
