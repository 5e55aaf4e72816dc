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

/** A viewer's bookmark or unlock of a drama, as the owning module answers it. */
export interface EngagementRow {
  userId: string;
  dramaId: number;
  at: Date;
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
  /** bookmarks added in [from, until), still there (the bookmarks service) */
  bookmarks: { addedBetween(from: Date, until: Date): Promise<EngagementRow[]> };
  /** coin unlocks in [from, until), one per episode (the wallet service) */
  wallet: { coinUnlocksBetween(from: Date, until: Date): Promise<EngagementRow[]> };
  /** rewarded-ad unlocks in [from, until), one per episode (events) */
  adUnlocks: { between(from: Date, until: Date): Promise<EngagementRow[]> };
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
     * Folds what viewers did since the last run into their tastes: episodes viewed in the player
     * (a minute each), dramas finished (a completion; never served again), bookmarks added and
     * episodes unlocked with coins or ads (one signal each), in the order they happened; the
     * latest dramas become co-watch seeds. Idempotent: each read starts where the last run ended.
     */
    async refreshTastes(): Promise<number | undefined> {
      // read outside the claim (PGlite has one connection: a read beside an open transaction
      // would wait for it); the claim then writes only if no other run moved the mark meanwhile
      const since = await repo.jobMark('taste');
      const until = clock.now();
      const from = since ?? new Date(0);
      const rows: WatchingRow[] = [];
      await scanWatching(from, async (batch) => {
        rows.push(...batch.filter((r) => r.lastViewedAt < until));
      });
      const [bookmarked, coinUnlocked, adUnlocked] = await Promise.all([
        deps.bookmarks.addedBetween(from, until),
        deps.wallet.coinUnlocksBetween(from, until),
        deps.adUnlocks.between(from, until),
      ]);
      type Event =
        | { at: number; dramaId: number; watching: WatchingRow }
        | { at: number; dramaId: number; signal: 'bookmark' | 'unlock' };
      const byUser = new Map<string, Event[]>();
      const add = (userId: string, event: Event) =>
        byUser.set(userId, [...(byUser.get(userId) ?? []), event]);
      for (const row of rows) {
        add(row.userId, { at: row.lastViewedAt.getTime(), dramaId: row.dramaId, watching: row });
      }
      for (const r of bookmarked) {
        add(r.userId, { at: r.at.getTime(), dramaId: r.dramaId, signal: 'bookmark' });
      }
      for (const r of [...coinUnlocked, ...adUnlocked]) {
        add(r.userId, { at: r.at.getTime(), dramaId: r.dramaId, signal: 'unlock' });
      }
      const features = await repo.dramaFeatures([
        ...new Set([...byUser.values()].flatMap((list) => list.map((e) => e.dramaId))),
      ]);
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
          const inOrder = [...list].sort((a, b) => a.at - b.at);
          for (const event of inOrder) {
            const drama = features.get(event.dramaId);
            if (!drama) continue;
            if ('signal' in event) {
              taste = tasteAfter(taste, { kind: event.signal }, drama.categoryIds, event.at);
              continue;
            }
            const row = event.watching;
            if (row.newEpisodes === 0) continue;
            taste = tasteAfter(
              taste,
              { kind: 'watch', watchedMs: row.newEpisodes * EPISODE_WATCH_MS },
              drama.categoryIds,
              event.at,
            );
            if (row.maxEpisode >= drama.episodeCount && !finished.has(row.dramaId)) {
              finished.add(row.dramaId);
              taste = tasteAfter(taste, { kind: 'completion' }, drama.categoryIds, event.at);
            }
          }
          const latest = inOrder.reverse().map((e) => e.dramaId);
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
