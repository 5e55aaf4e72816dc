import { useEffect } from 'react';

/** Infinite scroll trigger (spec §9): within 100 px of the end of the page. */
export const INFINITE_SCROLL_TRIGGER_PX = 100;

export function isNearEnd(
  scrollTop: number,
  viewportHeight: number,
  contentHeight: number,
): boolean {
  return contentHeight - (scrollTop + viewportHeight) <= INFINITE_SCROLL_TRIGGER_PX;
}

/** Calls `onNearEnd` whenever the window is scrolled within 100 px of the end, while enabled. */
export function useNearEnd(enabled: boolean, onNearEnd: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const doc = document.documentElement;
      if (isNearEnd(window.scrollY, window.innerHeight, doc.scrollHeight)) onNearEnd();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, onNearEnd]);
}
