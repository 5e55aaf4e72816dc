import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuthMethod, PushKind, PushPayload } from '@snapdrama/contract';

export const PUSH_CHANNELS = ['web', 'fcm', 'apns'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

/**
 * Where reminders go (decision 1520): a browser's Web Push subscription (endpoint and its
 * RFC 8291 keys) or the app wrapper's FCM/APNs token, with the viewer's switches, time zone and
 * quiet hours. A member's subscriptions carry the user id (bookmarks, coins and attendance are
 * a member's); a guest's carry the guest's user id too. Deleted when the viewer unsubscribes or
 * the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').$type<PushChannel>().notNull(),
    /** the Web Push endpoint, or the native token */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    userId: uuid('user_id'),
    /** the subscriber's sign-in method (guest or a provider): member reminders skip guests */
    authMethod: text('auth_method').$type<AuthMethod>(),
    lang: text('lang').notNull(),
    kinds: jsonb('kinds').$type<PushKind[]>().notNull(),
    timeZone: text('time_zone').notNull(),
    quietStart: integer('quiet_start').notNull(),
    quietEnd: integer('quiet_end').notNull(),
    /** a secret that unsubscribes in one call, without a session (the notification's action) */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    uniqueIndex('push_subscriptions_unsubscribe_key').on(t.unsubscribeToken),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_channel_check', sql`${t.channel} in ('web', 'fcm', 'apns')`),
    check(
      'push_subscriptions_quiet_check',
      sql`${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439`,
    ),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const PUSH_SEND_STATUSES = ['queued', 'sending', 'sent', 'dropped', 'capped'] as const;
export type PushSendStatus = (typeof PUSH_SEND_STATUSES)[number];

/**
 * Each reminder to one subscription, and the queue the send job claims from (like ingest_jobs:
 * `for update skip locked` and a lease). The key (subscription, kind, subject, day) makes a
 * trigger that fires twice, or on many workers, queue it once; `sent` and `capped` rows are
 * never sent again. Rows outlive their subscription (subscription id kept, no foreign key) so the
 * dashboard still counts them.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id').notNull(),
    kind: text('kind').$type<PushKind>().notNull(),
    /** what the reminder is about: `drama/episode`, an expiry instant, a service day */
    subject: text('subject').notNull(),
    /** the viewer's day (in the subscription's zone) the trigger fired on */
    day: text('day').notNull(),
    status: text('status').$type<PushSendStatus>().notNull().default('queued'),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** not before (quiet hours defer, never drop) */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** why it was dropped or capped (404/410 gone, kind switched off, daily cap) */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_sends_once_key').on(t.subscriptionId, t.kind, t.subject, t.day),
    index('push_sends_due_idx')
      .on(t.runAfter)
      .where(sql`${t.status} in ('queued', 'sending')`),
    check(
      'push_sends_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'dropped', 'capped')`,
    ),
  ],
);
export type PushSendRow = typeof pushSends.$inferSelect;

/**
 * Pushes sent to one subscription on one of its days: the daily limit's counter, raised in the
 * claim's transaction (`on conflict ... where count < limit`), so many workers never pass it.
 */
export const pushDailyCounts = pgTable(
  'push_daily_counts',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day] })],
);

/** Unsubscriptions (by the viewer, or the push service's 404/410), for the dashboard's counts. */
export const pushUnsubscribes = pgTable('push_unsubscribes', {
  id: serial('id').primaryKey(),
  subscriptionId: uuid('subscription_id').notNull(),
  /** 'viewer' (settings or the notification's action) or 'gone' (404/410) */
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The console's push settings: one row (kinds on, daily limit, default quiet hours). */
export const pushSettingsTable = pgTable(
  'push_settings',
  {
    id: integer('id').primaryKey().default(1),
    kinds: jsonb('kinds').$type<PushKind[]>().notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    quietStart: integer('quiet_start').notNull(),
    quietEnd: integer('quiet_end').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('push_settings_one_row', sql`${t.id} = 1`),
    check('push_settings_limit_check', sql`${t.dailyLimit} between 0 and 10`),
  ],
);
