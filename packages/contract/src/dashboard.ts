import { z } from 'zod';

/**
 * Wire schemas of the console's dashboard (issue 13 item 7; issue 41 item 6, decision 1571),
 * under /api/v1/admin, camelCase. A range of service days, compared with the period of equal
 * length just before it.
 */

/** the longest range the dashboard reads, in service days */
export const DASHBOARD_MAX_DAYS = 366;
/** the range when none is asked: the last 30 service days, today included */
export const DASHBOARD_DEFAULT_DAYS = 30;

const serviceDate = z.iso.date('must be a date (YYYY-MM-DD)');
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** first and last service day (SERVICE_TIMEZONE), both included; both or neither */
export const dashboardQuery = z
  .object({ from: serviceDate.optional(), to: serviceDate.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'must be given with `to`',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be after `to`',
    path: ['from'],
  })
  .refine(
    (q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) + 1 <= DASHBOARD_MAX_DAYS,
    { message: `must be at most ${DASHBOARD_MAX_DAYS} days before \`to\``, path: ['from'] },
  );
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardDay = z.object({
  day: z.string(),
  newViewers: z.number().int(),
  activeViewers: z.number().int(),
  /** money paid that day per "gateway:currency" (minor units), refunded orders included */
  revenue: z.record(z.string(), z.number()),
  coinsGranted: z.number().int(),
  coinsSpent: z.number().int(),
  coinsExpired: z.number().int(),
  unlocksByCoin: z.number().int(),
  unlocksByAd: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

/** A period's figures; activeViewers counts each viewer once over the whole period. */
export const dashboardTotals = z.object({
  newViewers: z.number().int(),
  activeViewers: z.number().int(),
  coinsGranted: z.number().int(),
  coinsSpent: z.number().int(),
  coinsExpired: z.number().int(),
  unlocksByCoin: z.number().int(),
  unlocksByAd: z.number().int(),
});
export type DashboardTotals = z.infer<typeof dashboardTotals>;

/** Money of a period in one currency (minor units): paid, refunded in it, and what stays. */
export const dashboardMoney = z.object({
  currency: z.string(),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type DashboardMoney = z.infer<typeof dashboardMoney>;

export const dashboardPeriod = z.object({
  from: z.string(),
  to: z.string(),
  totals: dashboardTotals,
  money: z.array(dashboardMoney),
});
export type DashboardPeriod = z.infer<typeof dashboardPeriod>;

export const dashboardData = z.object({
  /** the service day it is now */
  todayDay: z.string(),
  /** today's row (whatever the range) */
  today: dashboardDay,
  /** the asked range and the period of equal length just before it */
  current: dashboardPeriod,
  previous: dashboardPeriod,
  /** the range day by day */
  days: z.array(dashboardDay),
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
