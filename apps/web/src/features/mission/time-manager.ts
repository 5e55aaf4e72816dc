import { msUntilDayRefresh } from '@snapdrama/rules';

/** Refresh offset after the server day starts (spec §9: 5 s). */
export const DAY_REFRESH_OFFSET_MS = 5000;

/**
 * The server's clock seen from this browser: the difference between the server time user info
 * answered with and the browser time it arrived. Daily state follows the server's day.
 */
export function serverClockSkewMs(currentDateTime: string | undefined, receivedAtMs: number) {
  const server = currentDateTime ? Date.parse(currentDateTime) : Number.NaN;
  return Number.isFinite(server) && receivedAtMs > 0 ? server - receivedAtMs : 0;
}

/**
 * Time manager (spec §4): ms until the next server-day start + 5 s, or null when there is
 * nothing to wait for (no day start known, or it is already past: data from before midnight is
 * refetched by the one refresh that found it, not by a loop).
 */
export function dayRefreshDelay(nextDayStart: string | undefined, serverNowMs: number) {
  const start = nextDayStart ? Date.parse(nextDayStart) : Number.NaN;
  if (!Number.isFinite(start) || start <= serverNowMs) return null;
  return msUntilDayRefresh(serverNowMs, start, DAY_REFRESH_OFFSET_MS);
}
