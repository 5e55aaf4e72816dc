import { z } from 'zod';

/**
 * Wire schemas of the operators' economy settings: coin packs, missions, ad limits, attendance,
 * coin validity (issue 13, item 4).
 * Operator routes live under /api/v1/admin and speak camelCase: they are ours, not the spec's.
 */

const wholeCoins = z.number().int().min(0).max(1_000_000);

export const adminGoods = z.object({
  godsCode: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, _ or -'),
  paidCoin: z.number().int().min(1).max(1_000_000),
  bonusCoin: wholeCoins,
  firstBonusCoin: wholeCoins,
  /** won */
  krw: z.number().int().min(0).max(100_000_000),
  usdCents: z.number().int().min(0).max(100_000_000),
  iapGoogle: z.string().regex(/^[A-Za-z0-9._-]{0,100}$/, 'must be a store product id'),
  iapApple: z.string().regex(/^[A-Za-z0-9._-]{0,100}$/, 'must be a store product id'),
  iapPriceCents: z.number().int().min(0).max(100_000_000),
  sortOrder: z.number().int().min(0).max(10_000),
  active: z.boolean(),
});
export type AdminGoods = z.infer<typeof adminGoods>;

export const adminMission = z.object({
  id: z.string(),
  nameKey: z.string(),
  reward: wholeCoins,
  condition: z.number().int().min(1).max(1000),
  rewardCount: z.number().int().min(1).max(1000),
  period: z.enum(['D', 'O']),
  sortOrder: z.number().int().min(0).max(10_000),
  active: z.boolean(),
});
export type AdminMission = z.infer<typeof adminMission>;
export const adminMissionBody = /* @__PURE__ */ adminMission.omit({ id: true, nameKey: true });

export const adLimits = z.object({
  cooldownSeconds: z.number().int().min(0).max(86_400),
  dailyCap: z.number().int().min(0).max(1000),
});
export type AdLimitsSettings = z.infer<typeof adLimits>;

export const attendanceCoinsBody = z.object({
  coins: z.array(z.number().int().min(0).max(100_000)).length(7, 'must name the seven days'),
});

/**
 * Coin validity per source (docs/payments.md "Coin validity per source"; packages/rules
 * coin-validity.ts decides): whole days 1..3650, or null for coins that never expire.
 */
export const validityDays = z.number().int().min(1).max(3650).nullable();
export const coinValiditySettingsBody = z
  .object({
    purchase: z
      .object({ web: validityDays, app_store: validityDays, google_play: validityDays })
      .strict(),
    bonus: z
      .object({
        purchase_bonus: validityDays,
        mission: validityDays,
        attendance: validityDays,
        event: validityDays,
        advertisement: validityDays,
        admin: validityDays,
        invite: validityDays,
      })
      .strict(),
  })
  .strict();
export type CoinValiditySettingsBody = z.infer<typeof coinValiditySettingsBody>;

export const economyData = z.object({
  goods: z.array(adminGoods),
  missions: z.array(adminMission),
  attendanceCoins: z.array(z.number().int()),
  adLimits,
});
export type EconomyData = z.infer<typeof economyData>;
