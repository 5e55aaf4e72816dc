import { useEffect, useRef } from 'react';

/** Infinite scroll trigger distance (spec §9). */
export const INFINITE_SCROLL_TRIGGER_PX = 100;

/** Calls onReach when the returned sentinel comes within 100 px of the viewport. */
export function useReachEnd<T extends HTMLElement>(onReach: () => void, enabled: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_TRIGGER_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
