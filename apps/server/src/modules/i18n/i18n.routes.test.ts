import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, enMessages } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { dictionaryEntries } from './i18n.tables';

const ctx = useTestContext();

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
    expect(res.json().message).toBe(enMessages['error.404004']);
  });
});

describe('the dictionary, packed', () => {
  const get = (acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/auth/dictionary/en`,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('is the same JSON in br, in gzip and unpacked, each told by its headers', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toContain('accept-encoding');
    const json = plain.json<unknown>();

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=60');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);

    // refused encodings are not used
    const none = await get('br;q=0, gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(json);
  });

  it('follows a changed dictionary: the packed answer of the old one is not sent again', async () => {
    const before = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString('utf8'));
    const changed = 'Loading, packed anew...';
    await ctx.database.db
      .update(dictionaryEntries)
      .set({ value: changed })
      .where(and(eq(dictionaryEntries.lang, 'en'), eq(dictionaryEntries.key, 'common.loading')));
    // the service keeps a dictionary for a minute
    ctx.clock.advance(61_000);
    const after = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString('utf8'));
    const loading = (body: { data: { dictionary: { lang_key: string; lang_valu: string }[] } }) =>
      body.data.dictionary.find((e) => e.lang_key === 'common.loading')?.lang_valu;
    expect(loading(before)).toBe('Loading...');
    expect(loading(after)).toBe(changed);
  });
});

describe('the texts of keys (link previews)', () => {
  it("are the language's own, else English, else empty, and follow an edit at once", async () => {
    const i18n = ctx.services.i18n;
    await i18n.upsert([{ lang: 'en', key: 'test.only-english', value: 'Only in English' }]);
    const ko = await i18n.textsOf('ko', [
      'drama.ceo-contract-bride.title',
      'test.only-english',
      'test.nowhere',
    ]);
    const en = await i18n.textsOf('en', ['drama.ceo-contract-bride.title']);
    expect(ko['drama.ceo-contract-bride.title']).not.toBe(en['drama.ceo-contract-bride.title']);
    expect(ko['test.only-english']).toBe('Only in English');
    expect(ko['test.nowhere']).toBe('');
    await i18n.upsert([{ lang: 'ko', key: 'test.only-english', value: '한국어로도' }]);
    expect((await i18n.textsOf('ko', ['test.only-english']))['test.only-english']).toBe(
      '한국어로도',
    );
  });
});
