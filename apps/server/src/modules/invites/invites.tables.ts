import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/** A member's invite code: one per member, made the first time they ask for it. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invite_codes_code_key').on(t.code)],
);

/**
 * Every social sign-up (join): the device (the browser's guest id) and the address it came from.
 * The abuse limits read it: the inviter's own device, accounts per address in 24 h.
 */
export const inviteSignups = pgTable(
  'invite_signups',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    deviceId: text('device_id'),
    address: text('address'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('invite_signups_address_idx').on(t.address, t.joinedAt),
    index('invite_signups_device_idx').on(t.deviceId),
  ],
);

/**
 * A sign-up attributed to an inviter's code: at most one per new account (invitee_id unique) and
 * one counted per device (the partial unique index); refused ones are kept to show operators.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    deviceId: text('device_id'),
    address: text('address'),
    state: text('state').notNull(),
    refusal: text('refusal'),
    inviterCoin: integer('inviter_coin').notNull().default(0),
    inviteeCoin: integer('invitee_coin').notNull().default(0),
    /** the inviter had reached the daily cap: the friend still earned theirs */
    inviterCapped: boolean('inviter_capped').notNull().default(false),
    /** the service day the reward (or hold) counts against the inviter's daily cap */
    rewardDay: text('reward_day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'invites_state_check',
      sql`${t.state} in ('pending', 'rewarded', 'held', 'rejected', 'refused')`,
    ),
    check(
      'invites_refusal_check',
      sql`(${t.state} = 'refused') = (${t.refusal} is not null) and (${t.refusal} is null or ${t.refusal} in ('self', 'same_device', 'device_used'))`,
    ),
    check('invites_coins_check', sql`${t.inviterCoin} >= 0 and ${t.inviteeCoin} >= 0`),
    check(
      'invites_not_self_check',
      sql`${t.inviterId} <> ${t.inviteeId} or ${t.state} = 'refused'`,
    ),
    uniqueIndex('invites_invitee_key').on(t.inviteeId),
    uniqueIndex('invites_device_key')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null and ${t.state} <> 'refused'`),
    index('invites_inviter_idx').on(t.inviterId, t.createdAt),
    index('invites_inviter_day_idx').on(t.inviterId, t.rewardDay),
    index('invites_state_idx').on(t.state, t.createdAt),
  ],
);
export type InviteRow = typeof invites.$inferSelect;

/** Invite pages opened per service day (the dashboard's "opened"). */
export const inviteLandings = pgTable('invite_landings', {
  day: text('day').primaryKey(),
  opened: integer('opened').notNull(),
});

/** The operators' invite settings (one row); absent: the defaults (contract DEFAULT_INVITE_SETTINGS). */
export const inviteSettingsRow = pgTable(
  'invite_settings',
  {
    id: smallint('id').primaryKey(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('invite_settings_single_row', sql`${t.id} = 1`)],
);
