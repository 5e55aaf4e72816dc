/**
 * Push reminders' clock rules (decision 1520): quiet hours in the viewer's zone, deferred (never
 * dropped) to the minute they end; the viewer's day for the once-a-day keys; "evening" for the
 * attendance streak reminder.
 */
import { formatInZone, serviceDay } from './service-day';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** Minutes after local midnight (0-1439) of an instant in a zone. */
export function minuteOfDayIn(instant: Date | number, timeZone: string): number {
  const wall = formatInZone(instant, timeZone); // YYYY-MM-DDTHH:MM:SS+hh:mm
  return Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
}

/** Whether `minute` lies in [start, end) of a window that may cross midnight; start = end: none. */
export function inQuietWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a reminder may go: `now` outside quiet hours, else the instant they end (the first whole
 * minute at `end` in the zone).
 */
export function pushSendableAt(
  now: Date,
  quiet: { timeZone: string; start: number; end: number },
): Date {
  const minute = minuteOfDayIn(now, quiet.timeZone);
  if (!inQuietWindow(minute, quiet.start, quiet.end)) return now;
  const wait = (quiet.end - minute + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(startOfMinute + wait * MINUTE_MS);
}

/** The viewer's day (YYYY-MM-DD) in their zone. */
export const viewerDay = (instant: Date | number, timeZone: string): string =>
  serviceDay(instant, timeZone);

/** From this local time the attendance streak reminder may go (20:00). */
export const STREAK_REMINDER_FROM_MINUTE = 20 * 60;

/**
 * The streak is about to break: the viewer checked in on the day before their service day, not
 * on it, and it is evening where they are.
 */
export function streakAboutToBreak(input: {
  lastCheckInDay: string | null;
  today: string;
  yesterday: string;
  localMinute: number;
}): boolean {
  return (
    input.lastCheckInDay === input.yesterday &&
    input.lastCheckInDay !== input.today &&
    input.localMinute >= STREAK_REMINDER_FROM_MINUTE
  );
}
