import { API_BASE, REQUEST_TIMEOUT_MS, type Envelope, type TokenData } from '@snapdrama/contract';
import { ApiError } from './api-error';
import type { TokenStore } from './token-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /**
   * 'redirect' (default): a lost session (401, failed refresh) clears the token and leaves for '/'.
   * 'throw': the caller handles it (start-up, which falls back to a new guest session).
   */
  onSessionLost?: 'redirect' | 'throw';
  /** Let the request outlive the page (watch-log end on page hide). */
  keepalive?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  /** Called after the token was cleared because the session is gone (spec §8: go to the root). */
  leaveSession: () => void;
  baseUrl?: string;
  timeoutMs?: number;
  /** the page's language, sent as Accept-Language so the server refuses in it (issue 47) */
  language?: () => string | undefined;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  del<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  /**
   * The answer to a request sent before the client existed (the boot script's guest join), read
   * by the same envelope rules. No session rules apply: it carried no token.
   */
  adopt<T>(reply: Promise<RawReply>): Promise<T>;
}

export const REFRESH_PATH = '/auth/refresh/access-token';
const HTTP_UNAUTHORIZED = 401;
const HTTP_TOKEN_EXPIRED = 419;
const HTTP_CONFLICT = 409;

/** What came back: the HTTP status and the parsed body, if it was JSON. */
export interface RawReply {
  status: number;
  body: Partial<Envelope<unknown>> | null;
}

function networkError(error: unknown, timedOut: boolean): ApiError {
  if (timedOut) return new ApiError({ kind: 'timeout', status: 0, code: 0 });
  return new ApiError({
    kind: 'network',
    status: 0,
    code: 0,
    serverMessage: error instanceof Error ? error.message : undefined,
  });
}

/**
 * The one place every API call goes through (ARCHITECTURE.md "Web"): bearer token, credentials,
 * the 190000 ms timeout, the envelope check, and the 401/419 rules of spec §8.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refreshing: Promise<void> | null = null;

  async function send(
    path: string,
    method: HttpMethod,
    body: unknown,
    keepalive = false,
  ): Promise<RawReply> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = deps.tokens.get();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const language = deps.language?.();
    if (language) headers['accept-language'] = language;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await deps.fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
        keepalive,
      });
      let parsed: RawReply['body'] = null;
      try {
        parsed = (await response.json()) as RawReply['body'];
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      throw networkError(error, controller.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  function toError(reply: RawReply): ApiError {
    const message = typeof reply.body?.message === 'string' ? reply.body.message : undefined;
    return new ApiError({
      kind: 'server',
      status: reply.status,
      code: typeof reply.body?.code === 'number' ? reply.body.code : 0,
      ...(message ? { serverMessage: message } : {}),
    });
  }

  function isSuccess(reply: RawReply): boolean {
    return reply.status === 200 && reply.body?.code === 0;
  }

  function loseSession(mode: RequestOptions['onSessionLost']) {
    deps.tokens.clear();
    if (mode !== 'throw') deps.leaveSession();
  }

  /** One refresh at a time: concurrent 419s wait for the same call. */
  function refreshOnce(): Promise<void> {
    refreshing ??= (async () => {
      try {
        const reply = await send(REFRESH_PATH, 'PUT', undefined);
        if (!isSuccess(reply)) throw toError(reply);
        const data = reply.body?.data as TokenData | undefined;
        if (data?.access_token) deps.tokens.set(data.access_token);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    let reply = await send(path, method, options.body, options.keepalive);

    if (reply.status === HTTP_TOKEN_EXPIRED && path !== REFRESH_PATH) {
      try {
        await refreshOnce();
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.status === HTTP_CONFLICT || error.status === HTTP_UNAUTHORIZED)
        ) {
          loseSession(options.onSessionLost);
        }
        throw error;
      }
      // Retried once; a second 419 is an ordinary failure.
      reply = await send(path, method, options.body, options.keepalive);
    }

    if (reply.status === HTTP_UNAUTHORIZED) {
      loseSession(options.onSessionLost);
      throw toError(reply);
    }
    if (!isSuccess(reply)) throw toError(reply);
    return reply.body?.data as T;
  }

  async function adopt<T>(pending: Promise<RawReply>): Promise<T> {
    let reply: RawReply;
    try {
      reply = await pending;
    } catch (error) {
      // the boot script aborts its join only when the client's timeout has passed
      throw networkError(error, error instanceof DOMException && error.name === 'AbortError');
    }
    if (!isSuccess(reply)) throw toError(reply);
    return reply.body?.data as T;
  }

  return {
    request,
    adopt,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    del: (path, body, options) => request(path, { ...options, method: 'DELETE', body }),
  };
}
