/**
 * The value axis of a chart that starts at 0: a "nice" top (1, 2, 2.5 or 5 times a power of ten,
 * at or above the largest value) and the ticks from 0 to it, about `count` of them.
 */
export function niceAxis(max: number, count = 4): { top: number; ticks: number[] } {
  if (!Number.isFinite(max) || max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough - 1e-9) ?? 10 * power;
  // whole numbers stay whole: viewers are counted, a step of 2.5 people is not an axis
  const whole = Number.isInteger(max) ? Math.max(1, Math.ceil(step)) : step;
  const top = Math.ceil(max / whole - 1e-9) * whole;
  const ticks: number[] = [];
  for (let v = 0; v <= top + whole / 2; v += whole) ticks.push(Math.round(v * 1e9) / 1e9);
  return { top, ticks };
}

/** Maps a value in [0, top] to a y in pixels, 0 at the bottom (`height`) and top at `0`. */
export const scaleY = (value: number, top: number, height: number) =>
  top <= 0 ? height : height - (Math.min(Math.max(value, 0), top) / top) * height;

/** The x of the i-th of n points spread over `width` (one point: the middle). */
export const scaleX = (i: number, n: number, width: number) =>
  n <= 1 ? width / 2 : (i / (n - 1)) * width;

/**
 * A heat cell's share of the strongest colour (0..1): the rate itself, so the same percentage
 * looks the same in every cohort. `null` (no week yet) has none.
 */
export const heatLevel = (rate: number | null) =>
  rate === null || !Number.isFinite(rate) ? 0 : Math.min(Math.max(rate, 0), 1);

/**
 * Which of n points get a label when at most `room` fit: every k-th from the first, and the last
 * (the one before it gives way when the two would touch).
 */
export function axisLabelIndexes(n: number, room: number): Set<number> {
  const every = Math.max(1, Math.ceil(n / Math.max(1, room)));
  const shown = new Set<number>();
  for (let i = 0; i < n; i += every) shown.add(i);
  if (n > 0) {
    const last = n - 1;
    const before = last - (last % every);
    if (before !== last && last - before < every) shown.delete(before);
    shown.add(last);
  }
  return shown;
}
