import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSearchPlanner,
  drivingPart,
  keywordWords,
  SEARCH_SAMPLE_MAX_AGE_MS,
  SearchSample,
} from './search-plan';

/** 100 texts: every one holds "drama" and its number, every tenth "moonlit", one "crimson". */
const texts = Array.from({ length: 100 }, (_, i) =>
  [`drama ${i + 1}`, i % 10 === 0 ? 'moonlit night' : 'quiet day', i === 7 ? 'crimson' : ''].join(
    '\n',
  ),
);

let sample: SearchSample;
beforeAll(async () => {
  sample = await SearchSample.of(texts);
});

describe('SearchSample', () => {
  it('counts the texts holding a word, each text once however often it holds it', () => {
    expect(sample.share('drama')).toBe(1);
    expect(sample.share('a')).toBe(1);
    expect(sample.share('moonlit')).toBe(0.1);
    expect(sample.share('crimson')).toBe(0.01);
    expect(sample.share('dragon')).toBe(0);
  });

  it('matches inside words, as the search does', () => {
    expect(sample.share('oonl')).toBe(0.1);
    // "drama 42" and "drama 100": 42 appears in one number only; 10 in 10 and 100
    expect(sample.share('42')).toBe(0.01);
    expect(sample.share('10')).toBe(0.02);
  });

  it('never counts a word across two texts, or across a space', async () => {
    const two = await SearchSample.of(['ab', 'cd', 'b c']);
    expect(two.share('bc')).toBe(0);
    expect(two.share('b')).toBe(2 / 3);
  });

  it('rates a longer word by its rarest three characters: never below its own share', async () => {
    const apart = await SearchSample.of(['abcx', 'xbcd', 'abcd']);
    // "xbc" is in one text
    expect(apart.share('xbcd')).toBe(1 / 3);
    // "abc" and "bcd" are in two texts each, together in one only: an estimate above the truth
    expect(apart.share('abcd')).toBe(2 / 3);
    const never = await SearchSample.of(['abcx', 'xbcd']);
    expect(never.share('abcd')).toBe(0.5);
  });

  it('an empty sample holds nothing', async () => {
    expect((await SearchSample.of([])).share('drama')).toBe(0);
  });

  it('counts characters by code point', async () => {
    const wide = await SearchSample.of(['𠮷の汁', '𠮷野']);
    expect(wide.share('𠮷')).toBe(1);
    expect(wide.share('𠮷の汁')).toBe(0.5);
  });
});

describe('drivingPart', () => {
  const share = (word: string) => sample.share(word);

  it('a keyword of one word drives the index itself', () => {
    expect(drivingPart('drama', share)).toBe('drama');
    expect(drivingPart('드라마4242', share)).toBe('드라마4242');
    expect(drivingPart('%_', share)).toBe('%_');
  });

  it('a frequent word gives way to the rarest word', () => {
    expect(drivingPart('drama 42', share)).toBe('42');
    expect(drivingPart('42 drama', share)).toBe('42');
    expect(drivingPart('drama, crimson!', share)).toBe('crimson');
  });

  it('a word just frequent enough still gives way; rare words all drive together', () => {
    // "10" is held by 2 texts of 100: not frequent, and neither is "42"
    expect(drivingPart('42 10', share)).toBe('42 10');
    expect(drivingPart('crimson 42', share)).toBe('crimson 42');
  });

  it('among equally rare words the longest drives', () => {
    expect(drivingPart('drama 42 crimson', share)).toBe('crimson');
    expect(drivingPart('drama 가 나다', () => 0.5)).toBe('drama 가 나다');
    const shares: Record<string, number> = { drama: 1, 가: 0, 나다: 0 };
    expect(drivingPart('drama 가 나다', (w) => shares[w] ?? 0)).toBe('나다');
  });

  it('when every word is frequent the whole keyword drives', () => {
    expect(drivingPart('drama moonlit', share)).toBe('drama moonlit');
    expect(drivingPart('quiet drama', share)).toBe('quiet drama');
  });

  it('a word that repeats is rated once', () => {
    expect(keywordWords('love, love me')).toEqual(['love', 'me']);
  });
});

describe('createSearchPlanner', () => {
  function planner() {
    let now = 0;
    let loads = 0;
    let current = texts;
    const p = createSearchPlanner(
      () => {
        loads += 1;
        return Promise.resolve(current);
      },
      () => now,
    );
    return {
      p,
      loads: () => loads,
      advance: (ms: number) => (now += ms),
      replace: (t: string[]) => (current = t),
    };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('reads the sample once, and only for keywords of several words', async () => {
    const t = planner();
    expect(await t.p.drivingPart('drama')).toBe('drama');
    expect(t.loads()).toBe(0);
    const [a, b] = await Promise.all([t.p.drivingPart('drama 42'), t.p.drivingPart('drama 17')]);
    expect([a, b]).toEqual(['42', '17']);
    expect(t.loads()).toBe(1);
    await t.p.drivingPart('drama 43');
    expect(t.loads()).toBe(1);
  });

  it('reads it again after a catalog change, planning with the old one meanwhile', async () => {
    const t = planner();
    expect(await t.p.drivingPart('drama 42')).toBe('42');
    t.replace(texts.map((x) => x.replace('drama', 'show')));
    t.p.invalidate();
    expect(await t.p.drivingPart('drama 42')).toBe('42');
    await settle();
    expect(t.loads()).toBe(2);
    // no text holds "drama" any more: no word is frequent, the whole keyword drives
    expect(await t.p.drivingPart('drama 42')).toBe('drama 42');
  });

  it('reads it again when it is older than the limit', async () => {
    const t = planner();
    await t.p.drivingPart('drama 42');
    t.advance(SEARCH_SAMPLE_MAX_AGE_MS);
    await t.p.drivingPart('drama 42');
    expect(t.loads()).toBe(1);
    t.advance(1);
    await t.p.drivingPart('drama 42');
    await settle();
    expect(t.loads()).toBe(2);
  });

  it('keeps the old sample when reading a new one fails, and tries again', async () => {
    let fail = false;
    let loads = 0;
    const p = createSearchPlanner(
      () => {
        loads += 1;
        return fail ? Promise.reject(new Error('database down')) : Promise.resolve(texts);
      },
      () => 0,
    );
    await p.drivingPart('drama 42');
    fail = true;
    p.invalidate();
    expect(await p.drivingPart('drama 42')).toBe('42');
    await settle();
    fail = false;
    expect(await p.drivingPart('drama 42')).toBe('42');
    await settle();
    expect(loads).toBe(3);
  });
});
