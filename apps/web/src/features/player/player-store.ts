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

/**
 * The slide a swipe landed on, from the gesture until the address follows it. The address (and
 * with it the page's re-render, the episode start and the next preload) waits for the new
 * video's first frame; the players read this to turn active and inactive at once.
 */
interface SwipedSlideState {
  epsd: number | undefined;
  land: (epsd: number | undefined) => void;
}

export const useSwipedSlide = create<SwipedSlideState>()((set) => ({
  epsd: undefined,
  land: (epsd) => set({ epsd }),
}));
