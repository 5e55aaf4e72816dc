import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { createChangeNotices } from '../../cache/change-notices';
import { AppError } from '../../errors';
import { openRedis } from '../../redis';
import { createTestContext, type TestContext } from '../../test/harness';
import { createEconomyRepository } from './economy.repository';
import { createEconomyService, ECONOMY_TOPIC } from './economy.service';
import { servicesPresent } from '../../test/services';

/** Economy settings stored by operators and read by the services with no redeploy. */
describe('economy settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      seed: false,
      env: { AD_UNLOCK_COOLDOWN_SECONDS: '180', AD_UNLOCK_DAILY_CAP: '10' },
    });
  });
  afterAll(() => ctx.close());

  it('the environment is the default; a saved value is what events answers at once', async () => {
    const { economy, events } = ctx.services;
    expect(await economy.adLimits()).toEqual({ cooldownSeconds: 180, dailyCap: 10 });
    expect(await events.adConfig()).toMatchObject({ cooldown_sec: 180, unlock_cap: 10 });
    const change = await economy.setAdLimits({ cooldownSeconds: 60, dailyCap: 3 });
    expect(change).toEqual({
      before: { cooldownSeconds: 180, dailyCap: 10 },
      after: { cooldownSeconds: 60, dailyCap: 3 },
    });
    expect(await events.adConfig()).toMatchObject({ cooldown_sec: 60, unlock_cap: 3 });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/event/ad-config' });
    expect(reply.json<{ data: { unlock_cap: number } }>().data.unlock_cap).toBe(3);
  });

  it('bad limits are refused and change nothing; a failing hook rolls the save back', async () => {
    const { economy } = ctx.services;
    const before = await economy.adLimits();
    for (const bad of [
      { cooldownSeconds: -1, dailyCap: 3 },
      { cooldownSeconds: 10, dailyCap: 1001 },
      { cooldownSeconds: 1.5, dailyCap: 3 },
      { cooldownSeconds: 86_401, dailyCap: 3 },
    ]) {
      await expect(economy.setAdLimits(bad)).rejects.toMatchObject({
        code: ResultCode.BAD_REQUEST,
      });
    }
    await expect(
      economy.setAdLimits({ cooldownSeconds: 1, dailyCap: 1 }, () =>
        Promise.reject(new Error('audit down')),
      ),
    ).rejects.toThrow('audit down');
    expect(await economy.adLimits()).toEqual(before);
  });

  it('missions and attendance coins: saved, read by the mission page, bad input refused', async () => {
    const { events } = ctx.services;
    const [first] = await events.missionsForOperators();
    if (!first) throw new Error('no seeded mission');
    const { before, after } = await events.updateMission(first.id, {
      reward: first.reward + 7,
      condition: first.condition,
      rewardCount: first.rewardCount,
      period: first.period,
      sortOrder: first.sortOrder,
      active: first.active,
    });
    expect(after.reward).toBe(before.reward + 7);
    await expect(events.updateMission('no_such', { ...after })).rejects.toMatchObject({
      code: ResultCode.MISSION_NOT_FOUND,
    });
    const coins = [1, 2, 3, 4, 5, 6, 70];
    expect((await events.setAttendanceCoins(coins)).after).toEqual(coins);
    expect(await events.attendanceCoins()).toEqual(coins);
    for (const bad of [
      [1, 2, 3],
      [1, 2, 3, 4, 5, 6, -1],
      [1, 2, 3, 4, 5, 6, 7, 8],
    ]) {
      await expect(events.setAttendanceCoins(bad)).rejects.toBeInstanceOf(AppError);
    }
    expect(await events.attendanceCoins()).toEqual(coins);
  });

  it('coin packs: created and changed; a bad pack is refused', async () => {
    const { payments: orders } = ctx.services;
    const pack = {
      godsCode: 'ops_pack_1',
      paidCoin: 500,
      bonusCoin: 50,
      firstBonusCoin: 100,
      krw: 5900,
      usdCents: 499,
      iapGoogle: 'coins.500',
      iapApple: 'com.example.coins500',
      iapPriceCents: 499,
      sortOrder: 9,
      active: true,
    };
    const created = await orders.saveGoods(pack);
    expect(created.before).toBeUndefined();
    const changed = await orders.saveGoods({ ...pack, krw: 6900 });
    expect(changed.before?.krw).toBe(5900);
    expect(
      (await orders.goodsList(undefined)).find((g) => g.gods_code === 'ops_pack_1'),
    ).toMatchObject({
      krw: 6900,
      bons_coin_1st: 100,
    });
    await expect(orders.saveGoods({ ...pack, paidCoin: 0 })).rejects.toMatchObject({
      code: ResultCode.BAD_REQUEST,
    });
    await expect(orders.saveGoods({ ...pack, godsCode: 'bad code!' })).rejects.toMatchObject({
      code: ResultCode.BAD_REQUEST,
    });
    expect((await orders.allGoods()).find((g) => g.godsCode === 'ops_pack_1')?.krw).toBe(6900);
  });
});

const withRedis = servicesPresent('redis');
describe.runIf(withRedis)('economy settings across instances (Redis notices)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
  });
  afterAll(() => ctx.close());

  it('another instance drops its copy on the notice and reads the new limits', async () => {
    const channel = `test:${Date.now()}:changes`;
    const redisA = openRedis(process.env.REDIS_URL ?? '');
    const redisB = openRedis(process.env.REDIS_URL ?? '');
    const make = (redis: typeof redisA) =>
      createEconomyService({
        repo: createEconomyRepository(ctx.database.db),
        clock: ctx.clock,
        notices: createChangeNotices({ redis, channel }),
        defaults: { adLimits: { cooldownSeconds: 180, dailyCap: 10 } },
      });
    try {
      const a = make(redisA);
      const b = make(redisB);
      await new Promise((r) => setTimeout(r, 300));
      expect(await b.adLimits()).toEqual({ cooldownSeconds: 180, dailyCap: 10 });
      await a.setAdLimits({ cooldownSeconds: 30, dailyCap: 2 });
      // the clock does not move: only the notice can make b read again
      await expect
        .poll(() => b.adLimits(), { timeout: 3000 })
        .toEqual({ cooldownSeconds: 30, dailyCap: 2 });
      expect(ECONOMY_TOPIC).toBe('economy');
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
