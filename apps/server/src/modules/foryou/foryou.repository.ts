import { and, count, desc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callerPlaceholders, preparedRows, readPart, type ReadPart } from '../../db/read-parts';
import {
  FORYOU_LIST_FRESH,
  FORYOU_LIST_POPULAR,
  forYouCowatch,
  forYouDramas,
  forYouImpressions,
  forYouJobs,
  forYouLists,
  forYouSettings,
  forYouSignals,
  forYouViewerState,
} from './foryou.tables';

export interface ViewerStateRow {
  taste: { affinity: Record<string, number>; at: number };
  recentDramas: number[];
  finishedDramas: number[];
}

/** A candidate of the ranking (the rules' ForYouCandidate) and what the feed plays of it. */
export interface CandidateRow {
  dramaId: number;
  categoryIds: number[];
  adult: boolean;
  popularity: number;
  /** days since it was registered, at the request's moment */
  ageDays: number;
  cowatch: number;
  trailerEpisode: number | null;
  clipStartSeconds: number;
  clipEndSeconds: number | null;
  pinnedPosition: number | null;
}

export interface SettingsRow {
  dramaId: number;
  pinnedPosition: number | null;
  excluded: boolean;
  trailerEpisode: number | null;
  clipStartSeconds: number;
  clipEndSeconds: number | null;
}

const json = (value: unknown) => JSON.stringify(value);
const DAY_MS = 86_400_000;

/**
 * A candidate as the statement answers it, one JSON array per drama (one value to parse instead
 * of ten per row): id, category ids, 18+, popularity, registered at (ms since the epoch), co-watch
 * score, trailer episode, clip start and end (seconds), pinned position.
 */
type CandidateTuple = [
  number,
  number[],
  boolean,
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
];

/**
 * The candidate statement of ForYouRepository.candidates, of one shape: with 18+ dramas or
 * without (a condition the rank index can use, `adult = false`). Its values: the liked and the
 * other categories and the co-watch seeds as JSON arrays, and how many of each list.
 */
function candidatesStatement(db: Db, adult: boolean) {
  const value = (name: string) => sql.placeholder(name);
  const allowed = adult ? sql`` : sql`and ${forYouLists.adult} = false`;
  const dramaAllowed = adult ? sql`` : sql`and not d.adult`;
  const top = (lists: SQL, limit: SQL) => sql`
    select l.drama_id from jsonb_array_elements_text(${lists}::jsonb) as c(id)
    cross join lateral (
      select ${forYouLists.dramaId} as drama_id from ${forYouLists}
      where ${forYouLists.listId} = c.id::int ${allowed}
      order by ${forYouLists.score} desc nulls last, ${forYouLists.dramaId}
      limit ${limit}::int
    ) l`;
  const list = (id: number) => sql.raw(`'[${id}]'`);
  const candidates = sql`(with cw as (
      select ${forYouCowatch.neighbourId} as drama_id, max(${forYouCowatch.score}) as score
      from ${forYouCowatch}
      where ${forYouCowatch.dramaId} in (select (jsonb_array_elements_text(${value('seeds')}::jsonb))::int)
      group by ${forYouCowatch.neighbourId}
    ), ids as (
      ${top(sql`${value('liked')}`, sql`${value('perLiked')}`)}
      union ${top(sql`${value('others')}`, sql`${value('perOther')}`)}
      union ${top(list(FORYOU_LIST_POPULAR), sql`${value('popular')}`)}
      union ${top(list(FORYOU_LIST_FRESH), sql`${value('fresh')}`)}
      union select drama_id from cw
      union select ${forYouSettings.dramaId} from ${forYouSettings}
        where ${forYouSettings.pinnedPosition} is not null
    )
    -- the ids as one array: an index scan of the few hundred, never a join over the catalog
    select d.drama_id, d.category_ids, d.adult, d.popularity, d.registered_at,
      cw.score as cowatch, s.trailer_episode, s.clip_start_seconds, s.clip_end_seconds,
      s.pinned_position
    from ${forYouDramas} d
    left join cw on cw.drama_id = d.drama_id
    left join ${forYouSettings} s on s.drama_id = d.drama_id
    where d.drama_id = any((select array_agg(ids.drama_id) from ids)::int[])
      ${dramaAllowed} and not coalesce(s.excluded, false)) as candidate`;
  return preparedRows(
    db,
    adult ? 'foryou_candidates_adult' : 'foryou_candidates',
    db
      .select({
        candidates: sql`coalesce(json_agg(json_build_array(candidate.drama_id,
          candidate.category_ids, candidate.adult, candidate.popularity,
          extract(epoch from candidate.registered_at) * 1000, candidate.cowatch,
          candidate.trailer_episode, candidate.clip_start_seconds, candidate.clip_end_seconds,
          candidate.pinned_position)), '[]'::json)`,
      })
      .from(candidates),
    ['candidates'],
  );
}

export function createForYouRepository(db: Db) {
  const candidatesForAll = candidatesStatement(db, false);
  const candidatesForAdults = candidatesStatement(db, true);
  return {
    /** The caller's state as a part of the statement that checks their session (decision 1300). */
    statePart(): ReadPart<ViewerStateRow | undefined> {
      return readPart(
        sql`(select json_build_array(${forYouViewerState.taste}, ${forYouViewerState.recentDramas}, ${forYouViewerState.finishedDramas})
          from ${forYouViewerState} where ${forYouViewerState.userId} = ${callerPlaceholders.userId})`,
        (raw) => {
          if (!Array.isArray(raw)) return undefined;
          const [taste, recent, finished] = raw as [ViewerStateRow['taste'], number[], number[]];
          return { taste, recentDramas: recent, finishedDramas: finished };
        },
      );
    },

    /**
     * The dramas of the caller's last `limit` impressions, most recently served first (each
     * once), as a part of the same statement.
     */
    recentImpressionsPart(limit: number): ReadPart<number[]> {
      return readPart(
        sql`(select json_agg(x.drama_id order by x.last desc, x.drama_id) from (
          select r.drama_id, max(r.served_at) as last from (
            select ${forYouImpressions.dramaId} as drama_id, ${forYouImpressions.servedAt} as served_at
            from ${forYouImpressions} where ${forYouImpressions.userId} = ${callerPlaceholders.userId}
            order by ${forYouImpressions.servedAt} desc limit ${sql.raw(String(limit))}) r
          group by r.drama_id) x)`,
        (raw) => (Array.isArray(raw) ? raw.map(Number) : []),
      );
    },

    /**
     * The candidates of one request, in one statement over the precomputed lists: the top of the
     * liked categories and a little of every other one, popular, fresh, the co-watch neighbours
     * of the seeds, and the pinned dramas; operators' exclusions and (unless `adult`) 18+ dramas
     * left out. A few hundred rows, whatever the catalog's size. The statement is prepared once
     * per shape (planning it took longer than running it), its lists and limits bound as values.
     */
    async candidates(input: {
      liked: number[];
      perLiked: number;
      others: number[];
      perOther: number;
      popular: number;
      fresh: number;
      seeds: number[];
      adult: boolean;
      /** the request's moment (ms since the epoch), for the candidates' ages */
      at: number;
    }): Promise<CandidateRow[]> {
      const statement = input.adult ? candidatesForAdults : candidatesForAll;
      const [row] = await statement({
        liked: json(input.liked),
        perLiked: input.perLiked,
        others: json(input.others),
        perOther: input.perOther,
        popular: input.popular,
        fresh: input.fresh,
        seeds: json(input.seeds),
      });
      return ((row?.candidates ?? []) as CandidateTuple[]).map((c) => ({
        dramaId: c[0],
        categoryIds: c[1],
        adult: c[2],
        popularity: c[3],
        ageDays: (input.at - c[4]) / DAY_MS,
        cowatch: c[5] ?? 0,
        trailerEpisode: c[6],
        clipStartSeconds: c[7] ?? 0,
        clipEndSeconds: c[8],
        pinnedPosition: c[9],
      }));
    },

    async insertImpressions(
      rows: {
        id: string;
        userId: string;
        dramaId: number;
        episodeNumber: number;
        reason: string;
        position: number;
        servedAt: Date;
      }[],
    ) {
      if (rows.length === 0) return;
      await db.insert(forYouImpressions).values(rows);
    },

    async findImpression(id: string) {
      const [row] = await db
        .select({
          userId: forYouImpressions.userId,
          dramaId: forYouImpressions.dramaId,
          categoryIds: forYouDramas.categoryIds,
        })
        .from(forYouImpressions)
        .leftJoin(forYouDramas, eq(forYouDramas.dramaId, forYouImpressions.dramaId))
        .where(eq(forYouImpressions.id, id));
      return row;
    },

    /**
     * Records a signal once per impression and kind; a watch keeps its longest report. Answers
     * the watch gained over what was stored before (ms), or whether the row is new.
     */
    async recordSignal(
      tx: Tx,
      row: { impressionId: string; kind: string; watchedMs: number | null; at: Date },
    ): Promise<{ inserted: boolean; gainedMs: number }> {
      const [before] = await tx
        .select({ watchedMs: forYouSignals.watchedMs })
        .from(forYouSignals)
        .where(
          and(eq(forYouSignals.impressionId, row.impressionId), eq(forYouSignals.kind, row.kind)),
        )
        .for('update');
      if (!before) {
        const inserted = await tx
          .insert(forYouSignals)
          .values({
            impressionId: row.impressionId,
            kind: row.kind,
            watchedMs: row.watchedMs,
            recordedAt: row.at,
          })
          .onConflictDoNothing()
          .returning({ kind: forYouSignals.kind });
        return {
          inserted: inserted.length > 0,
          gainedMs: inserted.length ? (row.watchedMs ?? 0) : 0,
        };
      }
      const old = before.watchedMs ?? 0;
      if (row.watchedMs !== null && row.watchedMs > old) {
        await tx
          .update(forYouSignals)
          .set({ watchedMs: row.watchedMs, recordedAt: row.at })
          .where(
            and(eq(forYouSignals.impressionId, row.impressionId), eq(forYouSignals.kind, row.kind)),
          );
        return { inserted: false, gainedMs: row.watchedMs - old };
      }
      return { inserted: false, gainedMs: 0 };
    },

    /** The caller's state, locked; made empty first if there is none (so two signals queue). */
    async stateForUpdate(tx: Tx, userId: string, at: Date): Promise<ViewerStateRow | undefined> {
      await tx
        .insert(forYouViewerState)
        .values({
          userId,
          taste: { affinity: {}, at: 0 },
          recentDramas: [],
          finishedDramas: [],
          updatedAt: at,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select({
          taste: forYouViewerState.taste,
          recentDramas: forYouViewerState.recentDramas,
          finishedDramas: forYouViewerState.finishedDramas,
        })
        .from(forYouViewerState)
        .where(eq(forYouViewerState.userId, userId))
        .for('update');
      return row;
    },

    async saveState(tx: Tx, userId: string, state: ViewerStateRow, at: Date) {
      await tx
        .insert(forYouViewerState)
        .values({ userId, ...state, updatedAt: at })
        .onConflictDoUpdate({
          target: forYouViewerState.userId,
          set: { ...state, updatedAt: at },
        });
    },

    async statesOf(tx: Tx, userIds: string[]) {
      if (userIds.length === 0) return new Map<string, ViewerStateRow>();
      const rows = await tx
        .select()
        .from(forYouViewerState)
        .where(inArray(forYouViewerState.userId, userIds))
        .for('update');
      return new Map(rows.map((r) => [r.userId, r]));
    },

    async dramaFeatures(dramaIds: number[]) {
      if (dramaIds.length === 0)
        return new Map<number, { categoryIds: number[]; episodeCount: number }>();
      const rows = await db
        .select({
          dramaId: forYouDramas.dramaId,
          categoryIds: forYouDramas.categoryIds,
          episodeCount: forYouDramas.episodeCount,
        })
        .from(forYouDramas)
        .where(inArray(forYouDramas.dramaId, dramaIds));
      return new Map(rows.map((r) => [r.dramaId, r]));
    },

    /** Where a job's last run left the watch events (null: never ran). */
    async jobMark(name: string): Promise<Date | null> {
      const [row] = await db
        .select({ watchedUntil: forYouJobs.watchedUntil })
        .from(forYouJobs)
        .where(eq(forYouJobs.name, name));
      return row?.watchedUntil ?? null;
    },

    /** Runs `job` in a transaction holding the job's row; undefined when another instance holds it. */
    async withJobClaim<T>(
      name: string,
      job: (tx: Tx, claim: { watchedUntil: Date | null }) => Promise<T>,
    ): Promise<T | undefined> {
      await db.insert(forYouJobs).values({ name }).onConflictDoNothing();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ watchedUntil: forYouJobs.watchedUntil })
          .from(forYouJobs)
          .where(eq(forYouJobs.name, name))
          .for('update', { skipLocked: true });
        if (!row) return undefined;
        return job(tx, row);
      });
    },

    async finishJob(tx: Tx, name: string, at: Date, watchedUntil?: Date) {
      await tx
        .update(forYouJobs)
        .set({ lastRunAt: at, ...(watchedUntil ? { watchedUntil } : {}) })
        .where(eq(forYouJobs.name, name));
    },

    /** Replaces the ranked catalog and its lists (the catalog job). */
    async replaceCatalog(
      tx: Tx,
      dramas: {
        dramaId: number;
        categoryIds: number[];
        adult: boolean;
        popularity: number;
        registeredAt: Date;
        episodeCount: number;
      }[],
      lists: { listId: number; dramaId: number; score: number; adult: boolean }[],
    ) {
      await tx.delete(forYouLists);
      await tx.delete(forYouDramas);
      for (let i = 0; i < dramas.length; i += 1000) {
        await tx.insert(forYouDramas).values(dramas.slice(i, i + 1000));
      }
      for (let i = 0; i < lists.length; i += 2000) {
        await tx.insert(forYouLists).values(lists.slice(i, i + 2000));
      }
    },

    async replaceCowatch(tx: Tx, rows: { dramaId: number; neighbourId: number; score: number }[]) {
      await tx.delete(forYouCowatch);
      for (let i = 0; i < rows.length; i += 2000) {
        await tx.insert(forYouCowatch).values(rows.slice(i, i + 2000));
      }
    },

    async cowatchOf(dramaId: number) {
      return db
        .select({ neighbourId: forYouCowatch.neighbourId, score: forYouCowatch.score })
        .from(forYouCowatch)
        .where(eq(forYouCowatch.dramaId, dramaId))
        .orderBy(desc(forYouCowatch.score), forYouCowatch.neighbourId);
    },

    async settingsOf(dramaId: number): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(forYouSettings)
        .where(eq(forYouSettings.dramaId, dramaId));
      return row;
    },

    async saveSettings(tx: Tx, row: SettingsRow, at: Date) {
      const { pinnedPosition, excluded, trailerEpisode, clipStartSeconds, clipEndSeconds } = row;
      await tx
        .insert(forYouSettings)
        .values({ ...row, updatedAt: at })
        .onConflictDoUpdate({
          target: forYouSettings.dramaId,
          set: {
            pinnedPosition,
            excluded,
            trailerEpisode,
            clipStartSeconds,
            clipEndSeconds,
            updatedAt: at,
          },
        });
    },

    async pinnedList() {
      return db
        .select()
        .from(forYouSettings)
        .where(isNotNull(forYouSettings.pinnedPosition))
        .orderBy(forYouSettings.pinnedPosition);
    },

    /** Impressions served in (from, to] and their signals by kind (the dashboard's continue rate). */
    async signalCounts(from: Date, to: Date) {
      const [served] = await db
        .select({ n: count() })
        .from(forYouImpressions)
        .where(and(gt(forYouImpressions.servedAt, from), lte(forYouImpressions.servedAt, to)));
      const kinds = await db
        .select({ kind: forYouSignals.kind, n: count() })
        .from(forYouSignals)
        .innerJoin(forYouImpressions, eq(forYouImpressions.id, forYouSignals.impressionId))
        .where(and(gt(forYouImpressions.servedAt, from), lte(forYouImpressions.servedAt, to)))
        .groupBy(forYouSignals.kind);
      const by = new Map(kinds.map((k) => [k.kind, Number(k.n)]));
      return {
        served: Number(served?.n ?? 0),
        shown: by.get('shown') ?? 0,
        skip: by.get('skip') ?? 0,
        continue: by.get('continue') ?? 0,
      };
    },

    /** Account changes: a guest's feed history moves (the account's own state wins). */
    async transfer(tx: Tx, fromUserId: string, toUserId: string) {
      await tx
        .update(forYouImpressions)
        .set({ userId: toUserId })
        .where(eq(forYouImpressions.userId, fromUserId));
      const [target] = await tx
        .select({ userId: forYouViewerState.userId })
        .from(forYouViewerState)
        .where(eq(forYouViewerState.userId, toUserId));
      if (target) {
        await tx.delete(forYouViewerState).where(eq(forYouViewerState.userId, fromUserId));
      } else {
        await tx
          .update(forYouViewerState)
          .set({ userId: toUserId })
          .where(eq(forYouViewerState.userId, fromUserId));
      }
    },

    async erase(tx: Tx, userId: string) {
      await tx.delete(forYouImpressions).where(eq(forYouImpressions.userId, userId));
      await tx.delete(forYouViewerState).where(eq(forYouViewerState.userId, userId));
    },
  };
}

export type ForYouRepository = ReturnType<typeof createForYouRepository>;
