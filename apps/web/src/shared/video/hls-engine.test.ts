import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HlsOwner } from './hls-engine';

/**
 * hls.js as the player's set-up sees it (hls-engine.ts): the settings it was made with, the
 * handlers it was given, and what the set-up decided on it. The tests run without a DOM.
 */
class FakeHls {
  static Events = {
    MANIFEST_PARSED: 'manifestParsed',
    DESTROYING: 'destroying',
    LEVEL_SWITCHED: 'levelSwitched',
    ERROR: 'error',
  };
  static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
  static DefaultConfig = { loader: class {} };
  static made: FakeHls[] = [];
  handlers = new Map<string, ((event: string, data: unknown) => void)[]>();
  levels: { width: number; height: number }[] = [];
  autoLevelCapping = -1;
  startLevel = -1;
  loadLevel = -1;
  started: number | undefined;
  constructor(readonly config: Record<string, unknown>) {
    FakeHls.made.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }
  startLoad(position: number) {
    this.started = position;
  }
  loadSource() {}
  attachMedia() {}
}

vi.mock('hls.js/light', () => ({ default: FakeHls, FetchLoader: class {} }));
vi.mock('hls.js/dist/hls.worker.js?url', () => ({ default: '/assets/hls.worker.js' }));

/** The renditions of an episode, portrait: 480, 720 and 1080 lines. */
const LADDER = [
  { width: 480, height: 854 },
  { width: 720, height: 1280 },
  { width: 1080, height: 1920 },
];

/** The ResizeObservers the set-up made: their callbacks, and whether each still observes. */
const observers: { callback: () => void; observing: boolean }[] = [];

function stubWindow(options: { mobile: boolean }) {
  vi.stubGlobal('window', {
    devicePixelRatio: 2,
    innerHeight: 900,
    matchMedia: () => ({ matches: options.mobile }),
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: () => void; observing: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, observing: false };
        observers.push(this.entry);
      }
      observe() {
        this.entry.observing = true;
      }
      disconnect() {
        this.entry.observing = false;
      }
    },
  );
}

async function engine(options: { quality: 'Auto' | '480p' | '1080p'; playerCssHeight: number }) {
  const { createHls } = await import('./hls-engine');
  const video = { clientHeight: options.playerCssHeight } as HTMLVideoElement;
  let quality = options.quality;
  const onRendition = vi.fn<HlsOwner['onRendition']>();
  const onFatal = vi.fn<HlsOwner['onFatal']>();
  const owner: HlsOwner = { quality: () => quality, onRendition, onFatal };
  createHls(video, '/media/1/1/master.m3u8', { startPosition: -1, preload: false, owner });
  const hls = FakeHls.made.at(-1);
  if (!hls) throw new Error('createHls made no hls.js');
  hls.levels = LADDER;
  return {
    hls,
    video,
    onRendition,
    onFatal,
    setQuality: (q: typeof quality) => (quality = q),
    resize: (cssHeight: number) => {
      (video as { clientHeight: number }).clientHeight = cssHeight;
      for (const o of observers) if (o.observing) o.callback();
    },
  };
}

beforeEach(() => {
  FakeHls.made = [];
  observers.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe("the player's hls.js set-up", () => {
  it('caps Auto at the rendition that covers the player, and starts loading there', async () => {
    stubWindow({ mobile: false });
    // 400 CSS px at a device pixel ratio of 2: 800 device pixels, which 480p (854) covers
    const { hls } = await engine({ quality: 'Auto', playerCssHeight: 400 });
    expect(hls.started).toBeUndefined();
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    expect(hls.autoLevelCapping).toBe(0);
    expect(hls.startLevel).toBe(0);
    expect(hls.loadLevel).toBe(-1);
    expect(hls.started).toBe(-1);
  });

  it('moves the cap when the player grows or shrinks, within HD on a phone', async () => {
    stubWindow({ mobile: false });
    const desktop = await engine({ quality: 'Auto', playerCssHeight: 400 });
    desktop.hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    // fullscreen: 1400 device pixels, which only 1080p covers
    desktop.resize(700);
    expect(desktop.hls.autoLevelCapping).toBe(2);
    desktop.resize(300);
    expect(desktop.hls.autoLevelCapping).toBe(0);

    stubWindow({ mobile: true });
    const phone = await engine({ quality: 'Auto', playerCssHeight: 400 });
    phone.hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    phone.resize(700);
    // a phone's Auto stops at 720p however tall its player
    expect(phone.hls.autoLevelCapping).toBe(1);
  });

  it('holds a fixed quality: no cap, that level first, and a resize changes nothing', async () => {
    stubWindow({ mobile: false });
    const { hls, resize } = await engine({ quality: '1080p', playerCssHeight: 400 });
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    expect(hls.autoLevelCapping).toBe(-1);
    expect(hls.startLevel).toBe(2);
    expect(hls.loadLevel).toBe(2);
    resize(200);
    expect(hls.autoLevelCapping).toBe(-1);
  });

  it('caps again on a resize once the viewer went back to Auto', async () => {
    stubWindow({ mobile: false });
    const { hls, resize, setQuality } = await engine({ quality: '480p', playerCssHeight: 400 });
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    setQuality('Auto');
    resize(700);
    expect(hls.autoLevelCapping).toBe(2);
  });

  it('stops watching the player once hls.js is destroyed', async () => {
    stubWindow({ mobile: false });
    const { hls, resize } = await engine({ quality: 'Auto', playerCssHeight: 400 });
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    hls.emit(FakeHls.Events.DESTROYING, {});
    expect(observers.every((o) => !o.observing)).toBe(true);
    resize(700);
    expect(hls.autoLevelCapping).toBe(0);
  });

  it('tells the slide the rendition it switched to, and a fatal error by kind', async () => {
    stubWindow({ mobile: false });
    const { hls, onRendition, onFatal } = await engine({ quality: 'Auto', playerCssHeight: 400 });
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: LADDER });
    hls.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
    expect(onRendition).toHaveBeenCalledWith(720);
    hls.emit(FakeHls.Events.ERROR, { fatal: false, type: 'networkError' });
    hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'mediaError' });
    hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError' });
    expect(onFatal).toHaveBeenCalledTimes(2);
    expect(onFatal).toHaveBeenNthCalledWith(1, 'media');
    expect(onFatal).toHaveBeenNthCalledWith(2, 'other');
  });
});
