import { FIRST_SCREEN_ID } from '@snapdrama/contract';

/** the longest the app's entry waits for the page's first paint */
export const ENTRY_WAIT_CAP_MS = 300;
/** the longest it waits for a player link's first seconds, played by the boot script */
export const ENTRY_PLAY_CAP_MS = 700;

type EntryDocument = Pick<
  Document,
  | 'readyState'
  | 'visibilityState'
  | 'addEventListener'
  | 'getElementById'
  | 'createElement'
  | 'head'
>;

type EntryWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
  document: EntryDocument;
};

/** the first screen's poster as far as the wait needs it */
type Poster = Pick<HTMLImageElement, 'complete' | 'addEventListener'>;

/**
 * Runs the app's entry (`src`; the boot script asks for it and its imports, or `preloadImports`
 * does now) once the page's first screen is painted: the splash, or a player link's poster
 * (decision 0500, "The entry after the first paint"). A module script of the page itself ran as
 * soon as it had loaded, and on a fast connection its evaluation and React's first render (~60 ms
 * of main thread) came before the first paint, holding the poster back.
 *
 * Painted means: the page is parsed, the poster (when there is one) has loaded, and the frame
 * after that has been drawn; a timer set in an animation frame's callback runs once that frame's
 * paint is done. The browser's own paint reports (paint timing, the largest paint) were used
 * before: they arrive once the frame is presented, which came 60–100 ms after the paint itself,
 * and the entry waited all that time with the main thread idle ("The entry once the frame is
 * drawn"). The frame's raster and presentation happen off the main thread, so the entry no longer
 * holds them back. A hidden tab draws no frames, so it starts at once; nothing waits longer than
 * ENTRY_WAIT_CAP_MS.
 *
 * On a player link whose first seconds the boot script plays (boot-video.ts), `played` settles
 * once they play or will not: the entry waits for that too, at most ENTRY_PLAY_CAP_MS, so that its
 * evaluation (one long task) does not hold back the start's answer, the appends and `play()`
 * ("The first seconds from the boot script"). The boot script asks for the app's code only then
 * on such a link (`preloadImports`): before, its download and compile took the CPU and the
 * connections that the join, the start and the first segments were waiting for ("The app's code
 * after the first seconds").
 */
export function startEntryAfterFirstPaint(
  win: EntryWindow,
  src: string,
  played?: Promise<unknown>,
  /** asks for the entry's imports with it (boot-code.ts), so they do not wait for its parse */
  preloadImports: () => void = () => undefined,
): void {
  const doc = win.document;
  let started = false;
  let painted = false;
  let waiting = played !== undefined;
  void played?.then(() => {
    waiting = false;
    if (painted) win.setTimeout(start, 0);
  });
  const afterPaint = () => {
    painted = true;
    if (!waiting) start();
  };
  const start = () => {
    if (started) return;
    started = true;
    preloadImports();
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    doc.head.append(script);
  };
  if (doc.visibilityState !== 'visible') return start();
  win.setTimeout(start, played ? ENTRY_PLAY_CAP_MS : ENTRY_WAIT_CAP_MS);
  const afterNextFrame = () => win.requestAnimationFrame(() => win.setTimeout(afterPaint, 0));
  const whenParsed = () => {
    const poster: Poster | null =
      doc.getElementById(FIRST_SCREEN_ID)?.querySelector<HTMLImageElement>('img.poster') ?? null;
    // an inlined poster has loaded by now; one by its address may still be on its way
    if (poster && !poster.complete) {
      poster.addEventListener('load', afterNextFrame, { once: true });
      poster.addEventListener('error', afterNextFrame, { once: true });
    } else afterNextFrame();
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
}
