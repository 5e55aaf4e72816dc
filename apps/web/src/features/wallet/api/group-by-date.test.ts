import { describe, expect, it } from 'vitest';
import { groupByDate } from './group-by-date';
import { isNearEnd } from './use-near-end';

describe('groupByDate', () => {
  it('groups consecutive entries of the same local date, newest first', () => {
    const at = (h: number, d: number) => new Date(2026, 2, d, h).toISOString();
    const groups = groupByDate([{ t: at(20, 10) }, { t: at(8, 10) }, { t: at(23, 9) }], (e) => e.t);
    expect(groups.map((g) => [g.date, g.entries.length])).toEqual([
      ['2026.03.10', 2],
      ['2026.03.09', 1],
    ]);
  });
});

describe('isNearEnd', () => {
  it('is true within 100 px of the end, false before', () => {
    // 900 scrolled + 800 visible = 1700 seen
    expect(isNearEnd(900, 800, 1700)).toBe(true);
    expect(isNearEnd(900, 800, 1700 + 100)).toBe(true);
    expect(isNearEnd(900, 800, 1700 + 101)).toBe(false);
  });
});
