import { ALL_CATEGORIES_ID, type Drama } from '@snapdrama/contract';
import {
  EMPTY_TASTE,
  FORYOU_WEIGHTS,
  cowatchNeighbours,
  isAdultOnly,
  tasteAfter,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { FORYOU_LIST_FRESH, FORYOU_LIST_POPULAR } from './foryou.tables';
import type { ForYouRepository, ViewerStateRow } from './foryou.repository';

/** A viewer's watching of one drama, as playback's scan answers it. */
export interface WatchingRow {
  userId: string;
  dramaId: number;
  episodes: number;
  newEpisodes: number;
  maxEpisode: number;
  lastViewedAt: Date;
}

export interface ForYouJobDeps {
  repo: ForYouRepository;
  clock: Clock;
  catalog: {
    listByCategory(
      categoryId: number,
      count: number,
      page: number,
    ): Promise<{ totalCount: number; dramaList: Drama[] }>;
  };
  views: {
    watchingScan(afterUserId: string, viewers: number, since: Date): Promise<WatchingRow[]>;
  };
}

const CATALOG_PAGE = 500;
const VIEWER_BATCH = 500;
/** Credited per episode viewed in the player (the scan knows episodes, not seconds). */
const EPISODE_WATCH_MS = 60_000;
const RECENT_SEEDS = 20;
const LOWEST_UUID = '00000000-0000-0000-0000-000000000000';

/** Watched enough of a drama to count for co-watching: finished it, or three episodes. */
export const engagedWith = (row: WatchingRow, episodeCount: number) =>
  row.maxEpisode >= episodeCount || row.episodes >= 3;

/**
 * The feed's jobs (decision 1621). Each holds its row of foryou_jobs with skip locked while it
 * runs, so any number of instances may call them: one runs, the others skip. Each writes whole
 * results in its transaction (a request reads the old lists or the new ones, never half).
 */
export function createForYouJobs(deps: ForYouJobDeps) {
  const { repo, clock } = deps;

  async function scanWatching(since: Date, each: (rows: WatchingRow[]) => Promise<void>) {
    let after = LOWEST_UUID;
    for (;;) {
      const rows = await deps.views.watchingScan(after, VIEWER_BATCH, since);
      if (rows.length === 0) return;
      await each(rows);
      after = rows[rows.length - 1]?.userId ?? after;
    }
  }

  return {
    /**
     * The ranked catalog: every published drama with its categories, 18+ flag, popularity (log
     * views against the most viewed) and registration time; per category its dramas by
     * popularity, the popular list and the fresh list.
     */
    async refreshCatalog(): Promise<number | undefined> {
      const all: Drama[] = [];
      for (let page = 1; ; page += 1) {
        const { dramaList } = await deps.catalog.listByCategory(
          ALL_CATEGORIES_ID,
          CATALOG_PAGE,
          page,
        );
        all.push(...dramaList);
        if (dramaList.length < CATALOG_PAGE) break;
      }
      const maxViews = Math.max(1, ...all.map((d) => d.view_cnt));
      const dramas = all.map((d) => ({
        dramaId: d.dram_id,
        categoryIds: d.ctgr_list,
        adult: isAdultOnly(d.age_rate),
        popularity: Math.log1p(d.view_cnt) / Math.log1p(maxViews),
        registeredAt: new Date(d.rgst_dtm),
        episodeCount: d.epsd_cnt,
      }));
      const lists = dramas.flatMap((d) => [
        ...d.categoryIds.map((c) => ({
          listId: c,
          dramaId: d.dramaId,
          score: d.popularity,
          adult: d.adult,
        })),
        { listId: FORYOU_LIST_POPULAR, dramaId: d.dramaId, score: d.popularity, adult: d.adult },
        {
          listId: FORYOU_LIST_FRESH,
          dramaId: d.dramaId,
          score: d.registeredAt.getTime() / 1000,
          adult: d.adult,
        },
      ]);
      return repo.withJobClaim('catalog', async (tx) => {
        await repo.replaceCatalog(tx, dramas, lists);
        await repo.finishJob(tx, 'catalog', clock.now());
        return dramas.length;
      });
    },

    /**
     * Folds the player's watching since the last run into viewers' tastes: episodes viewed (a
     * minute each), dramas finished (a completion; never served again), the latest dramas as
     * co-watch seeds. Idempotent: the scan starts where the last run ended.
     */
    async refreshTastes(): Promise<number | undefined> {
      // read outside the claim (PGlite has one connection: a read beside an open transaction
      // would wait for it); the claim then writes only if no other run moved the mark meanwhile
      const since = await repo.jobMark('taste');
      const until = clock.now();
      const rows: WatchingRow[] = [];
      await scanWatching(since ?? new Date(0), async (batch) => {
        rows.push(...batch.filter((r) => r.lastViewedAt < until));
      });
      const features = await repo.dramaFeatures([...new Set(rows.map((r) => r.dramaId))]);
      const byUser = new Map<string, WatchingRow[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      return repo.withJobClaim('taste', async (tx, claim) => {
        if ((claim.watchedUntil?.getTime() ?? null) !== (since?.getTime() ?? null))
          return undefined;
        const states = await repo.statesOf(tx, [...byUser.keys()]);
        for (const [userId, list] of byUser) {
          const before: ViewerStateRow = states.get(userId) ?? {
            taste: EMPTY_TASTE,
            recentDramas: [],
            finishedDramas: [],
          };
          let taste = before.taste;
          const finished = new Set(before.finishedDramas);
          for (const row of [...list].sort(
            (a, b) => a.lastViewedAt.getTime() - b.lastViewedAt.getTime(),
          )) {
            const drama = features.get(row.dramaId);
            if (!drama || row.newEpisodes === 0) continue;
            const at = row.lastViewedAt.getTime();
            taste = tasteAfter(
              taste,
              { kind: 'watch', watchedMs: row.newEpisodes * EPISODE_WATCH_MS },
              drama.categoryIds,
              at,
            );
            if (row.maxEpisode >= drama.episodeCount && !finished.has(row.dramaId)) {
              finished.add(row.dramaId);
              taste = tasteAfter(taste, { kind: 'completion' }, drama.categoryIds, at);
            }
          }
          const latest = [...list]
            .sort((a, b) => b.lastViewedAt.getTime() - a.lastViewedAt.getTime())
            .map((r) => r.dramaId);
          const recentDramas = [...new Set([...latest, ...before.recentDramas])].slice(
            0,
            RECENT_SEEDS,
          );
          await repo.saveState(
            tx,
            userId,
            { taste, recentDramas, finishedDramas: [...finished] },
            until,
          );
        }
        await repo.finishJob(tx, 'taste', until, until);
        return byUser.size;
      });
    },

    /**
     * Item-to-item co-watch from every viewer's watching: the dramas each viewer finished or
     * watched three episodes of, cosine similarity, the top K per drama (rules'
     * cowatchNeighbours, the same the offline evaluation uses). Recomputed whole: running it
     * twice gives the same table.
     */
    async recomputeCowatch(): Promise<number | undefined> {
      const engaged: number[][] = [];
      await scanWatching(new Date(0), async (rows) => {
        const features = await repo.dramaFeatures([...new Set(rows.map((r) => r.dramaId))]);
        const byUser = new Map<string, number[]>();
        for (const row of rows) {
          const drama = features.get(row.dramaId);
          if (!drama || !engagedWith(row, drama.episodeCount)) continue;
          byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.dramaId]);
        }
        engaged.push(...byUser.values());
      });
      const neighbours = cowatchNeighbours(engaged, FORYOU_WEIGHTS.cowatchTopK);
      const rows = [...neighbours].flatMap(([dramaId, list]) =>
        list.map((n) => ({ dramaId, neighbourId: n.dramaId, score: Math.min(1, n.score) })),
      );
      return repo.withJobClaim('cowatch', async (tx) => {
        await repo.replaceCowatch(tx, rows);
        await repo.finishJob(tx, 'cowatch', clock.now());
        return rows.length;
      });
    },
  };
}

export type ForYouJobs = ReturnType<typeof createForYouJobs>;
