import { describe, expect, it } from 'vitest';
import { API_BASE } from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../test/harness';
import { ALL_AGREED, sandboxTicket } from './testing/sandbox-sign-in';
import { servicesPresent } from '../../test/services';

/** Races need real connections: PostgreSQL only (PGlite has one). */
describe.runIf(servicesPresent('postgres'))('concurrent sign-ins', () => {
  const ctx = useTestContext({ seed: false });

  const userIdOf = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/user/info`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ data: { user: { user_id: string } } }>().data.user.user_id;

  it('two joins of one new identity at once make one account', async () => {
    for (let round = 0; round < 5; round += 1) {
      const email = `race-${round}-${Date.now()}@sandbox.test`;
      const [a, b] = await Promise.all([
        sandboxTicket(ctx.app, 'google', email),
        sandboxTicket(ctx.app, 'google', email),
      ]);
      const [guestA, guestB] = await Promise.all([joinGuest(ctx.app), joinGuest(ctx.app)]);
      const join = (ticket: string, token: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/auth/join`,
          headers: { authorization: `Bearer ${token}` },
          payload: { authMthd: 'google', authId: ticket, ...ALL_AGREED },
        });
      const [ra, rb] = await Promise.all([
        join(a.authId, guestA.token),
        join(b.authId, guestB.token),
      ]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      const ids = await Promise.all([
        userIdOf(ra.json<{ data: { access_token: string } }>().data.access_token),
        userIdOf(rb.json<{ data: { access_token: string } }>().data.access_token),
      ]);
      expect(ids[0]).toBe(ids[1]);
    }
  });

  it('one ticket spent twice at once signs in once', async () => {
    const ticket = await sandboxTicket(ctx.app, 'kakao', `once-${Date.now()}@sandbox.test`);
    const join = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/join`,
        payload: { authMthd: 'kakao', authId: ticket.authId, ...ALL_AGREED },
      });
    const results = await Promise.all([join(), join(), join()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });
});
