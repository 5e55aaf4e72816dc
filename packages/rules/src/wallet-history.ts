/** Coin history date ranges (spec §7 "Coin history range", §9 "Coin history range 6 months"). */
export const COIN_HISTORY_MAX_MONTHS = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A real calendar date written YYYY-MM-DD, or undefined. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function formatIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Calendar months added, the day clamped to the month's end (Aug 31 + 6 months = Feb 28/29). */
export function addMonths(d: CalendarDate, months: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

const ordinal = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);

/**
 * Why a history range is refused, or undefined when it is fine: both dates real, end not before
 * start, and start at most six calendar months before end.
 */
export function coinHistoryRangeProblem(startDate: string, endDate: string): string | undefined {
  const start = parseIsoDate(startDate);
  if (!start) return 'startDate: must be a date written YYYY-MM-DD';
  const end = parseIsoDate(endDate);
  if (!end) return 'endDate: must be a date written YYYY-MM-DD';
  if (ordinal(end) < ordinal(start)) return 'endDate: must not be before startDate';
  // measured back from the end, like the page's own "six months back to today"
  if (ordinal(start) < ordinal(addMonths(end, -COIN_HISTORY_MAX_MONTHS))) {
    return `endDate: the range may span at most ${COIN_HISTORY_MAX_MONTHS} months`;
  }
  return undefined;
}

/** The range the history page asks for: six months back to today (spec §7). */
export function defaultCoinHistoryRange(today: string): { startDate: string; endDate: string } {
  const d = parseIsoDate(today);
  if (!d) throw new RangeError(`not a date: ${today}`);
  return { startDate: formatIsoDate(addMonths(d, -COIN_HISTORY_MAX_MONTHS)), endDate: today };
}
