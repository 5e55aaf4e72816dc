import { useLayoutEffect, useRef, type ReactNode } from 'react';
import Swiper from 'swiper';
import { Mousewheel } from 'swiper/modules';
import 'swiper/css';
import { createSwipeGesture } from '../../../shared/video/swipe-gesture';

/** What the player listens to while Swiper moves. */
export interface EpisodeSwiperEvents {
  onSliderMove: (swiper: Swiper) => void;
  onSlideResetTransitionStart: () => void;
  onSlideChange: (swiper: Swiper) => void;
}

interface Props<Slide extends { epsd: number }> {
  /** one slide per entry, in order; a slide's key and `data-episode` are its episode */
  slides: readonly Slide[];
  initialIndex: number;
  speed: number;
  className?: string;
  slideClassName?: string;
  renderSlide: (slide: Slide) => ReactNode;
  events: EpisodeSwiperEvents;
  onSwiper: (swiper: Swiper | null) => void;
}

/**
 * The player's vertical slider: Swiper's core over slides React renders as plain elements.
 * Swiper's own React slides keep their classes in React state, set from a layout effect each, so
 * mounting a drama of 60 episodes re-rendered every slide synchronously (decision 0500). Here
 * Swiper sets the slides' classes on the elements itself, and React never rewrites them: a
 * slide's `className` prop stays the same from its first render on.
 */
export function EpisodeSwiper<Slide extends { epsd: number }>({
  slides,
  initialIndex,
  speed,
  className,
  slideClassName,
  renderSlide,
  events,
  onSwiper,
}: Props<Slide>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  // Swiper calls the latest handlers, without being told about each render's new functions.
  const latest = useRef({ events, onSwiper, initialIndex });
  useLayoutEffect(() => {
    latest.current = { events, onSwiper, initialIndex };
    // Until Swiper takes over, the wrapper shows the slide the address names.
    const wrapper = wrapperRef.current;
    if (!swiperRef.current && wrapper) {
      wrapper.style.transform = `translate3d(0, ${-100 * initialIndex}%, 0)`;
    }
  });

  // Swiper starts once the page has been drawn: its start measures the slider, which in the
  // commit forced the whole new page's style and layout into the same task (decision 0500).
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let swiper: Swiper | undefined;
    let cancelled = false;
    const gesture = createSwipeGesture();
    const onPointerDown = (event: PointerEvent) => gesture.down(event);
    const onPointerMove = (event: PointerEvent) => gesture.move(event);
    el.addEventListener('pointerdown', onPointerDown, { passive: true });
    document.addEventListener('pointermove', onPointerMove, { passive: true, capture: true });
    const frame = requestAnimationFrame(() => {
      // a task after the frame: the rAF callback itself runs before the paint
      setTimeout(() => {
        if (cancelled) return;
        swiper = new Swiper(el, {
          direction: 'vertical',
          speed,
          initialSlide: latest.current.initialIndex,
          // the player's own keys (use-player-keyboard.ts) move between episodes
          modules: [Mousewheel],
          // Swiper's time-based rule (a drag over 300 ms must pass half the slide) never
          // decides: every release takes the short-swipe path, which our decision steers below.
          longSwipesMs: Number.POSITIVE_INFINITY,
          // A drag may start on the video or the tap area (buttons); only the seek bar and
          // form fields keep their own gestures.
          noSwipingSelector: 'input, select, textarea',
          mousewheel: { forceToAxis: true, thresholdDelta: 30 },
          on: {
            sliderMove: (s) => latest.current.events.onSliderMove(s),
            slideResetTransitionStart: () => latest.current.events.onSlideResetTransitionStart(),
            slideChange: (s) => latest.current.events.onSlideChange(s),
            // Before Swiper picks a slide for the release (decision 0520): distance or a flick.
            touchEnd: (s, event) => {
              const outcome = gesture.release(event.timeStamp, s.height);
              const target = s.activeIndex + (outcome === 'next' ? 1 : -1);
              const lands = outcome !== 'stay' && target >= 0 && target < s.slides.length;
              // a short swipe lands next to the slide under the finger; none settles back
              s.params.shortSwipes = lands;
              if (lands) s.swipeDirection = outcome;
            },
          },
        });
        swiperRef.current = swiper;
        latest.current.onSwiper(swiper);
      }, 0);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      el.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('pointermove', onPointerMove, { capture: true });
      if (!swiper) return;
      swiperRef.current = null;
      latest.current.onSwiper(null);
      swiper.destroy(true, false);
    };
  }, [speed]);

  // Slides come and go as episodes unlock: Swiper reads them again (one that has not started yet
  // reads them when it does).
  const count = slides.length;
  useLayoutEffect(() => {
    swiperRef.current?.update();
  }, [count]);

  const slideClass = slideClassName ? `swiper-slide ${slideClassName}` : 'swiper-slide';
  // `swiper-vertical` from the first render: the slides stack before Swiper starts
  const containerClass = `swiper swiper-vertical${className ? ` ${className}` : ''}`;
  return (
    <div ref={containerRef} className={containerClass} data-testid="player-swiper">
      <div ref={wrapperRef} className="swiper-wrapper">
        {slides.map((slide) => (
          <div key={slide.epsd} className={slideClass} data-episode={slide.epsd}>
            {renderSlide(slide)}
          </div>
        ))}
      </div>
    </div>
  );
}
