import { create } from 'zustand';
import type { EpisodeCell } from './components/episode-grid';

/**
 * What the episode list sheet shows. Sheets render in the layer host, outside the page, so the
 * page publishes its grid here and the sheet follows it live.
 */
interface EpisodeListState {
  cells: readonly EpisodeCell[];
  current: number;
  select: (epsd: number) => void;
  publish: (state: {
    cells: readonly EpisodeCell[];
    current: number;
    select: (epsd: number) => void;
  }) => void;
}

export const useEpisodeList = create<EpisodeListState>()((set) => ({
  cells: [],
  current: 0,
  select: () => undefined,
  publish: (state) => set(state),
}));
