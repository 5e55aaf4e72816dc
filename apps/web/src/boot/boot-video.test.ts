import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EpisodeStartData } from '@snapdrama/contract';
import { VIDEO_SETTINGS_KEY } from '../shared/session/storage-keys';
import { BOOT_SEGMENTS, startBootVideo } from './boot-video';
import { takeBootVideo, type BootVideo } from '../shared/boot/handoff';

const q = 'expires=4000000000&sig=abc';
const base = 'https://snap.example/7/3';
const master = `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=480x854,CODECS="avc1.64001e,mp4a.40.2"\n480p/index.m3u8?${q}`;
const media = [
  '#EXTM3U',
  `#EXT-X-MAP:URI="init.mp4?${q}"`,
  ...['000', '001', '002', '003'].flatMap((n) => ['#EXTINF:1,', `seg_${n}.m4s?${q}`]),
  '#EXT-X-ENDLIST',
].join('\n');
const start: EpisodeStartData = {
  logId: 'l1',
  videoUrlList: [{ quality: 'Auto', videoUrl: `/media/7/3/master.m3u8?${q}` }],
  playlistList: [
    { videoUrl: `/media/7/3/master.m3u8?${q}`, playlist: master },
    { videoUrl: `/media/7/3/480p/index.m3u8?${q}`, playlist: media },
  ],
};
const mobile = { quality: 'Auto', heightPx: 844, isMobile: true, base } as const;

/** A SourceBuffer that takes each append in a task of its own, as a browser's does. */
class FakeSourceBuffer extends EventTarget {
  appended: string[] = [];
  updating = false;
  constructor(readonly mime: string) {
    super();
  }
  appendBuffer(bytes: ArrayBuffer) {
    this.appended.push(new TextDecoder().decode(bytes));
    this.updating = true;
    setTimeout(() => {
      this.updating = false;
      this.dispatchEvent(new Event('updateend'));
    }, 0);
  }
}

class FakeMediaSource extends EventTarget {
  static isTypeSupported = (type: string) => type.startsWith('video/mp4; codecs="avc1');
  buffers: FakeSourceBuffer[] = [];
  addSourceBuffer(mime: string) {
    const buffer = new FakeSourceBuffer(mime);
    this.buffers.push(buffer);
    return buffer;
  }
}

function page(
  options: { settings?: object; hidden?: boolean; mse?: boolean; failing?: string } = {},
) {
  const played: boolean[] = [];
  const video = {
    dataset: {} as Record<string, string>,
    style: { cssText: '' },
    attributes: new Map<string, string>(),
    muted: false,
    preload: '',
    src: '',
    playbackRate: 1,
    refuseSound: false,
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    },
    removeAttribute(name: string) {
      this.attributes.delete(name);
    },
    play: vi.fn(function (this: { muted: boolean; refuseSound: boolean }) {
      if (this.refuseSound && !this.muted)
        return Promise.reject(new DOMException('no sound without a gesture', 'NotAllowedError'));
      played.push(this.muted);
      return Promise.resolve();
    }),
    pause: vi.fn(),
    remove: vi.fn(),
    load: vi.fn(),
  };
  const fetched: string[] = [];
  const body = { append: vi.fn() };
  const win = {
    localStorage: {
      getItem: (key: string) =>
        key === VIDEO_SETTINGS_KEY && options.settings
          ? JSON.stringify({ state: options.settings, version: 0 })
          : null,
    } as Storage,
    fetch: ((url: string) => {
      fetched.push(url);
      const file = /\/([^/?]+)\?/.exec(url)?.[1] ?? url;
      return Promise.resolve(
        file === options.failing
          ? new Response('gone', { status: 403 })
          : new Response(new TextEncoder().encode(file)),
      );
    }) as typeof fetch,
    document: {
      visibilityState: options.hidden ? 'hidden' : 'visible',
      createElement: () => video,
      body,
    } as unknown as Document,
    MediaSource:
      options.mse === false ? undefined : (FakeMediaSource as unknown as typeof MediaSource),
    snapdramaBootVideo: undefined as BootVideo | undefined,
  };
  return { win, video, fetched, played, body };
}

/** Opens the MediaSource the boot video made, and lets its appends run. */
async function open(win: ReturnType<typeof page>['win']) {
  const source = win.snapdramaBootVideo?.mediaSource as unknown as FakeMediaSource;
  source.dispatchEvent(new Event('sourceopen'));
  await vi.advanceTimersByTimeAsync(10);
  return source;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:boot');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a cold player link's first seconds from the boot script", () => {
  it('plays the start rendition: its init segment and first segments, in order', async () => {
    const { win, video, fetched, played, body } = page();
    const done = vi.fn();
    expect(startBootVideo(win, '7/3', start, mobile, done)).toBe(true);
    // over the first screen, as the active episode
    expect(body.append).toHaveBeenCalledWith(video);
    expect(video.dataset).toEqual({ episode: '3', active: 'true' });
    expect(video.src).toBe('blob:boot');
    // everything asked for at once, before the MediaSource opened
    expect(fetched).toEqual(
      ['init.mp4', 'seg_000.m4s', 'seg_001.m4s', 'seg_002.m4s'].map(
        (file) => `https://snap.example/media/7/3/480p/${file}?${q}`,
      ),
    );
    expect(fetched).toHaveLength(1 + BOOT_SEGMENTS);
    const source = await open(win);
    const [buffer] = source.buffers;
    expect(buffer?.mime).toBe('video/mp4; codecs="avc1.64001e,mp4a.40.2"');
    expect(buffer?.appended).toEqual(['init.mp4', 'seg_000.m4s', 'seg_001.m4s', 'seg_002.m4s']);
    // with sound (the stored default), once the first media segment was in
    expect(played).toEqual([false]);
    expect(done).toHaveBeenCalledOnce();
    // for the episode's slide to take over
    const handoff = win.snapdramaBootVideo;
    expect(handoff).toMatchObject({ key: '7/3', src: `/media/7/3/master.m3u8?${q}` });
    expect(handoff?.buffer).toBe(buffer);
    expect(handoff?.mutedByPolicy).toBeUndefined();
  });

  it('plays muted when autoplay with sound is refused, and says so for the unmute button', async () => {
    const { win, video, played } = page();
    video.refuseSound = true;
    startBootVideo(win, '7/3', start, mobile, () => undefined);
    await open(win);
    expect(played).toEqual([true]);
    expect(win.snapdramaBootVideo?.mutedByPolicy).toBe(true);
  });

  it("applies the viewer's stored sound and speed", async () => {
    const { win, video, played } = page({ settings: { muted: true, speed: 'fast' } });
    startBootVideo(win, '7/3', start, mobile, () => undefined);
    await open(win);
    expect(played).toEqual([true]);
    expect(video.playbackRate).toBeGreaterThan(1);
  });

  it.each([
    ['on the desktop layout', {}, { ...mobile, isMobile: false }],
    ['with autoplay switched off', { settings: { autoplay: false } }, mobile],
    ['in a hidden tab', { hidden: true }, mobile],
    ['without Media Source Extensions', { mse: false }, mobile],
  ])('does nothing %s: the player starts as before', (_name, options, screen) => {
    const { win, fetched, body } = page(options);
    const done = vi.fn();
    expect(startBootVideo(win, '7/3', start, screen, done)).toBe(false);
    expect(fetched).toEqual([]);
    expect(body.append).not.toHaveBeenCalled();
    expect(win.snapdramaBootVideo).toBeUndefined();
  });

  it('takes the video down when a segment fails, and lets the app start', async () => {
    const { win, video } = page({ failing: 'seg_000.m4s' });
    const done = vi.fn();
    startBootVideo(win, '7/3', start, mobile, done);
    await open(win);
    expect(video.remove).toHaveBeenCalled();
    expect(win.snapdramaBootVideo).toBeUndefined();
    expect(done).toHaveBeenCalledOnce();
  });

  it('stops appending once the slide has taken it over: the buffer is hls.js’s then', async () => {
    const { win, video } = page();
    startBootVideo(win, '7/3', start, mobile, () => undefined);
    const source = win.snapdramaBootVideo?.mediaSource as unknown as FakeMediaSource;
    source.dispatchEvent(new Event('sourceopen'));
    // taken over as soon as its buffer exists, before the segments are in
    expect(takeBootVideo(win, video as unknown as HTMLVideoElement)).toBeDefined();
    await vi.advanceTimersByTimeAsync(10);
    expect(source.buffers[0]?.appended).toEqual([]);
    expect(video.remove).not.toHaveBeenCalled();
  });
});
