import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { viewerEpisodeIs } from '../../db/viewer-episode';
import { byDay, rowsOf, serviceDayOf } from '../../db/daily';
import { callerPlaceholders, readPart, type ReadPart } from '../../db/read-parts';
import { episodeViews, playbackQuality, watchLogs } from './playback.tables';

export function createPlaybackRepository(db: Db) {
  const viewsOfStatement = db
    .select({ epsd: episodeViews.episodeNumber, lastViewedAt: episodeViews.lastViewedAt })
    .from(episodeViews)
    .where(
      and(
        eq(episodeViews.userId, sql.placeholder('userId')),
        eq(episodeViews.dramaId, sql.placeholder('dramaId')),
      ),
    )
    .orderBy(episodeViews.episodeNumber)
    .prepare('playback_views_of');

  return {
    /** viewsOf as a part of a caller's statement (decision 1300). */
    viewsPart(): ReadPart<{ epsd: number; lastViewedAt: Date }[]> {
      return readPart(
        sql`(select json_agg(json_build_array(${episodeViews.episodeNumber}, ${episodeViews.lastViewedAt}) order by ${episodeViews.episodeNumber})
          from ${episodeViews}
          where ${episodeViews.userId} = ${callerPlaceholders.userId} and ${episodeViews.dramaId} = ${callerPlaceholders.dramaId})`,
        (raw) =>
          Array.isArray(raw)
            ? (raw as [number, string][]).map(([epsd, at]) => ({
                epsd: Number(epsd),
                lastViewedAt: new Date(at),
              }))
            : [],
      );
    },

    /** Every episode start and every coin unlock reads this: a prepared statement. */
    async viewsOf(userId: string, dramaId: number) {
      return viewsOfStatement.execute({ userId, dramaId });
    },

    /** The latest viewed episode of each of these dramas that the user viewed at all. */
    async lastViewedEpisodes(userId: string, dramaIds: number[]): Promise<Map<number, number>> {
      if (dramaIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([episodeViews.dramaId], {
          dramaId: episodeViews.dramaId,
          epsd: episodeViews.episodeNumber,
        })
        .from(episodeViews)
        .where(and(eq(episodeViews.userId, userId), inArray(episodeViews.dramaId, dramaIds)))
        .orderBy(
          episodeViews.dramaId,
          desc(episodeViews.lastViewedAt),
          desc(episodeViews.episodeNumber),
        );
      return new Map(rows.map((r) => [r.dramaId, r.epsd]));
    },

    /** Dramas the user viewed, most recently viewed first (episode_views_recent_idx). */
    async recentDramaIds(userId: string, limit: number, offset: number): Promise<number[]> {
      const last = max(episodeViews.lastViewedAt);
      const rows = await db
        .select({ dramaId: episodeViews.dramaId })
        .from(episodeViews)
        .where(eq(episodeViews.userId, userId))
        .groupBy(episodeViews.dramaId)
        .orderBy(desc(last), desc(episodeViews.dramaId))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.dramaId);
    },

    /**
     * Viewers' watching, per viewer and drama, for a batch of the viewers after `afterUserId` in
     * id order who viewed an episode at or after `since` (the For You job's scan, decision 1621):
     * episodes viewed, those viewed since `since`, the highest episode viewed and the last view.
     */
    async watchingScan(afterUserId: string, viewers: number, sinceDate: Date) {
      const since = sql`${sinceDate.toISOString()}::timestamptz`;
      const batch = db
        .selectDistinct({ userId: episodeViews.userId })
        .from(episodeViews)
        .where(
          sql`${episodeViews.userId} > ${afterUserId} and ${episodeViews.lastViewedAt} >= ${since}`,
        )
        .orderBy(episodeViews.userId)
        .limit(viewers)
        .as('batch');
      return db
        .select({
          userId: episodeViews.userId,
          dramaId: episodeViews.dramaId,
          episodes: sql<number>`count(*)::int`,
          newEpisodes: sql<number>`(count(*) filter (where ${episodeViews.lastViewedAt} >= ${since}))::int`,
          maxEpisode: sql<number>`max(${episodeViews.episodeNumber})::int`,
          lastViewedAt: sql<string>`max(${episodeViews.lastViewedAt})`.mapWith(
            (v: string) => new Date(v),
          ),
        })
        .from(episodeViews)
        .innerJoin(batch, eq(batch.userId, episodeViews.userId))
        .groupBy(episodeViews.userId, episodeViews.dramaId)
        .orderBy(episodeViews.userId, episodeViews.dramaId);
    },

    /** Opens a watch log and records the view, in one transaction. */
    async startWatch(
      values: {
        userId: string;
        dramaId: number;
        epsd: number;
        now: Date;
      },
      beforeStart?: (tx: Tx) => Promise<void>,
      /** e.g. the analytics event of this start, in its transaction */
      afterStart?: (tx: Tx, logId: string) => Promise<void>,
    ): Promise<string> {
      return db.transaction(async (tx) => {
        // e.g. the wallet's check that an auto-unlock of this episode was not just undone
        await beforeStart?.(tx);
        const [log] = await tx
          .insert(watchLogs)
          .values({
            userId: values.userId,
            dramaId: values.dramaId,
            episodeNumber: values.epsd,
            startedAt: values.now,
          })
          .returning({ id: watchLogs.id });
        if (!log) throw new Error('watch log insert returned nothing');
        await tx
          .insert(episodeViews)
          .values({
            userId: values.userId,
            dramaId: values.dramaId,
            episodeNumber: values.epsd,
            lastViewedAt: values.now,
          })
          .onConflictDoUpdate({
            target: [episodeViews.userId, episodeViews.dramaId, episodeViews.episodeNumber],
            set: { lastViewedAt: sql`excluded.last_viewed_at` },
          });
        await afterStart?.(tx, log.id);
        return log.id;
      });
    },

    /**
     * Forgets that a user viewed an episode (in the caller's transaction): an auto-unlock undone
     * gives the episode back, and a view made while it was bought must not keep it playable.
     */
    async forgetView(tx: Tx, userId: string, dramaId: number, epsd: number): Promise<void> {
      await tx.delete(episodeViews).where(viewerEpisodeIs(episodeViews, userId, dramaId, epsd));
    },

    /** The caller's own log, open or closed. */
    async findWatch(userId: string, logId: string) {
      const [row] = await db
        .select({
          dramaId: watchLogs.dramaId,
          epsd: watchLogs.episodeNumber,
          startedAt: watchLogs.startedAt,
          endedAt: watchLogs.endedAt,
        })
        .from(watchLogs)
        .where(and(eq(watchLogs.id, logId), eq(watchLogs.userId, userId)));
      return row;
    },

    /** Closes the caller's own log; closing twice keeps the first end time. */
    async endWatch(userId: string, logId: string, now: Date) {
      const [row] = await db
        .update(watchLogs)
        .set({ endedAt: sql`coalesce(${watchLogs.endedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(watchLogs.id, logId), eq(watchLogs.userId, userId)))
        .returning({ startedAt: watchLogs.startedAt, endedAt: watchLogs.endedAt });
      return row;
    },

    /**
     * A guest's history joins the account it signed in to: views merge (the later view time
     * wins), watch logs move.
     */
    async transferHistory(tx: Tx, fromUserId: string, toUserId: string) {
      await tx.execute(sql`
        insert into ${episodeViews} (user_id, drama_id, episode_number, last_viewed_at)
        select ${toUserId}, drama_id, episode_number, last_viewed_at
        from ${episodeViews} where user_id = ${fromUserId}
        on conflict (user_id, drama_id, episode_number)
        do update set last_viewed_at = greatest(${episodeViews.lastViewedAt}, excluded.last_viewed_at)`);
      await tx.delete(episodeViews).where(eq(episodeViews.userId, fromUserId));
      await tx.update(watchLogs).set({ userId: toUserId }).where(eq(watchLogs.userId, fromUserId));
    },

    async insertQuality(values: typeof playbackQuality.$inferInsert): Promise<void> {
      await db.insert(playbackQuality).values(values);
    },

    /** Time to first frame (p50, p90) and the rebuffering ratio of the reports in [from, to). */
    async qualitySummary(from: Date, to: Date) {
      const [row] = await rowsOf<{
        samples: string;
        p50: number | null;
        p90: number | null;
        stall: string | null;
        play: string | null;
      }>(
        db,
        sql`select count(*) as samples,
          percentile_cont(0.5) within group (order by ttff_ms) as p50,
          percentile_cont(0.9) within group (order by ttff_ms) as p90,
          sum(stall_ms) as stall, sum(play_ms) as play
        from ${playbackQuality}
        where reported_at >= ${from.toISOString()}::timestamptz and reported_at < ${to.toISOString()}::timestamptz`,
      );
      const stall = Number(row?.stall ?? 0);
      const play = Number(row?.play ?? 0);
      return {
        samples: Number(row?.samples ?? 0),
        ttffP50Ms: row?.p50 == null ? null : Math.round(Number(row.p50)),
        ttffP90Ms: row?.p90 == null ? null : Math.round(Number(row.p90)),
        // the share of the session spent stalled: stall / (stall + play)
        rebufferRatio: stall + play > 0 ? stall / (stall + play) : null,
      };
    },

    /** Distinct viewers who started an episode, per service day in [from, to). */
    async activeViewersByDay(from: Date, to: Date, zone: string) {
      return byDay(
        await rowsOf(
          db,
          sql`select ${serviceDayOf('started_at', zone)} as day, count(distinct user_id) as n
          from ${watchLogs}
          where started_at >= ${from.toISOString()}::timestamptz and started_at < ${to.toISOString()}::timestamptz
          group by 1`,
        ),
      );
    },

    /** Distinct viewers over the whole range (not the sum of the days). */
    async activeViewers(from: Date, to: Date): Promise<number> {
      const [row] = await rowsOf<{ n: string }>(
        db,
        sql`select count(distinct user_id) as n from ${watchLogs}
          where started_at >= ${from.toISOString()}::timestamptz and started_at < ${to.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },

    /** Dramas by episode starts in [from, to), most first. */
    async topDramas(from: Date, to: Date, limit: number) {
      const rows = await rowsOf<{ drama_id: number; n: string }>(
        db,
        sql`select drama_id, count(*) as n from ${watchLogs}
          where started_at >= ${from.toISOString()}::timestamptz and started_at < ${to.toISOString()}::timestamptz
          group by drama_id order by n desc, drama_id limit ${limit}`,
      );
      return rows.map((r) => ({ dramaId: Number(r.drama_id), views: Number(r.n) }));
    },

    /** A withdrawn member's viewing history goes; watch logs stay for view statistics. */
    async eraseHistory(tx: Tx, userId: string) {
      await tx.delete(episodeViews).where(eq(episodeViews.userId, userId));
    },
  };
}

export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;
