import { useSyncExternalStore } from 'react';

/** Desktop and mobile layouts switch at 830 px (spec §2, §9). */
export const MOBILE_BREAKPOINT_PX = 830;
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
