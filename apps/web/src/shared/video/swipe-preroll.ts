import { SWIPE_LAND_RATIO } from '@snapdrama/rules';

/** What the pre-roll reads of a video element. */
export interface PrerollVideo {
  readonly paused: boolean;
  readonly readyState: number;
  muted: boolean;
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
}

/** What the pre-roll reads of the swiper while a finger drags it. */
export interface DragState {
  activeIndex: number;
  /** the slide's height (vertical swiper) */
  height: number;
  /** the drag so far: negative towards the next slide, positive towards the previous */
  touches: { diff: number };
  slides: ArrayLike<{ querySelector(selector: 'video'): PrerollVideo | null } | undefined>;
}

/**
 * Starts the slide a drag leads to while the finger is still on the screen (decision 0500,
 * "Swipe: playback under the finger"). Once a drag has passed a quarter of the slide, a release
 * moves on unless it flicks back (decision 0520), so the preloaded video there starts playing,
 * muted: on release its frames are already running and the swipe only has to turn its sound on.
 * A drag that goes back under the quarter, or a release that stays on the slide, stops it and
 * puts it back at its start, so the viewer still sees the episode from its first frame.
 */
export function createSwipePreroll(enabled: () => boolean) {
  let rolling: PrerollVideo | undefined;

  const stop = (keep?: PrerollVideo) => {
    const video = rolling;
    rolling = undefined;
    if (!video || video === keep) return;
    video.pause();
    video.currentTime = 0;
  };

  return {
    /** On every move of the drag (Swiper's sliderMove). */
    onMove(swiper: DragState) {
      const { diff } = swiper.touches;
      const past = Math.abs(diff) >= swiper.height * SWIPE_LAND_RATIO;
      const target = past ? swiper.activeIndex + (diff < 0 ? 1 : -1) : undefined;
      const video =
        target === undefined
          ? undefined
          : (swiper.slides[target]?.querySelector('video') ?? undefined);
      if (video !== undefined && video === rolling) return;
      stop();
      // only a preloaded video with its first frame that is not playing yet (autoplay on)
      if (!video || video.readyState < 2 || !video.paused || !enabled()) return;
      video.muted = true;
      video.play().catch(() => undefined);
      rolling = video;
    },
    /**
     * The drag is over: the slide it landed on (`kept`, its video already playing) keeps going,
     * any other pre-rolled video stops and rewinds. Without `kept` the swiper stayed.
     */
    stop,
  };
}
