import { useEffect, useState } from 'react';
import { AD_COOLDOWN_TICK_MS, adCooldownRemaining, formatLastUnlockTime } from '@snapdrama/rules';

/** Where the last ad unlock time is kept (spec §3: last_unlock_time, YYYY-MM-DD HH:mm:ss). */
export const LAST_UNLOCK_TIME_KEY = 'last_unlock_time';

/** Stores now as the last ad unlock (spec §4: on success). */
export function storeLastUnlockTime(now = new Date()): void {
  try {
    window.localStorage.setItem(LAST_UNLOCK_TIME_KEY, formatLastUnlockTime(now));
  } catch {
    // storage unavailable: the server's cooldown in user info still counts down
  }
}

/** The server's word on the cooldown: seconds left when user info arrived, and when that was. */
export interface ServerCooldown {
  seconds: number;
  receivedAt: number;
}

/** Seconds of a server cooldown still left now; the browser clock only measures time passed. */
export function serverCooldownLeft(server: ServerCooldown | undefined, nowMs: number): number {
  if (!server || server.seconds <= 0) return 0;
  return Math.max(0, server.seconds - Math.floor((nowMs - server.receivedAt) / 1000));
}

function localCooldownLeft(nowMs: number, cooldownSeconds: number): number {
  try {
    return adCooldownRemaining(
      window.localStorage.getItem(LAST_UNLOCK_TIME_KEY),
      nowMs,
      cooldownSeconds,
    );
  } catch {
    return 0;
  }
}

/**
 * Seconds left of the ad cooldown, re-checked every second (spec §9): the locally stored
 * last_unlock_time (this browser's unlocks) or the server's count (unlocks elsewhere), whichever
 * runs longer. `cooldownSeconds` is the operators' cooldown from the server (ad-config); until it
 * is known only the server's count holds the button, never a constant of the page.
 */
export function useAdCooldown(server?: ServerCooldown, cooldownSeconds?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AD_COOLDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const local = cooldownSeconds === undefined ? 0 : localCooldownLeft(now, cooldownSeconds);
  return Math.max(local, serverCooldownLeft(server, now));
}
