/** Every time-dependent rule reads time from here, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-15T03:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

/** One formatter per zone: making one costs far more than using it (every user info needs one). */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/** The last answer per zone, by whole second (the answer has no fractions): see formatInZone. */
const lastFormatted = new Map<string, { second: number; text: string }>();

/**
 * ISO 8601 with the given zone's offset, e.g. 2026-01-15T12:00:00+09:00. A request formats "now"
 * more than once and formatToParts is the expensive part: the last answer per zone is kept.
 */
export function formatInZone(date: Date, timeZone: string): string {
  const second = Math.floor(date.getTime() / 1000);
  const last = lastFormatted.get(timeZone);
  if (last && last.second === second) return last.text;
  const parts = zonedFormat(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const offset = get('timeZoneName').replace('GMT', '') || '+00:00';
  const text = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}${offset}`;
  lastFormatted.set(timeZone, { second, text });
  return text;
}
