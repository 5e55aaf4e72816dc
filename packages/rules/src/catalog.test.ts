import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chipPadding,
  groupsOf,
  isClickNotDrag,
  isNewDrama,
  mainListRequests,
  normalizeSearchText,
  paginationWindow,
  searchTerm,
  shuffled,
  totalPages,
} from './catalog';

describe('mainListRequests (spec §7 main page fetch)', () => {
  it.each([
    { total: 0, want: [{ count: 200, page: 1 }] },
    { total: 14, want: [{ count: 200, page: 1 }] },
    { total: 200, want: [{ count: 200, page: 1 }] },
    // 201: ceil(201/200)+1 = 3 requests of ceil(201/3) = 67
    { total: 201, want: [1, 2, 3].map((page) => ({ count: 67, page })) },
    // 1000: 5+1 = 6 requests of ceil(1000/6) = 167
    { total: 1000, want: [1, 2, 3, 4, 5, 6].map((page) => ({ count: 167, page })) },
  ])('total $total', ({ total, want }) => {
    expect(mainListRequests(total)).toEqual(want);
  });

  it('covers every drama exactly once, never asks for more than 200 at a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (total) => {
        const requests = mainListRequests(total);
        const covered = requests.reduce((n, r) => n + r.count, 0);
        expect(covered).toBeGreaterThanOrEqual(total);
        for (const r of requests) expect(r.count).toBeLessThanOrEqual(200);
        expect(requests.map((r) => r.page)).toEqual(requests.map((_, i) => i + 1));
        // the spec's rule may leave the last page empty, never more than that one
        const count = requests[0]?.count ?? 0;
        if (total > 200) expect((requests.length - 2) * count).toBeLessThan(total);
      }),
    );
  });
});

describe('chipPadding', () => {
  it.each([
    [0, 0],
    [1, 5],
    [6, 0],
    [7, 5],
    [9, 3],
    [12, 0],
  ])('%i chips → %i placeholders', (chips, want) => {
    expect(chipPadding(chips)).toBe(want);
  });

  it('always reaches a multiple of 6 with fewer than 6 placeholders', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (chips) => {
        const pad = chipPadding(chips);
        expect((chips + pad) % 6).toBe(0);
        expect(pad).toBeGreaterThanOrEqual(0);
        expect(pad).toBeLessThan(6);
      }),
    );
  });
});

describe('paginationWindow', () => {
  it.each([
    { current: 1, pages: 0, want: [] },
    { current: 1, pages: 1, want: [1] },
    { current: 3, pages: 5, want: [1, 2, 3, 4, 5] },
    { current: 10, pages: 25, want: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { current: 11, pages: 25, want: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] },
    { current: 25, pages: 25, want: [21, 22, 23, 24, 25] },
    { current: 99, pages: 25, want: [21, 22, 23, 24, 25] },
    { current: -4, pages: 25, want: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
  ])('page $current of $pages', ({ current, pages, want }) => {
    expect(paginationWindow(current, pages)).toEqual(want);
  });

  it('holds the current page, at most 10 consecutive links, all within range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        (a, pages) => {
          const current = Math.min(a, pages);
          const links = paginationWindow(current, pages);
          expect(links).toContain(current);
          expect(links.length).toBeLessThanOrEqual(10);
          expect(links[0]).toBeGreaterThanOrEqual(1);
          expect(links.at(-1)).toBeLessThanOrEqual(pages);
          links.forEach((p, i) => expect(p).toBe((links[0] ?? 0) + i));
        },
      ),
    );
  });

  it('totalPages', () => {
    expect(totalPages(0, 12)).toBe(0);
    expect(totalPages(12, 12)).toBe(1);
    expect(totalPages(13, 12)).toBe(2);
  });
});

describe('groupsOf and shuffled', () => {
  it('groups of 6 keep every item in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 100 }), (items) => {
        const groups = groupsOf(items);
        expect(groups.flat()).toEqual(items);
        for (const g of groups.slice(0, -1)) expect(g).toHaveLength(6);
      }),
    );
  });

  it('shuffle is a permutation and leaves the input alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (items, r) => {
          const before = [...items];
          const out = shuffled(items, () => r);
          expect(items).toEqual(before);
          expect([...out].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
        },
      ),
    );
  });
});

describe('isNewDrama (14-day window)', () => {
  const now = new Date('2026-03-15T00:00:00Z');
  it.each([
    ['2026-03-15T00:00:00Z', true],
    ['2026-03-01T00:00:01Z', true],
    ['2026-03-01T00:00:00Z', false],
    ['2025-01-01T00:00:00Z', false],
    ['not a date', false],
  ])('%s → %s', (at, want) => {
    expect(isNewDrama(at, now)).toBe(want);
  });
});

describe('search text', () => {
  it.each([
    ['  Hello   World ', 'hello world'],
    ['ＡＢＣ', 'abc'],
    ['ｶﾞﾝﾊﾞﾚ', 'ガンバレ'],
    ['사랑의 기억', '사랑의 기억'],
  ])('normalizes %j', (input, want) => {
    expect(normalizeSearchText(input)).toBe(want);
  });

  it('searchTerm keeps only non-empty trimmed terms', () => {
    expect(searchTerm('   ')).toBeUndefined();
    expect(searchTerm('  love ')).toBe('love');
  });
});

describe('isClickNotDrag (5 px)', () => {
  it.each([
    [0, 0, true],
    [4, 0, true],
    [3, 3, true],
    [5, 0, false],
    [-40, 2, false],
  ])('dx %i dy %i → %s', (dx, dy, want) => {
    expect(isClickNotDrag(dx, dy)).toBe(want);
  });
});
