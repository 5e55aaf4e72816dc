import { describe, expect, it } from 'vitest';
import { createSwipeGesture, type GesturePointerEvent } from './swipe-gesture';

const at = (timeStamp: number, clientY: number, pointerId = 1): GesturePointerEvent => ({
  pointerId,
  timeStamp,
  clientY,
});

describe('swipe gesture', () => {
  it('lands a slow drag past a quarter and settles a slow short one', () => {
    const gesture = createSwipeGesture();
    gesture.down(at(0, 700));
    for (let t = 16; t <= 800; t += 16) gesture.move(at(t, 700 - (300 * t) / 800));
    expect(gesture.release(800, 844)).toBe('next');

    gesture.down(at(0, 100));
    for (let t = 16; t <= 800; t += 16) gesture.move(at(t, 100 + (150 * t) / 800));
    expect(gesture.release(800, 844)).toBe('stay');
  });

  it('reads the moves a busy page merged into one event', () => {
    const gesture = createSwipeGesture();
    gesture.down(at(0, 700));
    // one event at 96 ms carrying six samples: a flick of 100 px in 96 ms
    const merged = [16, 32, 48, 64, 80, 96].map((t) => ({ timeStamp: t, clientY: 700 - t * 1.04 }));
    gesture.move({ ...at(96, 600), getCoalescedEvents: () => merged });
    expect(gesture.release(96, 844)).toBe('next');
  });

  it('ignores another pointer and starts afresh after a release', () => {
    const gesture = createSwipeGesture();
    gesture.down(at(0, 700));
    gesture.move(at(400, 100, 2));
    expect(gesture.release(800, 844)).toBe('stay');
    // no down since: nothing to decide
    gesture.move(at(900, 100));
    expect(gesture.release(1_000, 844)).toBe('stay');
  });
});
