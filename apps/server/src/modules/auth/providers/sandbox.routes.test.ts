import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { useTestContext } from '../../../test/harness';
import { TEST_WEB_ORIGIN, sandboxCallback } from '../testing/sandbox-sign-in';

/**
 * The development-only sandbox sign-in (issue 39, item 8): its form refuses NUL like production
 * routes, and it sends the code only back to a sign-in return page of the configured web origin.
 */
const ctx = useTestContext({ seed: false });

/** The sandbox page's address and its form fields, as the authorize call hands them out. */
async function signInForm(method = 'google'): Promise<{ path: string; form: URLSearchParams }> {
  const authorize = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}/auth/authorize/${method}`,
    query: { redirectUri: `${TEST_WEB_ORIGIN}/callback/${method}` },
  });
  expect(authorize.statusCode).toBe(200);
  const page = new URL(authorize.json<{ data: { url: string } }>().data.url, TEST_WEB_ORIGIN);
  return { path: page.pathname, form: new URLSearchParams(page.searchParams) };
}

const post = (path: string, form: URLSearchParams | string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });

const expectRefused = (
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  code: number,
) => {
  expect(res.statusCode).toBe(Math.floor(code / 1000));
  expect(res.headers.location).toBeUndefined();
  expect(res.json()).toMatchObject({ code, data: null });
};

describe('the sandbox sign-in form', () => {
  it('a NUL in any field or name is 400 and issues no code', async () => {
    for (const [field, value] of [
      ['name', 'Viewer\u0000One'],
      ['custom_email', 'nul\u0000@sandbox.test'],
      ['email', 'viewer.one@sandbox.test\u0000'],
      ['state', 'x\u0000'],
      ['k\u0000', '1'],
    ] as const) {
      const { path, form } = await signInForm();
      if (field !== 'email') form.set('email', 'viewer.one@sandbox.test');
      form.set(field, value);
      expectRefused(await post(path, form), ResultCode.BAD_REQUEST);
    }
  });

  it('a sign-in with the fixed form still joins (the check refuses only NUL)', async () => {
    const { code } = await sandboxCallback(ctx.app, 'google', 'plain@sandbox.test');
    expect(code).not.toBe('');
  });

  it('sends the code only to a sign-in return page of our web origin (no open redirect)', async () => {
    const elsewhere = [
      'https://attacker.example/callback/google',
      'https://attacker.example/',
      `${TEST_WEB_ORIGIN}/somewhere-else`,
      `${TEST_WEB_ORIGIN}/callback/google?next=https://attacker.example`,
      'http://localhost.attacker.example/callback/google',
      'javascript:alert(1)',
    ];
    for (const target of elsewhere) {
      const { path, form } = await signInForm();
      form.set('redirect_uri', target);
      form.set('email', 'viewer.one@sandbox.test');
      expectRefused(await post(path, form), ResultCode.REDIRECT_URI_NOT_ALLOWED);
      // the page itself is not shown for such an address either
      const page = await ctx.app.inject({ method: 'GET', url: `${path}?${form.toString()}` });
      expectRefused(page, ResultCode.REDIRECT_URI_NOT_ALLOWED);
    }
    // the untouched form still returns to our callback page
    const { path, form } = await signInForm();
    form.set('email', 'viewer.one@sandbox.test');
    const ok = await post(path, form);
    expect(ok.statusCode).toBe(303);
    expect(String(ok.headers.location)).toMatch(
      new RegExp(`^${TEST_WEB_ORIGIN}/callback/google\\?`),
    );
  });

  it("Apple's form_post goes back only to our API's Apple callback", async () => {
    const { path, form } = await signInForm('apple');
    form.set('email', 'viewer.one@sandbox.test');
    const good = await post(path, form);
    expect(good.statusCode).toBe(200);
    form.set('redirect_uri', 'https://attacker.example/api/v1/auth/callback/apple');
    expectRefused(await post(path, form), ResultCode.REDIRECT_URI_NOT_ALLOWED);
  });
});
