import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, userIdRef } from '../auth/auth.tables';
import { dramaIdRef } from '../catalog/catalog.tables';

/** The missions on offer (seeded; spec §3 fixed ids watch_ad, watch_ep, share_ep, connect_sns). */
export const missions = pgTable(
  'missions',
  {
    id: text('id').primaryKey(),
    nameKey: text('name_key').notNull(),
    /** bonus coins per completed step */
    reward: integer('reward').notNull(),
    /** reports per step */
    condition: integer('condition').notNull(),
    /** steps rewarded per period */
    rewardCount: integer('reward_count').notNull(),
    /** D daily (resets at the service day's midnight), O once per account */
    period: text('period').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('missions_id_check', sql`${t.id} in ('watch_ad', 'watch_ep', 'share_ep', 'connect_sns')`),
    check('missions_period_check', sql`${t.period} in ('D', 'O')`),
    check(
      'missions_numbers_check',
      sql`${t.reward} >= 0 and ${t.condition} >= 1 and ${t.rewardCount} >= 1`,
    ),
  ],
);
export type MissionRow = typeof missions.$inferSelect;

/** Bonus coins of each day of the 7-day attendance cycle (seeded, rising through the week). */
export const attendanceRewards = pgTable(
  'attendance_rewards',
  {
    day: integer('day').primaryKey(),
    coin: integer('coin').notNull(),
  },
  (t) => [
    check('attendance_rewards_day_check', sql`${t.day} between 1 and 7`),
    check('attendance_rewards_coin_check', sql`${t.coin} >= 0`),
  ],
);

/**
 * One check-in per user per service day: the primary key is the guard against double check-ins.
 * granted_at is set once the reward reached the wallet (by idempotency key attendance:user:day);
 * a row without it is granted again on the user's next event call.
 */
export const attendances = pgTable(
  'attendances',
  {
    userId: userIdRef(),
    /** service day, YYYY-MM-DD */
    day: text('day').notNull(),
    cnscAtdn: integer('cnsc_atdn').notNull(),
    reward: integer('reward').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('attendances_cnsc_check', sql`${t.cnscAtdn} between 1 and 7`),
  ],
);
export type AttendanceRow = typeof attendances.$inferSelect;

/** A user's count of a mission in one period (service day for D, 'once' for O). */
export const missionProgress = pgTable(
  'mission_progress',
  {
    userId: userIdRef(),
    missionId: text('mission_id')
      .notNull()
      .references(() => missions.id),
    period: text('period').notNull(),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.missionId, t.period] }),
    check('mission_progress_count_check', sql`${t.count} >= 0`),
  ],
);

/**
 * What was counted: an ad view, an episode watched, an episode shared, the account link. The key
 * makes each count once per period (a share once per episode per day, a view once ever).
 */
export const missionReports = pgTable(
  'mission_reports',
  {
    userId: userIdRef(),
    missionId: text('mission_id')
      .notNull()
      .references(() => missions.id),
    period: text('period').notNull(),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.missionId, t.period, t.ref] })],
);

/**
 * A completed step's reward, one per (user, mission, period, step); credited through the wallet
 * with the idempotency key mission:user:mission:period:step and marked granted.
 */
export const missionRewards = pgTable(
  'mission_rewards',
  {
    userId: userIdRef(),
    missionId: text('mission_id')
      .notNull()
      .references(() => missions.id),
    period: text('period').notNull(),
    step: integer('step').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.missionId, t.period, t.step] }),
    check('mission_rewards_step_check', sql`${t.step} >= 1`),
    index('mission_rewards_pending_idx')
      .on(t.userId)
      .where(sql`${t.grantedAt} is null`),
  ],
);
export type MissionRewardRow = typeof missionRewards.$inferSelect;

/**
 * A rewarded-ad view, opened by POST /event/advertisement: bound to the user and the type, redeemed
 * at most once (redeemed_at), not before the minimum duration, not after it expires.
 */
export const adViews = pgTable(
  'ad_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    type: text('type').notNull(),
    platform: text('platform').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** set by a verified AdMob server-side verification callback */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    check('ad_views_type_check', sql`${t.type} in ('unlock', 'mission')`),
    check('ad_views_platform_check', sql`${t.platform} in ('web', 'aos', 'ios')`),
    index('ad_views_user_opened_idx').on(t.userId, t.openedAt),
  ],
);
export type AdViewRow = typeof adViews.$inferSelect;

/** An episode unlocked by an ad. One per (user, drama, episode); one per ad view. */
export const adUnlocks = pgTable(
  'ad_unlocks',
  {
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    adViewId: uuid('ad_view_id')
      .notNull()
      .references(() => adViews.id),
    /** service day of the unlock: the daily cap counts these */
    day: text('day').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dramaId, t.episodeNumber] }),
    uniqueIndex('ad_unlocks_ad_view_key').on(t.adViewId),
    index('ad_unlocks_user_day_idx').on(t.userId, t.day),
  ],
);

/**
 * One row per user that ever used an event call. Ad opens and ad unlocks lock it first
 * (SELECT ... FOR UPDATE), so the cooldown, the cap and the rate limits hold across instances.
 */
export const eventUserStates = pgTable('event_user_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  lastAdUnlockAt: timestamp('last_ad_unlock_at', { withTimezone: true }),
});

/** AdMob server-side verification callbacks seen, by transaction id: a replay changes nothing. */
export const adNetworkCallbacks = pgTable('ad_network_callbacks', {
  transactionId: text('transaction_id').primaryKey(),
  adViewId: uuid('ad_view_id').references(() => adViews.id),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
