import { describe, expect, it, vi } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { REFRESH_PATH, createApiClient } from './api-client';
import { ApiError, errorMessage } from './api-error';
import { createMemoryTokenStore } from './token-store';

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Responder = (call: Call) => { status: number; body: unknown };

/** A fake fetch answering from a queue of responders (or one for every call). */
function fakeFetch(responders: Responder[] | Responder) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      authorization: headers.authorization,
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const responder = Array.isArray(responders) ? responders.shift() : responders;
    if (!responder) throw new Error(`unexpected call ${call.method} ${call.url}`);
    const { status, body } = responder(call);
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const ok = (data: unknown) => () => ({ status: 200, body: { code: 0, message: 'success', data } });
const fail = (status: number, code: number, message: string) => () => ({
  status,
  body: { code, message, data: null },
});

function setup(responders: Responder[] | Responder, token: string | null = 'old-token') {
  const { fetch, calls } = fakeFetch(responders);
  const tokens = createMemoryTokenStore(token);
  const leaveSession = vi.fn();
  const client = createApiClient({ fetch, tokens, leaveSession, baseUrl: '/api/v1' });
  return { client, calls, tokens, leaveSession };
}

describe('api client', () => {
  it('sends the bearer token with credentials and returns data of a success envelope', async () => {
    const { client, calls } = setup([ok({ value: 1 })]);
    await expect(client.get('/user/info')).resolves.toEqual({ value: 1 });
    expect(calls[0]).toMatchObject({
      url: '/api/v1/user/info',
      method: 'GET',
      authorization: 'Bearer old-token',
      credentials: 'include',
    });
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client, calls } = setup([ok(null)], null);
    await client.post('/auth/login', { authMthd: 'guest', authId: 'x' });
    expect(calls[0]?.authorization).toBeUndefined();
    expect(calls[0]?.body).toEqual({ authMthd: 'guest', authId: 'x' });
  });

  it('on 419 refreshes once, stores the new token and retries the request with it', async () => {
    const { client, calls, tokens } = setup([
      fail(419, ResultCode.ACCESS_TOKEN_EXPIRED, 'expired'),
      ok({ access_token: 'new-token' }),
      ok({ retried: true }),
    ]);
    await expect(client.get('/user/info')).resolves.toEqual({ retried: true });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/user/info',
      `PUT /api/v1${REFRESH_PATH}`,
      'GET /api/v1/user/info',
    ]);
    expect(calls[2]?.authorization).toBe('Bearer new-token');
    expect(tokens.get()).toBe('new-token');
  });

  it('retries only once: a second 419 is a failure, not a loop', async () => {
    const { client, calls } = setup([
      fail(419, ResultCode.ACCESS_TOKEN_EXPIRED, 'expired'),
      ok({ access_token: 'new-token' }),
      fail(419, ResultCode.ACCESS_TOKEN_EXPIRED, 'expired again'),
    ]);
    await expect(client.get('/user/info')).rejects.toMatchObject({ status: 419 });
    expect(calls).toHaveLength(3);
  });

  it('shares one refresh between concurrent 419s', async () => {
    const { client, calls } = setup((call) => {
      if (call.url.endsWith(REFRESH_PATH)) return ok({ access_token: 'new-token' })();
      return call.authorization === 'Bearer new-token'
        ? ok({ url: call.url })()
        : fail(419, ResultCode.ACCESS_TOKEN_EXPIRED, 'expired')();
    });
    const results = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(results).toEqual([{ url: '/api/v1/a' }, { url: '/api/v1/b' }, { url: '/api/v1/c' }]);
    expect(calls.filter((c) => c.url.endsWith(REFRESH_PATH))).toHaveLength(1);
  });

  it.each([409, 401])(
    'when the refresh answers %i, clears the token and leaves the session',
    async (status) => {
      const { client, tokens, leaveSession } = setup([
        fail(419, ResultCode.ACCESS_TOKEN_EXPIRED, 'expired'),
        fail(status, status * 1000 + 2, 'refresh refused'),
      ]);
      await expect(client.get('/user/info')).rejects.toBeInstanceOf(ApiError);
      expect(tokens.get()).toBeNull();
      expect(leaveSession).toHaveBeenCalledTimes(1);
    },
  );

  it('on 401 clears the token and leaves the session', async () => {
    const { client, tokens, leaveSession } = setup([
      fail(401, ResultCode.INVALID_SESSION, 'Sign-in required'),
    ]);
    await expect(client.get('/user/info')).rejects.toMatchObject({
      status: 401,
      code: ResultCode.INVALID_SESSION,
    });
    expect(tokens.get()).toBeNull();
    expect(leaveSession).toHaveBeenCalledTimes(1);
  });

  it("on 401 with onSessionLost 'throw' clears the token but stays", async () => {
    const { client, tokens, leaveSession } = setup([
      fail(401, ResultCode.INVALID_SESSION, 'Sign-in required'),
    ]);
    await expect(client.get('/user/info', { onSessionLost: 'throw' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(tokens.get()).toBeNull();
    expect(leaveSession).not.toHaveBeenCalled();
  });

  it('rejects an error envelope with its code, status and server message', async () => {
    const { client } = setup([fail(403, ResultCode.GUEST_NOT_FOUND, 'Guest not found')]);
    const error = await client.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'server',
      status: 403,
      code: ResultCode.GUEST_NOT_FOUND,
      serverMessage: 'Guest not found',
    });
    expect(errorMessage(error, 'fallback')).toBe('Guest not found');
  });

  it('rejects HTTP 200 with a non-zero code', async () => {
    const { client } = setup([
      () => ({ status: 200, body: { code: 500001, message: 'x', data: null } }),
    ]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 200, code: 500001 });
  });

  it('rejects a non-JSON reply and falls back to the caller message', async () => {
    const fetch = (() =>
      Promise.resolve(
        new Response('<html>bad gateway</html>', { status: 502 }),
      )) as typeof globalThis.fetch;
    const client = createApiClient({
      fetch,
      tokens: createMemoryTokenStore(),
      leaveSession: () => undefined,
    });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 0 });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('times out with a timeout error', async () => {
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      })) as typeof globalThis.fetch;
    const client = createApiClient({
      fetch,
      tokens: createMemoryTokenStore(),
      leaveSession: () => undefined,
      timeoutMs: 5,
    });
    await expect(client.get('/slow')).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });
});

describe('adopt (a reply the boot script received)', () => {
  const client = () => {
    const { fetch, calls } = fakeFetch([]);
    const api = createApiClient({
      fetch,
      tokens: createMemoryTokenStore(),
      leaveSession: () => undefined,
    });
    return { api, calls };
  };

  it('reads a success envelope as the data, sending nothing', async () => {
    const { api, calls } = client();
    const reply = Promise.resolve({ status: 200, body: { code: 0, data: { access_token: 't' } } });
    await expect(api.adopt(reply)).resolves.toEqual({ access_token: 't' });
    expect(calls).toHaveLength(0);
  });

  it('reads a refusal as the server error with its code', async () => {
    const { api } = client();
    const reply = Promise.resolve({ status: 409, body: { code: ResultCode.ALREADY_JOINED } });
    await expect(api.adopt(reply)).rejects.toMatchObject({
      kind: 'server',
      status: 409,
      code: ResultCode.ALREADY_JOINED,
    });
  });

  it('reads an abort as the timeout, and any other failure as the network', async () => {
    const { api } = client();
    const aborted = Promise.reject(new DOMException('aborted', 'AbortError'));
    await expect(api.adopt(aborted)).rejects.toMatchObject({ kind: 'timeout' });
    await expect(api.adopt(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject(
      { kind: 'network' },
    );
  });
});
