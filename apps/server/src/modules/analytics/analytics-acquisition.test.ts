import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type AnalyticsRetentionData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { ALL_AGREED, sandboxTicket } from '../auth/testing/sandbox-sign-in';
import { myInvite } from '../invites/invites.test-support';
import { signInOperator } from '../operators/operators.test-support';

/**
 * The acquisition of a sign-up (decision 1606): a join that says the newcomer landed through a
 * shared episode link (`lndgFrom: share`, from the link's `?from=share`) is counted in the
 * `shared_link` retention segment; an invite code beats it; a join that says nothing is organic.
 */

/** Seoul time on a day of March 2026; the service day is Asia/Seoul's. */
const seoul = (day: number, hh: number) => new Date(Date.UTC(2026, 2, day, hh - 9)).toISOString();

describe('analytics: acquisition of a sign-up', () => {
  const ctx = useTestContext({ seed: false });

  const join = async (extra: Record<string, unknown>) => {
    const email = `acq-${randomUUID().slice(0, 8)}@sandbox.test`;
    const ticket = await sandboxTicket(ctx.app, 'google', email);
    return ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/join`,
      payload: { authMthd: 'google', authId: ticket.authId, ...ALL_AGREED, ...extra },
    });
  };

  /** a new member, joined with these extra fields */
  const joined = async (extra: Record<string, unknown>) => {
    const res = await join(extra);
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json<{ data: { access_token: string } }>().data.access_token };
  };

  const count = async (table: string) => {
    const r: unknown = await ctx.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    return (r as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };

  it('a shared-link join is counted in shared_link, an invite beats it, no mark is organic', async () => {
    // the inviter signs up the day before, so the day's cohorts hold only the joins below
    ctx.clock.set(seoul(19, 10));
    const { invtCd } = await myInvite(ctx.app, await joined({}));

    ctx.clock.set(seoul(20, 10));
    await joined({ lndgFrom: 'share' });
    await joined({ lndgFrom: 'share' });
    await joined({ lndgFrom: 'share', invtCd });
    await joined({ invtCd });
    await joined({});
    ctx.clock.set(seoul(22, 10));
    await ctx.services.analyticsRollup.catchUp();

    const admin = await signInOperator(ctx, 'admin');
    const size = async (segment: string) => {
      const r = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/admin/analytics/retention?from=2026-03-20&to=2026-03-20&segment=${segment}`,
        headers: admin.headers,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ data: AnalyticsRetentionData }>().data.size;
    };
    expect(await size('shared_link')).toBe(2);
    expect(await size('invite')).toBe(2);
    expect(await size('organic')).toBe(1);
    expect(await size('all')).toBe(5);
  });

  it('a join with an unknown landing is refused with 400 and makes no account', async () => {
    const users = await count('users');
    const events = await count('analytics_events');
    for (const lndgFrom of ['shared_link', 'Share', '', 42, ['share']]) {
      const res = await join({ lndgFrom });
      expect(res.statusCode, JSON.stringify(lndgFrom)).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.BAD_REQUEST });
    }
    expect(await count('users')).toBe(users);
    expect(await count('analytics_events')).toBe(events);
  });
});
