import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';
import { dramaIdRef } from '../catalog/catalog.tables';

/** One viewing of one episode, opened by POST /drama/episode and closed by PUT. */
export const watchLogs = pgTable(
  'watch_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('watch_logs_user_idx').on(t.userId, t.startedAt.desc())],
);

/** The user episode record of the spec: which episodes a user has viewed, and when last. */
export const episodeViews = pgTable(
  'episode_views',
  {
    userId: userIdRef(),
    dramaId: dramaIdRef(),
    episodeNumber: integer('episode_number').notNull(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dramaId, t.episodeNumber] }),
    index('episode_views_recent_idx').on(t.userId, t.lastViewedAt.desc()),
  ],
);

/**
 * What the web player measured for one episode start (POST /playback/quality, a beacon): time to
 * first frame and time stalled against time played, for the operators' dashboard. No user id:
 * quality is read in aggregate only.
 */
export const playbackQuality = pgTable(
  'playback_quality',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    /** null when no frame came */
    ttffMs: integer('ttff_ms'),
    stallMs: integer('stall_ms').notNull(),
    playMs: integer('play_ms').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'playback_quality_numbers_check',
      sql`(${t.ttffMs} is null or ${t.ttffMs} >= 0) and ${t.stallMs} >= 0 and ${t.playMs} >= 0`,
    ),
    index('playback_quality_time_idx').on(t.reportedAt),
  ],
);
