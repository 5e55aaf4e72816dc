import { useEffect } from 'react';
import { DEVTOOLS_CHECK_MS, devtoolsDocked, hasDebugMarker } from '@snapdrama/rules';

/**
 * Spec §2: a debugger trap fires when developer tools are docked (window and viewport differ by
 * over 200 px, checked every second), unless the address carries the debug-mode marker
 * (`?debug`). It only deters casual inspection of the player; the server never trusts the client.
 */
export function useDevtoolsTrap() {
  useEffect(() => {
    if (hasDebugMarker(window.location.search)) return;
    const timer = window.setInterval(() => {
      if (hasDebugMarker(window.location.search) || !devtoolsDocked(window)) return;
      // eslint-disable-next-line no-debugger -- the trap itself (spec §2); pauses only with devtools open
      debugger;
    }, DEVTOOLS_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
}
