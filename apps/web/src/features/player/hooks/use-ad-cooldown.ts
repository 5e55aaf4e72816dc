import { useEffect, useState } from 'react';
import { AD_COOLDOWN_TICK_MS, adCooldownRemaining } from '@snapdrama/rules';

/** Where the last ad unlock time is kept (spec §3: last_unlock_time, YYYY-MM-DD HH:mm:ss). */
export const LAST_UNLOCK_TIME_KEY = 'last_unlock_time';

/** Seconds left of the ad cooldown, re-checked every second (spec §9). */
export function useAdCooldown(): number {
  const read = () =>
    adCooldownRemaining(window.localStorage.getItem(LAST_UNLOCK_TIME_KEY), Date.now());
  const [remaining, setRemaining] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setRemaining(read()), AD_COOLDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return remaining;
}
