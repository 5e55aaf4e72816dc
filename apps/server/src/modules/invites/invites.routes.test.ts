import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  API_BASE,
  DEFAULT_INVITE_SETTINGS,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  ResultCode,
  type InviteSettings,
} from '@snapdrama/contract';
import { bearer, joinGuest, rowsOf, useTestContext } from '../../test/harness';
import { signInThroughSandbox } from '../auth/testing/sandbox-sign-in';
import { auditCount, expectOperatorOnly, useOperator } from '../operators/operators.test-support';
import { expectLedgerBalancedAfterAll } from '../wallet/wallet.test-support';
import {
  authOf,
  endEpisode,
  joinThroughInvite,
  myInvite,
  startFirstEpisode,
  type Viewer,
} from './invites.test-support';

const ctx = useTestContext();
const admin = useOperator(ctx, 'admin');
expectLedgerBalancedAfterAll(ctx);

const adminUrl = (path: string) => `${API_BASE}/admin${path}`;
const bonus = async (who: { userId: string }) =>
  (await ctx.services.wallet.balances(who.userId)).bonus;
async function setSettings(change: Partial<InviteSettings>) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: adminUrl('/invites/settings'),
    headers: admin.headers,
    payload: { ...DEFAULT_INVITE_SETTINGS, ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function inviter() {
  const member = await signInThroughSandbox(ctx.app, { guest: await joinGuest(ctx.app) });
  const { invtCd } = await myInvite(ctx.app, member);
  return { ...member, code: invtCd };
}
/** The newcomer watches episode 1 for 30 s (test clock) and ends it. */
async function watchFirstEpisode(who: Viewer) {
  const logId = await startFirstEpisode(ctx.app, who);
  ctx.clock.advance(30_000);
  const res = await endEpisode(ctx.app, who, logId);
  expect(res.statusCode, res.body).toBe(200);
}
const stateOf = async (inviteeId: string) =>
  (
    await rowsOf<{ state: string; refusal: string | null }>(
      ctx,
      sql`select state, refusal from invites where invitee_id = ${inviteeId}`,
    )
  )[0];

beforeEach(async () => {
  await setSettings({});
});

describe('invite codes and the offer page', () => {
  it('a member gets one stable code of unambiguous characters; a guest is refused', async () => {
    const member = await signInThroughSandbox(ctx.app);
    const first = await myInvite(ctx.app, member);
    const again = await myInvite(ctx.app, member);
    expect(again.invtCd).toBe(first.invtCd);
    expect(first.invtCd).toHaveLength(INVITE_CODE_LENGTH);
    expect([...first.invtCd].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true);
    expect(first.invtPath).toBe(`/invite/${first.invtCd}`);
    const guest = await joinGuest(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/invite/me`,
      headers: bearer(guest),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ResultCode.GUEST_NOT_ALLOWED });
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/invite/me` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the offer says what the friend gets (any case); an unknown code is 404170; bad input 400', async () => {
    const { code } = await inviter();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/invite/offer/${code.toLowerCase()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { invtCd: code, inviteeCoin: 50, inviterCoin: 100, qualifyingEvent: 'first_episode' },
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/invite/offer/ZZZZ2222`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ResultCode.INVITE_NOT_FOUND, data: null });
    for (const bad of ['a'.repeat(33), 'ab-cd', '%20']) {
      const r = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/invite/offer/${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({ code: ResultCode.BAD_REQUEST });
    }
  });

  it("the link preview's terms are the offer's, without counting an opened page", async () => {
    const { code } = await inviter();
    const opened = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: adminUrl('/invites/counts'),
        headers: admin.headers,
      });
      return res.json<{ data: { opened: { today: number } } }>().data.opened.today;
    };
    const before = await opened();
    expect(await ctx.services.invites.offerTerms(code.toLowerCase())).toEqual({
      invtCd: code,
      inviteeCoin: 50,
      enabled: true,
      qualifyingEvent: 'first_episode',
    });
    expect(await opened()).toBe(before);
    for (const unknown of ['ZZZZ2222', 'ab-cd', '', 'A'.repeat(40)])
      expect(await ctx.services.invites.offerTerms(unknown), unknown).toBeUndefined();
  });

  it('a join with a malformed code is refused with 400 and makes no account', async () => {
    const before = await ctx.database.db.execute(sql`select count(*)::int as n from users`);
    await expect(joinThroughInvite(ctx.app, { code: 'bad code!' })).rejects.toThrow(/400/);
    const after = await ctx.database.db.execute(sql`select count(*)::int as n from users`);
    // the guest was made; no member account
    const n = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    expect(n(after) - n(before)).toBe(1);
  });
});

describe('rewards', () => {
  it('a friend who joins through the link and watches a first episode earns both sides once', async () => {
    const host = await inviter();
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.10' });
    expect(await bonus(friend)).toBe(0);
    // a short watch is not a watch
    const logId = await startFirstEpisode(ctx.app, friend);
    ctx.clock.advance(3_000);
    await endEpisode(ctx.app, friend, logId);
    expect(await bonus(friend)).toBe(0);
    await watchFirstEpisode(friend);
    expect(await bonus(friend)).toBe(50);
    expect(await bonus(host)).toBe(100);
    // more episodes, the same end again: nothing more
    await watchFirstEpisode(friend);
    await endEpisode(ctx.app, friend, logId);
    expect(await bonus(friend)).toBe(50);
    expect(await bonus(host)).toBe(100);
    expect(await myInvite(ctx.app, host)).toMatchObject({ joinedCnt: 1, rewardedCnt: 1 });
    // the friend's coin history says where the coins came from
    const day = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString().slice(0, 10);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/coin-history/A/${day(-86_400_000)}/${day(86_400_000)}`,
      headers: authOf(friend),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ data: { alist: { memo: { source: string } }[] } }>().data.alist).toEqual([
      expect.objectContaining({ memo: expect.objectContaining({ source: 'invite' }) }),
    ]);
    expect(await stateOf(friend.userId)).toMatchObject({ state: 'rewarded' });
  });

  it('first_purchase as the qualifying event: a watch earns nothing', async () => {
    await setSettings({ qualifyingEvent: 'first_purchase' });
    const host = await inviter();
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.11' });
    await watchFirstEpisode(friend);
    expect(await bonus(friend)).toBe(0);
    await ctx.services.invites.orderCredited(friend.userId);
    expect(await bonus(friend)).toBe(50);
    expect(await bonus(host)).toBe(100);
  });

  it('invites switched off: nothing is earned, the invite waits', async () => {
    await setSettings({ enabled: false });
    const host = await inviter();
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.12' });
    await watchFirstEpisode(friend);
    expect(await bonus(friend)).toBe(0);
    expect(await stateOf(friend.userId)).toMatchObject({ state: 'pending' });
  });
});

describe('limits', () => {
  it("no self-invite: a second account made on the inviter's own device earns nothing", async () => {
    const deviceId = randomUUID();
    const host = await signInThroughSandbox(ctx.app, { guest: await joinGuest(ctx.app, deviceId) });
    const { invtCd } = await myInvite(ctx.app, host);
    // the same browser after signing out: a guest of the same id joins a new account
    const alt = await joinThroughInvite(ctx.app, {
      code: invtCd,
      deviceId,
      address: '198.51.100.20',
    });
    expect(await stateOf(alt.userId)).toEqual({ state: 'refused', refusal: 'same_device' });
    await watchFirstEpisode(alt);
    expect(await bonus(alt)).toBe(0);
    expect(await bonus(host)).toBe(0);
    expect(await myInvite(ctx.app, host)).toMatchObject({ joinedCnt: 0, rewardedCnt: 0 });
  });

  it('one invite per device: a second new account on the same device earns nothing', async () => {
    const host = await inviter();
    const deviceId = randomUUID();
    const first = await joinThroughInvite(ctx.app, {
      code: host.code,
      deviceId,
      address: '198.51.100.30',
    });
    const second = await joinThroughInvite(ctx.app, {
      code: host.code,
      deviceId,
      address: '198.51.100.31',
    });
    expect(await stateOf(first.userId)).toMatchObject({ state: 'pending' });
    expect(await stateOf(second.userId)).toEqual({ state: 'refused', refusal: 'device_used' });
    await watchFirstEpisode(second);
    await watchFirstEpisode(first);
    expect(await bonus(second)).toBe(0);
    expect(await bonus(first)).toBe(50);
    expect(await bonus(host)).toBe(100);
    expect(await auditCount(ctx, 'invite.refuse')).toBeGreaterThanOrEqual(1);
  });

  it('a code on a login to an existing account attributes nothing (one reward per new account)', async () => {
    const host = await inviter();
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.32' });
    await watchFirstEpisode(friend);
    // another inviter's code later: the account is not new, nothing changes
    const other = await inviter();
    const again = await joinThroughInvite(ctx.app, { code: other.code, address: '198.51.100.33' });
    await watchFirstEpisode(again);
    expect(await bonus(friend)).toBe(50);
    expect(await bonus(other)).toBe(100);
    expect(await bonus(host)).toBe(100);
  });

  it('past the daily cap the inviter earns nothing more that day; the friend still earns', async () => {
    await setSettings({ dailyCap: 1 });
    const host = await inviter();
    const a = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.40' });
    const b = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.41' });
    await watchFirstEpisode(a);
    await watchFirstEpisode(b);
    expect(await bonus(a)).toBe(50);
    expect(await bonus(b)).toBe(50);
    expect(await bonus(host)).toBe(100);
  });

  it('many accounts from one address: the reward is held, audited, then released once by an operator', async () => {
    await setSettings({ holdThreshold: 2 });
    const host = await inviter();
    const address = '192.0.2.77';
    const one = await joinThroughInvite(ctx.app, { code: host.code, address });
    const two = await joinThroughInvite(ctx.app, { code: host.code, address });
    const holdsBefore = await auditCount(ctx, 'invite.hold');
    await watchFirstEpisode(one);
    await watchFirstEpisode(two);
    // two accounts from one address within 24 h: both rewards are held, nobody is credited
    expect(await stateOf(one.userId)).toMatchObject({ state: 'held' });
    expect(await stateOf(two.userId)).toMatchObject({ state: 'held' });
    expect(await bonus(two)).toBe(0);
    expect(await bonus(host)).toBe(0);
    expect(await auditCount(ctx, 'invite.hold')).toBe(holdsBefore + 2);
    const held = await ctx.app.inject({
      method: 'GET',
      url: adminUrl('/invites/held'),
      headers: admin.headers,
    });
    const heldOne = held
      .json<{ data: { invites: { id: string; inviteeId: string }[] } }>()
      .data.invites.find((i) => i.inviteeId === two.userId);
    expect(heldOne).toBeDefined();
    const release = (reason: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: adminUrl(`/invites/${heldOne?.id}/release`),
        headers: admin.headers,
        payload: { reason } as object,
      });
    expect((await release('')).statusCode).toBe(400);
    expect(await bonus(two)).toBe(0);
    const [r1, r2] = [await release('checked: two flatmates'), await release('again')];
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(409);
    expect(r2.json()).toMatchObject({ code: ResultCode.INVITE_REWARD_NOT_HELD });
    expect(await bonus(two)).toBe(50);
    expect(await bonus(host)).toBe(100);
    const heldOther = held
      .json<{ data: { invites: { id: string; inviteeId: string }[] } }>()
      .data.invites.find((i) => i.inviteeId === one.userId);
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: adminUrl(`/invites/${heldOther?.id}/reject`),
      headers: admin.headers,
      payload: { reason: 'one person, many accounts' },
    });
    expect(rejected.json()).toMatchObject({ data: { state: 'rejected' } });
    expect(await bonus(one)).toBe(0);
    expect(await bonus(host)).toBe(100);
    expect(await auditCount(ctx, 'invite.reject')).toBeGreaterThanOrEqual(1);
    expect(await auditCount(ctx, 'invite.release')).toBeGreaterThanOrEqual(1);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: adminUrl(`/invites/${randomUUID()}/reject`),
      headers: admin.headers,
      payload: { reason: 'x' },
    });
    expect(unknown.json()).toMatchObject({ code: ResultCode.INVITE_REWARD_NOT_FOUND });
  });
});

describe('console', () => {
  it('settings: bad input is 400 and changes nothing; a change is audited', async () => {
    const before = await auditCount(ctx, 'invite.settings');
    for (const bad of [
      { ...DEFAULT_INVITE_SETTINGS, inviterCoin: -1 },
      { ...DEFAULT_INVITE_SETTINGS, qualifyingEvent: 'first_share' },
      { ...DEFAULT_INVITE_SETTINGS, holdThreshold: 0 },
      { enabled: true },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: adminUrl('/invites/settings'),
        headers: admin.headers,
        payload: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await auditCount(ctx, 'invite.settings')).toBe(before);
    await setSettings({ inviterCoin: 70 });
    expect(await auditCount(ctx, 'invite.settings')).toBe(before + 1);
    const got = await ctx.app.inject({
      method: 'GET',
      url: adminUrl('/invites/settings'),
      headers: admin.headers,
    });
    expect(got.json()).toMatchObject({ data: { inviterCoin: 70 } });
  });

  it('only operators reach the console routes; support may not change settings', async () => {
    await expectOperatorOnly(
      ctx,
      { method: 'PUT', url: adminUrl('/invites/settings'), payload: DEFAULT_INVITE_SETTINGS },
      ['admin'],
    );
    await expectOperatorOnly(ctx, { method: 'GET', url: adminUrl('/invites/counts') }, [
      'admin',
      'support',
    ]);
  });

  it("a member's invites and the dashboard's counts", async () => {
    const host = await inviter();
    await ctx.app.inject({ method: 'GET', url: `${API_BASE}/invite/offer/${host.code}` });
    const friend = await joinThroughInvite(ctx.app, { code: host.code, address: '198.51.100.50' });
    await watchFirstEpisode(friend);
    const list = await ctx.app.inject({
      method: 'GET',
      url: adminUrl(`/viewers/${host.userId}/invites`),
      headers: admin.headers,
    });
    expect(list.json()).toMatchObject({
      data: { invites: [{ inviteeId: friend.userId, state: 'rewarded', inviterCoin: 100 }] },
    });
    const counts = await ctx.app.inject({
      method: 'GET',
      url: adminUrl('/invites/counts'),
      headers: admin.headers,
    });
    const data = counts.json<{
      data: { opened: { today: number }; accepted: { today: number }; rewarded: { today: number } };
    }>().data;
    expect(data.opened.today).toBeGreaterThanOrEqual(1);
    expect(data.accepted.today).toBeGreaterThanOrEqual(1);
    expect(data.rewarded.today).toBeGreaterThanOrEqual(1);
  });
});
