import { NATIVE_PLATFORMS, type NativePlatform } from '@snapdrama/contract';

/*
 * Detection only, with no schema: it is in the main bundle. The bridge (with the protocol's Zod
 * schemas) loads only when a host is there.
 */

/** What the host injects into the page before its scripts run (docs/native-bridge.md). */
export interface NativeHostHandle {
  platform: NativePlatform;
  postMessage: (message: string) => void;
}

declare global {
  interface Window {
    SnapDramaHost?: unknown;
  }
}

/** The host handle, if this page runs inside the app wrapper (or its simulator). */
export function detectNativeHost(win: Pick<Window, 'SnapDramaHost'>): NativeHostHandle | null {
  const host = win.SnapDramaHost as Partial<NativeHostHandle> | null | undefined;
  if (!host || typeof host !== 'object' || typeof host.postMessage !== 'function') return null;
  if (!NATIVE_PLATFORMS.includes(host.platform as NativePlatform)) return null;
  const post = host.postMessage.bind(host);
  return { platform: host.platform as NativePlatform, postMessage: post };
}
