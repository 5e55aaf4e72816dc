import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, userIdRef } from '../auth/auth.tables';
import { dramas } from '../catalog/catalog.tables';

/**
 * The For You feed (issue 45, decision 1620). What a request reads is precomputed: each viewer's
 * small state (taste, recent and finished dramas), the catalog's candidate lists (top dramas per
 * category, popular, fresh) and co-watch neighbours per drama. Requests write impressions;
 * beacons write signals, one per impression and kind.
 */

/** A viewer's taste and recent watching: updated by each feed signal and by the feed's job. */
export const forYouViewerState = pgTable('foryou_viewer_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** { affinity: { [categoryId]: number }, at: ms } (rules' ViewerTaste) */
  taste: jsonb('taste').$type<{ affinity: Record<string, number>; at: number }>().notNull(),
  /** dramas the viewer watched lately, newest first (co-watch seeds), at most 20 */
  recentDramas: jsonb('recent_dramas').$type<number[]>().notNull().default([]),
  /** dramas the viewer watched to their last episode: not served again */
  finishedDramas: jsonb('finished_dramas').$type<number[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One serving of one drama to one viewer: the key of its signals. */
export const forYouImpressions = pgTable(
  'foryou_impressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    dramaId: integer('drama_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    episodeNumber: integer('episode_number').notNull(),
    reason: text('reason').notNull(),
    /** 1-based position in the viewer's feed */
    position: integer('position').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // with the drama: a viewer's recent impressions (the ranking read) from the index alone
    index('foryou_impressions_user_idx').on(t.userId, t.servedAt.desc(), t.dramaId),
    index('foryou_impressions_served_idx').on(t.servedAt),
  ],
);

/** What the web feed reported of an impression: one row per impression and kind. */
export const forYouSignals = pgTable(
  'foryou_signals',
  {
    impressionId: uuid('impression_id')
      .notNull()
      .references(() => forYouImpressions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the longest watch reported (watch only) */
    watchedMs: integer('watched_ms'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.impressionId, t.kind] }),
    index('foryou_signals_recorded_idx').on(t.recordedAt, t.kind),
    check('foryou_signals_kind_check', sql`${t.kind} in ('shown', 'watch', 'skip', 'continue')`),
    check('foryou_signals_watched_check', sql`${t.watchedMs} is null or ${t.watchedMs} >= 0`),
  ],
);

/** The catalog as the feed ranks it: published dramas, written by the job. */
export const forYouDramas = pgTable('foryou_dramas', {
  dramaId: integer('drama_id')
    .primaryKey()
    .references(() => dramas.id, { onDelete: 'cascade' }),
  categoryIds: jsonb('category_ids').$type<number[]>().notNull(),
  adult: boolean('adult').notNull(),
  /** 0..1: log views against the catalog's most viewed */
  popularity: real('popularity').notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  episodeCount: integer('episode_count').notNull(),
});

/** List ids of forYouLists besides category ids (which are ≥ 1). */
export const FORYOU_LIST_POPULAR = 0;
export const FORYOU_LIST_FRESH = -1;

/**
 * The candidate lists: per category its dramas by popularity (list = category id), the popular
 * list (0) and the fresh list (-1), each ordered by score; written by the job.
 */
export const forYouLists = pgTable(
  'foryou_lists',
  {
    listId: integer('list_id').notNull(),
    dramaId: integer('drama_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    adult: boolean('adult').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.dramaId] }),
    index('foryou_lists_rank_idx').on(t.listId, t.adult, t.score.desc(), t.dramaId),
  ],
);

/** Item-to-item co-watch neighbours, top K per drama, recomputed by the job. */
export const forYouCowatch = pgTable(
  'foryou_cowatch',
  {
    dramaId: integer('drama_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    neighbourId: integer('neighbour_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.neighbourId] }),
    check('foryou_cowatch_score_check', sql`${t.score} > 0 and ${t.score} <= 1`),
  ],
);

/** What operators set for a drama in the feed: a pin, an exclusion, a trailer. */
export const forYouSettings = pgTable(
  'foryou_settings',
  {
    dramaId: integer('drama_id')
      .primaryKey()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    /** served at this 1-based position of every viewer's feed (once); null: not pinned */
    pinnedPosition: integer('pinned_position'),
    excluded: boolean('excluded').notNull().default(false),
    /** the episode the feed plays instead of the first free one; null: the first free one */
    trailerEpisode: integer('trailer_episode'),
    clipStartSeconds: real('clip_start_seconds').notNull().default(0),
    clipEndSeconds: real('clip_end_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'foryou_settings_check',
      sql`(${t.pinnedPosition} is null or ${t.pinnedPosition} between 1 and 1000)
        and (${t.trailerEpisode} is null or ${t.trailerEpisode} >= 1)
        and ${t.clipStartSeconds} >= 0
        and (${t.clipEndSeconds} is null or ${t.clipEndSeconds} > ${t.clipStartSeconds})`,
    ),
  ],
);

/** The feed's jobs: one row each, claimed with skip locked so one instance runs it at a time. */
export const forYouJobs = pgTable('foryou_jobs', {
  name: text('name').primaryKey(),
  /** the watch events up to here are in the viewers' tastes */
  watchedUntil: timestamp('watched_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
