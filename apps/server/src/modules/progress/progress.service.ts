import {
  ResultCode,
  type ContinueListData,
  type Drama,
  type EpisodePosition,
  type PositionListData,
  type PositionSaveBody,
} from '@snapdrama/contract';
import { FINISHED_TAIL_SECONDS } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AnalyticsRecorder } from '../analytics/analytics-recorder.service';
import type { PositionRow, ProgressRepository } from './progress.repository';

const toWire = (row: PositionRow): EpisodePosition => ({
  epsd: row.epsd,
  position: row.positionSeconds,
  duration: row.durationSeconds,
  updt_dtm: row.updatedAt.toISOString(),
});

/** Continue watching: playback positions per viewer (guest or member) and episode. */
export function createProgressService(deps: {
  repo: ProgressRepository;
  catalog: {
    pricing(dramaId: number): Promise<{ episodes: { number: number }[] }>;
    dramasByIds(ids: number[]): Promise<Drama[]>;
  };
  clock: Clock;
  /**
   * Runs first in the save's transaction: the wallet waits for an auto-unlock undo of this episode
   * and refuses a save for an episode whose auto-unlock was undone (docs/decisions/1120).
   */
  beforeSave?: (tx: Tx, userId: string, dramaId: number, epsd: number) => Promise<void>;
  /** the analytics event log: an episode's first finish (in the save's transaction) */
  analytics?: AnalyticsRecorder;
}) {
  const { repo, catalog, clock } = deps;
  return {
    async save(userId: string, body: PositionSaveBody): Promise<EpisodePosition> {
      const { episodes } = await catalog.pricing(body.dramId);
      if (!episodes.some((e) => e.number === body.epsd)) {
        throw new AppError(
          ResultCode.EPISODE_NOT_FOUND,
          `Drama ${body.dramId} has no episode ${body.epsd}`,
        );
      }
      const saved = await repo.db.transaction(async (tx) => {
        await deps.beforeSave?.(tx, userId, body.dramId, body.epsd);
        const row = await repo.save(
          userId,
          {
            dramaId: body.dramId,
            epsd: body.epsd,
            positionSeconds: Math.floor(body.position),
            durationSeconds: Math.max(1, Math.round(body.duration)),
            updatedAt: clock.now(),
          },
          tx,
        );
        // finished: within the tail of its end (the same rule resumes it from the start)
        if (
          row.positionSeconds >= 1 &&
          row.positionSeconds >= row.durationSeconds - FINISHED_TAIL_SECONDS
        ) {
          await deps.analytics?.record(
            {
              kind: 'episode_complete',
              key: `complete:${userId}:${body.dramId}:${body.epsd}`,
              userId,
              dramaId: body.dramId,
              epsd: body.epsd,
              at: row.updatedAt,
            },
            tx,
          );
        }
        return row;
      });
      return toWire(saved);
    },

    async ofDrama(userId: string, dramaId: number): Promise<PositionListData> {
      return { positionList: (await repo.ofDrama(userId, dramaId)).map(toWire) };
    },

    /**
     * The continue-watching row: each drama's latest episode. A finished episode hands over to
     * the next one (at its start) while the drama has one.
     */
    async continueList(userId: string, count: number): Promise<ContinueListData> {
      const rows = await repo.latestPerDrama(userId, count);
      const dramas = new Map(
        (await catalog.dramasByIds(rows.map((r) => r.dramaId))).map((d) => [d.dram_id, d]),
      );
      const continueList = rows.flatMap((row) => {
        const drama = dramas.get(row.dramaId);
        if (!drama) return [];
        const finished = row.positionSeconds >= row.durationSeconds - FINISHED_TAIL_SECONDS;
        const moveOn = finished && row.epsd < drama.epsd_cnt;
        return [
          {
            dram_id: drama.dram_id,
            titl_lang_key: drama.titl_lang_key,
            pstr_vrtc_path: drama.pstr_vrtc_path,
            age_rate: drama.age_rate,
            epsd_cnt: drama.epsd_cnt,
            epsd: moveOn ? row.epsd + 1 : row.epsd,
            position: moveOn ? 0 : row.positionSeconds,
            duration: row.durationSeconds,
            updt_dtm: row.updatedAt.toISOString(),
          },
        ];
      });
      return { continueList };
    },

    /** Account hooks: a guest's progress carries over on sign-in; a withdrawal erases it. */
    transferUserData: (fromUserId: string, toUserId: string, tx: Tx) =>
      repo.transfer(tx, fromUserId, toUserId),
    eraseUserData: (userId: string, tx: Tx) => repo.erase(tx, userId),
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
