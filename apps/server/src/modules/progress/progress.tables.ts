import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';
import { dramaIdRef } from '../catalog/catalog.tables';

/**
 * Continue watching: where a viewer (guest or member) stopped in each episode. One row per viewer
 * and episode, overwritten by each save.
 */
export const watchPositions = pgTable(
  'watch_positions',
  {
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dramaId, t.episodeNumber] }),
    index('watch_positions_user_recent_idx').on(t.userId, t.updatedAt.desc()),
    check(
      'watch_positions_seconds_check',
      sql`${t.positionSeconds} >= 0 and ${t.durationSeconds} >= 0`,
    ),
  ],
);
