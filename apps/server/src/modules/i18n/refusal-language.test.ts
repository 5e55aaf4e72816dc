import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  enMessages,
  jaMessages,
  koMessages,
  type MessageKey,
} from '@snapdrama/contract';
import { bearer, joinGuest, useTestContext } from '../../test/harness';
import { issueTemplate, koreanTopic, localizeRefusal } from './refusal-language';
import { publishIncompleteMessage } from '@snapdrama/contract';

// Issue 47: a refusal's message is the dictionary text of its code in the caller's language (the
// viewer's stored lang, else Accept-Language, else the default).
const ctx = useTestContext({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });

const HANGUL = /[\uAC00-\uD7A3]/;
const KOREAN = { 'accept-language': 'ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7' };

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers });
const text = (key: MessageKey) => koMessages[key];

describe('a Korean caller by Accept-Language: ko-KR', () => {
  it('a drama that does not exist', async () => {
    const res = await get('/drama/info/999', KOREAN);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ResultCode.DRAMA_NOT_FOUND,
      message: text('error.404002'),
      data: null,
    });
  });

  it('an episode that does not exist', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: KOREAN,
      payload: { dramId: 1, epsd: 999 },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toMatch(HANGUL);
    expect(res.json().message).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('a search term over 100 characters names the field and the limit', async () => {
    const res = await get(`/drama/search/list/${'a'.repeat(800)}/12/1`, KOREAN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
    expect(res.json().message).toBe('검색어는 100자까지 입력할 수 있어요.');
    expect(res.json().fields).toEqual({ keyword: '검색어는 100자까지 입력할 수 있어요.' });
  });

  it('several bad fields are each said once, in Korean', async () => {
    const res = await get('/drama/latest/list/0/x', KOREAN);
    expect(res.statusCode).toBe(400);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain('개수는 1 이상으로 입력해 주세요.');
    expect(message).toContain('페이지 번호');
    expect(message).not.toMatch(/params|must|[a-z]+\.[a-z]+/);
  });

  it('a rate limit', async () => {
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/login`,
        headers: KOREAN,
        remoteAddress: '10.47.0.1',
        payload: { authMthd: 'guest', authId: crypto.randomUUID() },
      });
    await login();
    await login();
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: ResultCode.RATE_LIMITED,
      message: text('error.429001'),
      data: null,
    });
  });

  it('a route that does not exist', async () => {
    const res = await get('/no/such/route', KOREAN);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(text('error.404001'));
  });

  it('a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      headers: { ...KOREAN, 'content-type': 'text/plain' },
      remoteAddress: '10.47.0.2',
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(text('error.415001'));
  });
});

describe('the language of the refusal', () => {
  it('Japanese for ja-JP, English dictionary text without a header', async () => {
    expect((await get('/drama/info/999', { 'accept-language': 'ja-JP' })).json().message).toBe(
      jaMessages['error.404002'],
    );
    expect((await get('/drama/info/999')).json().message).toBe(enMessages['error.404002']);
    expect((await get('/drama/info/999', { 'accept-language': 'fr-FR' })).json().message).toBe(
      enMessages['error.404002'],
    );
  });

  it("a signed-in viewer's stored lang wins over Accept-Language", async () => {
    const viewer = await joinGuest(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/user/lang`,
      headers: bearer(viewer),
      payload: { lang: 'ko' },
    });
    expect(put.statusCode).toBe(200);
    const english = { ...bearer(viewer), 'accept-language': 'en-US' };
    const notFound = await get('/drama/info/999', english);
    expect(notFound.json().message).toBe(text('error.404002'));
    const tooLong = await get(`/drama/search/list/${'가'.repeat(101)}/12/1`, english);
    expect(tooLong.json().message).toBe('검색어는 100자까지 입력할 수 있어요.');
  });

  it('a new guest with a ko-KR browser is stored as ko', async () => {
    const viewer = await joinGuest(ctx.app);
    const joined = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      headers: bearer(viewer),
    });
    expect(joined.json().data.user.lang).toBe('en');
    const guestId = crypto.randomUUID();
    const join = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/join`,
      headers: { 'accept-language': 'ko-KR,ko;q=0.9', cookie: 'lang=ko-KR' },
      remoteAddress: '10.47.0.3',
      payload: { authMthd: 'guest', authId: guestId, infoAgreeYn: 'N' },
    });
    expect(join.statusCode).toBe(200);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      headers: { authorization: `Bearer ${join.json().data.access_token}` },
    });
    expect(info.json().data.user.lang).toBe('ko');
  });

  it('a declined payment keeps the provider code for the client to map', async () => {
    const { localizeRefusal } = await import('./refusal-language');
    const out = await localizeRefusal(
      {
        code: ResultCode.PAYMENT_DECLINED,
        message: 'REJECT_CARD_COMPANY: card refused',
        data: null,
      },
      'ko',
      (lang, keys) => ctx.services.i18n.textsOf(lang, keys),
      undefined,
    );
    expect(out.message).toBe(`REJECT_CARD_COMPANY: ${text('error.409075')}`);
  });
});

describe('Korean particles and issue templates', () => {
  it.each([
    ['검색어', '검색어는'],
    ['닉네임', '닉네임은'],
    ['코인', '코인은'],
    ['페이지 번호', '페이지 번호는'],
    ['ID', 'ID(은)는'],
  ])('%s -> %s', (word, want) => {
    expect(koreanTopic(word)).toBe(want);
  });

  it.each([
    [
      { keyword: 'too_big', params: { origin: 'string', maximum: 100 } },
      'validation.too_long',
      '100',
    ],
    [
      { keyword: 'too_big', params: { origin: 'number', maximum: 10000 } },
      'validation.too_big',
      '10000',
    ],
    [
      { keyword: 'too_small', params: { origin: 'string', minimum: 1 } },
      'validation.required',
      '1',
    ],
    [{ keyword: 'too_small', params: { origin: 'array', minimum: 1 } }, 'validation.too_few', '1'],
    [
      { keyword: 'invalid_type', message: 'Invalid input: expected string, received undefined' },
      'validation.required',
      '',
    ],
    [{ keyword: 'invalid_value', params: {} }, 'validation.invalid_value', ''],
    [{ keyword: 'custom', params: {} }, 'validation.invalid', ''],
  ] as const)('%j', (issue, key, limit) => {
    expect(issueTemplate(issue)).toEqual({ key, limit });
  });
});

describe('every result code is refused in ko, en and ja with the served dictionary', () => {
  const codes = Object.values(ResultCode).filter((code) => code !== ResultCode.OK);
  const KANA_OR_KANJI = /[\u3040-\u30FF\u4E00-\u9FFF]/;

  it.each(codes)('%i', async (code) => {
    const textsOf: Parameters<typeof localizeRefusal>[2] = (lang, keys) =>
      ctx.services.i18n.textsOf(lang, keys);
    const refusal = { code, message: 'developer wording: id 42', data: null };
    const [ko, en, ja] = await Promise.all(
      (['ko', 'en', 'ja'] as const).map((lang) => localizeRefusal(refusal, lang, textsOf, [])),
    );
    expect(ko?.message).toMatch(HANGUL);
    expect(ja?.message).toMatch(KANA_OR_KANJI);
    expect(en?.message.trim()).toBeTruthy();
    // never the developer's wording, in any language
    for (const r of [ko, en, ja]) expect(r?.message).not.toContain('developer wording');
  });
});

describe('a publish refusal names what the drama lacks in the caller’s language', () => {
  it.each([
    [
      'ko',
      '아직 공개할 준비가 되지 않은 드라마예요. 아직 없는 항목: 세로 포스터, 에피소드 1개 이상.',
    ],
    [
      'ja',
      'このドラマはまだ公開の準備ができていません。 まだ足りないもの：縦長ポスター、1話以上のエピソード。',
    ],
  ] as const)('%s', async (lang, expected) => {
    const refusal = {
      code: ResultCode.CATALOG_PUBLISH_INCOMPLETE,
      message: publishIncompleteMessage(['poster_vertical', 'episode']),
      data: null,
    };
    const textsOf: Parameters<typeof localizeRefusal>[2] = (l, keys) =>
      ctx.services.i18n.textsOf(l, keys);
    expect((await localizeRefusal(refusal, lang, textsOf, [])).message).toBe(expected);
  });
});
