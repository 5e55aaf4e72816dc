import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rankTopSearches, topSearchWindowStart } from './top-searches';

describe('topSearchWindowStart', () => {
  it.each([
    ['2026-01-15', 7, '2026-01-09'],
    ['2026-03-03', 7, '2026-02-25'],
    ['2024-03-03', 7, '2024-02-26'],
    ['2026-01-03', 7, '2025-12-28'],
    ['2026-01-15', 1, '2026-01-15'],
  ])('%s over %i days starts %s', (today, days, want) => {
    expect(topSearchWindowStart(today, days)).toBe(want);
  });
});

describe('rankTopSearches', () => {
  it.each([
    { name: 'nothing', rows: [], want: [] },
    {
      name: 'days add up per keyword',
      rows: [
        { keyword: 'ceo', count: 2 },
        { keyword: 'love', count: 3 },
        { keyword: 'ceo', count: 2 },
      ],
      want: [
        { keyword: 'ceo', count: 4 },
        { keyword: 'love', count: 3 },
      ],
    },
    {
      name: 'ties by keyword',
      rows: [
        { keyword: 'b', count: 1 },
        { keyword: 'a', count: 1 },
      ],
      want: [
        { keyword: 'a', count: 1 },
        { keyword: 'b', count: 1 },
      ],
    },
  ])('$name', ({ rows, want }) => {
    expect(rankTopSearches(rows)).toEqual(want);
  });

  it('keeps at most the limit, sorted by count, totals preserved', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ keyword: fc.constantFrom('a', 'b', 'c', 'd', 'e'), count: fc.nat(50) }),
        ),
        fc.integer({ min: 1, max: 10 }),
        (rows, limit) => {
          const top = rankTopSearches(rows, limit);
          expect(top.length).toBeLessThanOrEqual(limit);
          const counts = top.map((t) => t.count);
          expect(counts).toEqual([...counts].sort((a, b) => b - a));
          for (const { keyword, count } of top) {
            const sum = rows.filter((r) => r.keyword === keyword).reduce((s, r) => s + r.count, 0);
            expect(count).toBe(sum);
          }
        },
      ),
    );
  });
});
