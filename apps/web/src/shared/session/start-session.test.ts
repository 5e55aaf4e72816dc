import { describe, expect, it } from 'vitest';
import { ResultCode, type UserInfoData } from '@snapdrama/contract';
import { createApiClient } from '../api/api-client';
import { createMemoryTokenStore } from '../api/token-store';
import { guestId, startSession } from './start-session';

const reply = (status: number, code: number, data: unknown, message = 'm') =>
  new Response(JSON.stringify({ code, message, data }), { status });

const userInfo = { user: { user_id: 'u1', auth_mthd: 'guest' }, currentDateTime: 'now' };

function harness(handler: (method: string, path: string, auth: string | undefined) => Response) {
  const log: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = (input instanceof Request ? input.url : input.toString()).replace('/api/v1', '');
    const method = init?.method ?? 'GET';
    const auth = (init?.headers as Record<string, string>).authorization;
    log.push(`${method} ${path}`);
    return Promise.resolve(handler(method, path, auth));
  }) as typeof globalThis.fetch;
  return { fetch, log };
}

describe('startSession', () => {
  it('joins an unknown guest (403003), stores the token, then loads user info', async () => {
    const { fetch, log } = harness((method, path, auth) => {
      if (path === '/auth/login') return reply(403, ResultCode.GUEST_NOT_FOUND, null);
      if (path === '/auth/join') return reply(200, 0, { access_token: 't1' });
      if (path === '/user/info' && auth === 'Bearer t1') return reply(200, 0, userInfo);
      return reply(401, ResultCode.INVALID_SESSION, null);
    });
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).resolves.toEqual(userInfo);
    // a known browser asks with its cookie first (401: none), then signs in as a guest
    expect(log).toEqual([
      'GET /user/info',
      'POST /auth/login',
      'POST /auth/join',
      'GET /user/info',
    ]);
    expect(tokens.get()).toBe('t1');
  });

  it('a known browser whose stored token is gone keeps its cookie session', async () => {
    const member = { ...userInfo, user: { user_id: 'm1', auth_mthd: 'google' } };
    // the httpOnly cookie is sent by the browser itself: no Authorization header here
    const { fetch, log } = harness((_method, path, auth) =>
      path === '/user/info' && auth === undefined
        ? reply(200, 0, member)
        : reply(500, ResultCode.INTERNAL, null),
    );
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).resolves.toEqual(member);
    expect(log).toEqual(['GET /user/info']);
  });

  it('a failed cookie check that is not a rejection does not make a new guest', async () => {
    const { fetch, log } = harness(() => reply(503, ResultCode.INTERNAL, null));
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).rejects.toBeInstanceOf(Error);
    expect(log).toEqual(['GET /user/info']);
  });

  it('with a stale stored token, starts over as a guest once', async () => {
    const { fetch, log } = harness((_method, path, auth) => {
      if (path === '/auth/login') return reply(200, 0, { access_token: 'fresh' });
      if (path === '/user/info' && auth === 'Bearer fresh') return reply(200, 0, userInfo);
      return reply(401, ResultCode.INVALID_SESSION, null);
    });
    const tokens = createMemoryTokenStore('stale');
    let left = 0;
    const api = createApiClient({ fetch, tokens, leaveSession: () => (left += 1) });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).resolves.toEqual(userInfo);
    expect(log).toEqual(['GET /user/info', 'POST /auth/login', 'GET /user/info']);
    expect(left).toBe(0);
  });

  it.each([
    { name: 'no answer', fail: () => Promise.reject(new TypeError('Failed to fetch')) },
    { name: 'a server fault', fail: () => Promise.resolve(reply(500, ResultCode.INTERNAL, null)) },
  ])('$name on a refetch keeps the session', async ({ fail }) => {
    const log: string[] = [];
    const fetch = ((input: string) => {
      log.push(input);
      return fail();
    }) as typeof globalThis.fetch;
    const tokens = createMemoryTokenStore('member');
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).rejects.toBeInstanceOf(Error);
    expect(tokens.get()).toBe('member');
    expect(log).toHaveLength(1);
  });

  it('a brand-new guest id joins directly', async () => {
    const { fetch, log } = harness((_method, path, auth) => {
      if (path === '/auth/join') return reply(200, 0, { access_token: 't2' });
      if (path === '/user/info' && auth === 'Bearer t2') return reply(200, 0, userInfo);
      return reply(403, ResultCode.GUEST_NOT_FOUND, null);
    });
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const fresh = () => ({ id: 'g', isNew: true });
    // the sign-in is heard once its token is stored, before user info is asked for
    const heard: string[] = [];
    const onSignedIn = () => heard.push(`${tokens.get()} after ${log.join(', ')}`);
    await expect(startSession({ api, tokens, guestId: fresh, onSignedIn })).resolves.toEqual(
      userInfo,
    );
    expect(log).toEqual(['POST /auth/join', 'GET /user/info']);
    expect(heard).toEqual(['t2 after POST /auth/join']);
  });

  it("takes the boot script's join for its guest id instead of sending another", async () => {
    const { fetch, log } = harness((_method, path, auth) => {
      if (path === '/user/info' && auth === 'Bearer early') return reply(200, 0, userInfo);
      return reply(500, ResultCode.INTERNAL, null);
    });
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    // the boot script stored the id, so it reads as known; its join is in flight already
    const known = () => ({ id: 'g', isNew: false });
    const asked: string[] = [];
    const bootJoin = (authId: string) => {
      asked.push(authId);
      return api.adopt<{ access_token: string }>(
        Promise.resolve({ status: 200, body: { code: 0, data: { access_token: 'early' } } }),
      );
    };
    let heard = 0;
    await expect(
      startSession({ api, tokens, guestId: known, bootJoin, onSignedIn: () => (heard += 1) }),
    ).resolves.toEqual(userInfo);
    // no cookie check and no join of its own: only user info, with the boot's token
    expect(log).toEqual(['GET /user/info']);
    expect(asked).toEqual(['g']);
    expect(tokens.get()).toBe('early');
    expect(heard).toBe(1);
  });

  it("a boot join the server refused as already joined logs in, as the app's own would", async () => {
    const { fetch, log } = harness((_method, path, auth) => {
      if (path === '/auth/login') return reply(200, 0, { access_token: 't3' });
      if (path === '/user/info' && auth === 'Bearer t3') return reply(200, 0, userInfo);
      return reply(500, ResultCode.INTERNAL, null);
    });
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const bootJoin = () =>
      api.adopt<{ access_token: string }>(
        Promise.resolve({ status: 409, body: { code: ResultCode.ALREADY_JOINED, data: null } }),
      );
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known, bootJoin })).resolves.toEqual(
      userInfo,
    );
    expect(log).toEqual(['POST /auth/login', 'GET /user/info']);
  });

  it('a boot join lost on the network fails start-up as a network error (the gate retries)', async () => {
    const { fetch, log } = harness(() => reply(500, ResultCode.INTERNAL, null));
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const bootJoin = () => api.adopt<never>(Promise.reject(new TypeError('Failed to fetch')));
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known, bootJoin })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(log).toEqual([]);
    expect(tokens.get()).toBeNull();
  });

  it("takes the boot script's user info for the join's token: no request of its own", async () => {
    const { fetch, log } = harness(() => reply(500, ResultCode.INTERNAL, null));
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const bootJoin = () =>
      api.adopt<{ access_token: string }>(
        Promise.resolve({ status: 200, body: { code: 0, data: { access_token: 'early' } } }),
      );
    const askedWith: string[] = [];
    const bootUserInfo = (token: string) => {
      askedWith.push(token);
      return api.adopt<UserInfoData>(
        Promise.resolve({ status: 200, body: { code: 0, data: userInfo } }),
      );
    };
    const known = () => ({ id: 'g', isNew: false });
    await expect(
      startSession({ api, tokens, guestId: known, bootJoin, bootUserInfo }),
    ).resolves.toEqual(userInfo);
    expect(log).toEqual([]);
    expect(askedWith).toEqual(['early']);
  });

  it('asks for user info itself when the boot script has none for its token', async () => {
    const { fetch, log } = harness((_method, path, auth) =>
      path === '/user/info' && auth === 'Bearer kept'
        ? reply(200, 0, userInfo)
        : reply(500, ResultCode.INTERNAL, null),
    );
    const tokens = createMemoryTokenStore('kept');
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    const bootUserInfo = () => Promise.resolve(null);
    await expect(startSession({ api, tokens, guestId: known, bootUserInfo })).resolves.toEqual(
      userInfo,
    );
    expect(log).toEqual(['GET /user/info']);
  });

  it("a boot user info the server rejected starts over as a guest, as the app's own would", async () => {
    const { fetch, log } = harness((_method, path, auth) => {
      if (path === '/auth/login') return reply(200, 0, { access_token: 'again' });
      if (path === '/user/info' && auth === 'Bearer again') return reply(200, 0, userInfo);
      return reply(500, ResultCode.INTERNAL, null);
    });
    const tokens = createMemoryTokenStore();
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const bootJoin = () =>
      api.adopt<{ access_token: string }>(
        Promise.resolve({ status: 200, body: { code: 0, data: { access_token: 'early' } } }),
      );
    const bootUserInfo = () =>
      api.adopt<UserInfoData>(
        Promise.resolve({ status: 401, body: { code: ResultCode.INVALID_SESSION, data: null } }),
      );
    const known = () => ({ id: 'g', isNew: false });
    await expect(
      startSession({ api, tokens, guestId: known, bootJoin, bootUserInfo }),
    ).resolves.toEqual(userInfo);
    expect(log).toEqual(['POST /auth/login', 'GET /user/info']);
    expect(tokens.get()).toBe('again');
  });

  it('a suspended account is not turned into a guest: the refusal reaches the app (403130)', async () => {
    const { fetch, log } = harness((_method, path) =>
      path === '/user/info'
        ? reply(403, ResultCode.ACCOUNT_SUSPENDED, null)
        : reply(200, 0, { access_token: 'guest' }),
    );
    const tokens = createMemoryTokenStore('suspended');
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    const known = () => ({ id: 'g', isNew: false });
    await expect(startSession({ api, tokens, guestId: known })).rejects.toMatchObject({
      code: ResultCode.ACCOUNT_SUSPENDED,
    });
    // no guest sign-in behind the viewer's back; the app's popup clears the token on confirm
    expect(log).toEqual(['GET /user/info']);
  });

  it('a stored token that user info accepts is no sign-in', async () => {
    const { fetch } = harness(() => reply(200, 0, userInfo));
    const tokens = createMemoryTokenStore('kept');
    const api = createApiClient({ fetch, tokens, leaveSession: () => undefined });
    let heard = 0;
    const known = () => ({ id: 'g', isNew: false });
    await startSession({ api, tokens, guestId: known, onSignedIn: () => (heard += 1) });
    expect(heard).toBe(0);
  });

  it('keeps the guest id across calls', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    let n = 0;
    const make = () => `id-${++n}`;
    expect(guestId(storage, make)).toEqual({ id: 'id-1', isNew: true });
    expect(guestId(storage, make)).toEqual({ id: 'id-1', isNew: false });
  });
});
