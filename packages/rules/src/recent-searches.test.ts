import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RECENT_SEARCH_LIMIT, addRecentSearch, parseRecentSearches } from './recent-searches';

describe('addRecentSearch', () => {
  it.each([
    [[], 'ceo', ['ceo']],
    [['a', 'b'], 'b', ['b', 'a']],
    [['a'], '  c ', ['c', 'a']],
    [['a'], '   ', ['a']],
  ])('%o + %s → %o', (list, term, expected) => {
    expect(addRecentSearch(list, term)).toEqual(expected);
  });

  it('newest first, unique, never over the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (terms) => {
        let list: string[] = [];
        for (const t of terms) list = addRecentSearch(list, t);
        expect(list.length).toBeLessThanOrEqual(RECENT_SEARCH_LIMIT);
        expect(new Set(list).size).toBe(list.length);
        const last = terms.filter((t) => t.trim()).at(-1);
        if (last !== undefined) expect(list[0]).toBe(last.trim());
      }),
    );
  });
});

describe('parseRecentSearches', () => {
  it.each([
    [null, []],
    ['not json', []],
    ['{"a":1}', []],
    ['["a", 3, "", "b"]', ['a', 'b']],
  ])('%s → %o', (stored, expected) => {
    expect(parseRecentSearches(stored)).toEqual(expected);
  });
});
