import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_TASTE,
  FORYOU_WEIGHTS,
  breaksCategoryRun,
  cowatchNeighbours,
  decayedTaste,
  likedCategories,
  rankForYou,
  scoreCandidate,
  tasteAfter,
  type ForYouCandidate,
} from './foryou';

const ROMANCE = 1;
const THRILLER = 2;
const COMEDY = 3;
const DAY = 86_400_000;

const drama = (dramaId: number, categoryIds: number[], extra: Partial<ForYouCandidate> = {}) => ({
  dramaId,
  categoryIds,
  popularity: 0.5,
  ageDays: 30,
  cowatch: 0,
  ...extra,
});

describe('taste', () => {
  it.each([
    { signal: { kind: 'watch', watchedMs: 30_000 } as const, want: 0.5 },
    { signal: { kind: 'watch', watchedMs: 3_600_000 } as const, want: 5 },
    { signal: { kind: 'watch', watchedMs: -5 } as const, want: 0 },
    { signal: { kind: 'completion' } as const, want: 3 },
    { signal: { kind: 'continue' } as const, want: 2 },
    { signal: { kind: 'skip' } as const, want: -0.6 },
  ])('$signal.kind adds $want to each category of the drama', ({ signal, want }) => {
    const taste = tasteAfter(EMPTY_TASTE, signal, [ROMANCE, COMEDY], 1000);
    expect(taste.affinity[String(ROMANCE)] ?? 0).toBeCloseTo(want);
    expect(taste.affinity[String(COMEDY)] ?? 0).toBeCloseTo(want);
    expect(taste.affinity[String(THRILLER)]).toBeUndefined();
  });

  it('halves over the half-life', () => {
    const taste = { affinity: { '1': 4 }, at: 0 + 1 };
    const later = decayedTaste(taste, 1 + FORYOU_WEIGHTS.tasteHalfLifeDays * DAY);
    expect(later.affinity['1']).toBeCloseTo(2);
  });

  it('liked categories are the positive ones, strongest first', () => {
    expect(likedCategories({ affinity: { '1': 2, '2': -1, '3': 5 }, at: 0 }, 5)).toEqual([3, 1]);
  });
});

describe('rankForYou', () => {
  const catalog = [
    drama(1, [THRILLER], { popularity: 1 }),
    drama(2, [THRILLER], { popularity: 0.95 }),
    drama(3, [COMEDY], { popularity: 0.9 }),
    drama(4, [ROMANCE], { popularity: 0.2 }),
    drama(5, [ROMANCE], { popularity: 0.1 }),
    drama(6, [COMEDY], { popularity: 0.3 }),
    drama(7, [THRILLER], { popularity: 0.4, ageDays: 0 }),
  ];

  it('cold start: popular and fresh first, no affinity reasons', () => {
    const page = rankForYou({
      candidates: catalog,
      taste: EMPTY_TASTE,
      exclude: new Set(),
      count: 4,
    });
    expect(page.map((p) => p.dramaId).slice(0, 2)).toEqual([1, 2]);
    expect(page.every((p) => ['popular', 'fresh', 'explore'].includes(p.reason))).toBe(true);
  });

  it('two romance openings watched: romance ranks above the popular thrillers', () => {
    let taste = EMPTY_TASTE;
    for (const at of [1000, 2000]) {
      taste = tasteAfter(taste, { kind: 'watch', watchedMs: 60_000 }, [ROMANCE], at);
    }
    const before = rankForYou({
      candidates: catalog,
      taste: EMPTY_TASTE,
      exclude: new Set(),
      count: 4,
    });
    const after = rankForYou({ candidates: catalog, taste, exclude: new Set(), count: 4 });
    const romanceRank = (page: typeof after) => page.findIndex((p) => p.dramaId === 4);
    expect(romanceRank(after)).toBe(0);
    expect(after[0]?.reason).toBe('affinity');
    expect(romanceRank(before) === -1 || romanceRank(before) > 0).toBe(true);
  });

  it('skips push a category down', () => {
    const taste = tasteAfter(EMPTY_TASTE, { kind: 'skip' }, [THRILLER], 1);
    const page = rankForYou({ candidates: catalog, taste, exclude: new Set(), count: 3 });
    expect(page[0]?.dramaId).not.toBe(1);
  });

  it('pins come at their position; excluded dramas never', () => {
    const page = rankForYou({
      candidates: catalog,
      taste: EMPTY_TASTE,
      exclude: new Set([1]),
      pinned: [{ dramaId: 5, position: 2, categoryIds: [ROMANCE] }],
      count: 4,
    });
    expect(page[1]).toMatchObject({ dramaId: 5, reason: 'pinned' });
    expect(page.some((p) => p.dramaId === 1)).toBe(false);
  });

  it('a pin past this page waits; one already served is not served again', () => {
    const later = rankForYou({
      candidates: catalog,
      taste: EMPTY_TASTE,
      exclude: new Set(),
      pinned: [{ dramaId: 5, position: 12, categoryIds: [ROMANCE] }],
      count: 4,
    });
    expect(later.some((p) => p.dramaId === 5 && p.reason === 'pinned')).toBe(false);
    const second = rankForYou({
      candidates: catalog,
      taste: EMPTY_TASTE,
      exclude: new Set([5]),
      pinned: [{ dramaId: 5, position: 1, categoryIds: [ROMANCE] }],
      count: 4,
    });
    expect(second.some((p) => p.dramaId === 5)).toBe(false);
  });

  it('every exploreEvery-th slot explores a category the viewer has no taste for', () => {
    const taste = tasteAfter(EMPTY_TASTE, { kind: 'completion' }, [THRILLER], 1);
    const n = FORYOU_WEIGHTS.exploreEvery;
    // the feed's n-th item: the first of a page after n - 1 served
    const page = rankForYou({
      candidates: catalog,
      taste,
      exclude: new Set(),
      count: 2,
      offset: n - 1,
    });
    expect(page[0]?.reason).toBe('explore');
    expect(page[0]?.categoryIds).not.toContain(THRILLER);
    expect(page[1]?.reason).not.toBe('explore');
  });

  const candidateArb = fc
    .uniqueArray(
      fc.record({
        dramaId: fc.integer({ min: 1, max: 200 }),
        categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
        popularity: fc.double({ min: 0, max: 1, noNaN: true }),
        ageDays: fc.double({ min: 0, max: 400, noNaN: true }),
        cowatch: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { selector: (c) => c.dramaId, maxLength: 60 },
    )
    .map((list) => list as ForYouCandidate[]);
  const tasteArb = fc
    .dictionary(
      fc.integer({ min: 1, max: 5 }).map(String),
      fc.double({ min: -5, max: 20, noNaN: true }),
    )
    .map((affinity) => ({ affinity, at: 1 }));

  it('property: no drama twice, none excluded, at most count, the run rule broken only when forced', () => {
    fc.assert(
      fc.property(
        candidateArb,
        tasteArb,
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 20 }),
        (candidates, taste, count, excluded) => {
          const exclude = new Set(excluded);
          const page = rankForYou({ candidates, taste, exclude, count });
          const ids = page.map((p) => p.dramaId);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.some((id) => exclude.has(id))).toBe(false);
          expect(page.length).toBeLessThanOrEqual(count);
          const available = candidates.filter((c) => !exclude.has(c.dramaId)).length;
          expect(page.length).toBe(Math.min(count, available));
          for (let i = 0; i < page.length; i += 1) {
            const history = page.slice(0, i).map((p) => p.categoryIds);
            const item = page[i];
            if (!item || !breaksCategoryRun(history, item.categoryIds, 2)) continue;
            // broken only when every candidate still unserved would break it too
            const rest = candidates.filter(
              (c) => !exclude.has(c.dramaId) && !ids.slice(0, i).includes(c.dramaId),
            );
            const anyFits = rest.some((c) => !breaksCategoryRun(history, c.categoryIds, 2));
            // an explore slot may only choose among unliked categories
            if (item.reason !== 'explore') expect(anyFits).toBe(false);
          }
        },
      ),
    );
  });

  it('property: the score grows with affinity, co-watch, popularity and freshness', () => {
    fc.assert(
      fc.property(
        candidateArb.filter((l) => l.length > 0),
        tasteArb,
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        (list, taste, bump) => {
          const c = list[0] as ForYouCandidate;
          const base = scoreCandidate(c, taste).score;
          const more = scoreCandidate(
            {
              ...c,
              popularity: Math.min(1, c.popularity + bump),
              cowatch: Math.min(1, c.cowatch + bump),
            },
            taste,
          ).score;
          expect(more).toBeGreaterThanOrEqual(base);
          const fresher = scoreCandidate(
            { ...c, ageDays: Math.max(0, c.ageDays - 10) },
            taste,
          ).score;
          expect(fresher).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });
});

describe('breaksCategoryRun', () => {
  it.each([
    { previous: [], next: [1], want: false },
    { previous: [[1]], next: [1], want: false },
    { previous: [[1], [1]], next: [1], want: true },
    { previous: [[1, 2], [2]], next: [2, 3], want: true },
    { previous: [[1], [2]], next: [1], want: false },
    { previous: [[1], [1], [2]], next: [1], want: false },
  ])('$previous then $next: $want', ({ previous, next, want }) => {
    expect(breaksCategoryRun(previous, next, 2)).toBe(want);
  });
});

describe('cowatchNeighbours', () => {
  it('cosine over co-finishers, top k, at least two viewers in common', () => {
    const out = cowatchNeighbours(
      [
        [1, 2],
        [1, 2],
        [1, 2, 3],
        [3, 4],
      ],
      5,
    );
    expect(out.get(1)).toEqual([{ dramaId: 2, score: 1 }]);
    expect(out.get(3)).toBeUndefined();
  });

  it('property: symmetric scores in (0, 1], at most k each, computed the same twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 15 }), { maxLength: 6 }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 5 }),
        (viewers, k) => {
          const out = cowatchNeighbours(viewers, k);
          expect(cowatchNeighbours(viewers, k)).toEqual(out);
          for (const [d, list] of out) {
            expect(list.length).toBeLessThanOrEqual(k);
            for (const n of list) {
              expect(n.score).toBeGreaterThan(0);
              expect(n.score).toBeLessThanOrEqual(1);
              expect(n.dramaId).not.toBe(d);
            }
          }
        },
      ),
    );
  });
});
