import type { CalendarDate } from '@snapdrama/rules';

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (the service day, spec: "daily" = zone midnight). */
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
