import { describe, expect, it } from 'vitest';
import { inQuietWindow, minuteOfDayIn, pushSendableAt, streakAboutToBreak } from './push';

describe('quiet hours', () => {
  it.each([
    [23 * 60, 22 * 60, 8 * 60, true],
    [7 * 60 + 59, 22 * 60, 8 * 60, true],
    [8 * 60, 22 * 60, 8 * 60, false],
    [12 * 60, 22 * 60, 8 * 60, false],
    [13 * 60, 12 * 60, 14 * 60, true],
    [14 * 60, 12 * 60, 14 * 60, false],
    [0, 600, 600, false],
  ])('minute %i in [%i, %i): %s', (minute, start, end, want) => {
    expect(inQuietWindow(minute, start, end)).toBe(want);
  });

  it('reads the wall clock of the viewer zone', () => {
    // 03:00 UTC is 12:00 in Seoul
    expect(minuteOfDayIn(new Date('2026-01-15T03:00:00Z'), 'Asia/Seoul')).toBe(12 * 60);
    expect(minuteOfDayIn(new Date('2026-01-15T03:00:00Z'), 'UTC')).toBe(3 * 60);
  });

  it('outside quiet hours a reminder goes now; inside, when they end', () => {
    const quiet = { timeZone: 'Asia/Seoul', start: 22 * 60, end: 8 * 60 };
    const noon = new Date('2026-01-15T03:00:00Z');
    expect(pushSendableAt(noon, quiet)).toEqual(noon);
    // 23:30 in Seoul -> 08:00 the next morning in Seoul (23:00 UTC)
    expect(pushSendableAt(new Date('2026-01-15T14:30:20Z'), quiet)).toEqual(
      new Date('2026-01-15T23:00:00Z'),
    );
    // 02:00 in Seoul -> 08:00 the same morning
    expect(pushSendableAt(new Date('2026-01-15T17:00:00Z'), quiet)).toEqual(
      new Date('2026-01-15T23:00:00Z'),
    );
  });
});

describe('attendance streak about to break', () => {
  const base = { today: '2026-01-15', yesterday: '2026-01-14', localMinute: 20 * 60 };
  it('checked in yesterday, not today, in the evening', () => {
    expect(streakAboutToBreak({ ...base, lastCheckInDay: '2026-01-14' })).toBe(true);
  });
  it('not before the evening, not after today check-in, not without a streak', () => {
    expect(streakAboutToBreak({ ...base, lastCheckInDay: '2026-01-14', localMinute: 600 })).toBe(
      false,
    );
    expect(streakAboutToBreak({ ...base, lastCheckInDay: '2026-01-15' })).toBe(false);
    expect(streakAboutToBreak({ ...base, lastCheckInDay: '2026-01-10' })).toBe(false);
    expect(streakAboutToBreak({ ...base, lastCheckInDay: null })).toBe(false);
  });
});
