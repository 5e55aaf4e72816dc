import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe("the page's first frame", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  it('lets what waits go once the first frame is shown, and later waits not at all', async () => {
    const { afterPageFirstFrame, markPageFirstFrame } = await import('./first-frame');
    let done = false;
    void afterPageFirstFrame(1_500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    markPageFirstFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);

    let later = false;
    void afterPageFirstFrame(1_500).then(() => (later = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  });

  it('lets it go after the cap when no frame comes (a locked or failed start)', async () => {
    const { afterPageFirstFrame } = await import('./first-frame');
    let done = false;
    void afterPageFirstFrame(1_500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
