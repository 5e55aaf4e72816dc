/**
 * The period of an analytics page: service days (SERVICE_TIMEZONE, as the server counts them),
 * both included, kept in the address as `from` and `to` so Back and reload keep it.
 */
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30, which Date.parse rolls over). */
export const isDay = (value: string) => {
  if (!ISO_DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days);
/** service days from `from` to `to`, both included */
export const rangeLength = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

export interface DayRange {
  from: string;
  to: string;
}

/** The range in the address: both days, in order, or none (the server's default period). */
export function rangeFromAddress(params: URLSearchParams): Partial<DayRange> {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isDay(from) || !isDay(to) || from > to) return {};
  return { from, to };
}

export const RANGE_PRESETS = ['d7', 'd30', 'd90', 'month', 'last_month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset's days, counted back from the service day it is now (`today`, the server's). */
export function presetRange(preset: RangePreset, today: string): DayRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'd7':
      return { from: addDays(today, -6), to: today };
    case 'd30':
      return { from: addDays(today, -29), to: today };
    case 'd90':
      return { from: addDays(today, -89), to: today };
    case 'month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** What is wrong with two chosen days, or null. */
export function rangeProblem(
  range: { from: string; to: string },
  maxDays: number,
): 'missing' | 'order' | 'too_long' | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'missing';
  if (range.from > range.to) return 'order';
  if (rangeLength(range.from, range.to) > maxDays) return 'too_long';
  return null;
}
