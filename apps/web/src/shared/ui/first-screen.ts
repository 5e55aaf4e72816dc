import { FIRST_SCREEN_ID } from '@snapdrama/contract';

/*
 * A player link's HTML paints the drama's poster before any script runs, and the main page's its
 * banner's first slide (the server's link-preview.ts, decision 0500). The spinners go see-through
 * over it while the app loads, and the app takes it away once its own screen is there: the shell
 * at once for a poster, the banner once its own first poster is drawn.
 */

export function hasFirstScreen(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FIRST_SCREEN_ID) !== null;
}

export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** The shell's part: everything but the main page's banner slide, which the banner removes. */
export function removeFirstScreenUnlessBanner(): void {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  if (screen && !screen.classList.contains('banner')) screen.remove();
}
