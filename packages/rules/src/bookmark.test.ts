import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUTO_BOOKMARK_EPISODES, allChecked, completesWatchRun } from './bookmark';

describe('completesWatchRun', () => {
  it.each([
    { watched: [], epsd: 1, expected: false },
    { watched: [1], epsd: 2, expected: false },
    { watched: [1, 2], epsd: 3, expected: true },
    { watched: [1, 2, 3], epsd: 3, expected: true },
    { watched: [1, 3], epsd: 4, expected: false },
    { watched: [1, 2], epsd: 4, expected: false },
    { watched: [5, 6], epsd: 7, expected: true },
    { watched: [6, 8], epsd: 7, expected: true },
    { watched: [7, 8], epsd: 9, expected: true },
    { watched: [2, 3], epsd: 1, expected: true },
    { watched: [3, 4], epsd: 1, expected: false },
  ])('watched $watched, starting $epsd → $expected', ({ watched, epsd, expected }) => {
    expect(completesWatchRun(watched, epsd)).toBe(expected);
  });

  it('the spec run is 3', () => {
    expect(AUTO_BOOKMARK_EPISODES).toBe(3);
  });

  it('true exactly when some window of run numbers holding epsd is all watched', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 5 }),
        (watched, epsd, run) => {
          const seen = [...watched, epsd];
          const expected = Array.from({ length: run }, (_, s) => epsd - s).some((first) =>
            Array.from({ length: run }, (_, i) => first + i).every((n) => seen.includes(n)),
          );
          expect(completesWatchRun(watched, epsd, run)).toBe(expected);
        },
      ),
    );
  });
});

describe('allChecked', () => {
  it.each([
    { checked: [], ids: [], expected: false },
    { checked: [1], ids: [1], expected: true },
    { checked: [1], ids: [1, 2], expected: false },
    { checked: [1, 2, 3], ids: [1, 2], expected: true },
  ])('$checked of $ids → $expected', ({ checked, ids, expected }) => {
    expect(allChecked(new Set(checked), ids)).toBe(expected);
  });

  it('adding every id makes it true', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { minLength: 1 }), (ids) => {
        expect(allChecked(new Set(ids), ids)).toBe(true);
        expect(allChecked(new Set(ids.slice(1)), ids)).toBe(false);
      }),
    );
  });
});
