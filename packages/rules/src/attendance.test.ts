import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ATTENDANCE_CYCLE,
  attendanceRewardOf,
  attendanceState,
  daysBetween,
  type AttendanceMark,
} from './attendance';
import { serviceDay } from './service-day';

describe('attendanceState', () => {
  it.each([
    { name: 'no check-in yet', latest: null, today: '2026-01-15', want: [false, 1, 1] },
    {
      name: 'yesterday day 1',
      latest: [1, '2026-01-14'],
      today: '2026-01-15',
      want: [false, 2, 2],
    },
    {
      name: 'yesterday day 6',
      latest: [6, '2026-01-14'],
      today: '2026-01-15',
      want: [false, 7, 7],
    },
    { name: 'week end wraps', latest: [7, '2026-01-14'], today: '2026-01-15', want: [false, 1, 1] },
    { name: 'missed a day', latest: [4, '2026-01-13'], today: '2026-01-15', want: [false, 1, 1] },
    { name: 'missed a month', latest: [2, '2025-12-01'], today: '2026-01-15', want: [false, 1, 1] },
    { name: 'today day 3', latest: [3, '2026-01-15'], today: '2026-01-15', want: [true, 4, null] },
    { name: 'today day 7', latest: [7, '2026-01-15'], today: '2026-01-15', want: [true, 8, null] },
    { name: 'across a month', latest: [2, '2026-01-31'], today: '2026-02-01', want: [false, 3, 3] },
    { name: 'across a year', latest: [5, '2025-12-31'], today: '2026-01-01', want: [false, 6, 6] },
    { name: 'leap day', latest: [1, '2028-02-28'], today: '2028-02-29', want: [false, 2, 2] },
  ] as const)('$name', ({ latest, today, want }) => {
    const mark: AttendanceMark | null = latest ? { cnscAtdn: latest[0], day: latest[1] } : null;
    const state = attendanceState(mark, today);
    expect([state.attendedToday, state.nextDay, state.checkInDay]).toEqual(want);
  });
});

describe('serviceDay', () => {
  it.each([
    // Asia/Seoul is UTC+9: its midnight is 15:00 UTC the day before
    ['2026-01-15T14:59:59Z', 'Asia/Seoul', '2026-01-15'],
    ['2026-01-15T15:00:00Z', 'Asia/Seoul', '2026-01-16'],
    ['2026-01-15T23:30:00Z', 'UTC', '2026-01-15'],
    ['2026-03-08T07:59:59Z', 'America/Los_Angeles', '2026-03-07'],
    ['2026-03-08T08:00:00Z', 'America/Los_Angeles', '2026-03-08'],
  ])('%s in %s is %s', (instant, zone, want) => {
    expect(serviceDay(new Date(instant), zone)).toBe(want);
  });
});

describe('serviceDay remembers its last answer per zone', () => {
  const fresh = (instant: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(instant));
    return parts;
  };

  it('answers anew when the second changes, also a millisecond across midnight', () => {
    const midnight = Date.parse('2026-01-15T15:00:00Z'); // Seoul's midnight of Jan 16
    expect(serviceDay(midnight - 1, 'Asia/Seoul')).toBe('2026-01-15');
    expect(serviceDay(midnight, 'Asia/Seoul')).toBe('2026-01-16');
    expect(serviceDay(midnight - 1, 'Asia/Seoul')).toBe('2026-01-15');
    expect(serviceDay(midnight - 1, 'UTC')).toBe('2026-01-15');
  });

  it('equals a fresh formatter for any sequence of instants and zones (property)', () => {
    const zones = ['Asia/Seoul', 'UTC', 'America/Los_Angeles', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
            repeat: fc.integer({ min: 0, max: 999 }),
            zone: fc.constantFrom(...zones),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (steps) => {
          for (const { at, repeat, zone } of steps) {
            expect(serviceDay(at, zone)).toBe(fresh(at, zone));
            // the same second again, another millisecond of it
            const again = Math.floor(at / 1000) * 1000 + repeat;
            expect(serviceDay(new Date(again), zone)).toBe(fresh(again, zone));
          }
        },
      ),
    );
  });
});

describe('attendance over a moved clock (properties)', () => {
  const zone = 'Asia/Seoul';
  const start = Date.UTC(2026, 0, 1, 15, 0, 0); // Seoul midnight of Jan 2

  /** Simulates check-ins at the given instants with the rule, as the server does. */
  function run(instants: number[]): { day: string; cnsc: number }[] {
    const marks: { day: string; cnsc: number }[] = [];
    for (const at of instants) {
      const today = serviceDay(at, zone);
      const last = marks.at(-1);
      const state = attendanceState(last ? { cnscAtdn: last.cnsc, day: last.day } : null, today);
      if (state.checkInDay !== null) marks.push({ day: today, cnsc: state.checkInDay });
    }
    return marks;
  }

  const moves = fc.array(fc.integer({ min: 0, max: 3 * 86_400_000 }), {
    minLength: 1,
    maxLength: 40,
  });
  const instantsOf = (steps: number[]) => {
    let t = start;
    return steps.map((s) => (t += s));
  };

  it('records at most one check-in per service day, day numbers always 1..7', () => {
    fc.assert(
      fc.property(moves, (steps) => {
        const marks = run(instantsOf(steps));
        const days = marks.map((m) => m.day);
        expect(new Set(days).size).toBe(days.length);
        for (const m of marks) {
          expect(m.cnsc).toBeGreaterThanOrEqual(1);
          expect(m.cnsc).toBeLessThanOrEqual(ATTENDANCE_CYCLE);
        }
      }),
    );
  });

  it('consecutive days count up and wrap after 7; any missed day restarts at 1', () => {
    fc.assert(
      fc.property(moves, (steps) => {
        const marks = run(instantsOf(steps));
        marks.forEach((m, i) => {
          if (i === 0) return expect(m.cnsc).toBe(1);
          const prev = marks[i - 1];
          if (!prev) return;
          const gap = daysBetween(prev.day, m.day);
          expect(gap).toBeGreaterThanOrEqual(1);
          expect(m.cnsc).toBe(gap === 1 ? (prev.cnsc % ATTENDANCE_CYCLE) + 1 : 1);
        });
      }),
    );
  });

  it('checking in every day across midnights walks 1..7 then 1 again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 30 }),
        fc.integer({ min: 0, max: 86_399_999 }),
        (days, offset) => {
          const marks = run(
            Array.from({ length: days }, (_, i) => start + offset + i * 86_400_000),
          );
          expect(marks.map((m) => m.cnsc)).toEqual(
            Array.from({ length: days }, (_, i) => (i % ATTENDANCE_CYCLE) + 1),
          );
        },
      ),
    );
  });
});

describe('attendanceRewardOf', () => {
  const rewards = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ cnscAtdn: d, coin: d * 10 }));
  it.each([
    [1, 10],
    [7, 70],
    [8, 0],
  ])('day %i → %i', (day, coin) => {
    expect(attendanceRewardOf(rewards, day)).toBe(coin);
  });
});
