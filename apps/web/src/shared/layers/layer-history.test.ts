import { describe, expect, it, vi } from 'vitest';
import { LAYER_ENTRY, afterLayerEntryReleased } from './layer-history';

function fakeWindow(state: unknown) {
  const target = new EventTarget();
  return {
    history: { state } as History,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    pop: () => target.dispatchEvent(new Event('popstate')),
  };
}

describe('afterLayerEntryReleased', () => {
  it('goes at once when no layer entry is on top', () => {
    const go = vi.fn();
    afterLayerEntryReleased(go, fakeWindow({ idx: 3 }));
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('waits for the layer entry to be popped, then goes once', () => {
    vi.useFakeTimers();
    const go = vi.fn();
    const win = fakeWindow({ idx: 3, [LAYER_ENTRY]: true });
    afterLayerEntryReleased(go, win);
    expect(go).not.toHaveBeenCalled();
    win.pop();
    expect(go).toHaveBeenCalledTimes(1);
    win.pop();
    vi.runAllTimers();
    expect(go).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('goes anyway when the entry is never given back', () => {
    vi.useFakeTimers();
    const go = vi.fn();
    afterLayerEntryReleased(go, fakeWindow({ [LAYER_ENTRY]: true }));
    vi.advanceTimersByTime(399);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
