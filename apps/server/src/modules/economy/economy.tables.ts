import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Economy settings operators change in the console without a redeploy (the ad-unlock limits; the
 * packs, missions and attendance coins live in their own modules' tables). One row per setting;
 * a missing row means the environment's default.
 */
export const economySettings = pgTable(
  'economy_settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('economy_settings_key_check', sql`${t.key} in ('ad_limits')`)],
);
