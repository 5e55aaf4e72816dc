import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { createAccessTokens } from './tokens';
import { bearer, cookieValue, joinGuest, useTestContext } from '../../test/harness';

const ctx = useTestContext({ seed: false });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}${url}`, payload: payload as object, headers });
const userInfo = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/user/info`, headers });
const refresh = (cookie: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}/auth/refresh/access-token`,
    cookies: { refresh_token: cookie },
  });

describe('guest login and join', () => {
  it('an unknown guest id answers 403 with 403003', async () => {
    const res = await post('/auth/login', { authMthd: 'guest', authId: randomUUID() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ResultCode.GUEST_NOT_FOUND, data: null });
  });

  it('join returns an access token; later logins of the same id are the same user', async () => {
    const guest = await joinGuest(ctx.app);
    const first = await userInfo(bearer(guest));
    expect(first.statusCode).toBe(200);
    const login = await post('/auth/login', { authMthd: 'guest', authId: guest.guestId });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { access_token: string } }>().data.access_token;
    const second = await userInfo({ authorization: `Bearer ${token}` });
    expect(second.json().data.user.user_id).toBe(first.json().data.user.user_id);
  });

  it('a retried join of the same id signs in the same guest', async () => {
    const guest = await joinGuest(ctx.app);
    const again = await post('/auth/join', {
      authMthd: 'guest',
      authId: guest.guestId,
      infoAgreeYn: 'N',
    });
    expect(again.statusCode).toBe(200);
    const a = await userInfo(bearer(guest));
    const b = await userInfo({ authorization: `Bearer ${again.json().data.access_token}` });
    expect(b.json().data.user.user_id).toBe(a.json().data.user.user_id);
  });

  it.each([
    ['missing authId', { authMthd: 'guest' }],
    ['missing authMthd', { authId: randomUUID() }],
    ['unknown method', { authMthd: 'myspace', authId: randomUUID() }],
    ['authId of the wrong type', { authMthd: 'guest', authId: 42 }],
    ['a guest id that is not a UUID', { authMthd: 'guest', authId: 'not-a-uuid' }],
    ['an empty body', null],
  ])('login with %s is 400', async (_name, payload) => {
    const res = await post('/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
    expect(res.json().message).toBeTruthy();
  });

  it('join without infoAgreeYn or with a bad one is 400 and creates nobody', async () => {
    const guestId = randomUUID();
    for (const infoAgreeYn of [undefined, 'maybe']) {
      const res = await post('/auth/join', { authMthd: 'guest', authId: guestId, infoAgreeYn });
      expect(res.statusCode).toBe(400);
    }
    const login = await post('/auth/login', { authMthd: 'guest', authId: guestId });
    expect(login.json().code).toBe(ResultCode.GUEST_NOT_FOUND);
  });

  it('social methods are refused without a verified ticket', async () => {
    const res = await post('/auth/login', { authMthd: 'google', authId: 'someone@example.com' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ResultCode.SIGN_IN_TICKET_INVALID });
  });
});

describe('access tokens on requests', () => {
  it('are read from the Authorization header and from the access_token cookie', async () => {
    const guest = await joinGuest(ctx.app);
    expect((await userInfo(bearer(guest))).statusCode).toBe(200);
    const viaCookie = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      cookies: { access_token: guest.token },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('no token: 401', async () => {
    const res = await userInfo({});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ResultCode.INVALID_SESSION);
  });

  it('a token signed with another key: 401', async () => {
    const forger = createAccessTokens({
      secret: 'another-secret-another-secret-0123456',
      ttlSeconds: 600,
      clock: ctx.clock,
    });
    const guest = await joinGuest(ctx.app);
    const info = (await userInfo(bearer(guest))).json();
    const forged = await forger.issue({
      userId: info.data.user.user_id,
      sessionId: randomUUID(),
      authMethod: 'guest',
    });
    const res = await userInfo({ authorization: `Bearer ${forged}` });
    expect(res.statusCode).toBe(401);
  });

  it('an expired token: 419; after refresh the new token works', async () => {
    const guest = await joinGuest(ctx.app);
    ctx.clock.advance((ctx.config.accessTokenTtlSeconds + 1) * 1000);
    const expired = await userInfo(bearer(guest));
    expect(expired.statusCode).toBe(419);
    expect(expired.json().code).toBe(ResultCode.ACCESS_TOKEN_EXPIRED);
    const refreshed = await refresh(guest.refreshCookie);
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json().data.access_token as string;
    expect((await userInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('user info has the spec fields and the server time', async () => {
    const guest = await joinGuest(ctx.app);
    const res = await userInfo(bearer(guest));
    const { user, currentDateTime } = res.json().data;
    expect(user).toMatchObject({
      auth_mthd: 'guest',
      email: null,
      lang: 'en',
      coin: 0,
      coin_list: { paid: 0, bonus: 0 },
      unlock_count: 0,
      unlock_cap: 10,
      last_unlock_dtm: null,
      unlock_cooldown_sec: 0,
      atdn_today_yn: 'N',
      next_cnsc_atdn: 1,
    });
    expect(user.ncknm).toMatch(/^Guest\d{4}$/);
    expect(currentDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
  });

  it('a guest joined with a lang cookie gets that language', async () => {
    const guestId = randomUUID();
    const join = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/join`,
      payload: { authMthd: 'guest', authId: guestId, infoAgreeYn: 'N' },
      cookies: { lang: 'ko' },
    });
    const info = await userInfo({ authorization: `Bearer ${join.json().data.access_token}` });
    expect(info.json().data.user.lang).toBe('ko');
  });
});

describe('refresh token rotation', () => {
  it('rotates: each refresh gives a new refresh cookie and a working access token', async () => {
    const guest = await joinGuest(ctx.app);
    const first = await refresh(guest.refreshCookie);
    expect(first.statusCode).toBe(200);
    const next = cookieValue(first, 'refresh_token');
    expect(next).toBeTruthy();
    expect(next).not.toBe(guest.refreshCookie);
    const cookie = first.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });
    const second = await refresh(next ?? '');
    expect(second.statusCode).toBe(200);
  });

  it('a refresh token used twice revokes the whole family', async () => {
    const guest = await joinGuest(ctx.app);
    const first = await refresh(guest.refreshCookie);
    const rotated = cookieValue(first, 'refresh_token') ?? '';
    const newAccess = first.json().data.access_token as string;

    const replay = await refresh(guest.refreshCookie);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe(ResultCode.REFRESH_TOKEN_REUSED);

    // the rotated token and every access token of the session are dead too
    const afterReplay = await refresh(rotated);
    expect(afterReplay.statusCode).toBe(401);
    expect((await userInfo({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(401);
    expect((await userInfo(bearer(guest))).statusCode).toBe(401);
  });

  it('missing, unknown or expired refresh tokens answer 401', async () => {
    const none = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/auth/refresh/access-token`,
    });
    expect(none.statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
    const guest = await joinGuest(ctx.app);
    ctx.clock.advance((ctx.config.refreshTokenTtlSeconds + 1) * 1000);
    const expired = await refresh(guest.refreshCookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(ResultCode.REFRESH_TOKEN_INVALID);
  });
});

describe('logout and language', () => {
  it('logout revokes the session; it succeeds even without a token', async () => {
    const guest = await joinGuest(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/auth/logout`,
      headers: bearer(guest),
    });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(bearer(guest))).statusCode).toBe(401);
    expect((await refresh(guest.refreshCookie)).statusCode).toBe(401);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/auth/logout` });
    expect(anonymous.statusCode).toBe(200);
  });

  it('stores the chosen language on the user and refuses unknown ones', async () => {
    const guest = await joinGuest(ctx.app);
    const put = (lang: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/user/lang`,
        headers: bearer(guest),
        payload: { lang },
      });
    expect((await put('ja')).statusCode).toBe(200);
    expect((await userInfo(bearer(guest))).json().data.user.lang).toBe('ja');
    expect((await put('fr')).statusCode).toBe(400);
    expect((await userInfo(bearer(guest))).json().data.user.lang).toBe('ja');
  });
});
