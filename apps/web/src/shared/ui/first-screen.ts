import { FIRST_SCREEN_ID } from '@snapdrama/contract';

/*
 * A player link's HTML paints the drama's poster before any script runs (the server's
 * link-preview.ts, decision 0500). The spinners go see-through over it while the app loads, and
 * the app takes it away once its own screen is there.
 */

export function hasFirstScreen(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FIRST_SCREEN_ID) !== null;
}

export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}
