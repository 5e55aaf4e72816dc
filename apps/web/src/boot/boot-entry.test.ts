import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_WAIT_CAP_MS, startEntryAfterFirstPaint } from './boot-entry';

type Entry = { name: string; element?: unknown };

/** A page as the boot script sees it: its scripts, the paint reports and one animation frame. */
function page(
  options: {
    hidden?: boolean;
    parsing?: boolean;
    poster?: boolean;
    reports?: string[] | null;
  } = {},
) {
  const added: { type: string; crossOrigin: string; src: string }[] = [];
  const poster = { tagName: 'IMG' };
  let parsed: (() => void) | undefined;
  let observed: ((entries: Entry[]) => void) | undefined;
  let frame: (() => void) | undefined;
  const observing: string[] = [];
  const reports =
    options.reports === undefined ? ['paint', 'largest-contentful-paint'] : options.reports;

  class FakeObserver {
    static supportedEntryTypes = reports ?? [];
    constructor(callback: (list: { getEntries: () => Entry[] }) => void) {
      observed = (entries) => callback({ getEntries: () => entries });
    }
    observe(init: { type: string }) {
      observing.push(init.type);
    }
    disconnect() {
      observed = undefined;
    }
  }

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
      frame = callback;
      return 1;
    },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    PerformanceObserver: reports === null ? undefined : FakeObserver,
  } as unknown as Parameters<typeof startEntryAfterFirstPaint>[0];

  return {
    win,
    added,
    poster,
    observing,
    parse: () => parsed?.(),
    report: (entries: Entry[]) => observed?.(entries),
    paintFrame: () => frame?.(),
  };
}

const ENTRY = '/assets/main-abc.js';

describe("the app's entry after the first paint", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once the first contentful paint is reported, as a module script, once', () => {
    const p = page();
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.observing).toEqual(['paint']);
    p.report([{ name: 'first-paint' }]);
    vi.advanceTimersByTime(1);
    expect(p.added).toEqual([]);
    p.report([{ name: 'first-contentful-paint' }]);
    vi.advanceTimersByTime(1);
    expect(p.added).toEqual([{ type: 'module', crossOrigin: '', src: ENTRY }]);
    // the cap finds it started
    vi.advanceTimersByTime(ENTRY_WAIT_CAP_MS);
    expect(p.added).toHaveLength(1);
  });

  it("on a player link, waits for the poster's paint, not any other", () => {
    const p = page({ poster: true });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.observing).toEqual(['largest-contentful-paint']);
    p.report([{ name: '', element: { tagName: 'DIV' } }]);
    vi.advanceTimersByTime(1);
    expect(p.added).toEqual([]);
    p.report([{ name: '', element: p.poster }]);
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
  });

  it('looks for the poster only once the page is parsed', () => {
    const p = page({ parsing: true, poster: true });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.observing).toEqual([]);
    p.parse();
    expect(p.observing).toEqual(['largest-contentful-paint']);
  });

  it('starts at once in a hidden tab, which paints nothing', () => {
    const p = page({ hidden: true });
    startEntryAfterFirstPaint(p.win, ENTRY);
    expect(p.added).toHaveLength(1);
  });

  it('without paint reports, starts after the next frame', () => {
    const p = page({ reports: [] });
    startEntryAfterFirstPaint(p.win, ENTRY);
    vi.advanceTimersByTime(1);
    expect(p.added).toEqual([]);
    p.paintFrame();
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
  });

  it('without PerformanceObserver at all, starts after the next frame', () => {
    const p = page({ reports: null });
    startEntryAfterFirstPaint(p.win, ENTRY);
    p.paintFrame();
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
  });

  it('never waits longer than the cap', () => {
    const p = page({ poster: true });
    startEntryAfterFirstPaint(p.win, ENTRY);
    vi.advanceTimersByTime(ENTRY_WAIT_CAP_MS - 1);
    expect(p.added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
    p.report([{ name: '', element: p.poster }]);
    vi.advanceTimersByTime(1);
    expect(p.added).toHaveLength(1);
  });
});
