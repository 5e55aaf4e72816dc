import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE, DEFAULT_INVITE_SETTINGS, type InviteSettings } from '@snapdrama/contract';
import { buildAnotherApp, joinGuest, useTestContext } from '../../test/harness';
import { signInThroughSandbox } from '../auth/testing/sandbox-sign-in';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { coinLots } from '../wallet/wallet.tables';
import { expectLedgerBalanced } from '../wallet/wallet.test-support';
import {
  endEpisode,
  joinThroughInvite,
  myInvite,
  startFirstEpisode,
  type Viewer,
} from './invites.test-support';
import { invites } from './invites.tables';

/**
 * The reward path under concurrency: the qualifying event fired many times at once, on two app
 * instances over one database, credits once; two friends racing the inviter's daily cap never
 * pass it. On PGlite (one connection) the same calls run one after another and must give the
 * same answer; on PostgreSQL (CI, DATABASE_URL) they really race.
 */
describe('invite reward races', () => {
  const ctx = useTestContext({
    env: { ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 86_400) },
  });
  let second: FastifyInstance;
  let admin: OperatorCaller;

  beforeAll(async () => {
    second = (await buildAnotherApp(ctx)).app;
    admin = await signInOperator(ctx, 'admin');
  }, 120_000);
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
    await second.close();
  });

  async function setSettings(change: Partial<InviteSettings>) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/admin/invites/settings`,
      headers: admin.headers,
      payload: { ...DEFAULT_INVITE_SETTINGS, ...change },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function inviter() {
    const member = await signInThroughSandbox(ctx.app, { guest: await joinGuest(ctx.app) });
    return { ...member, code: (await myInvite(ctx.app, member)).invtCd };
  }
  const inviteLots = (userId: string) =>
    ctx.database.db
      .select()
      .from(coinLots)
      .where(and(eq(coinLots.userId, userId), eq(coinLots.source, 'invite')));
  /** `n` watch logs of episode 1, each open for 30 s (test clock), not yet ended. */
  async function openWatches(who: Viewer, n: number): Promise<string[]> {
    const logs: string[] = [];
    for (let i = 0; i < n; i += 1) logs.push(await startFirstEpisode(ctx.app, who));
    ctx.clock.advance(30_000);
    return logs;
  }

  it('the qualifying event 20 times at once on two instances credits both sides once', async () => {
    await setSettings({});
    const host = await inviter();
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.60' });
    const logs = await openWatches(friend, 20);
    const replies = await Promise.all(
      logs.map((logId, i) => endEpisode(i % 2 === 0 ? ctx.app : second, friend, logId)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [friendLots, hostLots] = await Promise.all([
      inviteLots(friend.userId),
      inviteLots(host.userId),
    ]);
    expect(friendLots.map((l) => l.amount)).toEqual([50]);
    expect(hostLots.map((l) => l.amount)).toEqual([100]);
    const [row] = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.inviteeId, friend.userId));
    expect(row?.state).toBe('rewarded');
  });

  it('friends racing the inviter’s daily cap never pass it; each friend still earns once', async () => {
    await setSettings({ dailyCap: 2 });
    const host = await inviter();
    const friends: Viewer[] = [];
    for (let i = 0; i < 6; i += 1)
      friends.push(
        await joinThroughInvite(ctx.app, { code: host.code, address: `198.51.100.${70 + i}` }),
      );
    const logs = await Promise.all(friends.map((f) => openWatches(f, 2)));
    const replies = await Promise.all(
      friends.flatMap((f, i) =>
        (logs[i] ?? []).map((logId, j) => endEpisode(j === 0 ? ctx.app : second, f, logId)),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await inviteLots(host.userId)).map((l) => l.amount)).toEqual([100, 100]);
    for (const f of friends)
      expect(
        (await inviteLots(f.userId)).map((l) => l.amount),
        f.userId,
      ).toEqual([50]);
    const rows = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.inviterId, host.userId));
    expect(rows.filter((r) => r.inviterCapped)).toHaveLength(4);
  });

  it('two joins from one device’s guest session at once: at most one invite counts for the device', async () => {
    await setSettings({});
    const host = await inviter();
    const deviceId = crypto.randomUUID();
    const [a, b] = await Promise.all([
      joinThroughInvite(ctx.app, { code: host.code, deviceId, address: '198.51.100.90' }).catch(
        () => undefined,
      ),
      joinThroughInvite(second, { code: host.code, deviceId, address: '198.51.100.91' }).catch(
        () => undefined,
      ),
    ]);
    const joined = [a, b].filter((v): v is Viewer => v !== undefined);
    const rows = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.inviterId, host.userId));
    expect(rows).toHaveLength(joined.length);
    expect(
      rows.filter((r) => r.deviceId === deviceId && r.state !== 'refused').length,
    ).toBeLessThanOrEqual(1);
  });
});
