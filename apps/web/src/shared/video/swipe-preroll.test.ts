import { describe, expect, it } from 'vitest';
import { createSwipePreroll, type DragState, type PrerollVideo } from './swipe-preroll';

interface FakeVideo extends PrerollVideo {
  paused: boolean;
  plays: number;
}

function fakeVideo(readyState = 4): FakeVideo {
  return {
    paused: true,
    readyState,
    muted: false,
    currentTime: 0,
    plays: 0,
    play() {
      this.paused = false;
      this.plays++;
      this.currentTime = 0.2;
      return Promise.resolve();
    },
    pause() {
      this.paused = true;
    },
  };
}

const HEIGHT = 800;

function drag(videos: (PrerollVideo | null)[], activeIndex: number, diff: number): DragState {
  return {
    activeIndex,
    height: HEIGHT,
    touches: { diff },
    slides: videos.map((video) => ({ querySelector: () => video })),
  };
}

describe('swipe pre-roll', () => {
  it('starts the next slide muted once the drag passes a quarter of the slide, once', () => {
    const [current, next] = [fakeVideo(), fakeVideo()];
    const preroll = createSwipePreroll(() => true);
    preroll.onMove(drag([current, next], 0, -199));
    expect(next.paused).toBe(true);
    preroll.onMove(drag([current, next], 0, -200));
    preroll.onMove(drag([current, next], 0, -600));
    expect(next).toMatchObject({ paused: false, muted: true, plays: 1 });
    expect(current.plays).toBe(0);
  });

  it('starts the previous slide on a drag down', () => {
    const [previous, current] = [fakeVideo(), fakeVideo()];
    const preroll = createSwipePreroll(() => true);
    preroll.onMove(drag([previous, current], 1, 500));
    expect(previous.paused).toBe(false);
  });

  it('stops and rewinds it when the drag goes back under a quarter', () => {
    const next = fakeVideo();
    const preroll = createSwipePreroll(() => true);
    preroll.onMove(drag([fakeVideo(), next], 0, -500));
    preroll.onMove(drag([fakeVideo(), next], 0, -150));
    expect(next).toMatchObject({ paused: true, currentTime: 0 });
  });

  it('keeps the slide the swipe landed on playing and stops it when the swiper stayed', () => {
    const next = fakeVideo();
    const preroll = createSwipePreroll(() => true);
    preroll.onMove(drag([fakeVideo(), next], 0, -500));
    preroll.stop(next);
    expect(next.paused).toBe(false);

    const other = fakeVideo();
    preroll.onMove(drag([fakeVideo(), other], 0, -500));
    preroll.stop();
    expect(other).toMatchObject({ paused: true, currentTime: 0 });
  });

  it('leaves alone a slide without a decoded frame, a locked slide, the last slide and autoplay off', () => {
    const loading = fakeVideo(1);
    createSwipePreroll(() => true).onMove(drag([fakeVideo(), loading], 0, -500));
    expect(loading.plays).toBe(0);

    // a locked slide has no video; past the last slide there is none
    expect(() =>
      createSwipePreroll(() => true).onMove(drag([fakeVideo(), null], 0, -500)),
    ).not.toThrow();
    expect(() => createSwipePreroll(() => true).onMove(drag([fakeVideo()], 0, -500))).not.toThrow();

    const next = fakeVideo();
    createSwipePreroll(() => false).onMove(drag([fakeVideo(), next], 0, -500));
    expect(next.plays).toBe(0);
  });
});
