import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type AutoUnlockData } from '@snapdrama/contract';
import { joinGuest, bearer, useTestContext } from '../../test/harness';
import { autoUnlock, savePosition, setAutoUnlock, undo } from './auto-unlock.test-support';
import {
  addUniformDramas,
  auth,
  signInMember,
  type Member,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';

const PRICE = 30;
const FREE = 2;

describe('auto-unlock and its undo', () => {
  const ctx = useTestContext({ seed: false });
  let dramaIds: number[] = [];
  beforeAll(async () => {
    dramaIds = await addUniformDramas(ctx, { count: 8, episodes: 6, free: FREE, price: PRICE });
  });
  expectLedgerBalancedAfterAll(ctx);

  let dramaIndex = 0;
  const nextDrama = () => dramaIds[dramaIndex++] ?? 0;

  async function memberWithCoins(name: string, lots: { amount: number; days: number }[]) {
    const m = await signInMember(ctx, name);
    for (const [i, l] of lots.entries()) {
      await ctx.services.wallet.grant({
        userId: m.userId,
        kind: i % 2 ? 'paid' : 'bonus',
        amount: l.amount,
        source: i % 2 ? 'purchase' : 'event',
        idempotencyKey: `au-${m.userId}-${i}`,
        validDays: l.days,
      });
    }
    return m;
  }
  const getSetting = (who: { token: string }) =>
    ctx.app.inject({ method: 'GET', url: `${API_BASE}/user/auto-unlock`, headers: auth(who) });
  const lotsOf = async (m: Member) =>
    (
      await ctx.services.wallet.history(
        { userId: m.userId, authMethod: 'google' },
        { div: 'A', startDate: '2026-01-01', endDate: '2026-06-30', page: 1, count: 100 },
      )
    ).alist
      .map((e) => e.remn_coin)
      .sort();

  it('is off by default, turned on and off by the viewer; guests cannot turn it on', async () => {
    const m = await signInMember(ctx, 'Setting');
    expect((await getSetting(m)).json()).toMatchObject({ code: 0, data: { auto_unlock: false } });
    expect((await setAutoUnlock(ctx.app, m, { enabled: true })).json().data).toEqual({
      auto_unlock: true,
    });
    expect((await getSetting(m)).json().data.auto_unlock).toBe(true);
    // bad input: 400001 and nothing changes
    for (const bad of [{}, { enabled: 'yes' }, { enabled: 1 }]) {
      const r = await setAutoUnlock(ctx.app, m, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    expect((await getSetting(m)).json().data.auto_unlock).toBe(true);
    await setAutoUnlock(ctx.app, m, { enabled: false });
    expect((await getSetting(m)).json().data.auto_unlock).toBe(false);

    const guest = await joinGuest(ctx.app);
    expect((await getSetting(guest)).json().data.auto_unlock).toBe(false);
    const r = await setAutoUnlock(ctx.app, guest, { enabled: true });
    expect(r.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect((await getSetting(guest)).json().data.auto_unlock).toBe(false);
    const a = await autoUnlock(ctx.app, guest, { dramId: dramaIds[0], epsd: FREE + 1 });
    expect(a.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect((await setAutoUnlock(ctx.app, undefined, { enabled: true })).statusCode).toBe(401);
  });

  it('refuses while the setting is off (the server decides) and charges nothing', async () => {
    const m = await memberWithCoins('Off', [{ amount: 100, days: 7 }]);
    const dramId = nextDrama();
    const r = await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe(ResultCode.AUTO_UNLOCK_OFF);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 100 });
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramId)).toEqual([]);
  });

  it('on: unlocks through the coin path, and an undo within 10 s gives every coin back to its lot', async () => {
    ctx.clock.set('2026-02-01T00:00:00Z');
    // 20 bonus expiring first, then 100 paid: the price takes 20 + 10
    const m = await memberWithCoins('Undo', [
      { amount: 20, days: 2 },
      { amount: 100, days: 7 },
    ]);
    await setAutoUnlock(ctx.app, m, { enabled: true });
    const dramId = nextDrama();
    const before = await lotsOf(m);
    const r = await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 });
    expect(r.statusCode).toBe(200);
    const data = r.json<{ data: AutoUnlockData }>().data;
    expect(data).toMatchObject({
      dram_id: dramId,
      epsd: FREE + 1,
      usag_coin: PRICE,
      already_unlocked: false,
      coin: 90,
      coin_list: { paid: 90, bonus: 0 },
      undo_until: '2026-02-01T00:00:10.000Z',
    });
    expect(data.auto_unlock_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramId)).toEqual([FREE + 1]);
    // the same auto-unlock again: bought before, nothing charged, nothing to undo
    const again = (await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 })).json().data;
    expect(again).toMatchObject({ usag_coin: 0, already_unlocked: true, auto_unlock_id: null });

    // playback starts (a view is recorded: viewed episodes stay playable, unless given back)
    const started = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: auth(m),
      payload: { dramId, epsd: FREE + 1 },
    });
    expect(started.json().code).toBe(0);
    // a little playback (3 of 30 s = 10 %, not past it) and 10 s later: still undoable
    expect(
      (await savePosition(ctx.app, m, { dramId, epsd: FREE + 1, position: 3, duration: 30 }))
        .statusCode,
    ).toBe(200);
    ctx.clock.advance(10_000);
    const u = await undo(ctx.app, m, { autoUnlockId: data.auto_unlock_id });
    expect(u.json()).toMatchObject({
      code: 0,
      data: {
        dram_id: dramId,
        epsd: FREE + 1,
        rfnd_coin: PRICE,
        already_undone: false,
        coin: 120,
        coin_list: { paid: 100, bonus: 20 },
      },
    });
    expect(await lotsOf(m)).toEqual(before);
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramId)).toEqual([]);
    // the episode is locked again: playback refused, and its position is not saved
    const play = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: auth(m),
      payload: { dramId, epsd: FREE + 1 },
    });
    expect(play.json().code).toBe(ResultCode.EPISODE_LOCKED);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/info/${dramId}`,
      headers: auth(m),
    });
    expect(info.json().data.userDramaEpisodeList).toEqual([]);
    const late = await savePosition(ctx.app, m, {
      dramId,
      epsd: FREE + 1,
      position: 9,
      duration: 30,
    });
    expect(late.json().code).toBe(ResultCode.EPISODE_LOCKED);
    // exactly once: the same undo again gives nothing back
    const u2 = (await undo(ctx.app, m, { autoUnlockId: data.auto_unlock_id })).json();
    expect(u2).toMatchObject({ code: 0, data: { rfnd_coin: 0, already_undone: true, coin: 120 } });
    // it can be auto-unlocked again later, and the position is saved again then
    const re = (await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 })).json().data;
    expect(re).toMatchObject({ usag_coin: PRICE, coin: 90 });
    expect(re.auto_unlock_id).not.toBe(data.auto_unlock_id);
    expect(
      (await savePosition(ctx.app, m, { dramId, epsd: FREE + 1, position: 9, duration: 30 }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses the undo after 10 s (409141) and after playback passed 10 % (409142); nothing changes', async () => {
    ctx.clock.set('2026-02-02T00:00:00Z');
    const m = await memberWithCoins('Late', [{ amount: 200, days: 7 }]);
    await setAutoUnlock(ctx.app, m, { enabled: true });
    const d1 = nextDrama();
    const a1 = (await autoUnlock(ctx.app, m, { dramId: d1, epsd: FREE + 1 })).json().data;
    ctx.clock.advance(10_001);
    const late = await undo(ctx.app, m, { autoUnlockId: a1.auto_unlock_id });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(ResultCode.AUTO_UNLOCK_UNDO_EXPIRED);

    const d2 = nextDrama();
    const a2 = (await autoUnlock(ctx.app, m, { dramId: d2, epsd: FREE + 1 })).json().data;
    await savePosition(ctx.app, m, { dramId: d2, epsd: FREE + 1, position: 4, duration: 30 });
    ctx.clock.advance(2_000);
    const watched = await undo(ctx.app, m, { autoUnlockId: a2.auto_unlock_id });
    expect(watched.statusCode).toBe(409);
    expect(watched.json().code).toBe(ResultCode.AUTO_UNLOCK_UNDO_WATCHED);

    expect(await ctx.services.wallet.balances(m.userId)).toEqual({
      paid: 0,
      bonus: 200 - 2 * PRICE,
    });
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, d1)).toEqual([FREE + 1]);
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, d2)).toEqual([FREE + 1]);
  });

  it('too few coins: 409050 as the button; unknown, foreign and malformed undo ids are refused', async () => {
    const poor = await memberWithCoins('Poor', [{ amount: PRICE - 1, days: 7 }]);
    await setAutoUnlock(ctx.app, poor, { enabled: true });
    const r = await autoUnlock(ctx.app, poor, { dramId: nextDrama(), epsd: FREE + 1 });
    expect(r.json().code).toBe(ResultCode.INSUFFICIENT_COINS);

    const owner = await memberWithCoins('Owner', [{ amount: 100, days: 7 }]);
    await setAutoUnlock(ctx.app, owner, { enabled: true });
    const a = (await autoUnlock(ctx.app, owner, { dramId: nextDrama(), epsd: FREE + 1 })).json()
      .data;
    const stranger = await signInMember(ctx, 'Stranger');
    const foreign = await undo(ctx.app, stranger, { autoUnlockId: a.auto_unlock_id });
    expect(foreign.json().code).toBe(ResultCode.AUTO_UNLOCK_NOT_FOUND);
    const unknown = await undo(ctx.app, owner, {
      autoUnlockId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().code).toBe(ResultCode.AUTO_UNLOCK_NOT_FOUND);
    for (const bad of [{}, { autoUnlockId: 'x' }, { autoUnlockId: 5 }]) {
      const b = await undo(ctx.app, owner, bad);
      expect(b.statusCode).toBe(400);
      expect(b.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    for (const bad of [{}, { dramId: 'a', epsd: 3 }, { dramId: 1, epsd: 0 }]) {
      expect((await autoUnlock(ctx.app, owner, bad)).json().code).toBe(ResultCode.BAD_REQUEST);
    }
    const guest = await joinGuest(ctx.app);
    const g = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode/unlock/undo`,
      headers: bearer(guest),
      payload: { autoUnlockId: a.auto_unlock_id },
    });
    expect(g.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(await ctx.services.wallet.balances(owner.userId)).toEqual({
      paid: 0,
      bonus: 100 - PRICE,
    });
  });
});
