import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, enMessages } from '@snapdrama/contract';
import { DEMO_DRAMAS } from '../../seed/demo-catalog';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import {
  anotherWalletService,
  auth,
  grantCoins,
  signInAgain,
  signInMember,
  unlockRequest,
  type Member,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';

const DAY = 86_400_000;
const ctx = useTestContext();
let guest: Caller;
const first = DEMO_DRAMAS[0];
if (!first) throw new Error('demo catalog is empty');
const dramaId = 1;
const price = first.price; // 40
const next = first.freeEpisodes + 1; // 9

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
});
expectLedgerBalancedAfterAll(ctx);

const userInfo = async (who: Member) =>
  (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/user/info`, headers: auth(who) })).json()
    .data.user as {
    coin: number;
    coin_list: { paid: number; bonus: number };
  };
const dramaInfo = async (who: Member, id = dramaId) =>
  (
    await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/${id}`, headers: auth(who) })
  ).json().data as {
    unlockedEpisodeList: number[];
  };
const play = (who: { token: string }, epsd: number, id = dramaId) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers: auth(who),
    payload: { dramId: id, epsd },
  });

describe('POST /drama/episode/unlock/coin', () => {
  it('unlocks the next episode: charges its price once, shows in user info, drama info and playback', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    expect((await play(member, next)).json().code).toBe(ResultCode.EPISODE_LOCKED);

    const res = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        dram_id: dramaId,
        epsd: next,
        usag_coin: price,
        already_unlocked: false,
        coin: 100 - price,
      },
    });
    expect(await userInfo(member)).toMatchObject({
      coin: 100 - price,
      coin_list: { paid: 0, bonus: 100 - price },
    });
    expect((await dramaInfo(member)).unlockedEpisodeList).toEqual([next]);
    const started = await play(member, next);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.logId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the same unlock again answers success without charging (a retry, a double tap)', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    const again = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      usag_coin: 0,
      already_unlocked: true,
      coin: 100 - price,
    });
    expect((await userInfo(member)).coin).toBe(100 - price);
  });

  it('too few coins: 409050 and nothing changes', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, price - 1, 'paid');
    const res = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ResultCode.INSUFFICIENT_COINS, data: null });
    expect(await userInfo(member)).toMatchObject({
      coin: price - 1,
      coin_list: { paid: price - 1, bonus: 0 },
    });
    expect((await dramaInfo(member)).unlockedEpisodeList).toEqual([]);
  });

  it('a user who never held coins gets 409050 too', async () => {
    const member = await signInMember(ctx);
    const res = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect(res.json().code).toBe(ResultCode.INSUFFICIENT_COINS);
  });

  it('a guest gets 403005 (the client opens login); no session at all is 401', async () => {
    const res = await unlockRequest(
      ctx.app,
      { token: guest.token },
      { dramId: dramaId, epsd: next },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    const anonymous = await unlockRequest(ctx.app, undefined, { dramId: dramaId, epsd: next });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${API_BASE}/user/info`,
          headers: bearer(guest),
        })
      ).json().data.user.coin,
    ).toBe(0);
  });

  it('refuses a free episode, one two beyond the unlock number, and changes nothing', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 500);
    const free = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: 1 });
    expect(free.statusCode).toBe(409);
    expect(free.json().code).toBe(ResultCode.EPISODE_FREE);
    const beyond = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next + 1 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().code).toBe(ResultCode.EPISODE_NOT_NEXT);
    expect(beyond.json().message).toBe(enMessages['error.409052']);
    expect((await userInfo(member)).coin).toBe(500);
    // after buying the next one, the one after it becomes buyable
    expect((await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next })).statusCode).toBe(
      200,
    );
    expect(
      (await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next + 1 })).statusCode,
    ).toBe(200);
    expect((await userInfo(member)).coin).toBe(500 - 2 * price);
  });

  it('unknown drama 404002, episode beyond the drama 404003', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    const unknown = await unlockRequest(ctx.app, member, { dramId: 99_999, epsd: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
    const beyond = await unlockRequest(ctx.app, member, {
      dramId: dramaId,
      epsd: first.episodes + 1,
    });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().code).toBe(ResultCode.EPISODE_NOT_FOUND);
    expect((await userInfo(member)).coin).toBe(100);
  });

  it.each([
    ['absent epsd', { dramId: dramaId }],
    ['negative epsd', { dramId: dramaId, epsd: -1 }],
    ['zero epsd', { dramId: dramaId, epsd: 0 }],
    ['fractional epsd', { dramId: dramaId, epsd: 9.5 }],
    ['text epsd', { dramId: dramaId, epsd: 'nine' }],
    ['absent dramId', { epsd: next }],
    ['negative dramId', { dramId: -1, epsd: next }],
  ])('bad input (%s): 400001 and nothing changes', async (_name, payload) => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    const res = await unlockRequest(ctx.app, member, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    expect((await userInfo(member)).coin).toBe(100);
  });

  it("another user's unlock and coins are not mine: each user's own state decides", async () => {
    const alice = await signInMember(ctx, 'Alice');
    const bob = await signInMember(ctx, 'Bob');
    await grantCoins(ctx, alice.userId, 200);
    await grantCoins(ctx, bob.userId, 100);
    expect((await unlockRequest(ctx.app, alice, { dramId: dramaId, epsd: next })).statusCode).toBe(
      200,
    );
    // Bob cannot play Alice's episode, nor skip to the one after it
    expect((await play(bob, next)).json().code).toBe(ResultCode.EPISODE_LOCKED);
    expect(
      (await unlockRequest(ctx.app, bob, { dramId: dramaId, epsd: next + 1 })).json().code,
    ).toBe(ResultCode.EPISODE_NOT_NEXT);
    expect((await dramaInfo(bob)).unlockedEpisodeList).toEqual([]);
    // Bob's own purchase is charged to Bob only
    const bobs = await unlockRequest(ctx.app, bob, { dramId: dramaId, epsd: next });
    expect(bobs.json().data).toMatchObject({
      usag_coin: price,
      already_unlocked: false,
      coin: 100 - price,
    });
    expect((await userInfo(alice)).coin).toBe(200 - price);
  });

  it('spends the earliest expiry first; on a tie bonus before paid', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 30, 'paid', { validDays: 3 });
    await grantCoins(ctx, member.userId, 30, 'bonus', { validDays: 3 });
    await grantCoins(ctx, member.userId, 100, 'bonus', { validDays: 7 });
    // 40 = 30 bonus (expiring in 3 days, bonus first) + 10 paid (same expiry)
    await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect((await userInfo(member)).coin_list).toEqual({ paid: 20, bonus: 100 });
  });

  it('coins expire with time alone: after 7 days they no longer count', async () => {
    let member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    ctx.clock.advance(7 * DAY - 1000);
    member = await signInAgain(ctx, member);
    expect((await userInfo(member)).coin).toBe(100);
    ctx.clock.advance(1000);
    expect((await userInfo(member)).coin).toBe(0);
    const res = await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });
    expect(res.json().code).toBe(ResultCode.INSUFFICIENT_COINS);
  });
});

describe('wallet.grant and wallet.refundPurchase', () => {
  it('the same idempotency key twice credits once and answers the first grant', async () => {
    const member = await signInMember(ctx);
    const request = {
      userId: member.userId,
      kind: 'bonus' as const,
      amount: 50,
      source: 'mission' as const,
      sourceRef: 'watch_ep',
      idempotencyKey: `m-${member.userId}`,
    };
    const a = await ctx.services.wallet.grant(request);
    const b = await ctx.services.wallet.grant(request);
    expect(a.created).toBe(true);
    expect(b).toEqual({ ...a, created: false });
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 50 });
    await expect(ctx.services.wallet.grant({ ...request, amount: 60 })).rejects.toMatchObject({
      code: ResultCode.IDEMPOTENCY_KEY_REUSED,
    });
  });

  it('refuses guests, bad amounts and kinds that do not fit the source', async () => {
    const guestUser = await ctx.services.auth.authenticate((await joinGuest(ctx.app)).token);
    const base = { kind: 'bonus' as const, amount: 10, source: 'event' as const };
    await expect(
      ctx.services.wallet.grant({ ...base, userId: guestUser.userId, idempotencyKey: 'g1' }),
    ).rejects.toMatchObject({ code: ResultCode.GUEST_NOT_ALLOWED });
    const member = await signInMember(ctx);
    for (const bad of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { kind: 'paid' as const },
      { validDays: 0 },
    ]) {
      await expect(
        ctx.services.wallet.grant({
          ...base,
          ...bad,
          userId: member.userId,
          idempotencyKey: `bad-${JSON.stringify(bad)}`,
        }),
      ).rejects.toMatchObject({ code: ResultCode.BAD_REQUEST });
    }
    await expect(
      ctx.services.wallet.grant({
        ...base,
        kind: 'bonus',
        source: 'purchase',
        userId: member.userId,
        idempotencyKey: 'bad-src',
      }),
    ).rejects.toMatchObject({ code: ResultCode.BAD_REQUEST });
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('refunds the unspent purchased coins once; bonus and spent coins are not refundable', async () => {
    const member = await signInMember(ctx);
    const paid = await ctx.services.wallet.grant({
      userId: member.userId,
      kind: 'paid',
      amount: 100,
      source: 'purchase',
      sourceRef: 'order-1',
      idempotencyKey: `order-1-${member.userId}`,
    });
    const bonus = await ctx.services.wallet.grant({
      userId: member.userId,
      kind: 'bonus',
      amount: 20,
      source: 'purchase_bonus',
      sourceRef: 'order-1',
      idempotencyKey: `order-1-bonus-${member.userId}`,
      validDays: 30,
    });
    await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next }); // takes 40 paid (expires first)
    const refund = {
      userId: member.userId,
      grantIdempotencyKey: `order-1-${member.userId}`,
      idempotencyKey: `refund-1-${member.userId}`,
      reason: 'customer request',
    };
    const r1 = await ctx.services.wallet.refundPurchase(refund);
    expect(r1).toMatchObject({ lotId: paid.lotId, amount: 60, created: true });
    const r2 = await ctx.services.wallet.refundPurchase(refund);
    expect(r2).toEqual({ ...r1, created: false });
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 20 });
    await expect(
      ctx.services.wallet.refundPurchase({
        ...refund,
        idempotencyKey: `refund-2-${member.userId}`,
      }),
    ).rejects.toMatchObject({ code: ResultCode.REFUND_NOT_ALLOWED });
    await expect(
      ctx.services.wallet.refundPurchase({
        ...refund,
        grantIdempotencyKey: `order-1-bonus-${member.userId}`,
        idempotencyKey: `refund-3-${member.userId}`,
      }),
    ).rejects.toMatchObject({ code: ResultCode.REFUND_NOT_ALLOWED });
    expect(bonus.kind).toBe('bonus');
    // another user cannot refund this purchase
    const other = await signInMember(ctx);
    await grantCoins(ctx, other.userId, 1);
    await expect(
      ctx.services.wallet.refundPurchase({
        ...refund,
        userId: other.userId,
        idempotencyKey: `refund-4-${member.userId}`,
      }),
    ).rejects.toMatchObject({ code: ResultCode.NOT_FOUND });
  });

  it('an episode unlocked another way (an ad) is not sold: 409051', async () => {
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100);
    const withAdUnlock = anotherWalletService(ctx, { otherUnlocks: [next] });
    await expect(
      withAdUnlock.spendForEpisode({ userId: member.userId, authMethod: 'google' }, dramaId, next),
    ).rejects.toMatchObject({ code: ResultCode.EPISODE_ALREADY_UNLOCKED });
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 100 });
  });
});

describe('GET /user/coin-history/{div}/{startDate}/{endDate}', () => {
  const history = (who: { token: string }, path: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/coin-history/${path}`,
      headers: auth(who),
    });

  it('lists earned (A), used (U) and expired (E) coins, newest first, with totals', async () => {
    ctx.clock.set('2026-03-10T03:00:00Z'); // 12:00 in Seoul
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 100, 'paid', { sourceRef: 'o-9' });
    ctx.clock.advance(60_000);
    await grantCoins(ctx, member.userId, 20, 'bonus', { source: 'purchase_bonus' });
    ctx.clock.advance(60_000);
    await grantCoins(ctx, member.userId, 5, 'bonus', {
      source: 'mission',
      sourceRef: 'watch_ep',
      validDays: 1,
    });
    ctx.clock.advance(60_000);
    await unlockRequest(ctx.app, member, { dramId: dramaId, epsd: next });

    const earned = (await history(member, 'A/2026-03-01/2026-03-31')).json();
    expect(earned.code).toBe(0);
    expect(earned.data.alist).toEqual([
      {
        rgst_dtm: '2026-03-10T03:02:00.000Z',
        expr_dtm: '2026-03-11T03:02:00.000Z',
        acqs_type: 'F',
        acqs_coin: 5,
        // spent: nothing left to expire, so not marked although it expires within 48 h
        remn_coin: 0,
        expr_soon: false,
        rfnd_coin: 0,
        memo: { source: 'mission', mssnId: 'watch_ep' },
        chng_coin: 5,
        blnc_coin: 125,
      },
      {
        rgst_dtm: '2026-03-10T03:01:00.000Z',
        expr_dtm: '2026-03-17T03:01:00.000Z',
        acqs_type: 'B',
        acqs_coin: 20,
        remn_coin: 20,
        expr_soon: false,
        rfnd_coin: 0,
        memo: { source: 'purchase_bonus' },
        chng_coin: 20,
        blnc_coin: 120,
      },
      {
        rgst_dtm: '2026-03-10T03:00:00.000Z',
        expr_dtm: '2026-03-17T03:00:00.000Z',
        acqs_type: 'P',
        acqs_coin: 100,
        remn_coin: 65,
        expr_soon: false,
        channel: 'web',
        rfnd_coin: 0,
        memo: { source: 'purchase', ordrId: 'o-9' },
        chng_coin: 100,
        blnc_coin: 100,
      },
    ]);
    expect(earned.data).toMatchObject({
      ulist: [],
      elist: [],
      totalCount: 3,
      lastPage: true,
      coin: 125 - price,
    });
    // 40 = 5 mission coins (expiring first) + 35 paid (they expire a minute before the pack bonus)
    expect(earned.data.coin_list).toEqual({ paid: 65, bonus: 20 });

    const used = (await history(member, 'U/2026-03-10/2026-03-10')).json().data;
    expect(used.ulist).toEqual([
      {
        rgst_dtm: '2026-03-10T03:03:00.000Z',
        usag_type: 'unlock',
        dram_id: dramaId,
        titl_lang_key: 'drama.ceo-contract-bride.title',
        memo: { epsd: next },
        usag_coin: price,
        chng_coin: -price,
        blnc_coin: 125 - price,
      },
    ]);

    ctx.clock.advance(8 * DAY);
    const later = await signInAgain(ctx, member);
    const expired = (await history(later, 'E/2026-03-01/2026-03-31')).json().data;
    expect(expired.elist).toEqual([
      {
        expr_dtm: '2026-03-17T03:01:00.000Z',
        rgst_dtm: '2026-03-10T03:01:00.000Z',
        remn_coin: 20,
        chng_coin: -20,
        blnc_coin: 0,
      },
      {
        expr_dtm: '2026-03-17T03:00:00.000Z',
        rgst_dtm: '2026-03-10T03:00:00.000Z',
        remn_coin: 65,
        chng_coin: -65,
        blnc_coin: 20,
      },
    ]);
    expect(expired).toMatchObject({ coin: 0, coin_list: { paid: 0, bonus: 0 } });
  });

  it('dates are service-zone days: 00:30 in Seoul belongs to that Seoul date', async () => {
    ctx.clock.set('2026-04-01T15:30:00Z'); // 2026-04-02 00:30 in Seoul
    const member = await signInMember(ctx);
    await grantCoins(ctx, member.userId, 7);
    expect((await history(member, 'A/2026-04-01/2026-04-01')).json().data.alist).toEqual([]);
    expect((await history(member, 'A/2026-04-02/2026-04-02')).json().data.alist).toHaveLength(1);
  });

  it('pages through a long history until the last page', async () => {
    ctx.clock.set('2026-05-01T01:00:00Z');
    const member = await signInMember(ctx);
    for (let i = 0; i < 25; i++) {
      ctx.clock.advance(1000);
      await grantCoins(ctx, member.userId, i + 1);
    }
    const page1 = (await history(member, 'A/2026-05-01/2026-05-01?count=10')).json().data;
    expect(page1).toMatchObject({ totalCount: 25, page: 1, count: 10, lastPage: false, coin: 325 });
    expect(page1.alist.map((e: { acqs_coin: number }) => e.acqs_coin)).toEqual([
      25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
    ]);
    const page3 = (await history(member, 'A/2026-05-01/2026-05-01?count=10&page=3')).json().data;
    expect(page3).toMatchObject({ page: 3, lastPage: true });
    expect(page3.alist.map((e: { acqs_coin: number }) => e.acqs_coin)).toEqual([5, 4, 3, 2, 1]);
    const defaults = (await history(member, 'A/2026-05-01/2026-05-01')).json().data;
    expect(defaults).toMatchObject({ page: 1, count: 20 });
    // nobody else's history shows
    const stranger = await signInMember(ctx, 'Stranger');
    const theirs = (await history(stranger, 'A/2026-05-01/2026-05-01')).json().data;
    expect(theirs).toMatchObject({ alist: [], totalCount: 0, lastPage: true, coin: 0 });
  });

  it.each([
    ['an unknown div', 'X/2026-01-01/2026-01-31'],
    ['a malformed date', 'A/2026-1-1/2026-01-31'],
    ['an impossible date', 'A/2026-02-30/2026-03-01'],
    ['text for a date', 'A/today/2026-01-31'],
    ['end before start', 'U/2026-02-01/2026-01-31'],
    ['a range over 6 months', 'E/2026-01-01/2026-07-02'],
    ['page 0', 'A/2026-01-01/2026-01-31?page=0'],
    ['count over 100', 'A/2026-01-01/2026-01-31?count=101'],
    ['count as text', 'A/2026-01-01/2026-01-31?count=many'],
  ])('bad input (%s): 400001 with a clear message', async (_name, path) => {
    const member = await signInMember(ctx);
    const res = await history(member, path);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    expect(Object.keys(res.json().fields ?? {}).join()).toMatch(
      /div|date|page|count|startDate|endDate/i,
    );
  });

  it('exactly 6 months is allowed; guests get 403005; no session 401', async () => {
    const member = await signInMember(ctx);
    expect((await history(member, 'A/2026-01-01/2026-07-01')).statusCode).toBe(200);
    const g = await history(await joinGuest(ctx.app), 'A/2026-01-01/2026-01-31');
    expect(g.statusCode).toBe(403);
    expect(g.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${API_BASE}/user/coin-history/A/2026-01-01/2026-01-31`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /sandbox/wallet/grant (sandbox stand-in, never in production)', () => {
  const sandboxGrant = (who: { token: string } | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/sandbox/wallet/grant',
      headers: who ? auth(who) : {},
      payload: payload as object,
    });

  it('gives the caller coins once per key', async () => {
    const member = await signInMember(ctx);
    const first = await sandboxGrant(member, { amount: 300, key: 'e2e' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.created).toBe(true);
    const again = await sandboxGrant(member, { amount: 300, key: 'e2e' });
    expect(again.json().data.created).toBe(false);
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 300 });
    await sandboxGrant(member, { amount: 50, key: 'paid', kind: 'paid' });
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 50, bonus: 300 });
  });

  it('refuses guests, anonymous callers and bad amounts', async () => {
    const g = await sandboxGrant(await joinGuest(ctx.app), { amount: 10, key: 'g' });
    expect(g.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect((await sandboxGrant(undefined, { amount: 10, key: 'x' })).statusCode).toBe(401);
    const member = await signInMember(ctx);
    for (const amount of [0, -1, 10_001, 1.5]) {
      expect((await sandboxGrant(member, { amount, key: `bad-${amount}` })).statusCode).toBe(400);
    }
  });

  it('cannot be mounted in production', async () => {
    const { walletSandboxRoutes } = await import('./wallet-sandbox.routes');
    expect(() =>
      walletSandboxRoutes({
        wallet: ctx.services.wallet,
        guards: { requireUser: async () => undefined, optionalUser: async () => undefined },
        production: true,
      }),
    ).toThrow(/never/);
  });
});
