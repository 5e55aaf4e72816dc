let grouped: Intl.NumberFormat | undefined;

/**
 * Numbers with thousands separators (spec §9). Whole numbers (coins, counts: all the app shows)
 * are grouped by hand: a page's first `Intl.NumberFormat` loads the browser's number data, 55-105
 * ms on the 2-core benchmark machine, on the player's cold start path (decision 0500). Anything
 * else goes through one formatter kept for the page's life.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  grouped ??= new Intl.NumberFormat('en-US');
  return grouped.format(value);
}

/** A duration in seconds as mm:ss (spec §9). */
export function formatDuration(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
