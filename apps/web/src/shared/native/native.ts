import {
  NATIVE_PROTOCOL_VERSION,
  type AdPlatform,
  type NativeMessageType,
  type NativePlatform,
  type NativeRequestPayload,
  type NativeWebEvent,
} from '@snapdrama/contract';
import type { NativeBridge, NativeOutcome } from './bridge';
import { detectNativeHost } from './native-host';

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

let bridge: Promise<NativeBridge> | null = null;
let counter = 0;
/** The messages the host said it implements (getAppVersion), once it answered. */
let hostMessages: ReadonlySet<string> | null = null;

/** Whether the page runs inside the app wrapper (or its simulator): the host handle is there. */
export const isNativeApp = () => detectNativeHost(window) !== null;

export function nativePlatform(): NativePlatform | null {
  return detectNativeHost(window)?.platform ?? null;
}

/**
 * The bridge, made at the first message once a host is there (the real host injects itself before
 * the page runs; the simulator, when switched on, just before start-up). Its code and the
 * protocol's schemas load only then: the web never downloads them.
 */
function loadBridge(): Promise<NativeBridge> | null {
  if (bridge) return bridge;
  const host = detectNativeHost(window);
  if (!host) return null;
  bridge = import('./bridge').then(({ createNativeBridge }) =>
    createNativeBridge({
      host,
      events: window,
      makeId: () => `w${Date.now().toString(36)}-${(counter++).toString(36)}`,
      logError: (message, detail) => console.error(message, detail ?? ''),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      defaultTimeoutMs: QUICK_TIMEOUT_MS,
    }),
  );
  return bridge;
}

/** The ad platform of the server's ad views: aos/ios in the app, web otherwise. */
export function adPlatform(): AdPlatform {
  const platform = nativePlatform();
  if (platform === 'android') return 'aos';
  if (platform === 'ios') return 'ios';
  return 'web';
}

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

/**
 * Sends a message to the host with the timeout its kind needs. Outside the app the answer is
 * `unsupported`, logged (spec §8 "the native bridge logs an error when unsupported").
 */
export async function askNative<T extends NativeMessageType>(
  type: T,
  payload: NativeRequestPayload<T>,
  options?: { timeoutMs?: number },
): Promise<NativeOutcome<T>> {
  const loading = loadBridge();
  if (!loading || (hostMessages && !hostMessages.has(type))) {
    console.error(
      `native bridge: ${type} is not supported ${loading ? 'by this app' : 'outside the app'}`,
    );
    return { status: 'unsupported', message: undefined };
  }
  const current = await loading;
  return current.request(type, payload, {
    timeoutMs:
      options?.timeoutMs ?? (INTERACTIVE.has(type) ? INTERACTIVE_TIMEOUT_MS : QUICK_TIMEOUT_MS),
  });
}

/**
 * Versioning (docs/native-bridge.md): after start-up the web asks the host which protocol and
 * messages it speaks; a message the host did not list is then not sent (an older app).
 */
export async function checkHostVersion(): Promise<void> {
  if (!isNativeApp()) return;
  const outcome = await askNative('getAppVersion', {});
  if (outcome.status !== 'ok') return;
  hostMessages = new Set(outcome.payload.messages);
  if (outcome.payload.protocolVersion < NATIVE_PROTOCOL_VERSION)
    console.error(
      `native bridge: the app speaks protocol ${outcome.payload.protocolVersion}, this page ${NATIVE_PROTOCOL_VERSION}`,
    );
}

/** A web → host event (no reply). */
export function notifyNative(event: NativeWebEvent['event']): void {
  void loadBridge()?.then((current) => current.notify(event));
}

export type { NativeOutcome };
