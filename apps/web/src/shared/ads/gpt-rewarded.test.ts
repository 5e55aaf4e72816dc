import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  showGptRewardedSlot,
  type GoogleTag,
  type GptEvents,
  type GptEventType,
  type GptPubAds,
  type GptSlot,
} from './gpt-rewarded';
import { runSlotChain } from './slot-chain';

type Listener = (event: never) => void;

/**
 * A googletag that behaves like GPT for rewarded slots: each ad unit is scripted to render
 * empty, or to become ready and then (optionally) grant and close when the viewer acts.
 */
function fakeGoogleTag(script: Record<string, 'empty' | 'ad' | 'unsupported' | 'silent'>) {
  const listeners = new Map<GptEventType, Set<Listener>>();
  const defined: { unit: string; slot: GptSlot }[] = [];
  const destroyed: GptSlot[] = [];
  let visible: GptSlot | null = null;
  const emit = <K extends GptEventType>(type: K, event: GptEvents[K]) => {
    for (const l of listeners.get(type) ?? []) (l as (e: GptEvents[K]) => void)(event);
  };
  const pubads: GptPubAds = {
    addEventListener: (type, listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
  };
  const googletag: GoogleTag = {
    cmd: { push: (...commands) => commands.forEach((c) => c()) },
    enums: { OutOfPageFormat: { REWARDED: 4 } },
    defineOutOfPageSlot: (unit, format) => {
      expect(format).toBe(4);
      if (script[unit] === 'unsupported') return null;
      const slot: GptSlot = { addService: () => slot };
      defined.push({ unit, slot });
      return slot;
    },
    pubads: () => pubads,
    enableServices: () => undefined,
    display: (slot) => {
      const unit = defined.find((d) => d.slot === slot)?.unit ?? '';
      queueMicrotask(() => {
        switch (script[unit]) {
          case 'empty':
            emit('slotRenderEnded', { slot, isEmpty: true });
            return;
          case 'ad':
            emit('slotRenderEnded', { slot, isEmpty: false });
            emit('rewardedSlotReady', { slot, makeRewardedVisible: () => (visible = slot) });
            return;
          case 'silent':
          case 'unsupported':
          case undefined:
            return;
        }
      });
    },
    destroySlots: (slots) => {
      destroyed.push(...(slots ?? []));
      return true;
    },
  };
  return {
    googletag,
    destroyed,
    defined,
    visible: () => visible,
    watchToReward: () => {
      if (visible)
        emit('rewardedSlotGranted', { slot: visible, payload: { type: 'coin', amount: 1 } });
    },
    close: () => {
      if (visible) emit('rewardedSlotClosed', { slot: visible });
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('GPT rewarded slot', () => {
  it('shows a ready ad, grants on rewardedSlotGranted, ends on close and cleans up', async () => {
    const gpt = fakeGoogleTag({ '/1/a': 'ad' });
    const outcome = showGptRewardedSlot(gpt.googletag, '/1/a');
    await flush();
    expect(gpt.visible()).toBe(gpt.defined[0]?.slot);
    gpt.watchToReward();
    gpt.close();
    await expect(outcome).resolves.toBe('granted');
    expect(gpt.destroyed).toEqual([gpt.defined[0]?.slot]);
    expect(gpt.listenerCount()).toBe(0);
  });

  it('a close before the reward is a cancel', async () => {
    const gpt = fakeGoogleTag({ '/1/a': 'ad' });
    const outcome = showGptRewardedSlot(gpt.googletag, '/1/a');
    await flush();
    gpt.close();
    await expect(outcome).resolves.toBe('canceled');
  });

  it('an empty render, an unsupported page or silence count as empty', async () => {
    vi.useFakeTimers();
    const gpt = fakeGoogleTag({ '/1/e': 'empty', '/1/u': 'unsupported', '/1/s': 'silent' });
    const empty = showGptRewardedSlot(gpt.googletag, '/1/e');
    const unsupported = showGptRewardedSlot(gpt.googletag, '/1/u');
    const silent = showGptRewardedSlot(gpt.googletag, '/1/s', { timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(empty).resolves.toBe('empty');
    await expect(unsupported).resolves.toBe('empty');
    await expect(silent).resolves.toBe('empty');
    expect(gpt.listenerCount()).toBe(0);
  });

  it('an ad that is showing is not cut off by the timeout', async () => {
    vi.useFakeTimers();
    const gpt = fakeGoogleTag({ '/1/a': 'ad' });
    let settled = false;
    const outcome = showGptRewardedSlot(gpt.googletag, '/1/a', { timeoutMs: 1000 });
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    gpt.watchToReward();
    gpt.close();
    await expect(outcome).resolves.toBe('granted');
  });

  it('five slots: empty ones pass to the next, the first ad decides', async () => {
    const gpt = fakeGoogleTag({ '/1/a': 'empty', '/1/b': 'empty', '/1/c': 'ad', '/1/d': 'ad' });
    const outcome = runSlotChain(['/1/a', '/1/b', '/1/c', '/1/d', '/1/e'], async (unit) => {
      const shown = showGptRewardedSlot(gpt.googletag, unit);
      await flush();
      gpt.watchToReward();
      gpt.close();
      return shown;
    });
    await expect(outcome).resolves.toBe('granted');
    expect(gpt.defined.map((d) => d.unit)).toEqual(['/1/a', '/1/b', '/1/c']);
  });
});
