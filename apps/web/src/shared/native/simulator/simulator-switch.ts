import { NATIVE_PLATFORMS, type NativePlatform } from '@snapdrama/contract';
import {
  SIMULATOR_QUERY as QUERY,
  SIMULATOR_SWITCH_KEY as SWITCH_KEY,
} from '../../session/storage-keys';

/**
 * The simulator's switch: `?native-sim=ios` or `?native-sim=android` turns it on (kept for later
 * loads), `?native-sim=off` turns it off. Honoured only in a development build or on a loopback
 * host (the e2e server), so a link to the real site cannot turn a browser into a fake app.
 */
export function simulatorPlatform(win: Window): NativePlatform | null {
  const allowed =
    import.meta.env.DEV || ['localhost', '127.0.0.1', '[::1]'].includes(win.location.hostname);
  if (!allowed) return null;
  try {
    const asked = new URLSearchParams(win.location.search).get(QUERY);
    if (asked === 'off') win.localStorage.removeItem(SWITCH_KEY);
    else if (asked && NATIVE_PLATFORMS.includes(asked as NativePlatform))
      win.localStorage.setItem(SWITCH_KEY, asked);
    const chosen = win.localStorage.getItem(SWITCH_KEY);
    return NATIVE_PLATFORMS.includes(chosen as NativePlatform) ? (chosen as NativePlatform) : null;
  } catch {
    return null;
  }
}

/** Installs the simulator when switched on; its code loads only then. */
export async function startSimulatorIfSwitchedOn(win: Window): Promise<void> {
  const platform = simulatorPlatform(win);
  if (!platform || win.SnapDramaHost) return;
  const { installNativeSimulator } = await import('./native-simulator');
  installNativeSimulator(win, platform);
}
