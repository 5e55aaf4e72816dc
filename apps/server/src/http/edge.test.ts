import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { loadConfig } from '../config';
import { inquiries as inquiryRows } from '../modules/support/support.tables';
import { SANDBOX_GRANT_PATH } from '../modules/wallet/wallet-sandbox.routes';
import {
  TEST_COMPANY_ENV,
  bearer,
  joinGuest,
  createTestContext,
  useTestContext,
} from '../test/harness';
import { servicesPresent } from '../test/services';

/** The probes' defects (issue #18), each answered at the edge in our envelope. */
const ctx = useTestContext({
  seed: true,
  env: { WEB_ORIGINS: 'https://app.example.test', WRITE_RATE_LIMIT_PER_MINUTE: '30' },
});

const expectEnvelope = (
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
  code: number,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json()).toMatchObject({ code, data: null });
};

const inquiries = async (): Promise<number> =>
  (await ctx.database.db.select({ n: count() }).from(inquiryRows))[0]?.n ?? 0;

describe('NUL characters', () => {
  it('in a path parameter, query, body string or body key answer 400, never 500', async () => {
    const guest = await joinGuest(ctx.app);
    const before = await inquiries();
    const cases = [
      { method: 'GET' as const, url: `${API_BASE}/drama/search/list/%00/1/1` },
      { method: 'GET' as const, url: `${API_BASE}/drama/search/list/a%00b/1/1` },
      {
        method: 'POST' as const,
        url: `${API_BASE}/auth/check/user`,
        payload: { authMthd: 'google', authId: 'x', state: 'a\u0000b' },
      },
      {
        method: 'POST' as const,
        url: `${API_BASE}/user/qna`,
        headers: bearer(guest),
        payload: { cnts: `${'a long enough inquiry text'}\u0000 more` },
      },
      {
        method: 'POST' as const,
        url: SANDBOX_GRANT_PATH,
        headers: bearer(guest),
        payload: { amount: 1, key: 'k\u0000' },
      },
      {
        method: 'POST' as const,
        url: `${API_BASE}/auth/login`,
        payload: { authMthd: 'guest', authId: 'x', 'k\u0000': 1 },
      },
      {
        method: 'GET' as const,
        url: `${API_BASE}/auth/authorize/google?redirectUri=http%3A%2F%2Flocalhost%00`,
      },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject(c);
      expectEnvelope(res, 400, ResultCode.BAD_REQUEST);
    }
    expect(await inquiries()).toBe(before);
  });

  it('in the Apple form_post callback answers 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/callback/apple`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=x%00y',
    });
    expectEnvelope(res, 400, ResultCode.BAD_REQUEST);
  });
});

describe("the framework's own refusals in the envelope", () => {
  it('bad percent-encoding is 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/%zz` });
    expectEnvelope(res, 400, ResultCode.BAD_REQUEST);
  });

  it('a path parameter over 1,024 bytes is 414', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/search/list/${'a'.repeat(1100)}/1/1`,
    });
    expectEnvelope(res, 414, ResultCode.URI_TOO_LONG);
  });

  it('a body over the limit is 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ authMthd: 'guest', authId: 'x'.repeat(300 * 1024) }),
    });
    expectEnvelope(res, 413, ResultCode.PAYLOAD_TOO_LARGE);
  });

  it('a body that is not JSON is 415 (form, text, none) unless the route opts in', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/login`,
        headers: { 'content-type': type },
        payload: 'authMthd=guest&authId=00000000-0000-4000-8000-000000000000',
      });
      expectEnvelope(res, 415, ResultCode.UNSUPPORTED_MEDIA_TYPE);
    }
    // the Apple callback takes Apple's form post
    const apple = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/callback/apple`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://appleid.apple.com',
      },
      payload: 'code=abc&state=unknown',
    });
    expect(apple.statusCode).toBe(400); // an unknown state: the page, not a 415
    expect(apple.headers['content-type']).toContain('text/plain');
  });
});

describe('cross-site writes', () => {
  it('a form-like cross-site sign-in is refused; our own pages and the native app pass', async () => {
    const guestBody = { authMthd: 'guest', infoAgreeYn: 'N' };
    const join = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/join`,
        headers,
        payload: { ...guestBody, authId: crypto.randomUUID() },
      });
    const crossSite = await join({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' });
    expectEnvelope(crossSite, 403, ResultCode.CROSS_SITE_REQUEST);
    const byOrigin = await join({ origin: 'https://evil.test' });
    expectEnvelope(byOrigin, 403, ResultCode.CROSS_SITE_REQUEST);
    expect((await join({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(
      (await join({ 'sec-fetch-site': 'cross-site', origin: 'https://app.example.test' }))
        .statusCode,
    ).toBe(200);
    expect((await join({})).statusCode).toBe(200); // no browser headers: the native app, curl
  });

  it('a cookie write from another site is refused; the same call with the bearer token passes', async () => {
    const guest = await joinGuest(ctx.app);
    const put = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/user/lang`,
        headers: { 'sec-fetch-site': 'cross-site', ...headers },
        cookies,
        payload: { lang: 'ja' },
      });
    expectEnvelope(
      await put({}, { access_token: guest.token }),
      403,
      ResultCode.CROSS_SITE_REQUEST,
    );
    expect((await put(bearer(guest))).statusCode).toBe(200);
  });

  it('logout by cookie from a link on another site keeps the session', async () => {
    const guest = await joinGuest(ctx.app);
    const logout = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/logout`,
        headers,
        cookies: { access_token: guest.token },
      });
    expectEnvelope(
      await logout({ 'sec-fetch-site': 'cross-site' }),
      403,
      ResultCode.CROSS_SITE_REQUEST,
    );
    expectEnvelope(await logout({}), 403, ResultCode.CROSS_SITE_REQUEST);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      headers: bearer(guest),
    });
    expect(info.statusCode).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      headers: bearer(guest),
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('write rate limits', () => {
  it('one client cannot store unlimited inquiries; 429 in the envelope', async () => {
    const guest = await joinGuest(ctx.app);
    const before = await inquiries();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/qna`,
        headers: bearer(guest),
        payload: { cnts: `inquiry number ${i} with enough characters` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expectEnvelope(res, 429, ResultCode.RATE_LIMITED);
    }
    // 30 a minute per client and route (the NUL test above spent one of them)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect((await inquiries()) - before).toBe(statuses.filter((s) => s === 200).length);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
  });
});

describe('write limits per session', () => {
  it('viewers behind one address (a carrier NAT) each have their own budget', async () => {
    const [a, b] = [await joinGuest(ctx.app), await joinGuest(ctx.app)];
    const ask = (cookies: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/qna`,
        cookies,
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { cnts: 'an inquiry from behind a shared address' },
      });
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await ask({ access_token: a.token })).statusCode;
    expect(last).toBe(429);
    expect((await ask({ access_token: b.token })).statusCode).toBe(200);
  });
});

describe.runIf(servicesPresent('redis'))('rate-limit keys in Redis', () => {
  it('live under CACHE_PREFIX, so environments sharing a Redis never count together', async () => {
    await ctx.redis?.ping(); // connected: counts go to Redis
    await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      payload: { authMthd: 'guest', authId: crypto.randomUUID() },
    });
    await ctx.app.inject({ method: 'POST', url: `${API_BASE}/user/qna`, payload: {} });
    const keys = (await ctx.redis?.keys(`${ctx.config.cachePrefix}:rl:*`)) ?? [];
    expect(keys.some((k) => k.includes('POST/api/v1/auth/login'))).toBe(true);
    expect(keys.some((k) => k.includes('POST/api/v1/user/qna'))).toBe(true);
  });
});

describe('security headers and CORS', () => {
  it('the API answers with CSP, nosniff, frame denial and a referrer policy; no HSTS outside production', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/latest/list/10/1` });
    // JSON loads nothing: the API's policy allows nothing, not the page's origins
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("answers outside the API, the app's pages among them, carry the page's policy", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain('https://js.tosspayments.com');
  });

  it("the sandbox's self-submitting Apple form_post page carries its own policy", async () => {
    const authorize = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/auth/authorize/apple`,
      query: { redirectUri: 'http://localhost:5173/callback/apple' },
    });
    const page = new URL(authorize.json<{ data: { url: string } }>().data.url, 'http://x');
    const form = new URLSearchParams(page.searchParams);
    form.set('email', 'csp@sandbox.test');
    const formPost = await ctx.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(formPost.statusCode).toBe(200);
    expect(formPost.body).toContain('onload="document.forms[0].submit()"');
    expect(formPost.headers['content-security-policy']).toContain("script-src 'unsafe-inline'");
  });

  it('CORS answers only configured origins', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: `${API_BASE}/user/lang`,
        headers: { origin, 'access-control-request-method': 'PUT' },
      });
    const ok = await preflight('https://app.example.test');
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.test');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await preflight('https://evil.test');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('production sends HSTS', async () => {
    const prod = await createTestContext({
      seed: false,
      env: {
        ...TEST_COMPANY_ENV,
        NODE_ENV: 'production',
        SOCIAL_SANDBOX: 'false',
        METRICS_TOKEN: 'm'.repeat(20),
      },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toContain('max-age=63072000');
      const metrics = await prod.app.inject({ method: 'GET', url: '/metrics' });
      expectEnvelope(metrics, 401, ResultCode.INVALID_SESSION);
      const scraped = await prod.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${'m'.repeat(20)}` },
      });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('http_requests_total');
    } finally {
      await prod.close();
    }
  });
});

describe('trusted proxies', () => {
  it('X-Forwarded-For from an untrusted peer does not dodge the sign-in limit', async () => {
    const local = await createTestContext({
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await local.app.inject({
          method: 'POST',
          url: `${API_BASE}/auth/login`,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { authMthd: 'guest', authId: crypto.randomUUID() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await local.close();
    }
  });

  it('a configured proxy is believed: its clients count apart, and its request id is kept', async () => {
    const local = await createTestContext({
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' },
    });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await local.app.inject({
          method: 'POST',
          url: `${API_BASE}/auth/login`,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-request-id': `proxy-${i}` },
          payload: { authMthd: 'guest', authId: crypto.randomUUID() },
        });
        expect(res.statusCode).toBe(403); // unknown guest, not 429
        expect(res.headers['x-request-id']).toBe(`proxy-${i}`);
      }
      const untrusted = await local.app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'forged' },
      });
      expect(untrusted.headers['x-request-id']).not.toBe('forged');
    } finally {
      await local.close();
    }
  });
});

describe('config', () => {
  it('production lists every problem in one error', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        SERVICE_TIMEZONE: 'Mars/Olympus',
        GOOGLE_CLIENT_ID: 'only-the-id',
        DATA_DIR: '/tmp/snapdrama-config-test',
      });
    } catch (error) {
      message = String(error);
    }
    for (const part of [
      'PORT',
      'JWT_SECRET: required in production',
      'MEDIA_SIGNING_SECRET: required in production',
      'SERVICE_TIMEZONE',
      'GOOGLE_CLIENT_SECRET',
    ]) {
      expect(message).toContain(part);
    }
  });
});
