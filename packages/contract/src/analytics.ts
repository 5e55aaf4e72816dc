import { z } from 'zod';
import { PAYMENT_CURRENCIES } from './payments';

/**
 * Wire schemas of the console's analytics (issue 43 items 1-4; decisions 1600-1606): a drama's
 * funnel episode by episode, the catalog's table of dramas, retention cohorts. Operator routes
 * under /api/v1/admin (ADMIN_BASE), camelCase. Every figure is read from rollups the analytics
 * job keeps (never from raw events); `rolledUpTo` says how fresh they are.
 *
 * Ranges are service days (SERVICE_TIMEZONE), `from` and `to` both included. A range after `to`
 * or with `from` after `to` is refused with ANALYTICS_RANGE_INVALID; one longer than
 * ANALYTICS_MAX_RANGE_DAYS with ANALYTICS_RANGE_TOO_LONG (both 400, codes.ts).
 *
 * Counting viewers (decision 1602): `viewers` of an episode (or a drama) over a range are the
 * viewers whose FIRST start of that episode (or of any episode of the drama) fell in the range.
 * Each viewer is counted once per episode for ever, so the figures are exact distinct counts and
 * sums over days stay exact; a viewer coming back in a later range is not counted again there.
 *
 * The paywall (decision 1601): a viewer reaches the paywall of a locked episode when the server
 * answers that it is locked for them, or when they unlock it (whichever comes first). Everyone who
 * reached it ends in exactly one of converted (coin | ad | vip | auto), left (no unlock within
 * ANALYTICS_PAYWALL_LEAVE_HOURS), or pending (still within that window):
 * paywallShown = coin + ad + vip + auto + left + pending. A late unlock moves a viewer from left
 * to converted. Figures are attributed to the day the viewer reached the paywall.
 *
 * CSV (decision 1605): the server answers text/csv (UTF-8 with a byte order mark) at the `.csv`
 * paths, the same query as the JSON route; columns are the JSON field names, one money column
 * pair per currency.
 */

export const ANALYTICS_PATHS = {
  /** the catalog's table of dramas: GET, paged, sortable */
  dramas: '/analytics/dramas',
  dramasCsv: '/analytics/dramas.csv',
  /** one drama's funnel: GET /analytics/dramas/:dramId/funnel */
  funnel: '/analytics/dramas/:dramId/funnel',
  funnelCsv: '/analytics/dramas/:dramId/funnel.csv',
  /** retention: cohort grid by sign-up week and D1/D7/D30 of a segment */
  retention: '/analytics/retention',
  /** how far the rollups have read the event log */
  status: '/analytics/status',
} as const;

/** The path of one drama's funnel (JSON or CSV). */
export const analyticsFunnelPath = (dramId: number, csv = false) =>
  `/analytics/dramas/${dramId}/funnel${csv ? '.csv' : ''}`;

/** The longest range one read may span, in service days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** The range when none is asked: the last 30 service days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** A viewer who reached the paywall and did not unlock within this many hours has left. */
export const ANALYTICS_PAYWALL_LEAVE_HOURS = 24;
/** A purchase within this many hours after reaching a paywall is that episode's revenue. */
export const ANALYTICS_REVENUE_ATTRIBUTION_HOURS = 24;
/** Retention grid: weeks after sign-up shown (week 0 is the sign-up week). */
export const ANALYTICS_RETENTION_WEEKS = 12;

/** How an episode was unlocked (the unlock's source fact). */
export const UNLOCK_METHODS = ['coin', 'ad', 'vip', 'auto'] as const;
export type UnlockMethod = (typeof UNLOCK_METHODS)[number];

/**
 * The kinds of the append-only event log (docs/analytics-events.md says what each means and where
 * it is written). `paywall_left` is never written: the rollup job derives it.
 */
export const ANALYTICS_EVENT_KINDS = [
  'sign_up',
  'episode_start',
  'episode_complete',
  'paywall_shown',
  'unlock',
  'unlock_undone',
  'purchase',
  'refund',
  'vip_charge',
  'vip_refund',
  'share',
] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

/** How a member came: an invite code, a shared link they opened, or neither. */
export const ACQUISITION_SOURCES = ['invite', 'shared_link', 'organic'] as const;
export type AcquisitionSource = (typeof ACQUISITION_SOURCES)[number];

/** Retention segments: everyone (by sign-up), first payers (by first payment), by acquisition. */
export const RETENTION_SEGMENTS = ['all', 'payers', ...ACQUISITION_SOURCES] as const;
export type RetentionSegment = (typeof RETENTION_SEGMENTS)[number];

const serviceDate = z.iso.date('must be a date (YYYY-MM-DD)');

/** first and last service day, both included; both or neither (default: the last 30 days) */
export const analyticsRangeQuery = z.object({
  from: serviceDate.optional(),
  to: serviceDate.optional(),
});
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuery>;

/** Money of a range in one currency (minor units): paid, and what stays after refunds. */
export const analyticsMoney = z.object({
  currency: z.enum(PAYMENT_CURRENCIES),
  gross: z.number().int(),
  net: z.number().int(),
});
export type AnalyticsMoney = z.infer<typeof analyticsMoney>;

/** What happened at a paywall: reached, then exactly one of the outcomes. */
export const analyticsPaywall = z.object({
  /** viewers who reached the paywall (first time, in the range) */
  shown: z.number().int(),
  coin: z.number().int(),
  ad: z.number().int(),
  vip: z.number().int(),
  auto: z.number().int(),
  /** no unlock within ANALYTICS_PAYWALL_LEAVE_HOURS */
  left: z.number().int(),
  /** reached less than ANALYTICS_PAYWALL_LEAVE_HOURS ago and not unlocked yet */
  pending: z.number().int(),
});
export type AnalyticsPaywall = z.infer<typeof analyticsPaywall>;

export const analyticsFunnelEpisode = z.object({
  epsd: z.number().int(),
  /** coins to unlock it (0: free) */
  coin: z.number().int(),
  /** viewers whose first start of this episode fell in the range */
  viewers: z.number().int(),
  /** episode starts in the range (every start, repeats included) */
  starts: z.number().int(),
  /** viewers who finished it, first time, in the range */
  completions: z.number().int(),
  paywall: analyticsPaywall,
  /** coins spent unlocking it in the range */
  coinsSpent: z.number().int(),
  /** purchases attributed to this episode's paywall (ANALYTICS_REVENUE_ATTRIBUTION_HOURS) */
  revenue: z.array(analyticsMoney),
});
export type AnalyticsFunnelEpisode = z.infer<typeof analyticsFunnelEpisode>;

export const analyticsDramaRef = z.object({
  dramId: z.number().int(),
  titleKey: z.string(),
  /** the title in each language the dictionary has (language → text) */
  title: z.record(z.string(), z.string()),
});
export type AnalyticsDramaRef = z.infer<typeof analyticsDramaRef>;

export const analyticsFunnelData = z.object({
  drama: analyticsDramaRef,
  from: z.string(),
  to: z.string(),
  /** events up to this instant are in the figures (ISO 8601; null: none yet) */
  rolledUpTo: z.string().nullable(),
  /** the first episode with a coin price (null: the drama is free) */
  paywallEpsd: z.number().int().nullable(),
  episodes: z.array(analyticsFunnelEpisode),
  totals: z.object({
    /** viewers whose first start of any episode of the drama fell in the range */
    viewers: z.number().int(),
    starts: z.number().int(),
    completions: z.number().int(),
    paywall: analyticsPaywall,
    coinsSpent: z.number().int(),
    revenue: z.array(analyticsMoney),
  }),
});
export type AnalyticsFunnelData = z.infer<typeof analyticsFunnelData>;

export const analyticsFunnelParams = z.object({ dramId: z.coerce.number().int().positive() });
export const analyticsFunnelQuery = analyticsRangeQuery;

/** Columns the catalog table sorts by. */
export const ANALYTICS_DRAMA_SORTS = [
  'viewers',
  'starts',
  'completionRate',
  'paywallShown',
  'conversionRate',
  'revenueGross',
  'revenueNet',
] as const;
export type AnalyticsDramaSort = (typeof ANALYTICS_DRAMA_SORTS)[number];

export const analyticsDramasQuery = analyticsRangeQuery.extend({
  sort: z.enum(ANALYTICS_DRAMA_SORTS).default('viewers'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** the currency revenue sorts by */
  currency: z.enum(PAYMENT_CURRENCIES).default('KRW'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AnalyticsDramasQuery = z.input<typeof analyticsDramasQuery>;

export const analyticsDramaRow = analyticsDramaRef.extend({
  viewers: z.number().int(),
  starts: z.number().int(),
  completions: z.number().int(),
  /** completions / starts of the range (0 when no start) */
  completionRate: z.number(),
  paywallShown: z.number().int(),
  /** converted (any method) / paywallShown (0 when none reached it) */
  conversionRate: z.number(),
  converted: z.number().int(),
  left: z.number().int(),
  coinsSpent: z.number().int(),
  revenue: z.array(analyticsMoney),
});
export type AnalyticsDramaRow = z.infer<typeof analyticsDramaRow>;

export const analyticsDramasData = z.object({
  from: z.string(),
  to: z.string(),
  rolledUpTo: z.string().nullable(),
  /** dramas with any activity in the range */
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  items: z.array(analyticsDramaRow),
  /**
   * The service's revenue of the range, every drama or none, per currency: coin-pack orders
   * (whether a paywall is their cause or not) and VIP pass charges, which belong to no drama
   * (purchase days; net = gross − refunds of those)
   */
  serviceRevenue: z.object({
    coinPacks: z.array(analyticsMoney),
    vip: z.array(analyticsMoney),
  }),
});
export type AnalyticsDramasData = z.infer<typeof analyticsDramasData>;

/** from/to bound the cohorts' first days (sign-up, or first payment for `payers`) */
export const analyticsRetentionQuery = analyticsRangeQuery.extend({
  segment: z.enum(RETENTION_SEGMENTS).default('all'),
});
export type AnalyticsRetentionQuery = z.input<typeof analyticsRetentionQuery>;

/** Viewers of a cohort who came back on day N (or week N) after their first day. */
export const analyticsReturned = z.object({
  /** viewers of the cohort old enough for this day to have happened */
  eligible: z.number().int(),
  returned: z.number().int(),
  /** returned / eligible (null when none is eligible) */
  rate: z.number().nullable(),
});
export type AnalyticsReturned = z.infer<typeof analyticsReturned>;

export const analyticsCohortWeek = z.object({
  /** Monday of the sign-up week (service days) */
  week: z.string(),
  size: z.number().int(),
  /** index N = week N after each viewer's first day (0: days 0-6, 1: days 7-13, ...) */
  weeks: z.array(analyticsReturned),
});
export type AnalyticsCohortWeek = z.infer<typeof analyticsCohortWeek>;

export const analyticsRetentionData = z.object({
  segment: z.enum(RETENTION_SEGMENTS),
  from: z.string(),
  to: z.string(),
  rolledUpTo: z.string().nullable(),
  /** viewers whose first day (sign-up, or first payment for `payers`) is in the range */
  size: z.number().int(),
  d1: analyticsReturned,
  d7: analyticsReturned,
  d30: analyticsReturned,
  /** of the cohort, viewers who paid at least once (so far) */
  payers: z.number().int(),
  /** payers / size (null when the cohort is empty) */
  payerConversion: z.number().nullable(),
  /** per currency: gross and net paid by the cohort, and net per payer (ARPPU, minor units) */
  revenue: z.array(analyticsMoney.extend({ arppu: z.number().nullable() })),
  cohorts: z.array(analyticsCohortWeek),
});
export type AnalyticsRetentionData = z.infer<typeof analyticsRetentionData>;

export const analyticsStatusData = z.object({
  /** the last event the rollups applied (0: none) */
  appliedEventId: z.number().int(),
  /** events written and not applied yet */
  behind: z.number().int(),
  rolledUpTo: z.string().nullable(),
});
export type AnalyticsStatusData = z.infer<typeof analyticsStatusData>;
