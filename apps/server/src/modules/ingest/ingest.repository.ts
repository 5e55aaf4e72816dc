import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { lockNextDue } from '../../db/leased-queue';
import { ingestJobs, type IngestJobRow } from './ingest.tables';

export type NewIngestJob = Omit<
  typeof ingestJobs.$inferInsert,
  'id' | 'status' | 'attempts' | 'percent' | 'etaSeconds' | 'updatedAt'
>;

/** A unique violation (SQLSTATE 23505), through drizzle's wrapping on either driver. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** SQL of the ingest_jobs table: the episode media states and the durable transcode queue. */
export function createIngestRepository(db: Db) {
  const owned = (id: number, workerId: string) =>
    and(eq(ingestJobs.id, id), eq(ingestJobs.status, 'running'), eq(ingestJobs.workerId, workerId));

  /** Changes a running job only while this worker holds it: false when it no longer does. */
  const updateOwned = async (
    q: Db | Tx,
    id: number,
    workerId: string,
    set: PgUpdateSetSource<typeof ingestJobs>,
  ): Promise<boolean> => {
    const rows = await q
      .update(ingestJobs)
      .set(set)
      .where(owned(id, workerId))
      .returning({ id: ingestJobs.id });
    return rows.length > 0;
  };

  return {
    /** The new job, or null when the episode has a live (queued or running) job already. */
    async enqueue(tx: Tx, job: NewIngestJob, now: Date): Promise<IngestJobRow | null> {
      try {
        // on a conflict the transaction is spoilt: the caller answers 409 and rolls it back
        const [row] = await tx
          .insert(ingestJobs)
          .values({ ...job, status: 'queued', updatedAt: now })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async latestOf(dramaId: number, episodeNumber: number): Promise<IngestJobRow | undefined> {
      const [row] = await db
        .select()
        .from(ingestJobs)
        .where(and(eq(ingestJobs.dramaId, dramaId), eq(ingestJobs.episodeNumber, episodeNumber)))
        .orderBy(desc(ingestJobs.id))
        .limit(1);
      return row;
    },

    /** The latest job of each episode of the drama, by episode number. */
    async latestOfDrama(dramaId: number): Promise<IngestJobRow[]> {
      return db
        .selectDistinctOn([ingestJobs.episodeNumber])
        .from(ingestJobs)
        .where(eq(ingestJobs.dramaId, dramaId))
        .orderBy(asc(ingestJobs.episodeNumber), desc(ingestJobs.id));
    },

    /**
     * The jobs page (decision 1543): newest first, of one state or all (ingest_jobs_status_idx,
     * the primary key), each with whether it is its episode's latest job.
     */
    async listJobs(
      status: IngestJobRow['status'] | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: (IngestJobRow & { latest: boolean })[]; total: number }> {
      const where = status ? eq(ingestJobs.status, status) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            job: ingestJobs,
            // qualified by hand: Drizzle leaves the outer columns unqualified in a one-table select
            latest: sql<boolean>`"ingest_jobs"."id" = (select max(j.id) from ${ingestJobs} j where j.drama_id = "ingest_jobs"."drama_id" and j.episode_number = "ingest_jobs"."episode_number")`,
          })
          .from(ingestJobs)
          .where(where)
          .orderBy(desc(ingestJobs.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(ingestJobs).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.job, latest: r.latest })), total: counted?.n ?? 0 };
    },

    /** How many jobs are in each state. */
    async countByStatus(): Promise<Record<IngestJobRow['status'], number>> {
      const rows = await db
        .select({ status: ingestJobs.status, n: count() })
        .from(ingestJobs)
        .groupBy(ingestJobs.status);
      const counts = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },

    /** Whether a job of the drama is queued or running (a reorder waits for it). */
    async hasLiveJob(dramaId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: ingestJobs.id })
        .from(ingestJobs)
        .where(
          and(eq(ingestJobs.dramaId, dramaId), inArray(ingestJobs.status, ['queued', 'running'])),
        )
        .limit(1);
      return row !== undefined;
    },

    async find(id: number): Promise<IngestJobRow | undefined> {
      const [row] = await db.select().from(ingestJobs).where(eq(ingestJobs.id, id));
      return row;
    },

    /**
     * Claims the next due job for this worker: a queued one whose backoff has passed, or a running
     * one whose worker let its lease run out (it died); workers never take the same one.
     */
    async claim(workerId: string, now: Date, leaseUntil: Date): Promise<IngestJobRow | null> {
      return db.transaction(async (tx) => {
        const due = await lockNextDue(tx, ingestJobs, 'running', now);
        if (due === undefined) return null;
        const [row] = await tx
          .update(ingestJobs)
          .set({
            status: 'running',
            attempts: sql`${ingestJobs.attempts} + 1`,
            workerId,
            leaseUntil,
            percent: 0,
            etaSeconds: null,
            startedAt: now,
            updatedAt: now,
          })
          .where(eq(ingestJobs.id, due))
          .returning();
        return row ?? null;
      });
    },

    /** Renews the lease with the latest progress; false when this worker no longer holds the job. */
    async heartbeat(
      id: number,
      workerId: string,
      progress: { percent: number; etaSeconds: number | null },
      now: Date,
      leaseUntil: Date,
    ): Promise<boolean> {
      return updateOwned(db, id, workerId, { ...progress, leaseUntil, updatedAt: now });
    },

    async complete(
      tx: Tx,
      id: number,
      workerId: string,
      result: { mediaPrefix: string; posterKey: string },
      now: Date,
    ): Promise<boolean> {
      return updateOwned(tx, id, workerId, {
        ...result,
        status: 'done',
        percent: 100,
        etaSeconds: null,
        error: null,
        leaseUntil: null,
        updatedAt: now,
        finishedAt: now,
      });
    },

    /** Back to the queue after a failed attempt, not before `runAfter`. */
    async retryLater(
      id: number,
      workerId: string,
      error: string,
      now: Date,
      runAfter: Date,
    ): Promise<boolean> {
      return updateOwned(db, id, workerId, {
        status: 'queued',
        error,
        runAfter,
        leaseUntil: null,
        workerId: null,
        etaSeconds: null,
        updatedAt: now,
      });
    },

    /**
     * The job's final failure. `workerId` null: a job found with its lease run out and no attempt
     * left (whoever ran it last died).
     */
    async fail(id: number, workerId: string | null, error: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(ingestJobs)
        .set({
          status: 'failed',
          error,
          leaseUntil: null,
          etaSeconds: null,
          updatedAt: now,
          finishedAt: now,
        })
        .where(
          workerId === null
            ? and(eq(ingestJobs.id, id), eq(ingestJobs.status, 'running'))
            : owned(id, workerId),
        )
        .returning({ id: ingestJobs.id });
      return rows.length > 0;
    },

    /** A worker stopping on purpose hands its job back; the attempt does not count. */
    async release(id: number, workerId: string, now: Date): Promise<boolean> {
      return updateOwned(db, id, workerId, {
        status: 'queued',
        attempts: sql`greatest(${ingestJobs.attempts} - 1, 0)`,
        runAfter: now,
        leaseUntil: null,
        workerId: null,
        percent: 0,
        etaSeconds: null,
        updatedAt: now,
      });
    },

    /** An operator's retry of a failed job: attempts start again, due now. */
    async requeueFailed(tx: Tx, id: number, now: Date): Promise<IngestJobRow | null> {
      try {
        const [row] = await tx
          .update(ingestJobs)
          .set({
            status: 'queued',
            attempts: 0,
            runAfter: now,
            error: null,
            percent: 0,
            etaSeconds: null,
            workerId: null,
            leaseUntil: null,
            finishedAt: null,
            updatedAt: now,
          })
          .where(and(eq(ingestJobs.id, id), eq(ingestJobs.status, 'failed')))
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
