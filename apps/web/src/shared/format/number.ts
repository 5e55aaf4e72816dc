/** Numbers with thousands separators (spec §9). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** A duration in seconds as mm:ss (spec §9). */
export function formatDuration(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
