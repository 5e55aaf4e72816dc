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

/** What the keyboard (and anything outside the slide) can do to the episode on screen. */
export interface PlayerControls {
  togglePlay: () => void;
  toggleMute: () => void;
  /** moves the playhead by `seconds` (negative: back), within the episode */
  seekBy: (seconds: number) => void;
}

/** The active slide's player registers its controls here while it is the one on screen. */
interface ActivePlayerState {
  controls: PlayerControls | undefined;
  register: (controls: PlayerControls) => () => void;
}

export const useActivePlayer = create<ActivePlayerState>()((set, get) => ({
  controls: undefined,
  register: (controls) => {
    set({ controls });
    return () => {
      if (get().controls === controls) set({ controls: undefined });
    };
  },
}));
