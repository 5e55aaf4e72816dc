import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { viewerEpisodeIs } from '../../db/viewer-episode';
import { watchPositions } from './progress.tables';

export interface PositionRow {
  dramaId: number;
  epsd: number;
  positionSeconds: number;
  durationSeconds: number;
  updatedAt: Date;
}

const columns = {
  dramaId: watchPositions.dramaId,
  epsd: watchPositions.episodeNumber,
  positionSeconds: watchPositions.positionSeconds,
  durationSeconds: watchPositions.durationSeconds,
  updatedAt: watchPositions.updatedAt,
};

export function createProgressRepository(db: Db) {
  return {
    db,

    /** One row per viewer and episode: the latest save wins. */
    async save(userId: string, row: PositionRow, q: Db | Tx = db): Promise<PositionRow> {
      const [saved] = await q
        .insert(watchPositions)
        .values({
          userId,
          dramaId: row.dramaId,
          episodeNumber: row.epsd,
          positionSeconds: row.positionSeconds,
          durationSeconds: row.durationSeconds,
          updatedAt: row.updatedAt,
        })
        .onConflictDoUpdate({
          target: [watchPositions.userId, watchPositions.dramaId, watchPositions.episodeNumber],
          set: {
            positionSeconds: sql`excluded.position_seconds`,
            durationSeconds: sql`excluded.duration_seconds`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning(columns);
      if (!saved) throw new Error('position upsert returned nothing');
      return saved;
    },

    /** The saved position of one episode, in the caller's transaction. */
    async positionOf(
      q: Db | Tx,
      userId: string,
      dramaId: number,
      epsd: number,
    ): Promise<{ seconds: number; duration: number } | undefined> {
      const [row] = await q
        .select({
          seconds: watchPositions.positionSeconds,
          duration: watchPositions.durationSeconds,
        })
        .from(watchPositions)
        .where(viewerEpisodeIs(watchPositions, userId, dramaId, epsd));
      return row;
    },

    async ofDrama(userId: string, dramaId: number): Promise<PositionRow[]> {
      return db
        .select(columns)
        .from(watchPositions)
        .where(and(eq(watchPositions.userId, userId), eq(watchPositions.dramaId, dramaId)))
        .orderBy(watchPositions.episodeNumber);
    },

    /** The latest saved episode of each drama, the most recently watched dramas first. */
    async latestPerDrama(userId: string, limit: number): Promise<PositionRow[]> {
      const latest = db
        .selectDistinctOn([watchPositions.dramaId], columns)
        .from(watchPositions)
        .where(eq(watchPositions.userId, userId))
        .orderBy(watchPositions.dramaId, desc(watchPositions.updatedAt))
        .as('latest');
      return db
        .select()
        .from(latest)
        .orderBy(desc(latest.updatedAt), desc(latest.dramaId))
        .limit(limit);
    },

    /** A guest's positions join the account it signed in to; the later save of an episode wins. */
    async transfer(tx: Tx, fromUserId: string, toUserId: string) {
      await tx.execute(sql`
        insert into ${watchPositions}
          (user_id, drama_id, episode_number, position_seconds, duration_seconds, updated_at)
        select ${toUserId}, drama_id, episode_number, position_seconds, duration_seconds, updated_at
        from ${watchPositions} where user_id = ${fromUserId}
        on conflict (user_id, drama_id, episode_number) do update set
          position_seconds = case when excluded.updated_at > ${watchPositions.updatedAt}
            then excluded.position_seconds else ${watchPositions.positionSeconds} end,
          duration_seconds = case when excluded.updated_at > ${watchPositions.updatedAt}
            then excluded.duration_seconds else ${watchPositions.durationSeconds} end,
          updated_at = greatest(${watchPositions.updatedAt}, excluded.updated_at)`);
      await tx.delete(watchPositions).where(eq(watchPositions.userId, fromUserId));
    },

    async erase(tx: Tx, userId: string) {
      await tx.delete(watchPositions).where(eq(watchPositions.userId, userId));
    },
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
