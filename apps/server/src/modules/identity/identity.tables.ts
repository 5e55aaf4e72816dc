import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, userIdRef } from '../auth/auth.tables';

/**
 * An identity check the server started for a member: the id the provider's step runs under. No
 * personal data: it only binds the id to the member and records that it was used once
 * (completed_at), so a replayed id, or one started by someone else, is refused.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    /** PortOne's identityVerificationId, made by us */
    id: text('id').primaryKey(),
    userId: userIdRef(),
    provider: text('provider').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('identity_checks_provider_check', sql`${t.provider} in ('portone', 'sandbox')`),
    index('identity_checks_user_id_idx').on(t.userId),
  ],
);

/**
 * A member's age, as their latest completed identity check gave it: the birth year and the time
 * of the check, nothing else (decision 1490). One row per member; a new check replaces it.
 */
export const ageChecks = pgTable(
  'age_checks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    birthYear: integer('birth_year').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('age_checks_birth_year_check', sql`${t.birthYear} between 1900 and 2200`)],
);
