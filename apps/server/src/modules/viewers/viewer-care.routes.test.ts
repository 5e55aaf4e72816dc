import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, koMessages, type ViewerDetailData } from '@snapdrama/contract';
import { joinGuest, rowsOf, useTestContext } from '../../test/harness';
import { adminCaller, expectOperatorOnly, useOperator } from '../operators/operators.test-support';
import { api, confirmPaths, tossApproved } from '../payments/payments.test-support';
import {
  addUniformDramas,
  signInMember,
  type Member,
  expectLedgerBalancedAfterAll,
} from '../wallet/wallet.test-support';

/**
 * Suspensions and internal notes (issue 41 item 4, decision 1560): a suspended viewer cannot sign
 * in, use a session, earn or spend coins, while an operator's refund still goes through; every
 * change audited.
 */
const ctx = useTestContext();
const admin = useOperator(ctx, 'admin');
const support = useOperator(ctx, 'support');
const editor = useOperator(ctx, 'editor');
expectLedgerBalancedAfterAll(ctx);

const url = (path: string) => `${API_BASE}/admin${path}`;
const call = adminCaller(ctx);
const codeOf = (r: { json: <T>() => T }) => r.json<{ code: number }>().code;
const detail = async (userId: string) =>
  (await call(support, 'GET', `/viewers/${userId}`)).json<{ data: ViewerDetailData }>().data;
const audits = (action: string, userId: string) =>
  rowsOf(
    ctx,
    sql`select * from audit_log where action = ${action} and target_id = ${userId} order by id`,
  );
const suspend = (userId: string, until: string | null, who = support) =>
  call(who, 'PUT', `/viewers/${userId}/suspension`, { reason: 'ad farming', until });
const suspended = (e: unknown) => expect(e).toMatchObject({ code: ResultCode.ACCOUNT_SUSPENDED });

describe('suspending a viewer', () => {
  it('admins and support only; bad input changes nothing', async () => {
    const m = await signInMember(ctx, 'Guarded');
    await expectOperatorOnly(
      ctx,
      {
        method: 'PUT',
        url: url(`/viewers/${m.userId}/suspension`),
        payload: { reason: 'guard test', until: null },
      },
      ['admin', 'support'],
    );
    // the guard test may have suspended them: lift to start clean
    await call(admin, 'DELETE', `/viewers/${m.userId}/suspension`);
    const past = new Date(ctx.clock.now().getTime() - 60_000).toISOString();
    for (const payload of [
      { reason: '', until: null },
      { reason: 'x', until: null },
      { reason: 'no until' },
      { reason: 'bad date', until: 'tomorrow' },
      { reason: 'in the past', until: past },
    ]) {
      const r = await call(support, 'PUT', `/viewers/${m.userId}/suspension`, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await suspend(randomUUID(), null)).statusCode).toBe(404);
    expect((await call(support, 'DELETE', `/viewers/${m.userId}/suspension`)).json()).toMatchObject(
      { code: ResultCode.SUSPENSION_NOT_ACTIVE },
    );
    expect((await call(editor, 'GET', `/viewers/${m.userId}`)).statusCode).toBe(403);
    expect((await detail(m.userId)).viewer.suspension).toBeNull();
    expect(await audits('viewer.suspend', m.userId)).toEqual([]);
  }, 120_000);

  it('signs the viewer out at once: sessions, refresh and sign-in answer 403130 in their language', async () => {
    const m = await signInMember(ctx, 'Farmer');
    const info = (who: Member, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/user/info`,
        headers: { authorization: `Bearer ${who.token}`, ...headers },
      });
    expect((await info(m)).statusCode).toBe(200);
    const r = await suspend(m.userId, null);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ data: { suspension: unknown } }>().data.suspension).toMatchObject({
      reason: 'ad farming',
      until: null,
      operatorId: support.operatorId,
    });
    // the open session: refused with the clear code, in the viewer's language (Korean here)
    await ctx.services.auth.setLanguage(m.userId, 'ko');
    const refused = await info(m);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: ResultCode.ACCOUNT_SUSPENDED,
      message: koMessages['error.403130'],
    });
    // a route guarded by requireUser (the session lookup) says the same
    const qna = await api(ctx.app, m, 'GET', '/user/qna');
    expect(codeOf(qna)).toBe(ResultCode.ACCOUNT_SUSPENDED);
    // a new sign-in is refused
    await ctx.services.auth
      .startSessionForUser(m.userId)
      .then(() => expect.unreachable('signed in while suspended'), suspended);
    // the detail and the search show the suspension
    expect((await detail(m.userId)).viewer.suspension).toMatchObject({ reason: 'ad farming' });
    const found = (await call(support, 'GET', '/viewers?q=Farmer')).json<{
      data: { viewers: { userId: string; suspension: unknown }[] };
    }>().data.viewers;
    expect(found.find((v) => v.userId === m.userId)?.suspension).not.toBeNull();
    const [entry] = await audits('viewer.suspend', m.userId);
    expect(entry).toMatchObject({ operator_id: support.operatorId, target_type: 'user' });
    expect(entry?.before).toEqual({ suspension: null });
    // lifted: a new sign-in works, the old session stays ended
    const lifted = await call(admin, 'DELETE', `/viewers/${m.userId}/suspension`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(codeOf(await info(m))).toBe(ResultCode.INVALID_SESSION);
    const again = await ctx.services.auth.startSessionForUser(m.userId);
    expect((await info({ userId: m.userId, token: again.accessToken })).statusCode).toBe(200);
    expect(await audits('viewer.unsuspend', m.userId)).toHaveLength(1);
  });

  it('a guest is refused at guest login and its refresh token is refused', async () => {
    const guestId = randomUUID();
    const joined = await joinGuest(ctx.app, guestId);
    const { userId } = await ctx.services.auth.verifyToken(joined.token);
    expect((await suspend(userId, null)).statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/login`,
      payload: { authMthd: 'guest', authId: guestId },
    });
    expect(login.statusCode).toBe(403);
    expect(codeOf(login)).toBe(ResultCode.ACCOUNT_SUSPENDED);
    const refresh = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/auth/refresh/access-token`,
      cookies: { refresh_token: joined.refreshCookie ?? '' },
    });
    expect(codeOf(refresh)).toBe(ResultCode.ACCOUNT_SUSPENDED);
  });

  it('ends by itself at its date', async () => {
    const m = await signInMember(ctx, 'Until');
    const until = new Date(ctx.clock.now().getTime() + 3_600_000).toISOString();
    expect((await suspend(m.userId, until)).statusCode).toBe(200);
    await ctx.services.auth
      .startSessionForUser(m.userId)
      .then(() => expect.unreachable('signed in while suspended'), suspended);
    ctx.clock.advance(3_600_001);
    expect((await detail(m.userId)).viewer.suspension).toBeNull();
    await expect(ctx.services.auth.startSessionForUser(m.userId)).resolves.toBeTruthy();
    // nothing left to lift; a new suspension starts afresh
    expect(codeOf(await call(admin, 'DELETE', `/viewers/${m.userId}/suspension`))).toBe(
      ResultCode.SUSPENSION_NOT_ACTIVE,
    );
    expect((await suspend(m.userId, null)).statusCode).toBe(200);
  });
});

describe('a suspended viewer neither earns nor spends; refunds still work', () => {
  it('every earning and spending path answers 403130 and moves no coin', async () => {
    const m = await signInMember(ctx, 'NoCoins');
    const caller = { userId: m.userId, authMethod: 'google' as const };
    // coins bought before the suspension, and a drama to spend them on
    const approved = await tossApproved(ctx, m);
    expect((await api(ctx.app, m, 'PUT', confirmPaths.T, approved)).statusCode).toBe(200);
    const [dramaId] = await addUniformDramas(ctx, { count: 1, episodes: 3, free: 1, price: 5 });
    if (dramaId === undefined) throw new Error('no drama');
    await ctx.services.wallet.setAutoUnlock(caller, true);
    const before = await ctx.services.wallet.balances(m.userId);
    expect(before.paid).toBeGreaterThan(0);

    expect((await suspend(m.userId, null)).statusCode).toBe(200);

    // spending: the unlock button and auto-unlock
    await ctx.services.wallet
      .spendForEpisode(caller, dramaId, 2)
      .then(() => expect.unreachable('spent while suspended'), suspended);
    await ctx.services.wallet
      .autoUnlockEpisode(caller, dramaId, 2)
      .then(() => expect.unreachable('auto-unlocked while suspended'), suspended);
    // earning: attendance, missions, ads (open and unlock), and grants of every earned source
    const { events } = ctx.services;
    for (const attempt of [
      () => events.checkIn(caller, 1),
      () => events.reportMission(caller, { mssnId: 'connect_sns' }),
      () => events.openAd(caller, 'mission'),
      () => events.openAd(caller, 'unlock'),
      () => events.unlockWithAd(caller, { dramId: dramaId, epsd: 2, logId: randomUUID() }),
    ]) {
      await attempt().then(() => expect.unreachable('earned while suspended'), suspended);
    }
    for (const source of ['mission', 'attendance', 'event', 'advertisement', 'invite'] as const) {
      await ctx.services.wallet
        .grant({
          userId: m.userId,
          kind: 'bonus',
          amount: 10,
          source,
          idempotencyKey: `suspended-${source}-${randomUUID()}`,
        })
        .then(() => expect.unreachable(`${source} granted while suspended`), suspended);
    }
    // an operator's grant too, with the clear code; nothing audited
    const grant = await call(support, 'POST', `/viewers/${m.userId}/coins/grant`, {
      amount: 10,
      reason: 'goodwill',
      actionKey: `k-${randomUUID()}`,
    });
    expect(grant.statusCode).toBe(403);
    expect(codeOf(grant)).toBe(ResultCode.ACCOUNT_SUSPENDED);
    expect(await audits('wallet.grant', m.userId)).toEqual([]);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(before);

    // the admin's refund of the order still goes through and takes the coins back once
    const refund = await call(admin, 'POST', `/orders/${approved.ordrId}/refund`, {
      reason: 'refund after suspension',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<{ data: { state: string } }>().data.state).toBe('refunded');
    expect((await ctx.services.wallet.balances(m.userId)).paid).toBe(0);
  });

  it('once lifted, the viewer earns again', async () => {
    const m = await signInMember(ctx, 'Back');
    expect((await suspend(m.userId, null)).statusCode).toBe(200);
    expect((await call(support, 'DELETE', `/viewers/${m.userId}/suspension`)).statusCode).toBe(200);
    const grant = await call(support, 'POST', `/viewers/${m.userId}/coins/grant`, {
      amount: 10,
      reason: 'welcome back',
      actionKey: `k-${randomUUID()}`,
    });
    expect(grant.statusCode, grant.body).toBe(200);
  });

  it('suspensions racing each other leave one in force (PostgreSQL decides)', async () => {
    const m = await signInMember(ctx, 'Raced');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? admin : support, 'PUT', `/viewers/${m.userId}/suspension`, {
          reason: `race ${i}`,
          until: null,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const result: unknown = await ctx.database.db.execute(
      sql`select count(*)::int as n from user_suspensions where user_id = ${m.userId} and lifted_at is null`,
    );
    expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(await audits('viewer.suspend', m.userId)).toHaveLength(6);
  });
});

describe('internal notes', () => {
  it('support writes notes with author and time; the viewer never sees them; audited', async () => {
    const m = await signInMember(ctx, 'Noted');
    const r = await call(support, 'POST', `/viewers/${m.userId}/notes`, {
      text: '  Called about a double charge.  ',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ data: unknown }>().data).toMatchObject({
      text: 'Called about a double charge.',
      operatorId: support.operatorId,
      operatorEmail: support.email,
    });
    ctx.clock.advance(1000);
    await call(admin, 'POST', `/viewers/${m.userId}/notes`, { text: 'Refund approved.' });
    const notes = (await detail(m.userId)).notes;
    expect(notes.map((n) => n.text)).toEqual(['Refund approved.', 'Called about a double charge.']);
    expect(notes[0]?.operatorEmail).toBe(admin.email);
    expect(await audits('viewer.note', m.userId)).toHaveLength(2);
    // bad input and unknown viewers change nothing; editors may not write
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      expect((await call(support, 'POST', `/viewers/${m.userId}/notes`, { text })).statusCode).toBe(
        400,
      );
    }
    expect(
      (await call(support, 'POST', `/viewers/${randomUUID()}/notes`, { text: 'nobody' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(editor, 'POST', `/viewers/${m.userId}/notes`, { text: 'editor' })).statusCode,
    ).toBe(403);
    expect((await detail(m.userId)).notes).toHaveLength(2);
    // nothing of them reaches the viewer's own answers
    const info = await api(ctx.app, m, 'GET', '/user/info');
    expect(info.body).not.toContain('double charge');
  });
});
