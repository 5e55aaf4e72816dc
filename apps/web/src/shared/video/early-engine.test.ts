import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEarlyEngineSlot, type EarlyEngine } from './early-engine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** An element as the slot sees it: something to tell apart (the tests run without a DOM). */
const element = () => ({}) as HTMLVideoElement;

const engine = (key = '1/3', src = '/media/1/3/master.m3u8?sig=a'): EarlyEngine<string> => ({
  key,
  src,
  video: element(),
  parts: 'hls',
});

const slot = () => {
  const dispose = vi.fn<(engine: EarlyEngine<string>) => void>();
  return Object.assign(createEarlyEngineSlot<string>({ unclaimedMs: 15_000, dispose }), {
    dispose,
  });
};

describe('the early engine slot', () => {
  it("shows the held engine's element to renders of its episode and source only", () => {
    const s = slot();
    const held = engine();
    s.hold(held);
    expect(s.peek('1/3', held.src)).toBe(held.video);
    // a render may look as often as it likes: the element stays for the effect to take
    expect(s.peek('1/3', held.src)).toBe(held.video);
    expect(s.peek('1/4', held.src)).toBeUndefined();
    // renewed URLs (another start) are not what the engine loads
    expect(s.peek('1/3', '/media/1/3/master.m3u8?sig=b')).toBeUndefined();
  });

  it('gives the engine to the slide whose element it is, once', () => {
    const s = slot();
    const held = engine();
    s.hold(held);
    expect(s.take(element())).toBeUndefined();
    expect(s.take(held.video)).toBe(held);
    expect(s.take(held.video)).toBeUndefined();
    expect(s.peek('1/3', held.src)).toBeUndefined();
    expect(s.isEmpty()).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(s.dispose).not.toHaveBeenCalled();
  });

  it('disposes of an engine nobody takes in time', () => {
    const s = slot();
    const held = engine();
    s.hold(held);
    vi.advanceTimersByTime(14_999);
    expect(s.dispose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(s.dispose).toHaveBeenCalledExactlyOnceWith(held);
    expect(s.take(held.video)).toBeUndefined();
    expect(s.isEmpty()).toBe(true);
  });

  it('drops a failed engine before anyone takes it: the slide makes its own', () => {
    const s = slot();
    const held = engine();
    s.hold(held);
    s.drop(held);
    expect(s.dispose).toHaveBeenCalledExactlyOnceWith(held);
    expect(s.take(held.video)).toBeUndefined();
    // dropping it again, or once taken, does nothing
    s.drop(held);
    expect(s.dispose).toHaveBeenCalledTimes(1);
  });

  it('does not drop an engine a slide has taken', () => {
    const s = slot();
    const held = engine();
    s.hold(held);
    s.take(held.video);
    s.drop(held);
    expect(s.dispose).not.toHaveBeenCalled();
  });

  it('holds one engine: a second is disposed of at once', () => {
    const s = slot();
    const first = engine();
    const second = engine('1/4');
    s.hold(first);
    s.hold(second);
    expect(s.dispose).toHaveBeenCalledExactlyOnceWith(second);
    expect(s.peek('1/3', first.src)).toBe(first.video);
  });
});
