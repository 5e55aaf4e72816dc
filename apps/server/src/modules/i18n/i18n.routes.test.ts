import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, enMessages } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const dictionary = (lang: string) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/auth/dictionary/${lang}` });

describe('GET /auth/dictionary/:langCode', () => {
  it.each(['ko', 'en', 'ja'])('%s has every interface key and the drama titles', async (lang) => {
    const res = await dictionary(lang);
    expect(res.statusCode).toBe(200);
    const entries = res.json<{
      data: { lang: string; dictionary: { lang_key: string; lang_valu: string }[] };
    }>().data;
    expect(entries.lang).toBe(lang);
    const keys = new Set(entries.dictionary.map((e) => e.lang_key));
    for (const key of Object.keys(enMessages)) expect(keys.has(key), key).toBe(true);
    expect(keys.has('drama.ceo-contract-bride.title')).toBe(true);
    expect(keys.has('category.romance')).toBe(true);
  });

  it('languages differ where they should', async () => {
    const value = async (lang: string, key: string) =>
      (await dictionary(lang))
        .json<{ data: { dictionary: { lang_key: string; lang_valu: string }[] } }>()
        .data.dictionary.find((e) => e.lang_key === key)?.lang_valu;
    expect(await value('ko', 'drama.ceo-contract-bride.title')).toBe('CEO의 계약 신부');
    expect(await value('ja', 'common.loading')).toBe('読み込み中...');
    expect(await value('en', 'common.loading')).toBe('Loading...');
  });

  it('an unknown language is a clear 404', async () => {
    const res = await dictionary('fr');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ResultCode.LANGUAGE_NOT_FOUND, data: null });
    expect(res.json().message).toContain('ko, en, ja');
  });
});
