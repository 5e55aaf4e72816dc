import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonths,
  coinHistoryRangeProblem,
  defaultCoinHistoryRange,
  parseIsoDate,
} from './wallet-history';

describe('parseIsoDate', () => {
  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '26-01-01',
    '2026-1-1',
    '2026-01-01T00:00',
    'x',
    '',
  ])('refuses %s', (text) => expect(parseIsoDate(text)).toBeUndefined());
  it('accepts a leap day', () =>
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 }));
});

describe('coinHistoryRangeProblem', () => {
  it.each([
    ['2026-01-01', '2026-07-01', undefined],
    ['2026-01-01', '2026-01-01', undefined],
    ['2025-08-31', '2026-02-28', undefined],
    ['2026-01-01', '2026-07-02', 'endDate: the range may span at most 6 months'],
    ['2026-02-01', '2026-01-31', 'endDate: must not be before startDate'],
    ['2026-02-31', '2026-03-01', 'startDate: must be a date written YYYY-MM-DD'],
    ['2026-02-01', 'tomorrow', 'endDate: must be a date written YYYY-MM-DD'],
  ])('%s..%s', (start, end, want) => expect(coinHistoryRangeProblem(start, end)).toBe(want));

  it('the default range (six months back to today) is always accepted', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (d) => {
          const today = d.toISOString().slice(0, 10);
          const { startDate, endDate } = defaultCoinHistoryRange(today);
          expect(coinHistoryRangeProblem(startDate, endDate)).toBeUndefined();
        },
      ),
    );
  });

  it('addMonths clamps to the end of the month', () => {
    expect(addMonths({ year: 2026, month: 8, day: 31 }, 6)).toEqual({
      year: 2027,
      month: 2,
      day: 28,
    });
    expect(addMonths({ year: 2026, month: 3, day: 31 }, -1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
  });
});
