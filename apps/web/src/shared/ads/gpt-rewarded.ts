import type { SlotOutcome } from './slot-chain';

/**
 * The part of Google Publisher Tag (googletag) that rewarded ads use. Declared here rather than
 * pulled from a types package: these few members are all the app touches, and a test drives the
 * adapter through a fake with exactly this shape.
 */
export interface GptSlot {
  addService(service: GptPubAds): GptSlot;
}

interface SlotEvent {
  slot: GptSlot;
}
export interface GptEvents {
  rewardedSlotReady: SlotEvent & { makeRewardedVisible(): void };
  rewardedSlotGranted: SlotEvent & { payload: { type: string; amount: number } | null };
  rewardedSlotClosed: SlotEvent;
  slotRenderEnded: SlotEvent & { isEmpty: boolean };
}
export type GptEventType = keyof GptEvents;

export interface GptPubAds {
  addEventListener<K extends GptEventType>(type: K, listener: (event: GptEvents[K]) => void): void;
  removeEventListener<K extends GptEventType>(
    type: K,
    listener: (event: GptEvents[K]) => void,
  ): void;
}

export interface GoogleTag {
  cmd: { push(...commands: (() => void)[]): unknown };
  enums: { OutOfPageFormat: { REWARDED: number } };
  defineOutOfPageSlot(adUnitPath: string, format: number): GptSlot | null;
  pubads(): GptPubAds;
  enableServices(): void;
  display(slot: GptSlot): void;
  destroySlots(slots?: GptSlot[]): boolean;
}

/** GPT's script; its address is Google's, not configurable. */
export const GPT_SCRIPT_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';
/**
 * A slot that has neither become ready nor rendered empty by then counts as empty (an ad blocker
 * or a dead network never calls back), so the next slot or the no-stock notice follows.
 */
export const GPT_SLOT_TIMEOUT_MS = 10_000;

type WindowWithGpt = Window & { googletag?: Partial<GoogleTag> & { cmd?: unknown } };

/**
 * googletag with its command queue, loading gpt.js once. Commands pushed before the script
 * arrives run when it does (GPT's documented queue).
 */
export function loadGoogleTag(win: WindowWithGpt = window): GoogleTag {
  win.googletag ??= { cmd: [] };
  if (!win.document.querySelector(`script[src="${GPT_SCRIPT_URL}"]`)) {
    const script = win.document.createElement('script');
    script.src = GPT_SCRIPT_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    win.document.head.appendChild(script);
  }
  return win.googletag as GoogleTag;
}

/**
 * Shows one rewarded slot of an ad unit (GPT `defineOutOfPageSlot(..., REWARDED)`): visible when
 * rewardedSlotReady, granted on rewardedSlotGranted, finished on rewardedSlotClosed; an empty
 * render (slotRenderEnded isEmpty), a page that cannot show rewarded ads (null slot) or no answer
 * in time is 'empty'. The slot is destroyed afterwards so the next request defines a fresh one.
 */
export function showGptRewardedSlot(
  googletag: GoogleTag,
  adUnitPath: string,
  options: { timeoutMs?: number; onVisible?: () => void } = {},
): Promise<SlotOutcome> {
  const timeoutMs = options.timeoutMs ?? GPT_SLOT_TIMEOUT_MS;
  return new Promise<SlotOutcome>((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cleanup: (() => void) | undefined;
    const finish = (outcome: SlotOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      cleanup?.();
      resolve(outcome);
    };
    // Until the ad shows, silence counts as empty; once it shows, only its close ends it.
    timer = setTimeout(() => finish('empty'), timeoutMs);

    googletag.cmd.push(() => {
      if (settled) return;
      const slot = googletag.defineOutOfPageSlot(
        adUnitPath,
        googletag.enums.OutOfPageFormat.REWARDED,
      );
      if (!slot) {
        finish('empty');
        return;
      }
      const pubads = googletag.pubads();
      slot.addService(pubads);
      let granted = false;

      const onReady = (event: GptEvents['rewardedSlotReady']) => {
        if (event.slot !== slot) return;
        clearTimeout(timer);
        timer = undefined;
        event.makeRewardedVisible();
        options.onVisible?.();
      };
      const onGranted = (event: GptEvents['rewardedSlotGranted']) => {
        if (event.slot === slot) granted = true;
      };
      const onClosed = (event: GptEvents['rewardedSlotClosed']) => {
        if (event.slot === slot) finish(granted ? 'granted' : 'canceled');
      };
      const onRenderEnded = (event: GptEvents['slotRenderEnded']) => {
        if (event.slot === slot && event.isEmpty) finish('empty');
      };
      pubads.addEventListener('rewardedSlotReady', onReady);
      pubads.addEventListener('rewardedSlotGranted', onGranted);
      pubads.addEventListener('rewardedSlotClosed', onClosed);
      pubads.addEventListener('slotRenderEnded', onRenderEnded);
      cleanup = () => {
        pubads.removeEventListener('rewardedSlotReady', onReady);
        pubads.removeEventListener('rewardedSlotGranted', onGranted);
        pubads.removeEventListener('rewardedSlotClosed', onClosed);
        pubads.removeEventListener('slotRenderEnded', onRenderEnded);
        googletag.destroySlots([slot]);
      };

      googletag.enableServices();
      googletag.display(slot);
    });
  });
}
