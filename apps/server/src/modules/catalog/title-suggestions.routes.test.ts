import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  catalogPaths,
  topSearchPath,
  type SearchSuggestData,
  type TopSearchData,
} from '@snapdrama/contract';
import { TITLE_SUGGESTION_LIMIT } from '@snapdrama/rules';
import { DEMO_DRAMAS } from '../../seed/demo-catalog';
import { useTestContext } from '../../test/harness';
import { addDictionaryDrama } from './catalog.test-support';

const ctx = useTestContext();

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}` });

async function suggest(language: string, keyword: string) {
  const res = await get(catalogPaths.suggest(language, keyword));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ code: number; data: SearchSuggestData }>();
  expect(body.code).toBe(0);
  return body.data.suggestionList;
}
const titles = async (language: string, keyword: string) =>
  (await suggest(language, keyword)).map((s) => s.titl);

const topSearches = async () => {
  await ctx.services.searchStats.flush();
  const res = await get(topSearchPath);
  return res.json<{ data: TopSearchData }>().data.keywordList;
};

/** A published drama with these titles (an operator's dictionary edit, as the console makes). */
const addDrama = (slug: string, title: Record<'ko' | 'en' | 'ja', string>) =>
  addDictionaryDrama(ctx, slug, new Date('2020-01-01T00:00:00Z'), {
    ko: { title: title.ko },
    en: { title: title.en },
    ja: { title: title.ja },
  });

describe('GET /drama/search/suggest/{language}/{keyword}', () => {
  it('suggests titles in the asked language for a syllable still being composed', async () => {
    // on the way to 시간: 시, then 식 (the next consonant typed as a final), then 시가
    for (const typed of ['식', '시가'])
      expect(await titles('ko', typed)).toEqual(['시간을 건너온 신부']);
    // a letter typed alone after a syllable: 여ㅇ on the way to 여왕
    expect(await titles('ko', '여ㅇ')).toEqual(['여왕의 귀환']);
    const [queen] = await suggest('ko', '여왕');
    expect(queen).toMatchObject({ titl: '여왕의 귀환', titl_lang_key: expect.any(String) });
    expect(queen?.dram_id).toEqual(expect.any(Number));
  });

  it('carries each drama’s age rating, for the badge beside its title (issue 40)', async () => {
    const [silent] = await suggest('ko', '침묵');
    expect(silent).toMatchObject({ titl: '침묵의 증인', age_rate: '18' });
    const [queen] = await suggest('en', 'queen');
    expect(queen?.age_rate).toBe(
      DEMO_DRAMAS.find((d) => d.title.en === 'The Queen Returns')?.ageRate,
    );
  });

  it('matches the title in the viewer’s language only, and answers in it', async () => {
    expect(await titles('ko', 'ceo')).toEqual(['CEO의 계약 신부']);
    expect(await titles('ja', 'ceo')).toEqual(['CEOの契約花嫁']);
    expect(await titles('en', 'queen')).toEqual(['The Queen Returns']);
    expect(await titles('ko', 'queen')).toEqual([]);
    // a description word is not a title
    expect(await titles('ko', '바이올리니스트')).toEqual([]);
  });

  it('puts titles starting with the text first', async () => {
    // 신부 starts a word in "CEO의 계약 신부"; "시간을 건너온 신부" starts with 시
    expect(await titles('ko', '시')).toEqual(['시간을 건너온 신부', 'CEO의 계약 신부']);
  });

  it(`answers at most ${TITLE_SUGGESTION_LIMIT}, the most watched first, and follows edits`, async () => {
    const ids: number[] = [];
    for (let i = 1; i <= TITLE_SUGGESTION_LIMIT + 2; i++) {
      ids.push(
        await addDrama(`suggest-${i}`, { ko: `달빛 ${i}`, en: `Moonlight ${i}`, ja: `月光 ${i}` }),
      );
    }
    const first = await suggest('ko', '달빛');
    expect(first).toHaveLength(TITLE_SUGGESTION_LIMIT);
    // the most watched first (the newest of equals): one more view puts the oldest, left out,
    // first once the titles are read again
    const last = ids[0] ?? 0;
    expect(first.map((s) => s.dram_id)).not.toContain(last);
    const view = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}${catalogPaths.viewCount()}`,
      payload: { dramId: last },
    });
    expect(view.statusCode).toBe(200);
    ctx.clock.advance(61_000);
    expect((await suggest('ko', '달빛'))[0]?.dram_id).toBe(last);
    // a title edited in the dictionary is suggested by its new text at once
    await ctx.services.i18n.upsert([{ lang: 'ko', key: 'drama.suggest-1.title', value: '별빛 1' }]);
    expect(await titles('ko', '별빛')).toEqual(['별빛 1']);
  });

  it('is not counted as a search (top searches count what viewers submit)', async () => {
    for (let i = 0; i < 3; i++) await suggest('ko', '여왕');
    expect((await topSearches()).map((k) => k.keyword)).not.toContain('여왕');
  });

  it.each([
    ['an unknown language', catalogPaths.suggest('fr', 'queen'), 'language'],
    ['a language tag', catalogPaths.suggest('ko-KR', '여왕'), 'language'],
    ['a blank keyword', catalogPaths.suggest('ko', '   '), 'keyword'],
    ['a keyword over 100 characters', catalogPaths.suggest('ko', '가'.repeat(101)), 'keyword'],
  ])('%s is 400 and changes nothing', async (_name, url, field) => {
    const before = await topSearches();
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
    expect(await topSearches()).toEqual(before);
  });
});
