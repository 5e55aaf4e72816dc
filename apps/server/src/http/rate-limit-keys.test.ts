import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { dramas } from '../modules/catalog/catalog.tables';
import { bearer, joinGuest, useTestContext } from '../test/harness';

/**
 * Issue 39, item 4: a write limit keys on who is known. A route that verifies the token counts per
 * user; a route that does not counts per client address (as TRUSTED_PROXIES yields it), so a
 * made-up bearer token buys no fresh budget.
 */
const LIMIT = 30;
const ctx = useTestContext({
  env: { WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXIES: '127.0.0.1' },
});

const viewCount = (headers: Record<string, string>, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}/drama/view-count`,
    headers,
    payload: { dramId: 2 },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const viewsOf = async (dramaId: number) =>
  (
    await ctx.database.db.select({ n: dramas.viewCount }).from(dramas).where(eq(dramas.id, dramaId))
  )[0]?.n ?? 0;

describe('a route that does not verify the token counts per address', () => {
  it('200 view counts with made-up tokens hit the limit and add at most the limit', async () => {
    const before = await viewsOf(2);
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const res = await viewCount({ authorization: `Bearer made-up-${i}` }, '198.51.100.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ code: ResultCode.RATE_LIMITED });
    }
    const passed = statuses.filter((s) => s === 200).length;
    expect(passed).toBe(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMIT);
    expect((await viewsOf(2)) - before).toBe(LIMIT);
  });

  it('behind a trusted proxy each client address has its own budget; an untrusted one cannot pick one', async () => {
    const fromProxy = (client: string) =>
      viewCount({ 'x-forwarded-for': client, authorization: 'Bearer junk' }, '127.0.0.1');
    for (let i = 0; i < LIMIT; i += 1)
      expect((await fromProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await fromProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await fromProxy('203.0.113.2')).statusCode).toBe(200);

    // an address that is not a configured proxy: its X-Forwarded-For is not believed
    const direct = (client: string) => viewCount({ 'x-forwarded-for': client }, '192.0.2.50');
    for (let i = 0; i < LIMIT; i += 1)
      expect((await direct(`192.0.2.${i + 100}`)).statusCode).toBe(200);
    expect((await direct('192.0.2.250')).statusCode).toBe(429);
  });
});

describe('a route that verifies the token counts per user', () => {
  const ask = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/qna`,
      headers,
      remoteAddress: '198.51.100.20',
      payload: { cnts: 'an inquiry about the budget of one viewer' },
    });

  it('a second session of the same viewer shares the budget; another viewer has their own', async () => {
    const first = await joinGuest(ctx.app);
    // signing in again: a new session (a new token) of the same user
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      payload: { authMthd: 'guest', authId: first.guestId },
    });
    const second = again.json<{ data: { access_token: string } }>().data.access_token;
    expect(second).not.toBe(first.token);

    for (let i = 0; i < LIMIT; i += 1) expect((await ask(bearer(first))).statusCode).toBe(200);
    expect((await ask(bearer(first))).statusCode).toBe(429);
    expect((await ask({ authorization: `Bearer ${second}` })).statusCode).toBe(429);
    // same address, another viewer: not limited
    expect((await ask(bearer(await joinGuest(ctx.app)))).statusCode).toBe(200);
  });

  it('made-up tokens on a guarded route are refused (401) before any write or count', async () => {
    for (let i = 0; i < LIMIT + 5; i += 1) {
      const res = await ask({ authorization: `Bearer made-up-${i}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
