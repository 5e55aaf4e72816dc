import { describe, expect, it } from 'vitest';
import { API_BASE, catalogPaths, topSearchPath, type TopSearchData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';

const ctx = useTestContext();

const DAY_MS = 24 * 60 * 60 * 1000;

const search = async (keyword: string, page = 1) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}${catalogPaths.search(keyword, 12, page)}`,
  });
  expect(res.statusCode).toBe(200);
};

const top = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}${topSearchPath}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ code: string; data: TopSearchData }>().data.keywordList;
};

describe('GET /drama/search/top', () => {
  it('is empty before anyone searched', async () => {
    expect(await top()).toEqual([]);
  });

  it('counts normalised keywords that found dramas, first pages only, most searched first', async () => {
    ctx.clock.advance(2 * 60_000); // past the cached answer of the first test
    for (const keyword of ['계약', ' 계약 ', 'CONTRACT', 'contract', 'Contract'])
      await search(keyword);
    await search('contract', 2); // turning a page is not another search
    await search('zzzz-no-such-drama'); // found nothing: not offered
    // counted in memory only until the flush: the search path never waits for the table
    expect(await top()).toEqual([]);
    await ctx.services.searchStats.flush();
    expect(await top()).toEqual([
      { keyword: 'contract', count: 3 },
      { keyword: '계약', count: 2 },
    ]);
  });

  it('adds days up over the last 7 service days, and forgets older ones', async () => {
    ctx.clock.advance(DAY_MS);
    await search('계약');
    await search('계약');
    await ctx.services.searchStats.flush();
    expect(await top()).toEqual([
      { keyword: '계약', count: 4 },
      { keyword: 'contract', count: 3 },
    ]);
    // the first day falls out of the window on the 7th day after it
    ctx.clock.advance(6 * DAY_MS);
    expect(await top()).toEqual([{ keyword: '계약', count: 2 }]);
  });

  it('keeps at most 10 keywords', async () => {
    const words = [
      'ceo',
      'bride',
      'love',
      'contract',
      '계약',
      '신부',
      '花嫁',
      'the',
      'a',
      'o',
      'e',
    ];
    for (const word of words) await search(word);
    await ctx.services.searchStats.flush();
    ctx.clock.advance(2 * 60_000);
    const list = await top();
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.length).toBeGreaterThan(5);
    expect(list[0]).toEqual({ keyword: '계약', count: 3 });
  });
});
