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
    /** scrypt$N$r$p$salt$hash (operators/passwords.ts) */
    passwordHash: text('password_hash').notNull(),
    /** base32 TOTP secret; null when TOTP is off */
    totpSecret: text('totp_secret'),
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
