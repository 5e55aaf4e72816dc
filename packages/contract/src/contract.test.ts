import { describe, expect, it } from 'vitest';
import { ResultCode, httpStatusOf } from './codes';
import { enMessages, jaMessages, koMessages } from './message-keys';
import { listParams } from './drama';

describe('result codes', () => {
  it('are unique and carry their HTTP status in the first three digits', () => {
    const values = Object.values(ResultCode);
    expect(new Set(values).size).toBe(values.length);
    for (const code of values.filter((c) => c !== 0)) {
      expect(String(code)).toHaveLength(6);
      expect([
        400, 401, 403, 404, 408, 409, 410, 412, 413, 414, 415, 419, 429, 431, 500, 503,
      ]).toContain(httpStatusOf(code));
    }
  });
});

describe('messages', () => {
  it('every language has every key, none empty', () => {
    const keys = Object.keys(enMessages).sort();
    for (const dict of [koMessages, jaMessages]) {
      expect(Object.keys(dict).sort()).toEqual(keys);
      for (const value of Object.values(dict)) expect(value.trim()).not.toBe('');
    }
  });
  it('placeholders match across languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(enMessages)) {
      const k = key as keyof typeof enMessages;
      expect(vars(koMessages[k]), key).toEqual(vars(value));
      expect(vars(jaMessages[k]), key).toEqual(vars(value));
    }
  });
});

describe('list params', () => {
  it('accepts bounds and refuses what is outside', () => {
    expect(listParams.safeParse({ count: '200', page: '1' }).success).toBe(true);
    expect(listParams.safeParse({ count: '201', page: '1' }).success).toBe(false);
    expect(listParams.safeParse({ count: '0', page: '1' }).success).toBe(false);
    expect(listParams.safeParse({ count: '10', page: '0' }).success).toBe(false);
    expect(listParams.safeParse({ count: 'x', page: '1' }).success).toBe(false);
  });
});

describe('ECONOMY_LIMITS are the economy schemas’ limits (the console’s fields use them)', () => {
  it('match each max', async () => {
    const { ECONOMY_LIMITS } = await import('./economy-limits');
    const ops = { ...(await import('./economy')), ...(await import('./viewers')) };
    expect(ops.adminGoods.shape.paidCoin.maxValue).toBe(ECONOMY_LIMITS.coins);
    expect(ops.adminGoods.shape.bonusCoin.maxValue).toBe(ECONOMY_LIMITS.coins);
    expect(ops.adminGoods.shape.krw.maxValue).toBe(ECONOMY_LIMITS.money);
    expect(ops.adminGoods.shape.usdCents.maxValue).toBe(ECONOMY_LIMITS.money);
    expect(ops.adminGoods.shape.iapPriceCents.maxValue).toBe(ECONOMY_LIMITS.money);
    expect(ops.adminGoods.shape.sortOrder.maxValue).toBe(ECONOMY_LIMITS.sortOrder);
    expect(ops.adminMission.shape.reward.maxValue).toBe(ECONOMY_LIMITS.coins);
    expect(ops.adminMission.shape.condition.maxValue).toBe(ECONOMY_LIMITS.missionCount);
    expect(ops.coinActionBody.shape.amount.maxValue).toBe(ECONOMY_LIMITS.operatorCoins);
    expect(ops.coinActionBody.shape.reason.maxLength).toBe(ECONOMY_LIMITS.reasonLength);
    expect(ops.refundOrderBody.shape.reason.unwrap().maxLength).toBe(ECONOMY_LIMITS.reasonLength);
    expect(ops.validityDays.unwrap().maxValue).toBe(ECONOMY_LIMITS.validityDays);
    expect(ops.adminMission.shape.rewardCount.maxValue).toBe(ECONOMY_LIMITS.missionCount);
    expect(ops.adLimits.shape.cooldownSeconds.maxValue).toBe(ECONOMY_LIMITS.cooldownSeconds);
    expect(ops.adLimits.shape.dailyCap.maxValue).toBe(ECONOMY_LIMITS.dailyAdCap);
    expect(ops.attendanceCoinsBody.shape.coins.element.maxValue).toBe(
      ECONOMY_LIMITS.attendanceCoins,
    );
  });
});
