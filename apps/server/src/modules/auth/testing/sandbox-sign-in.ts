import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASE, type SocialMethod } from '@snapdrama/contract';
import type { Caller } from '../../../test/harness';

/** The web origin test sign-ins return to (loopback is allowed outside production). */
export const TEST_WEB_ORIGIN = 'http://localhost:5173';

const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    ]),
  );

/**
 * Walks the sandbox sign-in the way the browser does: authorize, the sandbox page's form post,
 * (Apple: the form_post back to the API), and returns the callback's code and state.
 */
export async function sandboxCallback(
  app: FastifyInstance,
  method: SocialMethod,
  email: string,
  headers: Record<string, string> = {},
): Promise<{ code: string; state: string }> {
  const authorize = await app.inject({
    method: 'GET',
    url: `${API_BASE}/auth/authorize/${method}`,
    query: { redirectUri: `${TEST_WEB_ORIGIN}/callback/${method}` },
    headers,
  });
  if (authorize.statusCode !== 200) throw new Error(`authorize failed: ${authorize.body}`);
  const { url } = authorize.json<{ data: { url: string } }>().data;
  const page = new URL(url, TEST_WEB_ORIGIN);
  const form = new URLSearchParams(page.searchParams);
  form.set('email', email);
  const signedIn = await app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  let location: string | undefined;
  if (signedIn.statusCode === 303) {
    location = String(signedIn.headers.location);
  } else {
    // Apple: an auto-posting form back to our API, which redirects to the web callback
    const posted = hiddenFields(signedIn.body);
    const action = /action="([^"]+)"/.exec(signedIn.body)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const back = await app.inject({
      method: 'POST',
      url: new URL(action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(posted).toString(),
    });
    if (back.statusCode !== 303) throw new Error(`apple return failed: ${back.body}`);
    location = String(back.headers.location);
  }
  const callback = new URL(location);
  if (callback.pathname !== `/callback/${method}`) throw new Error(`unexpected return ${location}`);
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

/** check/user for a sandbox sign-in: {isExists, authId (the ticket)}. */
export async function sandboxTicket(app: FastifyInstance, method: SocialMethod, email: string) {
  const { code, state } = await sandboxCallback(app, method, email);
  const check = await app.inject({
    method: 'POST',
    url: `${API_BASE}/auth/check/user`,
    payload: { authMthd: method, authId: code, state, isNative: false },
  });
  if (check.statusCode !== 200) throw new Error(`check/user failed: ${check.body}`);
  return check.json<{ data: { isExists: boolean; authId: string } }>().data;
}

export const ALL_AGREED = {
  infoAgreeYn: 'Y',
  ageAgreeYn: 'Y',
  termsAgreeYn: 'Y',
  privacyAgreeYn: 'Y',
  alarmAgreeYn: 'Y',
} as const;

/**
 * A signed-in member through the whole sandbox flow (for any module's tests): joins when new,
 * logs in when the identity already has an account. Pass a guest to carry its data over.
 */
export async function signInThroughSandbox(
  app: FastifyInstance,
  options: { method?: SocialMethod; email?: string; guest?: Caller } = {},
): Promise<Caller & { userId: string }> {
  const method = options.method ?? 'google';
  const email = options.email ?? `member-${randomUUID().slice(0, 8)}@sandbox.test`;
  const ticket = await sandboxTicket(app, method, email);
  const headers = options.guest ? { authorization: `Bearer ${options.guest.token}` } : {};
  const res = ticket.isExists
    ? await app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/login`,
        headers,
        payload: { authMthd: method, authId: ticket.authId },
      })
    : await app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/join`,
        headers,
        payload: { authMthd: method, authId: ticket.authId, ...ALL_AGREED },
      });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const token = res.json<{ data: { access_token: string } }>().data.access_token;
  const refreshCookie = res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
  const info = await app.inject({
    method: 'GET',
    url: `${API_BASE}/user/info`,
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = info.json<{ data: { user: { user_id: string } } }>().data.user.user_id;
  return { token, refreshCookie, guestId: options.guest?.guestId ?? '', userId };
}
