/**
 * The page's first frame: the moment a slide on screen first has a decoded frame (its video's
 * `loadeddata`, video-player.tsx). Until then, work that can wait (the next episode's set-up, a
 * refetch of the drama) waits, so a cold start's first frame does not share the main thread and
 * the network with it (decision 0500). Once per page: later episodes find it passed.
 */
let markShown: () => void = () => undefined;
let wasShown = false;
const shown = new Promise<void>((resolve) => (markShown = resolve));

/** Called by the slide on screen when its video has its first frame. */
export function markPageFirstFrame(): void {
  wasShown = true;
  markShown();
}

/**
 * Resolves once the page's first frame is shown, or after `capMs` at the latest (a start that
 * fails or is locked shows none).
 */
export function afterPageFirstFrame(capMs: number): Promise<void> {
  if (wasShown) return shown;
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
