import { FIRST_SCREEN_ID } from '@snapdrama/contract';

/** the longest the app's entry waits for the page's first paint */
export const ENTRY_WAIT_CAP_MS = 300;

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
  PerformanceObserver?: typeof PerformanceObserver;
  document: EntryDocument;
};

/**
 * Runs the app's entry (`src`, already fetched by the page's modulepreload links) once the page's
 * first content is on screen: the splash, or a player link's poster (decision 0500, "The entry
 * after the first paint"). A module script of the page itself ran as soon as it had loaded, and on a
 * fast connection its evaluation and React's first render (~60 ms of main thread) came before the
 * first paint, holding the poster back. The paint is known when the browser reports it (paint
 * timing, or the largest paint for the poster); a browser without those reports starts after the
 * next frame. Waiting costs nothing on a real connection, where the entry's download takes longer
 * than the first paint. A hidden tab paints nothing, so it starts at once; nothing waits longer
 * than ENTRY_WAIT_CAP_MS.
 */
export function startEntryAfterFirstPaint(win: EntryWindow, src: string): void {
  const doc = win.document;
  let started = false;
  let observer: PerformanceObserver | undefined;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    doc.head.append(script);
  };
  if (doc.visibilityState !== 'visible') return start();
  win.setTimeout(start, ENTRY_WAIT_CAP_MS);
  const whenParsed = () => {
    const poster = doc.getElementById(FIRST_SCREEN_ID)?.querySelector('img.poster') ?? null;
    const type = poster ? 'largest-contentful-paint' : 'paint';
    const Observer = win.PerformanceObserver;
    if (!Observer?.supportedEntryTypes?.includes(type)) {
      win.requestAnimationFrame(() => win.setTimeout(start, 0));
      return;
    }
    observer = new Observer((list) => {
      const painted = list
        .getEntries()
        .some((entry) =>
          poster
            ? (entry as PerformanceEntry & { element?: Element | null }).element === poster
            : entry.name === 'first-contentful-paint',
        );
      if (painted) win.setTimeout(start, 0);
    });
    observer.observe({ type, buffered: true });
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
}
