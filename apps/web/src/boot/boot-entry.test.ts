import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_PLAY_CAP_MS, ENTRY_WAIT_CAP_MS, startEntryAfterFirstPaint } from './boot-entry';

/** A page as the boot script sees it: its scripts, its poster and its animation frames. */
function page(
  options: {
    hidden?: boolean;
    parsing?: boolean;
    /** a poster in the first screen, loaded (inlined) or not yet */
    poster?: 'loaded' | 'loading';
  } = {},
) {
  const added: { type: string; crossOrigin: string; src: string }[] = [];
  let parsed: (() => void) | undefined;
  const frames: (() => void)[] = [];
  const posterListeners = new Map<string, () => void>();
  const poster = {
    complete: options.poster === 'loaded',
    addEventListener: (type: string, listener: () => void) => posterListeners.set(type, listener),
  };

  const win = {
    document: {
      readyState: options.parsing ? 'loading' : 'interactive',
      visibilityState: options.hidden ? 'hidden' : 'visible',
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'DOMContentLoaded') parsed = listener;
      },
      getElementById: (id: string) =>
        options.poster && id === 'first-screen'
          ? { querySelector: (selector: string) => (selector === 'img.poster' ? poster : null) }
          : null,
      createElement: () => ({ type: '', crossOrigin: '', src: '' }),
      head: { append: (script: (typeof added)[number]) => added.push(script) },
    },
    requestAnimationFrame: (callback: () => void) => {
      frames.push(callback);
      return frames.length;
    },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  } as unknown as Parameters<typeof startEntryAfterFirstPaint>[0];

  return {
    win,
    added,
    /** the browser's next frame: its animation frame callbacks run, then it paints */
    drawFrame: () => frames.splice(0).forEach((callback) => callback()),
    waitsForFrame: () => frames.length > 0,
    parse: () => parsed?.(),
    posterLoads: (outcome: 'load' | 'error' = 'load') => posterListeners.get(outcome)?.(),
  };
}

const ENTRY = '/assets/main-abc.js';

describe("the app's entry after the first paint", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once the next frame is drawn, as a module script, once', () => {
    const p = page();
    startEntryAfterFirstPaint(p.win, ENTRY);
    vi.advanceTimersByTime(1);
    expect(p.added).toEqual([]);
    p.drawFrame();
    // in the frame's callback it only sets a timer: the frame paints first
    expect(p.added).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(p.added).toEqual([{ type: 'module', crossOrigin: '', src: ENTRY }]);
    // the cap finds it started
    vi.advanceTimersByTime(ENTRY_WAIT_CAP_MS);
    expect(p.added).toHaveLength(1);
  });

  it('waits for the page to be parsed before it waits for a frame', () => {
    const p = page({ parsing: true, poster: 'loaded' });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.waitsForFrame()).toBe(false);
    p.parse();
    expect(p.waitsForFrame()).toBe(true);
    p.drawFrame();
    vi.advanceTimersByTime(0);
    expect(p.added).toHaveLength(1);
  });

  it('on a player link whose poster is still loading, waits for it, then for the frame that shows it', () => {
    const p = page({ poster: 'loading' });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.waitsForFrame()).toBe(false);
    p.posterLoads();
    p.drawFrame();
    vi.advanceTimersByTime(0);
    expect(p.added).toHaveLength(1);
  });

  it('a poster that fails to load does not hold the entry back', () => {
    const p = page({ poster: 'loading' });
    startEntryAfterFirstPaint(p.win, ENTRY);
    p.posterLoads('error');
    p.drawFrame();
    vi.advanceTimersByTime(0);
    expect(p.added).toHaveLength(1);
  });

  it('starts at once in a hidden tab, which draws no frames', () => {
    const p = page({ hidden: true });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.added).toHaveLength(1);
  });

  it('never waits longer than the cap', () => {
    const p = page({ poster: 'loading' });
    startEntryAfterFirstPaint(p.win, ENTRY);
    vi.advanceTimersByTime(ENTRY_WAIT_CAP_MS - 1);
    expect(p.added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
    p.posterLoads();
    p.drawFrame();
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
  });

  it('on a player link the boot script plays, waits for the first seconds to play, after the paint', async () => {
    const p = page({ poster: 'loaded' });
    let playing!: () => void;
    startEntryAfterFirstPaint(p.win, ENTRY, new Promise<void>((resolve) => (playing = resolve)));
    p.drawFrame();
    await vi.advanceTimersByTimeAsync(100);
    expect(p.added).toEqual([]);
    playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.added).toHaveLength(1);
  });

  it('a video that plays before the paint still lets the paint come first', async () => {
    const p = page({ poster: 'loaded' });
    startEntryAfterFirstPaint(p.win, ENTRY, Promise.resolve());
    await vi.advanceTimersByTimeAsync(50);
    expect(p.added).toEqual([]);
    p.drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.added).toHaveLength(1);
  });

  it('waits for the video no longer than its own cap', async () => {
    const p = page({ poster: 'loaded' });
    startEntryAfterFirstPaint(p.win, ENTRY, new Promise<void>(() => undefined));
    p.drawFrame();
    await vi.advanceTimersByTimeAsync(ENTRY_PLAY_CAP_MS - 1);
    expect(p.added).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.added).toHaveLength(1);
  });

  it("asks for the entry's imports as it starts it, when the boot script had not yet", async () => {
    const p = page({ poster: 'loaded' });
    const order: string[] = [];
    const head = (p.win.document as unknown as { head: { append: (s: { src: string }) => void } })
      .head;
    const append = head.append;
    head.append = (script) => {
      order.push('entry');
      append(script);
    };
    startEntryAfterFirstPaint(p.win, ENTRY, new Promise<void>(() => undefined), () =>
      order.push('imports'),
    );
    p.drawFrame();
    await vi.advanceTimersByTimeAsync(ENTRY_PLAY_CAP_MS);
    expect(order).toEqual(['imports', 'entry']);
  });
});
