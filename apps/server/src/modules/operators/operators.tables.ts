import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** People who run the service (console users); never viewers (docs/decisions/1200). */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** lower case */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull(),
    /** scrypt$N$r$p$salt$hash (operators/passwords.ts); null: invited, no password set yet */
    passwordHash: text('password_hash'),
    /** base32 TOTP secret; null when TOTP is off */
    totpSecret: text('totp_secret'),
    /** a secret shown at TOTP set-up, kept until the operator confirms it with a code */
    totpPendingSecret: text('totp_pending_secret'),
    /** the last accepted TOTP time step: a code is accepted once */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operators_email_key').on(t.email),
    check('operators_role_check', sql`${t.role} in ('admin', 'editor', 'support')`),
    check('operators_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
export type OperatorRow = typeof operators.$inferSelect;

/** One signed-in console session; a token is accepted only while its session is live. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * One-time links an admin hands out (issue 41): an invite sets the first password, a reset a new
 * one. Only the token's SHA-256 is kept; a link works once, until it expires or a newer one of
 * the operator replaces it (decision 1530).
 */
export const operatorLinks = pgTable(
  'operator_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    purpose: text('purpose').notNull(),
    /** hex SHA-256 of the token */
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set when used, or when a newer link of the operator replaced it */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_links_token_key').on(t.tokenHash),
    index('operator_links_operator_idx').on(t.operatorId),
    check('operator_links_purpose_check', sql`${t.purpose} in ('invite', 'reset')`),
  ],
);
export type OperatorLinkRow = typeof operatorLinks.$inferSelect;

/** Recovery codes of an operator with TOTP on: hashed, each usable once instead of a code. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    /** hex SHA-256 of the code (lower case, without dashes) */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_recovery_codes_key').on(t.operatorId, t.codeHash)],
);
