import { useLayoutEffect, useRef, type ReactNode } from 'react';
import Swiper from 'swiper';
import { Mousewheel } from 'swiper/modules';
import 'swiper/css';
import { createSwipeGesture } from '../../../shared/video/swipe-gesture';

/** What the feed listens to while Swiper moves. */
export interface FeedSwiperEvents {
  onSliderMove: (swiper: Swiper) => void;
  onSlideResetTransitionStart: () => void;
  onSlideChange: (swiper: Swiper) => void;
}

interface Props<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  initialIndex: number;
  activeIndex: number;
  speed: number;
  className?: string;
  slideClassName?: string;
  renderSlide: (item: Item, index: number) => ReactNode;
  slideLabel: (item: Item, index: number) => string;
  events: FeedSwiperEvents;
  onSwiper: (swiper: Swiper | null) => void;
}

/**
 * The feed's vertical slider, built as the player's is (episode-swiper.tsx, decisions 0500 and
 * 0520): Swiper's core over plain React slides, started after the first paint, and the release
 * decided by the shared swipe rule (a quarter of the slide or a flick, from the pointer's own
 * time stamps), so a drag lands on the next drama exactly where it lands on the next episode.
 * Slides off screen are inert: focus and screen readers stay on the drama in view.
 */
export function FeedSwiper<Item>({
  items,
  itemKey,
  initialIndex,
  activeIndex,
  speed,
  className,
  slideClassName,
  renderSlide,
  slideLabel,
  events,
  onSwiper,
}: Props<Item>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const latest = useRef({ events, onSwiper, initialIndex });
  useLayoutEffect(() => {
    latest.current = { events, onSwiper, initialIndex };
    const wrapper = wrapperRef.current;
    if (!swiperRef.current && wrapper) {
      wrapper.style.transform = `translate3d(0, ${-100 * initialIndex}%, 0)`;
    }
  });

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
      setTimeout(() => {
        if (cancelled) return;
        swiper = new Swiper(el, {
          direction: 'vertical',
          speed,
          initialSlide: latest.current.initialIndex,
          modules: [Mousewheel],
          longSwipesMs: Number.POSITIVE_INFINITY,
          noSwipingSelector: 'input, select, textarea',
          mousewheel: { forceToAxis: true, thresholdDelta: 30 },
          on: {
            sliderMove: (s) => latest.current.events.onSliderMove(s),
            slideResetTransitionStart: () => latest.current.events.onSlideResetTransitionStart(),
            slideChange: (s) => latest.current.events.onSlideChange(s),
            touchEnd: (s, event) => {
              const outcome = gesture.release(event.timeStamp, s.height);
              const target = s.activeIndex + (outcome === 'next' ? 1 : -1);
              const lands = outcome !== 'stay' && target >= 0 && target < s.slides.length;
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

  // a new page of items: Swiper reads the slides again
  const count = items.length;
  useLayoutEffect(() => {
    swiperRef.current?.update();
  }, [count]);

  const slideClass = slideClassName ? `swiper-slide ${slideClassName}` : 'swiper-slide';
  const containerClass = `swiper swiper-vertical${className ? ` ${className}` : ''}`;
  return (
    <div ref={containerRef} className={containerClass} data-testid="foryou-swiper">
      <div ref={wrapperRef} className="swiper-wrapper">
        {items.map((item, index) => (
          <div
            key={itemKey(item)}
            className={slideClass}
            data-index={index}
            role="group"
            aria-label={slideLabel(item, index)}
            inert={index !== activeIndex}
          >
            {renderSlide(item, index)}
          </div>
        ))}
      </div>
    </div>
  );
}
