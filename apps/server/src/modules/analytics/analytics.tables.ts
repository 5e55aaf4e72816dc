import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A PostgreSQL 64-bit transaction id (pg_current_xact_id()), as text on the wire. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The append-only event log (issue 43 item 1; decision 1600; docs/analytics-events.md). Each row
 * is written in the transaction of the fact it records, under a key unique per source fact, so a
 * retried request never counts twice. No foreign keys: the log outlives what it speaks of.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * the writing transaction: the job reads only events of transactions older than every one in
     * flight, so an event committed late is never skipped (decision 1603)
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    kind: text('kind').notNull(),
    /** unique per source fact (e.g. `start:<watch log id>`, `purchase:<order id>`) */
    sourceKey: text('source_key').notNull().unique('analytics_events_source_key_unique'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
    dramaId: integer('drama_id'),
    episodeNumber: integer('episode_number'),
    /**
     * unlock: coin | ad | vip | auto; sign_up: invite | shared_link | organic; purchase, refund,
     * vip_charge, vip_refund: the gateway
     */
    method: text('method'),
    /** coins spent by an unlock */
    coins: integer('coins'),
    /** money of a purchase or refund, minor units (null: a store's VIP charge, price unknown) */
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    /** the order a purchase or refund is about; `vip:<period id>` for a VIP charge or refund */
    ref: text('ref'),
  },
  (t) => [
    check(
      'analytics_events_kind_check',
      sql`${t.kind} in ('sign_up', 'episode_start', 'episode_complete', 'paywall_shown', 'unlock', 'unlock_undone', 'purchase', 'refund', 'vip_charge', 'vip_refund', 'share')`,
    ),
    index('analytics_events_tx_idx').on(t.txId, t.id),
    // a withdrawal's pseudonym finds one viewer's events without a scan (decision 1609)
    index('analytics_events_user_idx').on(t.userId),
    // the job finds the paywall a purchase followed (revenue attribution)
    index('analytics_events_paywall_idx')
      .on(t.userId, t.occurredAt)
      .where(sql`${t.kind} in ('paywall_shown', 'unlock')`),
  ],
);

/** How far the rollups have read the log: one row, locked by the job while it applies a batch. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  id: smallint('id').primaryKey(),
  /** the (transaction, id) of the last event applied: the job goes on after it */
  lastTxId: xid8('last_tx_id').notNull(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
  /** the newest occurred_at applied (the pages' "up to") */
  rolledUpTo: timestamp('rolled_up_to', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

const counters = {
  starts: integer('starts').notNull().default(0),
  /** viewers whose first start fell on this day */
  viewers: integer('viewers').notNull().default(0),
  /** viewers whose first completion fell on this day */
  completions: integer('completions').notNull().default(0),
  /** viewers who first reached the paywall on this day, and what became of them */
  paywallShown: integer('paywall_shown').notNull().default(0),
  convCoin: integer('conv_coin').notNull().default(0),
  convAd: integer('conv_ad').notNull().default(0),
  convVip: integer('conv_vip').notNull().default(0),
  convAuto: integer('conv_auto').notNull().default(0),
  left: integer('left_count').notNull().default(0),
  /** coins spent by unlocks on this day */
  coinsSpent: bigint('coins_spent', { mode: 'number' }).notNull().default(0),
};

/** Per drama, episode and service day. */
export const analyticsEpisodeDays = pgTable(
  'analytics_episode_days',
  {
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [primaryKey({ columns: [t.dramaId, t.episodeNumber, t.day] })],
);

/** Per drama and service day (viewers: first start of any episode of the drama). */
export const analyticsDramaDays = pgTable(
  'analytics_drama_days',
  {
    dramaId: integer('drama_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.day] }),
    index('analytics_drama_days_day_idx').on(t.day),
  ],
);

/** Purchases attributed to an episode's paywall, per purchase day and currency (net = gross − refunds). */
export const analyticsEpisodeRevenue = pgTable(
  'analytics_episode_revenue',
  {
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.episodeNumber, t.day, t.currency] }),
    index('analytics_episode_revenue_day_idx').on(t.day),
  ],
);

/** Per (drama, episode, viewer): the first start, completion, paywall reach and its outcome. */
export const analyticsReach = pgTable(
  'analytics_reach',
  {
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    userId: uuid('user_id').notNull(),
    startedDay: date('started_day', { mode: 'string' }),
    completedDay: date('completed_day', { mode: 'string' }),
    paywallAt: timestamp('paywall_at', { withTimezone: true }),
    paywallDay: date('paywall_day', { mode: 'string' }),
    /** pending | left | coin | ad | vip | auto (null: never reached the paywall) */
    outcome: text('outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.episodeNumber, t.userId] }),
    index('analytics_reach_user_idx').on(t.userId),
    // the job's sweep of paywalls left without an unlock
    index('analytics_reach_pending_idx')
      .on(t.paywallAt)
      .where(sql`${t.outcome} = 'pending'`),
  ],
);

/** Per (drama, viewer): the day of the first start of any of its episodes. */
export const analyticsDramaReach = pgTable(
  'analytics_drama_reach',
  {
    dramaId: integer('drama_id').notNull(),
    userId: uuid('user_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.userId] }),
    index('analytics_drama_reach_user_idx').on(t.userId),
  ],
);

/** Per viewer: the sign-up and the first payment the cohorts are made of. */
export const analyticsViewers = pgTable('analytics_viewers', {
  userId: uuid('user_id').primaryKey(),
  signupDay: date('signup_day', { mode: 'string' }),
  acquisition: text('acquisition'),
  firstPaidDay: date('first_paid_day', { mode: 'string' }),
});

/**
 * Orders (and VIP charges) the rollups counted, so a refund is taken off where its purchase was
 * added.
 */
export const analyticsOrders = pgTable(
  'analytics_orders',
  {
    ref: text('ref').primaryKey(),
    /** coin_pack (a `purchase`) | vip (a `vip_charge`) */
    source: text('source').notNull().default('coin_pack'),
    userId: uuid('user_id').notNull(),
    dramaId: integer('drama_id'),
    episodeNumber: integer('episode_number'),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    refunded: boolean('refunded').notNull().default(false),
  },
  (t) => [index('analytics_orders_user_idx').on(t.userId)],
);

/**
 * Cohorts: kind `signup` (first day = sign-up day) or `payer` (first day = first payment), by
 * acquisition. size: viewers of the cohort; payers: of a sign-up cohort, those who paid.
 */
export const analyticsCohorts = pgTable(
  'analytics_cohorts',
  {
    kind: text('kind').notNull(),
    cohortDay: date('cohort_day', { mode: 'string' }).notNull(),
    acquisition: text('acquisition').notNull(),
    size: integer('size').notNull().default(0),
    payers: integer('payers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.cohortDay, t.acquisition] })],
);

/** Viewers of a cohort active on day N (unit d) or in week N (unit w) after their first day. */
export const analyticsCohortReturns = pgTable(
  'analytics_cohort_returns',
  {
    kind: text('kind').notNull(),
    cohortDay: date('cohort_day', { mode: 'string' }).notNull(),
    acquisition: text('acquisition').notNull(),
    unit: text('unit').notNull(),
    n: integer('n').notNull(),
    viewers: integer('viewers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.cohortDay, t.acquisition, t.unit, t.n] })],
);

/** Which (viewer, cohort kind, unit, N) was counted already: a return counts once. */
export const analyticsViewerReturns = pgTable(
  'analytics_viewer_returns',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    unit: text('unit').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.unit, t.n] })],
);

/** Money paid by a sign-up cohort (whenever paid), per currency. */
export const analyticsCohortRevenue = pgTable(
  'analytics_cohort_revenue',
  {
    cohortDay: date('cohort_day', { mode: 'string' }).notNull(),
    acquisition: text('acquisition').notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cohortDay, t.acquisition, t.currency] })],
);

/**
 * The service's revenue per purchase day, source (coin_pack | vip) and currency: every order and
 * VIP charge, attributed to a paywall or not (decision 1608); refunds on the purchase's day.
 */
export const analyticsRevenueDays = pgTable(
  'analytics_revenue_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.currency] })],
);
