/**
 * The service day and the service's wall clock (spec §9 "Daily reset at midnight"): "daily" means
 * midnight in the service's time zone. Attendance, missions, the wallet's expiry and reminders, the
 * dashboard and every timestamp a reply shows read the zone through this one module.
 */
import type { CalendarDate } from './wallet-history';

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

/** An instant's wall clock in a zone, by whole second. */
interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** +09:00, -03:30, +00:00 */
  offset: string;
}

/**
 * The last answer per zone, by whole second: a request asks about "now" several times, and
 * formatToParts is the expensive part (decision 1300).
 */
const lastWallClocks = new Map<string, { second: number; wall: WallClock }>();

function wallClock(ms: number, timeZone: string): WallClock {
  const second = Math.floor(ms / 1000);
  const last = lastWallClocks.get(timeZone);
  if (last && last.second === second) return last.wall;
  const parts = zonedFormat(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const wall: WallClock = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    offset: get('timeZoneName').replace('GMT', '') || '+00:00',
  };
  lastWallClocks.set(timeZone, { second, wall });
  return wall;
}

const instantMs = (instant: Date | number) =>
  typeof instant === 'number' ? instant : instant.getTime();

/** The service day (YYYY-MM-DD) of an instant in a time zone: "daily" means that zone's midnight. */
export function serviceDay(instant: Date | number, timeZone: string): string {
  const { year, month, day } = wallClock(instantMs(instant), timeZone);
  return `${year}-${month}-${day}`;
}

/**
 * The last `days` service days of an instant, its own day included (YYYY-MM-DD): the reports'
 * range when none is asked.
 */
export function lastServiceDays(
  instant: Date | number,
  timeZone: string,
  days: number,
): { from: string; to: string } {
  const to = serviceDay(instant, timeZone);
  const first = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000);
  return { from: first.toISOString().slice(0, 10), to };
}

/** ISO 8601 with the zone's offset, e.g. 2026-01-15T12:00:00+09:00 (no fractions). */
export function formatInZone(instant: Date | number, timeZone: string): string {
  const w = wallClock(instantMs(instant), timeZone);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${w.offset}`;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  // +HH:MM, or +HH:MM:SS for the local mean times of old dates
  const match = /^([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wallClock(instant, timeZone).offset);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return (match[1] === '-' ? -seconds : seconds) * 1000;
}

/** The instant a calendar day starts in a time zone (the service day's midnight). */
export function zonedDayStart(day: CalendarDate, timeZone: string): Date {
  const wallMidnight = Date.UTC(day.year, day.month - 1, day.day);
  let instant = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  // a second pass settles days whose offset differs from the first guess (DST changes)
  instant = wallMidnight - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** The calendar day after `day`. */
export function nextDay(day: CalendarDate): CalendarDate {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
