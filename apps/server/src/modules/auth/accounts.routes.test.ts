import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, SOCIAL_METHODS } from '@snapdrama/contract';
import { ConfigError, loadConfig } from '../../config';
import {
  TEST_COMPANY_ENV,
  TEST_JWT_SECRET,
  bearer,
  joinGuest,
  type Caller,
  createTestContext,
  useTestContext,
} from '../../test/harness';
import {
  ALL_AGREED,
  TEST_WEB_ORIGIN,
  sandboxCallback,
  sandboxTicket,
  signInThroughSandbox,
} from './testing/sandbox-sign-in';

const ctx = useTestContext();

const newEmail = () => `v-${randomUUID().slice(0, 8)}@sandbox.test`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `${API_BASE}${url}`,
    payload: payload as object | undefined,
    headers,
  });
const checkUser = (payload: unknown) => call('POST', '/auth/check/user', payload);
const join = (payload: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/auth/join', payload, headers);
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/auth/login', payload, headers);
const userInfo = (token: string) => call('GET', '/user/info', undefined, auth(token));
const tokenOf = (res: { json: () => { data: { access_token: string } } }) =>
  res.json().data.access_token;
const startEpisode = (who: { token: string }, dramId: number, epsd: number) =>
  call('POST', '/drama/episode', { dramId, epsd }, auth(who.token));
const viewedEpisodes = async (token: string, dramId: number) =>
  (await call('GET', `/drama/info/${dramId}`, undefined, auth(token)))
    .json<{ data: { userDramaEpisodeList: { epsd: number }[] } }>()
    .data.userDramaEpisodeList.map((e) => e.epsd);

describe('GET /auth/authorize/:provider', () => {
  it('creates a PKCE S256 authorization with state and nonce, pointing at the sandbox page', async () => {
    const res = await call(
      'GET',
      `/auth/authorize/google?redirectUri=${encodeURIComponent(`${TEST_WEB_ORIGIN}/callback/google`)}`,
    );
    expect(res.statusCode).toBe(200);
    const { url, state } = res.json().data;
    const page = new URL(url, TEST_WEB_ORIGIN);
    expect(page.pathname).toBe('/sandbox/oauth/google/authorize');
    expect(page.searchParams.get('state')).toBe(state);
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    expect(page.searchParams.get('nonce')).toBeTruthy();
    expect(page.searchParams.get('code_verifier')).toBeNull();
    const html = await ctx.app.inject({ method: 'GET', url });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Sandbox sign-in');
  });

  it.each([
    ['a foreign origin', 'https://evil.example/callback/google'],
    ['another path', `${TEST_WEB_ORIGIN}/profile`],
    ['another provider page', `${TEST_WEB_ORIGIN}/callback/kakao`],
    ['a query string', `${TEST_WEB_ORIGIN}/callback/google?next=https://evil.example`],
  ])('refuses to return to %s', async (_name, redirectUri) => {
    const res = await call(
      'GET',
      `/auth/authorize/google?redirectUri=${encodeURIComponent(redirectUri)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.REDIRECT_URI_NOT_ALLOWED);
  });

  it.each([
    [
      'an unknown provider',
      '/auth/authorize/myspace?redirectUri=http%3A%2F%2Flocalhost%2Fcallback%2Fmyspace',
    ],
    ['guest', '/auth/authorize/guest?redirectUri=http%3A%2F%2Flocalhost%2Fcallback%2Fguest'],
    ['no redirectUri', '/auth/authorize/google'],
    ['a relative redirectUri', '/auth/authorize/google?redirectUri=%2Fcallback%2Fgoogle'],
  ])('answers 400 for %s', async (_name, url) => {
    const res = await call('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });
});

describe('sign-up and sign-in with every provider (sandbox, same adapters as production)', () => {
  it.each(SOCIAL_METHODS.map((m) => [m]))(
    '%s: a new identity joins, then logs in to the same account',
    async (method) => {
      const email = newEmail();
      const first = await sandboxTicket(ctx.app, method, email);
      expect(first.isExists).toBe(false);
      const joined = await join({ authMthd: method, authId: first.authId, ...ALL_AGREED });
      expect(joined.statusCode).toBe(200);
      const member = (await userInfo(tokenOf(joined))).json().data.user;
      expect(member).toMatchObject({ auth_mthd: method, email });
      expect(member.ncknm).toMatch(/^[A-Za-z0-9가-힣]{2,10}$/);

      const again = await sandboxTicket(ctx.app, method, email);
      expect(again.isExists).toBe(true);
      const loggedIn = await login({ authMthd: method, authId: again.authId });
      expect(loggedIn.statusCode).toBe(200);
      expect((await userInfo(tokenOf(loggedIn))).json().data.user.user_id).toBe(member.user_id);
    },
  );
});

describe('POST /auth/check/user refusals', () => {
  it('a replayed code (same callback twice) is refused', async () => {
    const callback = await sandboxCallback(ctx.app, 'google', newEmail());
    const payload = { authMthd: 'google', authId: callback.code, state: callback.state };
    expect((await checkUser(payload)).statusCode).toBe(200);
    const replay = await checkUser(payload);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(ResultCode.SOCIAL_AUTH_FAILED);
  });

  it('an unknown state is refused', async () => {
    const callback = await sandboxCallback(ctx.app, 'google', newEmail());
    const res = await checkUser({
      authMthd: 'google',
      authId: callback.code,
      state: 'not-a-state-we-made',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ResultCode.SOCIAL_AUTH_FAILED);
  });

  it('a code paired with the state of another authorization is refused (PKCE and nonce differ)', async () => {
    const a = await sandboxCallback(ctx.app, 'kakao', newEmail());
    const b = await sandboxCallback(ctx.app, 'kakao', newEmail());
    const res = await checkUser({ authMthd: 'kakao', authId: a.code, state: b.state });
    expect(res.statusCode).toBe(401);
  });

  it('a state made for another provider is refused', async () => {
    const callback = await sandboxCallback(ctx.app, 'google', newEmail());
    const res = await checkUser({
      authMthd: 'kakao',
      authId: callback.code,
      state: callback.state,
    });
    expect(res.statusCode).toBe(401);
  });

  it('an expired authorization (over 10 minutes) is refused', async () => {
    const callback = await sandboxCallback(ctx.app, 'google', newEmail());
    ctx.clock.advance(11 * 60 * 1000);
    const res = await checkUser({
      authMthd: 'google',
      authId: callback.code,
      state: callback.state,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a forged native token is refused', async () => {
    const res = await checkUser({
      authMthd: 'apple',
      authId: 'eyJhbGciOiJub25lIn0.e30.',
      isNative: true,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ResultCode.SOCIAL_AUTH_FAILED);
  });

  it.each([
    ['no body', undefined],
    ['guest method', { authMthd: 'guest', authId: 'x', state: 's' }],
    ['empty authId', { authMthd: 'google', authId: '', state: 's' }],
    ['isNative not boolean', { authMthd: 'google', authId: 'x', isNative: 'yes', state: 's' }],
    ['web sign-in without state', { authMthd: 'google', authId: 'code' }],
  ])('answers 400 for %s', async (_name, payload) => {
    const res = await checkUser(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });
});

describe('sign-in tickets', () => {
  it('a ticket works once (replayed ticket refused)', async () => {
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    expect(
      (await join({ authMthd: 'google', authId: ticket.authId, ...ALL_AGREED })).statusCode,
    ).toBe(200);
    const replay = await join({ authMthd: 'google', authId: ticket.authId, ...ALL_AGREED });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(ResultCode.SIGN_IN_TICKET_INVALID);
    expect((await login({ authMthd: 'google', authId: ticket.authId })).statusCode).toBe(401);
  });

  it('a forged ticket (not signed by the server) is refused', async () => {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ am: 'google', email: 'ceo@example.com' })
      .setProtectedHeader({ alg: 'HS256', typ: 'sign-in+jwt' })
      .setIssuer('snapdrama')
      .setAudience('snapdrama-sign-in')
      .setSubject('someone-elses-subject')
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(`sign-in-ticket:not-${TEST_JWT_SECRET}`));
    for (const res of [
      await login({ authMthd: 'google', authId: forged }),
      await join({ authMthd: 'google', authId: forged, ...ALL_AGREED }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ResultCode.SIGN_IN_TICKET_INVALID);
    }
  });

  it('an access token is not a ticket, and a ticket of one provider does not work for another', async () => {
    const guest = await joinGuest(ctx.app);
    expect((await login({ authMthd: 'google', authId: guest.token })).statusCode).toBe(401);
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    expect(
      (await join({ authMthd: 'kakao', authId: ticket.authId, ...ALL_AGREED })).statusCode,
    ).toBe(401);
  });

  it('an expired ticket (over 10 minutes) is refused', async () => {
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    ctx.clock.advance(601 * 1000);
    expect(
      (await join({ authMthd: 'google', authId: ticket.authId, ...ALL_AGREED })).statusCode,
    ).toBe(401);
  });

  it('login without an account answers 404010 and leaves the ticket usable for join', async () => {
    const ticket = await sandboxTicket(ctx.app, 'facebook', newEmail());
    const res = await login({ authMthd: 'facebook', authId: ticket.authId });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ResultCode.ACCOUNT_NOT_FOUND);
    expect(
      (await join({ authMthd: 'facebook', authId: ticket.authId, ...ALL_AGREED })).statusCode,
    ).toBe(200);
  });
});

describe('POST /auth/join consent', () => {
  it.each([
    ['no age confirmation', { ageAgreeYn: 'N' }],
    ['no terms', { termsAgreeYn: 'N' }],
    ['no privacy policy', { privacyAgreeYn: 'N' }],
  ])('refuses %s with 400012 and creates nothing', async (_name, change) => {
    const email = newEmail();
    const ticket = await sandboxTicket(ctx.app, 'google', email);
    const res = await join({
      authMthd: 'google',
      authId: ticket.authId,
      ...ALL_AGREED,
      infoAgreeYn: 'N',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.CONSENT_REQUIRED);
    expect((await sandboxTicket(ctx.app, 'google', email)).isExists).toBe(false);
  });

  it('refuses a combined flag that disagrees with the items', async () => {
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    const res = await join({
      authMthd: 'google',
      authId: ticket.authId,
      ...ALL_AGREED,
      alarmAgreeYn: 'N',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });

  it.each([
    ['missing infoAgreeYn', { authMthd: 'google', authId: 'x' }],
    ['infoAgreeYn not Y/N', { authMthd: 'google', authId: 'x', infoAgreeYn: 'yes' }],
    ['an item not Y/N', { authMthd: 'google', authId: 'x', infoAgreeYn: 'N', termsAgreeYn: true }],
    ['unknown method', { authMthd: 'line', authId: 'x', infoAgreeYn: 'N' }],
  ])('answers 400 for %s', async (_name, payload) => {
    const res = await join(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });

  it('records the four items and when', async () => {
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    const res = await join({
      authMthd: 'google',
      authId: ticket.authId,
      infoAgreeYn: 'N',
      ageAgreeYn: 'Y',
      termsAgreeYn: 'Y',
      privacyAgreeYn: 'Y',
      alarmAgreeYn: 'N',
    });
    expect(res.statusCode).toBe(200);
    const userId = (await userInfo(tokenOf(res))).json().data.user.user_id;
    const consents = await ctx.services.accounts.consentsOf(userId);
    expect(Object.fromEntries(consents.map((c) => [c.item, c.agreed]))).toEqual({
      age14: true,
      terms: true,
      privacy: true,
      alarm: false,
    });
    expect(consents.every((c) => c.recordedAt.getTime() === ctx.clock.now().getTime())).toBe(true);
  });
});

describe('guest to member carry-over', () => {
  it('a guest who joins keeps its watch history, and its guest session ends', async () => {
    const guest = await joinGuest(ctx.app);
    expect((await startEpisode(guest, 1, 1)).statusCode).toBe(200);
    expect((await startEpisode(guest, 2, 1)).statusCode).toBe(200);
    const member = await signInThroughSandbox(ctx.app, { guest });
    expect(await viewedEpisodes(member.token, 1)).toEqual([1]);
    expect(await viewedEpisodes(member.token, 2)).toEqual([1]);
    expect((await userInfo(guest.token)).statusCode).toBe(401);
    // the guest id is free again: logging in with it makes a new, empty guest
    const relogin = await login({ authMthd: 'guest', authId: guest.guestId });
    expect(relogin.statusCode).toBe(403);
    const fresh = await joinGuest(ctx.app, guest.guestId as ReturnType<typeof randomUUID>);
    expect(await viewedEpisodes(fresh.token, 1)).toEqual([]);
  });

  it('a guest who signs in to an existing account merges in without overwriting it', async () => {
    const email = newEmail();
    const member = await signInThroughSandbox(ctx.app, { email });
    expect((await startEpisode(member, 1, 1)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const guest = await joinGuest(ctx.app);
    expect((await startEpisode(guest, 1, 2)).statusCode).toBe(200);
    expect((await startEpisode(guest, 3, 1)).statusCode).toBe(200);
    const again = await signInThroughSandbox(ctx.app, { email, guest });
    expect(again.userId).toBe(member.userId);
    expect(await viewedEpisodes(again.token, 1)).toEqual([1, 2]);
    expect(await viewedEpisodes(again.token, 3)).toEqual([1]);
    expect((await userInfo(member.token)).statusCode).toBe(200); // the member's other sessions stay
    expect((await userInfo(guest.token)).statusCode).toBe(401);
  });

  it('a member signing in again carries nothing from another member', async () => {
    const a = await signInThroughSandbox(ctx.app);
    expect((await startEpisode(a, 4, 1)).statusCode).toBe(200);
    const ticket = await sandboxTicket(ctx.app, 'google', newEmail());
    const b = await join(
      { authMthd: 'google', authId: ticket.authId, ...ALL_AGREED },
      auth(a.token),
    );
    expect(b.statusCode).toBe(200);
    expect(await viewedEpisodes(tokenOf(b), 4)).toEqual([]);
    expect(await viewedEpisodes(a.token, 4)).toEqual([1]);
  });
});

describe('PUT /auth/change/nickname', () => {
  let member: Caller;
  beforeAll(async () => {
    member = await signInThroughSandbox(ctx.app);
  });
  const change = (payload: unknown, headers: Record<string, string> = bearer(member)) =>
    call('PUT', '/auth/change/nickname', payload, headers);

  it('stores a valid new nickname', async () => {
    const res = await change({ ncknm: '드라마Fan1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ncknm: '드라마Fan1' });
    expect((await userInfo(member.token)).json().data.user.ncknm).toBe('드라마Fan1');
  });

  it.each([
    ['too short', 'a', ResultCode.NICKNAME_INVALID],
    ['too long', 'abcdefghijk', ResultCode.NICKNAME_INVALID],
    ['a space', 'ab cd', ResultCode.NICKNAME_INVALID],
    ['a symbol', 'ab!c', ResultCode.NICKNAME_INVALID],
    ['Hangul jamo', 'ㅎㅎㅎ', ResultCode.NICKNAME_INVALID],
    ['the same as now', '드라마Fan1', ResultCode.NICKNAME_UNCHANGED],
  ])('refuses %s', async (_name, ncknm, code) => {
    const res = await change({ ncknm });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect((await userInfo(member.token)).json().data.user.ncknm).toBe('드라마Fan1');
  });

  it.each([
    ['no body', undefined],
    ['a number', { ncknm: 1234 }],
  ])('answers 400001 for %s', async (_name, payload) => {
    const res = await change(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });

  it('needs a session', async () => {
    expect((await change({ ncknm: 'Valid1' }, {})).statusCode).toBe(401);
  });
});

describe('PUT /auth/withdrawal', () => {
  it('a guest has no account to delete', async () => {
    const guest = await joinGuest(ctx.app);
    const res = await call('PUT', '/auth/withdrawal', undefined, bearer(guest));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
  });

  it('needs a session', async () => {
    expect((await call('PUT', '/auth/withdrawal')).statusCode).toBe(401);
  });

  it('ends every session, erases personal data, and the identity starts over as new', async () => {
    const email = newEmail();
    const member = await signInThroughSandbox(ctx.app, { email, method: 'kakao' });
    const second = await signInThroughSandbox(ctx.app, { email, method: 'kakao' });
    expect(second.userId).toBe(member.userId);
    expect((await startEpisode(member, 1, 1)).statusCode).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/user/qna',
          { cnts: 'My coins did not arrive after paying.' },
          bearer(member),
        )
      ).statusCode,
    ).toBe(200);

    const res = await call('PUT', '/auth/withdrawal', undefined, bearer(member));
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
    expect((await userInfo(member.token)).statusCode).toBe(401);
    expect((await userInfo(second.token)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/auth/refresh/access-token`,
      cookies: { refresh_token: second.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await ctx.services.support.inquiriesOf(member.userId)).toEqual([]);

    const ticket = await sandboxTicket(ctx.app, 'kakao', email);
    expect(ticket.isExists).toBe(false);
    const reborn = await signInThroughSandbox(ctx.app, { email, method: 'kakao' });
    expect(reborn.userId).not.toBe(member.userId);
    expect(await viewedEpisodes(reborn.token, 1)).toEqual([]);
  });
});

describe('POST /user/qna', () => {
  let guest: Caller;
  beforeAll(async () => {
    guest = await joinGuest(ctx.app);
  });
  const ask = (payload: unknown, headers: Record<string, string> = bearer(guest)) =>
    call('POST', '/user/qna', payload, headers);

  it('stores an inquiry of 20 characters or more for operators', async () => {
    const res = await ask({ cnts: '  The subtitles of episode 3 are late.  ' });
    expect(res.statusCode).toBe(200);
    const userId = (await userInfo(guest.token)).json().data.user.user_id;
    const stored = await ctx.services.support.inquiriesOf(userId);
    expect(stored.map((q) => q.contents)).toContain('The subtitles of episode 3 are late.');
    expect(stored[0]).toMatchObject({ status: 'open', lang: 'en' });
  });

  it.each([
    ['19 characters', { cnts: 'a'.repeat(19) }, ResultCode.INQUIRY_TOO_SHORT],
    [
      '20 characters of spaces around 5',
      { cnts: `       short        ` },
      ResultCode.INQUIRY_TOO_SHORT,
    ],
    ['no body', undefined, ResultCode.BAD_REQUEST],
    ['cnts not a string', { cnts: 42 }, ResultCode.BAD_REQUEST],
    ['over 4000 characters', { cnts: 'a'.repeat(4001) }, ResultCode.BAD_REQUEST],
  ])('refuses %s', async (_name, payload, code) => {
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('needs a session', async () => {
    expect((await ask({ cnts: 'a'.repeat(30) }, {})).statusCode).toBe(401);
  });
});

describe('rate limits and production', () => {
  it('sign-in calls answer 429001 beyond the per-minute limit', async () => {
    const limited = await createTestContext({
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: `${API_BASE}/auth/check/user`,
          payload: { authMthd: 'google', authId: 'code', state: 'state' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe(ResultCode.RATE_LIMITED);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the sandbox can never be switched on in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: TEST_JWT_SECRET,
        MEDIA_SIGNING_SECRET: TEST_JWT_SECRET,
        SOCIAL_SANDBOX: 'true',
      }),
    ).toThrow(ConfigError);
    const production = loadConfig({
      ...TEST_COMPANY_ENV,
      NODE_ENV: 'production',
      JWT_SECRET: TEST_JWT_SECRET,
      MEDIA_SIGNING_SECRET: TEST_JWT_SECRET,
    });
    expect(production.social.sandbox).toBe(false);
  });

  it('without keys and without the sandbox, sign-in answers 503010 and no sandbox page exists', async () => {
    const off = await createTestContext({ seed: false, env: { SOCIAL_SANDBOX: 'false' } });
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/authorize/google?redirectUri=${encodeURIComponent(`${TEST_WEB_ORIGIN}/callback/google`)}`,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ResultCode.PROVIDER_UNAVAILABLE);
      const page = await off.app.inject({ method: 'GET', url: '/sandbox/oauth/google/authorize' });
      expect(page.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
