/** Daily attendance (spec §4 "Attendance", §9 "Attendance cycle 7 days", "Daily reset at midnight"). */
export const ATTENDANCE_CYCLE = 7;

/** A check-in: its day number in the cycle and its service day (YYYY-MM-DD). */
export interface AttendanceMark {
  cnscAtdn: number;
  day: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayOrdinal(day: string): number {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return dayOrdinal(to) - dayOrdinal(from);
}

export interface AttendanceState {
  /** checked in on `today` already */
  attendedToday: boolean;
  /**
   * The spec's "next day": today's count + 1 when attended today, else the last count + 1
   * (1 after day 7, 1 after a missed day, 1 with no check-in). Days below it show as checked.
   */
  nextDay: number;
  /** the day number a check-in on `today` records; null when already checked in today */
  checkInDay: number | null;
}

/**
 * Where a user stands in the 7-day cycle on `today`, from their latest check-in on or before
 * `today` (null if none). A missed day (a gap of two or more days) restarts the cycle at 1.
 */
export function attendanceState(latest: AttendanceMark | null, today: string): AttendanceState {
  if (!latest) return { attendedToday: false, nextDay: 1, checkInDay: 1 };
  const gap = daysBetween(latest.day, today);
  if (gap <= 0) {
    // a mark dated after today cannot be counted as today's (clock moved back): treat as today's
    return { attendedToday: true, nextDay: latest.cnscAtdn + 1, checkInDay: null };
  }
  const day = gap === 1 && latest.cnscAtdn < ATTENDANCE_CYCLE ? latest.cnscAtdn + 1 : 1;
  return { attendedToday: false, nextDay: day, checkInDay: day };
}

/** The bonus coins of a day number; 0 when no reward is set for it. */
export function attendanceRewardOf(
  rewards: readonly { cnscAtdn: number; coin: number }[],
  day: number,
): number {
  return rewards.find((r) => r.cnscAtdn === day)?.coin ?? 0;
}
