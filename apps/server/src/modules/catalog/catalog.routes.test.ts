import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_BASE, ResultCode, type Drama, type Language } from '@snapdrama/contract';
import { bearer, joinGuest, useTestContext } from '../../test/harness';
import { searchTarget } from './catalog.repository';
import { addDictionaryDrama } from './catalog.test-support';

const ctx = useTestContext();
let specialId: number;

const SPECIAL = {
  en: `100% Love_Story: "Quoted" A/B's Night`,
  ko: '백퍼센트 연애_이야기',
  ja: '百パーセントの恋',
};

/** A drama whose text arrives through the dictionary, as an operator's edit would. */
const addDrama = (
  slug: string,
  registeredAt: Date,
  text: Record<Language, { title: string; description: string }>,
) => addDictionaryDrama(ctx, slug, registeredAt, text);

beforeAll(async () => {
  // a drama whose title holds LIKE wildcards, a slash and quotes
  specialId = await addDrama('special-chars', new Date('2020-01-01T00:00:00Z'), {
    en: { title: SPECIAL.en, description: 'Plain words only.' },
    ko: { title: SPECIAL.ko, description: '평범한 말.' },
    ja: { title: SPECIAL.ja, description: '普通の言葉。' },
  });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers });
const putViewCount = (payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}/drama/view-count`,
    payload: payload as object,
  });

type ListBody = { code: number; data: { totalCount?: number; dramaList: Drama[] } };
async function list(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ListBody>();
  expect(body.code).toBe(0);
  return body.data;
}
const search = (keyword: string, count = 12, page = 1) =>
  list(`/drama/search/list/${encodeURIComponent(keyword)}/${count}/${page}`);
const idsOf = (data: { dramaList: Drama[] }) => data.dramaList.map((d) => d.dram_id);

const DRAMA_FIELDS = [
  'age_rate',
  'aos_tag',
  'bkmk_cnt',
  'ctgr_list',
  'dram_id',
  'dscr_lang_key',
  'epsd_cnt',
  'excl_yn',
  'ios_tag',
  'pstr_hrzt_path',
  'pstr_vrtc_path',
  'rate_clsf_crtr',
  'rgst_dtm',
  'titl_lang_key',
  'view_cnt',
  'web_tag',
];

describe('GET /drama/category/list', () => {
  it('lists categories with ctgr_id and ctgr_lang_key, in display order', async () => {
    const res = await get('/drama/category/list');
    expect(res.statusCode).toBe(200);
    const { categoryList } = res.json<{
      data: { categoryList: { ctgr_id: number; ctgr_lang_key: string }[] };
    }>().data;
    expect(categoryList).toHaveLength(8);
    expect(Object.keys(categoryList[0] ?? {}).sort()).toEqual(['ctgr_id', 'ctgr_lang_key']);
    expect(categoryList[0]?.ctgr_lang_key).toBe('category.romance');
  });
});

describe('GET /drama/list/{categoryId}/{count}/{page}', () => {
  it('0 means every category; reply has totalCount and dramaList with the spec fields', async () => {
    const data = await list('/drama/list/0/200/1');
    expect(data.totalCount).toBe(15);
    expect(data.dramaList).toHaveLength(15);
    const first = data.dramaList[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(DRAMA_FIELDS);
    expect(first?.pstr_vrtc_path).toMatch(/\?v=20250804$/);
    expect(new Set(idsOf(data)).size).toBe(15);
  });

  it('pages tile the list: last page is partial, beyond the last is empty with the same total', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`/drama/list/0/4/${p}`)));
    expect(pages.map((p) => p.dramaList.length)).toEqual([4, 4, 4, 3]);
    expect(new Set(pages.flatMap(idsOf)).size).toBe(15);
    const beyond = await list('/drama/list/0/4/5');
    expect(beyond).toEqual({ totalCount: 15, dramaList: [] });
    expect((await list('/drama/list/0/4/999999')).dramaList).toEqual([]);
  });

  it('a category lists only its dramas, with its own total', async () => {
    const { categoryList } = (await get('/drama/category/list')).json<{
      data: { categoryList: { ctgr_id: number }[] };
    }>().data;
    const romance = categoryList[0]?.ctgr_id ?? 0;
    const all = await list('/drama/list/0/200/1');
    const expected = all.dramaList.filter((d) => d.ctgr_list.includes(romance)).length;
    const data = await list(`/drama/list/${romance}/200/1`);
    expect(expected).toBeGreaterThan(0);
    expect(data.totalCount).toBe(expected);
    for (const d of data.dramaList) expect(d.ctgr_list).toContain(romance);
  });

  it('an empty category and an unknown one answer an empty list', async () => {
    const empty = await ctx.services.catalogRepo.upsertCategory('category.empty-test', 99);
    await ctx.services.catalog.catalogChanged();
    expect(await list(`/drama/list/${empty}/12/1`)).toEqual({ totalCount: 0, dramaList: [] });
    expect(await list('/drama/list/987654/12/1')).toEqual({ totalCount: 0, dramaList: [] });
    const cats = (await get('/drama/category/list')).json<{ data: { categoryList: unknown[] } }>();
    expect(cats.data.categoryList).toHaveLength(9);
  });

  it.each([
    ['count 0', '/drama/list/0/0/1', 'count'],
    ['count above 200', '/drama/list/0/201/1', 'count'],
    ['count not a number', '/drama/list/0/abc/1', 'count'],
    ['count fractional', '/drama/list/0/1.5/1', 'count'],
    ['page 0', '/drama/list/0/12/0', 'page'],
    ['page negative', '/drama/list/0/12/-1', 'page'],
    ['page not a number', '/drama/list/0/12/x', 'page'],
    ['categoryId negative', '/drama/list/-1/12/1', 'categoryId'],
    ['categoryId not a number', '/drama/list/abc/12/1', 'categoryId'],
  ])('%s is 400 with a message naming the parameter', async (_name, url, param) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: number; message: string; data: null }>();
    expect(body.code).toBe(ResultCode.BAD_REQUEST);
    expect(body.data).toBeNull();
    // the message is the caller's language; the field is named in `fields` (issue 47)
    expect(body.message).not.toBe('');
    expect(Object.keys((body as { fields?: object }).fields ?? {})).toContain(param);
  });
});

describe('GET /drama/latest/list', () => {
  it('newest registered first', async () => {
    const data = await list('/drama/latest/list/5/1');
    expect(data.totalCount).toBe(15);
    const times = data.dramaList.map((d) => Date.parse(d.rgst_dtm));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each(['/drama/latest/list/0/1', '/drama/latest/list/5/0'])('%s is 400', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });
});

describe('popular: GET /drama/view-count/list and PUT /drama/view-count', () => {
  it('is the top 10 only, most viewed first', async () => {
    const top = await list('/drama/view-count/list/50/1');
    expect(top.dramaList).toHaveLength(10);
    expect(top.totalCount).toBeUndefined();
    const views = top.dramaList.map((d) => d.view_cnt);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect((await list('/drama/view-count/list/10/2')).dramaList).toEqual([]);
    expect((await list('/drama/view-count/list/4/3')).dramaList).toHaveLength(2);
  });

  it('a view moves a drama up at once (the cached list is invalidated)', async () => {
    const before = await list('/drama/view-count/list/10/1');
    const all = idsOf(await list('/drama/list/0/200/1'));
    const outsider = all.find((id) => !idsOf(before).includes(id)) ?? 0;
    const leader = before.dramaList[0]?.view_cnt ?? 0;
    let last = 0;
    for (let i = 0; i <= leader; i++) {
      const res = await putViewCount({ dramId: outsider });
      expect(res.statusCode).toBe(200);
      last = res.json<{ data: { view_cnt: number } }>().data.view_cnt;
    }
    expect(last).toBe(leader + 1);
    const after = await list('/drama/view-count/list/10/1');
    expect(after.dramaList[0]?.dram_id).toBe(outsider);
    expect(after.dramaList[0]?.view_cnt).toBe(leader + 1);
  });

  it('an unknown drama is 404002; a bad body is 400 and counts nothing', async () => {
    const unknown = await putViewCount({ dramId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
    const before = (await list('/drama/list/0/200/1')).dramaList.find(
      (d) => d.dram_id === specialId,
    );
    for (const body of [{}, { dramId: 'abc' }, { dramId: -3 }, { dramId: 1.5 }, null]) {
      const res = await putViewCount(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    await ctx.services.catalog.catalogChanged();
    const after = (await list('/drama/list/0/200/1')).dramaList.find(
      (d) => d.dram_id === specialId,
    );
    expect(after?.view_cnt).toBe(before?.view_cnt);
  });
});

describe('GET /drama/exclusive/list', () => {
  it('lists only exclusive dramas, newest first, paged', async () => {
    const data = await list('/drama/exclusive/list/200/1');
    expect(data.dramaList.length).toBeGreaterThan(0);
    for (const d of data.dramaList) expect(d.excl_yn).toBe('Y');
    const n = data.dramaList.length;
    expect((await list(`/drama/exclusive/list/${n}/2`)).dramaList).toEqual([]);
    expect(idsOf(await list('/drama/exclusive/list/1/2'))).toEqual([data.dramaList[1]?.dram_id]);
  });
});

describe('GET /drama/user/list', () => {
  it("lists the caller's viewed dramas, most recent first; others' views are not theirs", async () => {
    const me = await joinGuest(ctx.app);
    const other = await joinGuest(ctx.app);
    const all = idsOf(await list('/drama/list/0/200/1')).filter((id) => id !== specialId);
    const [a, b, c] = all as [number, number, number];
    const watch = async (who: typeof me, dramId: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/drama/episode`,
        headers: bearer(who),
        payload: { dramId, epsd: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      ctx.clock.advance(1000);
    };
    expect((await list('/drama/user/list/10/1', bearer(me))).dramaList).toEqual([]);
    await watch(me, a);
    await watch(me, b);
    await watch(other, c);
    expect(idsOf(await list('/drama/user/list/10/1', bearer(me)))).toEqual([b, a]);
    await watch(me, a);
    expect(idsOf(await list('/drama/user/list/10/1', bearer(me)))).toEqual([a, b]);
    expect(idsOf(await list('/drama/user/list/1/2', bearer(me)))).toEqual([b]);
    expect(idsOf(await list('/drama/user/list/10/2', bearer(me)))).toEqual([]);
    expect(idsOf(await list('/drama/user/list/10/1', bearer(other)))).toEqual([c]);
  });

  it('is empty without a session, 401 with a bad token, 400 with bad paging', async () => {
    expect((await list('/drama/user/list/10/1')).dramaList).toEqual([]);
    const bad = await get('/drama/user/list/10/1', { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect((await get('/drama/user/list/0/1')).statusCode).toBe(400);
  });
});

describe('GET /drama/search/list/{keyword}/{count}/{page}', () => {
  it.each([
    ['Korean', '계약', 'drama.ceo-contract-bride.title'],
    ['Korean description words', '바이올리니스트', 'drama.ceo-contract-bride.title'],
    ['Japanese', '契約花嫁', 'drama.ceo-contract-bride.title'],
    ['Japanese kana', 'バイオリニスト', 'drama.ceo-contract-bride.title'],
    ['English, any case', 'cOnTrAcT BRIDE', 'drama.ceo-contract-bride.title'],
    ['part of an English word', 'ntrac', 'drama.ceo-contract-bride.title'],
    ['full-width Latin', 'ＣＯＮＴＲＡＣＴ', 'drama.ceo-contract-bride.title'],
  ])('%s: %s', async (_name, keyword, titleKey) => {
    const data = await search(keyword);
    expect(data.dramaList.map((d) => d.titl_lang_key)).toContain(titleKey);
    expect(data.totalCount).toBe(data.dramaList.length);
  });

  it('search results carry the same categories as the lists', async () => {
    const listed = new Map(
      (await list('/drama/list/0/200/1')).dramaList.map((d) => [d.dram_id, d.ctgr_list]),
    );
    const found = (await search('계약', 200)).dramaList;
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((d) => d.ctgr_list.length > 1)).toBe(true);
    for (const d of found) expect(d.ctgr_list).toEqual(listed.get(d.dram_id));
  });

  it.each([
    ['percent', '100%'],
    ['a lone percent', '%'],
    ['underscore', 'love_story'],
    ['a lone underscore', '_'],
    ['slash', 'a/b'],
    ['double quotes', '"quoted"'],
    ['single quote', "b's night"],
    ['Korean underscore', '연애_이야'],
  ])('a keyword with %s matches literally (%s)', async (_name, keyword) => {
    const data = await search(keyword);
    expect(idsOf(data)).toEqual([specialId]);
    expect(data.totalCount).toBe(1);
  });

  it('wildcards never match as wildcards', async () => {
    expect((await search('l_ve')).totalCount).toBe(0);
    expect((await search('100%love')).totalCount).toBe(0);
    expect((await search('\\')).totalCount).toBe(0);
  });

  it('accepts a 100-character Korean keyword (900 bytes once encoded)', async () => {
    expect(await search('가'.repeat(100))).toEqual({ totalCount: 0, dramaList: [] });
  });

  it('no match: totalCount 0 and an empty list', async () => {
    expect(await search('zzqqxx-nothing')).toEqual({ totalCount: 0, dramaList: [] });
  });

  it('pages: totalCount is every match; pages beyond the last are empty', async () => {
    const all = await search('the', 200);
    const total = all.totalCount ?? 0;
    expect(total).toBeGreaterThan(2);
    const first = await search('the', 2, 1);
    expect(first.totalCount).toBe(all.totalCount);
    expect(idsOf(first)).toEqual(idsOf(all).slice(0, 2));
    const lastPage = Math.ceil(total / 2);
    const last = await search('the', 2, lastPage);
    expect(last.dramaList.length).toBe(total - (lastPage - 1) * 2);
    expect((await search('the', 2, lastPage + 1)).dramaList).toEqual([]);
  });

  it.each([
    ['a blank keyword', '%20%20/12/1', 'keyword'],
    ['a keyword over 100 characters', `${'x'.repeat(101)}/12/1`, 'keyword'],
    ['count 0', 'love/0/1', 'count'],
    ['count over 200', 'love/201/1', 'count'],
    ['page 0', 'love/12/0', 'page'],
  ])('%s is 400', async (_name, part, param) => {
    const res = await get(`/drama/search/list/${part}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    expect(Object.keys(res.json().fields ?? {})).toContain(param);
  });

  it('follows title edits in the dictionary (and drops cached results)', async () => {
    expect((await search('백퍼센트')).totalCount).toBe(1);
    await ctx.services.i18n.upsert([
      { lang: 'ko', key: 'drama.special-chars.title', value: '천퍼센트 연애' },
    ]);
    expect((await search('백퍼센트')).totalCount).toBe(0);
    expect(idsOf(await search('천퍼센트'))).toEqual([specialId]);
  });
});

describe('search with keywords of one or two characters', () => {
  // PAIR holds the pairs 곰탕, 狸汁, qi and zz; NEAR holds the same characters, never side by side
  // (its Korean title ends in 곰 and its Korean description starts with 탕: two parts)
  let pairId: number;
  let nearId: number;
  beforeAll(async () => {
    pairId = await addDrama('short-pair', new Date('2019-06-01T00:00:00Z'), {
      ko: { title: '곰탕 한 그릇', description: '따뜻한 국물.' },
      en: { title: 'Qi of the Jazz Zone', description: 'Soup at night.' },
      ja: { title: '狸汁の夜', description: '𠮷の温かい汁物。' },
    });
    nearId = await addDrama('short-near', new Date('2019-07-01T00:00:00Z'), {
      ko: { title: '탕수육 먹는 곰', description: '탕 하나 더.' },
      en: { title: 'Quiet Zoo, I Guess', description: 'A zebra naps.' },
      ja: { title: '汁を飲む狸', description: '静かな動物園。' },
    });
  });

  it.each([
    ['a Korean pair', '곰탕', 'pair'],
    ['a Korean character', '곰', 'both'],
    ['a Japanese pair', '狸汁', 'pair'],
    ['a Japanese character', '狸', 'both'],
    ['an English pair in upper case (the letter of the marker)', 'QI', 'pair'],
    ['an English pair', 'zz', 'pair'],
    ['an English character in upper case', 'Z', 'both'],
    ['a full-width character', 'ｚ', 'both'],
    ['a character outside the BMP (two UTF-16 units)', '𠮷', 'pair'],
    ['a pair starting outside the BMP', '𠮷の', 'pair'],
    ['a character and a full stop', '물.', 'pair'],
    ['two short words', '한 그', 'pair'],
  ])('%s (%s) finds exactly the dramas holding it', async (_name, keyword, which) => {
    const want = which === 'pair' ? [pairId] : [nearId, pairId];
    const data = await search(keyword);
    expect(idsOf(data)).toEqual(want);
    expect(data.totalCount).toBe(want.length);
  });

  it.each([
    ['characters apart', '탕곰'],
    ['a pair split between title and description', '곰탕 하'],
    ['a Japanese pair reversed', '汁狸'],
    ['an English pair reversed', 'iq'],
  ])('%s (%s) matches nothing', async (_name, keyword) => {
    expect(await search(keyword)).toEqual({ totalCount: 0, dramaList: [] });
  });

  it.each([
    ['an underscore', 'e_'],
    ['a percent', '0%'],
    ['a slash', '/b'],
    ['a double quote', '"q'],
    ['a colon', 'y:'],
  ])('two characters with %s match literally (%s)', async (_name, keyword) => {
    expect(idsOf(await search(keyword))).toEqual([specialId]);
  });

  it.each([
    ['a pair', '곰탕', 1],
    ['one character', '狸', 2],
  ])(
    'the search_grams index answers %s without reading every drama',
    async (_name, keyword, matches) => {
      // The test catalog is small enough that the planner would rather read it all, so sequential
      // scans are priced out. That proves nothing by itself: with no index able to serve the
      // condition PostgreSQL still scans (or walks a whole index). So the branch that runs must be
      // a bitmap scan of search_grams' index that yields only the matching dramas.
      const { column, pattern } = searchTarget(keyword);
      expect(column).toBe('grams');
      const ran = await searchPagePlan(column, pattern, keyword);
      expect(ran.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      const indexScans = ran.filter((n) => n['Node Type'] === 'Bitmap Index Scan');
      expect(indexScans.map((n) => n['Index Name'])).toEqual(['dramas_search_grams_trgm_idx']);
      expect(indexScans[0]?.['Actual Rows']).toBe(matches);
      expect((await ctx.services.catalogRepo.countDramas()) > matches * 5).toBe(true);
    },
  );
});

describe('keywords holding a word that most dramas have', () => {
  // 40 dramas "Saga 101" to "Saga 140" (사가, サガ): "saga" is frequent, each number rare
  const sagaIds = new Map<number, number>();
  beforeAll(async () => {
    for (let n = 101; n <= 140; n++) {
      sagaIds.set(
        n,
        await addDrama(`saga-${n}`, new Date(Date.UTC(2018, 0, n - 100)), {
          en: { title: `Saga ${n}`, description: `Part ${n} of the saga.` },
          ko: { title: `사가 ${n}`, description: `사가의 ${n}번째 이야기.` },
          ja: { title: `サガ ${n}`, description: `サガの第${n}話。` },
        }),
      );
    }
    await ctx.services.catalog.catalogChanged();
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['English', 'SAGA 117'],
    ['Korean', '사가 117'],
    ['Japanese', 'サガ 117'],
  ])('%s: finds exactly the drama holding the whole keyword', async (_name, keyword) => {
    expect(await search(keyword)).toMatchObject({ totalCount: 1 });
    expect(idsOf(await search(keyword))).toEqual([sagaIds.get(117)]);
  });

  it('the rare word drives the index; the whole keyword still decides', async () => {
    // one drama in more than 50 holds "118": under the 2 % that makes a word frequent
    expect(await ctx.services.catalogRepo.countDramas()).toBeGreaterThan(50);
    const spy = vi.spyOn(ctx.services.catalogRepo, 'search');
    expect(idsOf(await search('saga 118'))).toEqual([sagaIds.get(118)]);
    expect(idsOf(await search('part 123 of the saga'))).toEqual([sagaIds.get(123)]);
    expect(spy.mock.calls.map((c) => c[2])).toEqual(['118', '123']);
    // "saga" is everywhere and 123 in one drama, which does not hold the whole keyword
    expect(await search('saga 123 of')).toEqual({ totalCount: 0, dramaList: [] });
    // "12" is in 112 and 120 to 129: frequent too, so the whole keyword drives
    expect(await search('saga 12', 200)).toMatchObject({ totalCount: 10 });
    expect(spy.mock.calls.map((c) => c[2])).toEqual(['118', '123', '123', 'saga 12']);
  });

  it('a page beyond the last still counts every match', async () => {
    expect(await search('saga 12', 2, 99)).toEqual({ totalCount: 10, dramaList: [] });
  });

  it('the driving part alone feeds the index; the other branches never run', async () => {
    const { column, pattern } = searchTarget('117');
    const ran = await searchPagePlan(column, pattern, 'saga 117');
    expect(ran.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const indexScans = ran.filter((n) => n['Node Type'] === 'Bitmap Index Scan');
    expect(indexScans.map((n) => n['Index Name'])).toEqual(['dramas_search_text_trgm_idx']);
    // the index yields the one drama holding "117", not the 40 holding "saga"
    expect(indexScans[0]?.['Actual Rows']).toBe(1);
  });
});

/**
 * The nodes that ran in the generic plan of catalog_search_page's query, read from the function
 * as the database holds it (a function's inner plans are not shown by EXPLAIN), prepared as a
 * statement of its own with the function's plan_cache_mode, sequential scans priced out.
 */
async function searchPagePlan(column: string, pattern: string, term: string): Promise<PlanNode[]> {
  // PGlite and node-postgres both answer { rows }
  const source: unknown = await ctx.database.db.execute(
    sql`select prosrc from pg_proc where proname = 'catalog_search_page'`,
  );
  const [fn] = (source as { rows: { prosrc: string }[] }).rows;
  const query = /RETURN QUERY([\s\S]*?);\s*END/.exec(fn?.prosrc ?? '')?.[1];
  if (!query) throw new Error('catalog_search_page has no RETURN QUERY');
  const parameters = ['p_column', 'p_pattern', 'p_term', 'p_limit', 'p_offset'];
  const statement = parameters.reduce(
    (text, name, i) => text.replaceAll(new RegExp(`\\b${name}\\b`, 'g'), `$${i + 1}`),
    query,
  );
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const name = `search_page_plan_${++searchPagePlans}`;
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name}(text, text, text, int, int) as ${statement}`));
    // EXPLAIN takes no bound parameters: the arguments are literals
    const args = [column, pattern, term].map(literal).join(', ');
    const result: unknown = await tx.execute(
      sql.raw(`explain (analyze, format json) execute ${name}(${args}, 12, 0)`),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    const raw = (result as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return planNodes(plan[0].Plan).filter((n) => (n['Actual Loops'] ?? 0) > 0);
  });
}
let searchPagePlans = 0;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

describe('cache invalidation on catalog changes', () => {
  it('a new drama shows up in cached lists once the catalog reports the change', async () => {
    const before = await list('/drama/list/0/200/1');
    await list('/drama/latest/list/200/1');
    await ctx.services.catalogRepo.upsertDrama(
      {
        slug: 'late-addition',
        titleKey: 'drama.late-addition.title',
        descriptionKey: 'drama.late-addition.description',
        posterVerticalPath: '/resources/posters/x-v.svg',
        posterHorizontalPath: '/resources/posters/x-h.svg',
        registeredAt: ctx.clock.now(),
        exclusive: true,
      },
      [],
      [],
    );
    await ctx.services.catalog.catalogChanged();
    const after = await list('/drama/list/0/200/1');
    expect(after.totalCount).toBe((before.totalCount ?? 0) + 1);
    const latest = await list('/drama/latest/list/1/1');
    expect(latest.dramaList[0]?.titl_lang_key).toBe('drama.late-addition.title');
    const exclusive = await list('/drama/exclusive/list/1/1');
    expect(exclusive.dramaList[0]?.titl_lang_key).toBe('drama.late-addition.title');
  });
});

describe('lists, packed', () => {
  it('are the same JSON in br, in gzip and unpacked; a small answer goes as it is', async () => {
    const url = '/drama/list/0/200/1';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json<unknown>();

    // twice: the second answer is the packed bytes kept from the first
    for (let i = 0; i < 2; i += 1) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);
    }
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);

    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(json);

    const small = await get('/drama/list/0/1/999999', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary ?? '').not.toContain('accept-encoding');
    expect(small.json<{ data: { dramaList: unknown[] } }>().data.dramaList).toEqual([]);
  });

  it('a changed list is packed anew, not answered with the old bytes', async () => {
    const url = '/drama/latest/list/5/1';
    const unpack = async () => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as {
        data: { dramaList: Drama[] };
      };
    };
    const before = await unpack();
    await addDrama('packed-newcomer', new Date(ctx.clock.now().getTime() + 60_000), {
      en: { title: 'Packed Newcomer', description: 'New.' },
      ko: { title: '새 드라마', description: '새것.' },
      ja: { title: '新しいドラマ', description: '新しい。' },
    });
    await ctx.services.catalog.catalogChanged();
    const after = await unpack();
    expect(after.data.dramaList[0]?.titl_lang_key).toBe('drama.packed-newcomer.title');
    expect(after.data.dramaList).not.toEqual(before.data.dramaList);
    expect(after).toEqual((await get(url)).json());
  });
});
