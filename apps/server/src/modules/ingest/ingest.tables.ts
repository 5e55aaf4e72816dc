import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const INGEST_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type IngestJobStatus = (typeof INGEST_JOB_STATUSES)[number];

/**
 * Transcode jobs and the media state of each episode they feed: the latest job of an episode is
 * its ingest state (queued, running with progress, done, failed with the reason). The table is
 * also the durable queue: a worker claims a due job with `for update skip locked` and holds a
 * lease it renews while ffmpeg runs; a lease that runs out (the worker died) lets another worker
 * take the job again (docs/decisions/1220-ingest-pipeline.md).
 */
export const ingestJobs = pgTable(
  'ingest_jobs',
  {
    id: serial('id').primaryKey(),
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    status: text('status').$type<IngestJobStatus>().notNull().default('queued'),
    /** storage key of the uploaded source */
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name').notNull(),
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    hasAudio: boolean('has_audio').notNull().default(true),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** not claimed before this time (retry backoff) */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    /** a running job whose lease passed is taken again by any worker */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    workerId: text('worker_id'),
    percent: integer('percent').notNull().default(0),
    etaSeconds: integer('eta_seconds'),
    /** the HLS ladder's storage folder, once done */
    mediaPrefix: text('media_prefix'),
    posterKey: text('poster_key'),
    /** why the last attempt failed (kept while a retry waits; the reason of a failed job) */
    error: text('error'),
    operatorId: text('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ingest_jobs_episode_idx').on(t.dramaId, t.episodeNumber, t.id.desc()),
    // the console's jobs page: newest first, by state (decision 1543)
    index('ingest_jobs_status_idx').on(t.status, t.id.desc()),
    // the claim query's scan: due queued jobs and running ones whose lease may have passed
    index('ingest_jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    // one live job per episode: a new upload waits for (or replaces) none in flight
    uniqueIndex('ingest_jobs_one_live_per_episode')
      .on(t.dramaId, t.episodeNumber)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('ingest_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check(
      'ingest_jobs_numbers_check',
      sql`${t.percent} between 0 and 100 and ${t.attempts} >= 0 and ${t.maxAttempts} >= 1 and ${t.episodeNumber} >= 1`,
    ),
  ],
);
export type IngestJobRow = typeof ingestJobs.$inferSelect;
