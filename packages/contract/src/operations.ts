import { z } from 'zod';

/**
 * Wire schemas of the operators' economy, viewers and money, support inbox and dashboard (issue
 * 13, items 4-7), and of the viewer's side of them ("my inquiries", the player's quality beacon).
 * Operator routes live under /api/v1/admin and speak camelCase: they are ours, not the spec's.
 */

// ---- viewer side ----

/** GET /user/qna: the caller's inquiries with the operators' answers, newest first. */
export const myInquiry = z.object({
  qnaId: z.string(),
  cnts: z.string(),
  /** open, answered, closed */
  stts: z.enum(['open', 'answered', 'closed']),
  rgst_dtm: z.string(),
  answ: z.string().nullable(),
  answ_dtm: z.string().nullable(),
});
export type MyInquiry = z.infer<typeof myInquiry>;
export const myInquiriesData = z.object({ qnaList: z.array(myInquiry) });
export type MyInquiriesData = z.infer<typeof myInquiriesData>;

/**
 * POST /playback/quality: what the web player measured for one episode start (sent with
 * navigator.sendBeacon after the first frame and when the page is hidden). Untrusted numbers:
 * bounded here, aggregated by the server, never shown to other viewers.
 */
export const playbackQualityBody = z.object({
  dramId: z.number().int().min(1).max(2_147_483_647),
  epsd: z.number().int().min(1).max(10_000),
  /** ms from play request to the first frame; absent when no frame came */
  ttffMs: z.number().int().min(0).max(120_000).optional(),
  /** ms spent rebuffering after the first frame */
  stallMs: z.number().int().min(0).max(86_400_000),
  /** ms of playback watched (playing, excluding stalls) */
  playMs: z.number().int().min(0).max(86_400_000),
});
export type PlaybackQualityBody = z.infer<typeof playbackQualityBody>;
export const PLAYBACK_QUALITY_PATH = '/playback/quality';

// ---- operators: economy ----

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

// ---- operators: viewers and money ----

export const viewerSearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(200),
});

export const viewerSummary = z.object({
  userId: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  authMethod: z.string(),
  createdAt: z.string(),
  withdrawn: z.boolean(),
});
export type ViewerSummary = z.infer<typeof viewerSummary>;
export const viewerSearchData = z.object({ viewers: z.array(viewerSummary) });

export const coinBalances = z.object({ paid: z.number().int(), bonus: z.number().int() });

export const viewerDetailData = z.object({
  viewer: viewerSummary,
  wallet: z.object({
    balances: coinBalances,
    lots: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['paid', 'bonus']),
        source: z.string(),
        sourceRef: z.string().nullable(),
        amount: z.number().int(),
        remaining: z.number().int(),
        grantedAt: z.string(),
        expiresAt: z.string(),
        expired: z.boolean(),
      }),
    ),
    revocations: z.array(
      z.object({
        id: z.string(),
        amount: z.number().int(),
        reason: z.string(),
        operatorId: z.string(),
        revokedAt: z.string(),
      }),
    ),
  }),
  orders: z.array(
    z.object({
      ordrId: z.string(),
      godsCode: z.string(),
      gateway: z.string(),
      currency: z.string(),
      amountMinor: z.number().int(),
      paidCoin: z.number().int(),
      state: z.string(),
      createdAt: z.string(),
      refundable: z.boolean(),
    }),
  ),
  unlocks: z.array(
    z.object({
      dramId: z.number().int(),
      epsd: z.number().int(),
      by: z.enum(['coin', 'ad']),
      coins: z.number().int(),
      at: z.string(),
    }),
  ),
});
export type ViewerDetailData = z.infer<typeof viewerDetailData>;

export const userIdParams = z.object({ userId: z.uuid('must be a user id') });

export const coinActionBody = z.object({
  amount: z.number().int().min(1).max(100_000),
  reason: z.string().trim().min(2, 'is required (2+ characters)').max(500),
  /** made by the console when the form opens: the same action twice acts once */
  actionKey: z.string().regex(/^[\w:-]{8,100}$/, 'must be 8-100 letters, digits, _, : or -'),
});
export const coinActionData = z.object({
  id: z.string(),
  amount: z.number().int(),
  created: z.boolean(),
  balances: coinBalances,
});

export const orderIdParams = z.object({ ordrId: z.uuid('must be an order id') });
export const refundOrderBody = z.object({
  reason: z.string().trim().min(2, 'is required (2+ characters)').max(500),
});
export const refundOrderData = z.object({
  ordrId: z.string(),
  state: z.string(),
  refundedCoins: z.number().int(),
  providerRefundId: z.string(),
});

// ---- operators: support ----

export const inquiryStatus = z.enum(['open', 'answered', 'closed']);
export const inboxQuery = z.object({
  status: /* @__PURE__ */ inquiryStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminInquiry = z.object({
  id: z.string(),
  userId: z.string(),
  contents: z.string(),
  lang: z.string(),
  status: inquiryStatus,
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminInquiry = z.infer<typeof adminInquiry>;
export const inboxData = z.object({
  items: z.array(adminInquiry),
  total: z.number().int(),
  counts: z.object({ open: z.number(), answered: z.number(), closed: z.number() }),
});
export type InboxData = z.infer<typeof inboxData>;
export const inquiryIdParams = z.object({ id: z.uuid('must be an inquiry id') });
export const answerBody = z.object({
  answer: z.string().trim().min(1, 'is required').max(4000),
});

// ---- operators: dashboard ----

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
