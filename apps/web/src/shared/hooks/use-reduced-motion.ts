import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * The reader asked their system for less motion (WCAG 2.3.3): slides change at once and nothing
 * moves by itself. CSS follows the same query (global.css).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** How a script scrolls: smoothly, unless the reader asked for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia(query).matches ? 'auto' : 'smooth';
}
