import { z } from 'zod';

/** Wire schemas of the console's dashboard (issue 13, item 7), under /api/v1/admin, camelCase. */

export const dashboardDay = z.object({
  day: z.string(),
  newViewers: z.number().int(),
  activeViewers: z.number().int(),
  revenue: z.record(z.string(), z.number()),
  coinsGranted: z.number().int(),
  coinsSpent: z.number().int(),
  coinsExpired: z.number().int(),
  unlocksByCoin: z.number().int(),
  unlocksByAd: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardData = z.object({
  today: dashboardDay,
  days: z.array(dashboardDay),
  /** revenue per gateway and currency over the 30 days: "T:KRW" → minor units */
  revenue30: z.record(z.string(), z.number()),
  topDramas: z.array(
    z.object({
      dramId: z.number().int(),
      titleKey: z.string(),
      /** the title in each language the dictionary has (language → text) */
      title: z.record(z.string(), z.string()),
      views: z.number().int(),
    }),
  ),
  quality: z.object({
    samples: z.number().int(),
    ttffP50Ms: z.number().nullable(),
    ttffP90Ms: z.number().nullable(),
    rebufferRatio: z.number().nullable(),
  }),
});
export type DashboardData = z.infer<typeof dashboardData>;
