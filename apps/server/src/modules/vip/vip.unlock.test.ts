import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type DramaInfoData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { body } from '../payments/payments.test-support';
import {
  addUniformDramas,
  auth,
  signInAgain,
  signInMember,
  grantCoins,
} from '../wallet/wallet.test-support';
import { autoUnlock, setAutoUnlock } from '../wallet/auto-unlock.test-support';
import { stripeVipBought } from './vip.test-support';

describe('VIP unlock and its end', () => {
  const ctx = useTestContext({ seed: false });
  beforeEach(() => ctx.clock.set(new Date()));

  const start = (who: { token: string }, dramId: number, epsd: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      headers: auth(who),
      payload: { dramId, epsd },
    });
  const info = async (who: { token: string }, dramaId: number) =>
    body<DramaInfoData>(
      await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/drama/info/${dramaId}`,
        headers: auth(who),
      }),
    ).data;

  it('a pass opens every episode without coins, records the unlocks apart, and ends cleanly', async () => {
    const [dramaId = 0] = await addUniformDramas(ctx, {
      count: 1,
      episodes: 8,
      free: 2,
      price: 30,
    });
    const m = await signInMember(ctx, 'VipWatcher');
    // no coins, no pass: episode 5 is locked
    const locked = await start(m, dramaId, 5);
    expect(locked.statusCode).toBe(403);
    expect(body(locked).code).toBe(ResultCode.EPISODE_LOCKED);

    const bought = await stripeVipBought(ctx, m, 'vip_weekly');
    expect((await info(m, dramaId)).unlockedEpisodeList).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const epsd of [5, 3, 5]) {
      const r = await start(m, dramaId, epsd);
      expect(r.statusCode, r.body).toBe(200);
    }
    // recorded as VIP unlocks (once per episode and pass), never as coin or ad unlocks
    const unlocks = await ctx.services.vip.unlocksOf(m.userId, dramaId);
    expect(unlocks.map((u) => [u.episodeNumber, u.subscriptionId])).toEqual([
      [3, bought.vipId],
      [5, bought.vipId],
    ]);
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramaId)).toEqual([]);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    // a free episode is not a VIP unlock
    expect((await start(m, dramaId, 1)).statusCode).toBe(200);
    expect(await ctx.services.vip.unlocksOf(m.userId, dramaId)).toHaveLength(2);

    // the pass ends (period over, no renewal): watched stays viewed, nothing else stays open
    const until = new Date(bought.pass.activeUntil ?? '');
    ctx.clock.set(new Date(until.getTime() + 1000));
    const later = await signInAgain(ctx, m);
    const after = await info(later, dramaId);
    expect(after.unlockedEpisodeList).toEqual([]);
    expect(after.userDramaEpisodeList.map((v) => v.epsd).sort()).toEqual([1, 3, 5]);
    expect((await start(later, dramaId, 5)).statusCode).toBe(200);
    expect((await start(later, dramaId, 3)).statusCode).toBe(200);
    const closed = await start(later, dramaId, 6);
    expect(closed.statusCode).toBe(403);
    expect(body(closed).code).toBe(ResultCode.EPISODE_LOCKED);
    expect((await start(later, dramaId, 4)).statusCode).toBe(403);
  });

  it('auto-unlock never charges a viewer whose pass is active (409143, coins untouched)', async () => {
    const [dramaId = 0] = await addUniformDramas(ctx, {
      count: 1,
      episodes: 6,
      free: 2,
      price: 30,
    });
    const m = await signInMember(ctx, 'VipAutoUnlock');
    await grantCoins(ctx, m.userId, 100, 'bonus', { idempotencyKey: `vip-auto-${m.userId}` });
    expect((await setAutoUnlock(ctx.app, m, { enabled: true })).statusCode).toBe(200);
    await stripeVipBought(ctx, m, 'vip_weekly');
    const r = await autoUnlock(ctx.app, m, { dramId: dramaId, epsd: 3 });
    expect(r.statusCode).toBe(409);
    expect(body(r).code).toBe(ResultCode.AUTO_UNLOCK_VIP_ACTIVE);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 100 });
    expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramaId)).toEqual([]);
    // the pass plays it
    expect((await start(m, dramaId, 3)).statusCode).toBe(200);
  });

  it('a refunded pass opens nothing from that moment', async () => {
    const [dramaId = 0] = await addUniformDramas(ctx, {
      count: 1,
      episodes: 5,
      free: 1,
      price: 20,
    });
    const m = await signInMember(ctx, 'VipRefunded');
    const bought = await stripeVipBought(ctx, m, 'vip_monthly');
    expect((await start(m, dramaId, 2)).statusCode).toBe(200);
    await ctx.services.vip.applyNotice({
      gateway: 'S',
      eventId: 'evt_refund_unlock',
      eventType: 'charge.refunded',
      providerSubscriptionId: bought.subscriptionId,
      changes: [{ type: 'refunded' }],
    });
    expect((await start(m, dramaId, 2)).statusCode).toBe(200);
    expect(body(await start(m, dramaId, 3)).code).toBe(ResultCode.EPISODE_LOCKED);
  });
});
