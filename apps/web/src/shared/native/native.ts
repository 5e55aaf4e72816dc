import type {
  AdPlatform,
  NativeMessageType,
  NativePlatform,
  NativeRequestPayload,
} from '@snapdrama/contract';
import {
  createNativeBridge,
  detectNativeHost,
  type NativeBridge,
  type NativeOutcome,
} from './bridge';

/** Messages that wait on the viewer (a sign-in sheet, a purchase, an ad, the share sheet). */
const INTERACTIVE: ReadonlySet<NativeMessageType> = new Set([
  'googleLogin',
  'kakaoLogin',
  'facebookLogin',
  'appleLogin',
  'rewardAds',
  'purchaseProduct',
  'nativeShare',
  'showPrivacyOptions',
]);
const INTERACTIVE_TIMEOUT_MS = 10 * 60_000;
const QUICK_TIMEOUT_MS = 15_000;

let bridge: NativeBridge | null = null;
let counter = 0;

/**
 * The app's bridge, or null on the web. Made at the first use once a host is there: the real host
 * injects itself before the page runs; the simulator, when switched on, just before start-up.
 */
export function nativeBridge(): NativeBridge | null {
  if (bridge) return bridge;
  const host = detectNativeHost(window);
  bridge = host
    ? createNativeBridge({
        host,
        events: window,
        makeId: () => `w${Date.now().toString(36)}-${(counter++).toString(36)}`,
        logError: (message, detail) => console.error(message, detail ?? ''),
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
        defaultTimeoutMs: QUICK_TIMEOUT_MS,
      })
    : null;
  return bridge;
}

export const isNativeApp = () => nativeBridge() !== null;

export function nativePlatform(): NativePlatform | null {
  return nativeBridge()?.platform ?? null;
}

/** The ad platform of the server's ad views: aos/ios in the app, web otherwise. */
export function adPlatform(): AdPlatform {
  const platform = nativePlatform();
  if (platform === 'android') return 'aos';
  if (platform === 'ios') return 'ios';
  return 'web';
}

/**
 * Sends a message to the host with the timeout its kind needs. Outside the app the answer is
 * `unsupported`, logged (spec §8 "the native bridge logs an error when unsupported").
 */
export function askNative<T extends NativeMessageType>(
  type: T,
  payload: NativeRequestPayload<T>,
  options?: { timeoutMs?: number },
): Promise<NativeOutcome<T>> {
  const current = nativeBridge();
  if (!current) {
    console.error(`native bridge: ${type} is not supported outside the app`);
    return Promise.resolve({ status: 'unsupported', message: undefined });
  }
  return current.request(type, payload, {
    timeoutMs:
      options?.timeoutMs ?? (INTERACTIVE.has(type) ? INTERACTIVE_TIMEOUT_MS : QUICK_TIMEOUT_MS),
  });
}

export type { NativeOutcome };

/** The drama's ad tag for where the page runs (spec §3, §5): web_tag, or aos_tag / ios_tag in the app. */
export function platformAdTag(drama: {
  web_tag: string | null;
  aos_tag: string | null;
  ios_tag: string | null;
}): string | null {
  const platform = nativePlatform();
  if (platform === 'android') return drama.aos_tag;
  if (platform === 'ios') return drama.ios_tag;
  return drama.web_tag;
}
