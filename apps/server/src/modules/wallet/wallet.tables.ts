import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  smallint,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, userIdRef } from '../auth/auth.tables';
import { dramaIdRef } from '../catalog/catalog.tables';

/**
 * One row per user that ever held coins. Every transaction that moves coins locks this row first
 * (SELECT ... FOR UPDATE), so one user's grants, spends and refunds run one at a time.
 */
export const wallets = pgTable('wallets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The wallet a coin row belongs to (its user's id), required. */
const walletUserIdRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => wallets.userId);

/**
 * A grant of coins. Balance = sum(remaining) over lots with expires_at > now: expiry follows from
 * time alone and needs no job. amount = remaining + allocated to spends + refunded, always.
 */
export const coinLots = pgTable(
  'coin_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: walletUserIdRef(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    source: text('source').notNull(),
    /** the order id, mission id, attendance day... of the source */
    sourceRef: text('source_ref'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** chosen by the caller: the same key twice credits once */
    idempotencyKey: text('idempotency_key').notNull(),
    /** where purchased coins were bought (web, app_store, google_play); null for other lots */
    channel: text('channel'),
  },
  (t) => [
    check(
      'coin_lots_channel_check',
      sql`${t.channel} is null or (${t.source} = 'purchase' and ${t.channel} in ('web', 'app_store', 'google_play'))`,
    ),
    check('coin_lots_kind_check', sql`${t.kind} in ('paid', 'bonus')`),
    check(
      'coin_lots_source_check',
      sql`${t.source} in ('purchase', 'purchase_bonus', 'mission', 'attendance', 'event', 'advertisement', 'admin', 'invite')`,
    ),
    check('coin_lots_amount_check', sql`${t.amount} > 0`),
    check('coin_lots_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    check('coin_lots_validity_check', sql`${t.expiresAt} > ${t.grantedAt}`),
    uniqueIndex('coin_lots_idempotency_key_key').on(t.idempotencyKey),
    index('coin_lots_user_expiry_idx').on(t.userId, t.expiresAt),
    index('coin_lots_user_granted_idx').on(t.userId, t.grantedAt),
  ],
);
export type LotRow = typeof coinLots.$inferSelect;

/** An episode bought with coins: at most one per (user, drama, episode), so no double charge. */
export const coinUnlocks = pgTable(
  'coin_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: walletUserIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    /** the drama's title key when bought, for the use history */
    titleKey: text('title_key').notNull(),
    coins: integer('coins').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('coin_unlocks_coins_check', sql`${t.coins} > 0`),
    uniqueIndex('coin_unlocks_user_episode_key').on(t.userId, t.dramaId, t.episodeNumber),
    index('coin_unlocks_user_time_idx').on(t.userId, t.unlockedAt),
  ],
);
export type UnlockRow = typeof coinUnlocks.$inferSelect;

/** Which lots paid for an unlock, and how much each. */
export const coinAllocations = pgTable(
  'coin_allocations',
  {
    unlockId: uuid('unlock_id')
      .notNull()
      .references(() => coinUnlocks.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => coinLots.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.unlockId, t.lotId] }),
    check('coin_allocations_amount_check', sql`${t.amount} > 0`),
    index('coin_allocations_lot_idx').on(t.lotId),
  ],
);

/** Purchased coins given back (to the original payment method, by the payments module). */
export const coinRefunds = pgTable(
  'coin_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: walletUserIdRef(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => coinLots.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    check('coin_refunds_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('coin_refunds_idempotency_key_key').on(t.idempotencyKey),
    index('coin_refunds_lot_idx').on(t.lotId),
  ],
);
export type RefundRow = typeof coinRefunds.$inferSelect;

/**
 * The operator's coin validity per source (packages/rules CoinValiditySettings), one row (id 1).
 * Read by the wallet at every grant (cached a few seconds), so a change needs no redeploy; no
 * row means the defaults (docs/decisions/1121).
 */
export const coinValiditySettings = pgTable(
  'coin_validity_settings',
  {
    id: smallint('id').primaryKey(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('coin_validity_settings_one_row', sql`${t.id} = 1`)],
);

/** A viewer's wallet preferences: auto-unlock, off unless the viewer turns it on. */
export const walletPreferences = pgTable('wallet_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  autoUnlock: boolean('auto_unlock').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A coin unlock made by auto-unlock. An undo (within 10 s, before 10 % of playback) gives the
 * coins back to the lots that paid, removes the unlock and its allocations, and keeps here what
 * was given back; undone_at set once, so an undo happens at most once (docs/decisions/1120).
 */
export const autoUnlocks = pgTable(
  'auto_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: walletUserIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    /** the coin_unlocks row it made (removed by an undo, so no foreign key) */
    unlockId: uuid('unlock_id').notNull(),
    coins: integer('coins').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** the allocations given back by the undo: [{ lotId, amount }] */
    refunded: jsonb('refunded'),
  },
  (t) => [
    check('auto_unlocks_coins_check', sql`${t.coins} > 0`),
    uniqueIndex('auto_unlocks_unlock_key').on(t.unlockId),
    index('auto_unlocks_user_episode_idx').on(t.userId, t.dramaId, t.episodeNumber),
  ],
);
export type AutoUnlockRow = typeof autoUnlocks.$inferSelect;

/** The service days on which a viewer dismissed the coin expiry reminder (at most one a day). */
export const coinExpiryReminders = pgTable(
  'coin_expiry_reminders',
  {
    userId: userIdRef(),
    /** YYYY-MM-DD in the service time zone */
    day: text('day').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Coins an operator took back (a correction, with its reason): one row per action, under the
 * operator action's unique key so a repeated click takes once.
 */
export const coinRevocations = pgTable(
  'coin_revocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: walletUserIdRef(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** who asked for it (an operator id), for the wallet's own record */
    requestedBy: text('requested_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    check('coin_revocations_amount_check', sql`${t.amount} > 0`),
    check('coin_revocations_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
    uniqueIndex('coin_revocations_idempotency_key_key').on(t.idempotencyKey),
    index('coin_revocations_user_idx').on(t.userId, t.revokedAt),
  ],
);
export type RevocationRow = typeof coinRevocations.$inferSelect;

/** Which lots a revocation took from, and how much each (spend order). */
export const coinRevocationLots = pgTable(
  'coin_revocation_lots',
  {
    revocationId: uuid('revocation_id')
      .notNull()
      .references(() => coinRevocations.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => coinLots.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.revocationId, t.lotId] }),
    check('coin_revocation_lots_amount_check', sql`${t.amount} > 0`),
    index('coin_revocation_lots_lot_idx').on(t.lotId),
  ],
);
