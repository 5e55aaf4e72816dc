import { randomUUID } from 'node:crypto';
import {
  FORYOU_PAGE_SIZE,
  ResultCode,
  type Drama,
  type ForYouCounts,
  type ForYouData,
  type ForYouItem,
  type ForYouQuery,
  type ForYouSettingsBody,
  type ForYouSettingsData,
  type ForYouSignalBody,
  type AuthMethod,
} from '@snapdrama/contract';
import {
  EMPTY_TASTE,
  FORYOU_WEIGHTS,
  decayedTaste,
  isAdultByBirthYear,
  likedCategories,
  rankForYou,
  serviceYear,
  tasteAfter,
  type TasteSignal,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { ReadPart, ReadParts, ReadPartValues } from '../../db/read-parts';
import { AppError } from '../../errors';
import type { CandidateRow, ForYouRepository, ViewerStateRow } from './foryou.repository';
import { decodeCursor, encodeCursor } from './foryou-cursor';

type VideoUrl = { quality: 'Auto' | '480p' | '720p' | '1080p'; videoUrl: string };

/** What the feed asks of other modules (wired in foryou.module.ts). */
export interface ForYouDeps {
  db: Db;
  repo: ForYouRepository;
  clock: Clock;
  serviceTimeZone: string;
  callers: {
    readForCaller<P extends ReadParts>(
      name: string,
      parts: P,
    ): (
      claims: { userId: string; sessionId: string },
      values?: Record<string, unknown>,
    ) => Promise<ReadPartValues<P>>;
  };
  ageGate: { ageCheckPart(): ReadPart<{ birthYear: number; verifiedAt: Date } | undefined> };
  catalog: {
    /** the drama and its episodes with prices, from memory; 404002 when not published */
    dramaInfoPart(
      dramaId: number,
    ): Promise<{ drama: Drama; episodeList: { epsd: number; coin: number }[] }>;
    categoryList(): Promise<{ categoryList: { ctgr_id: number }[] }>;
  };
  bookmarks: { isBookmarked(userId: string, dramaId: number): Promise<boolean> };
  views: { lastWatchedEpisodes(userId: string, dramaIds: number[]): Promise<Map<number, number>> };
  mediaUrls: { forEpisode(dramaId: number, epsd: number): VideoUrl[] };
  audit: () => {
    record(
      tx: Tx | undefined,
      entry: {
        operatorId: string | null;
        action: string;
        targetType: string;
        targetId: string | number;
        before?: unknown;
        after?: unknown;
      },
    ): Promise<number | null>;
  };
}

const W = FORYOU_WEIGHTS;
const DAY_MS = 86_400_000;
/** Ranked beyond the page, for dramas that turn out to have no episode to play. */
const SPARE = 5;
const RECENT_SEEDS = 20;

export function createForYouService(deps: ForYouDeps) {
  const { repo, clock, db } = deps;
  const readViewer = deps.callers.readForCaller('foryou_viewer', {
    state: repo.statePart(),
    recent: repo.recentImpressionsPart(W.recentImpressions),
    ageCheck: deps.ageGate.ageCheckPart(),
  });

  /**
   * The episode the feed plays of a drama (a trailer or its first free one), or undefined. The
   * feed plays to every viewer for free: a trailer whose episode has become paid since an
   * operator chose it (prices changed) is passed over for the first free episode.
   */
  function feedEpisode(
    episodes: { epsd: number; coin: number }[],
    trailer: { episode: number | null; start: number; end: number | null },
  ) {
    if (
      trailer.episode !== null &&
      episodes.some((e) => e.epsd === trailer.episode && e.coin === 0)
    ) {
      return { epsd: trailer.episode, start: trailer.start, end: trailer.end };
    }
    const free = episodes.filter((e) => e.coin === 0).sort((a, b) => a.epsd - b.epsd)[0];
    return free ? { epsd: free.epsd, start: 0, end: null } : undefined;
  }

  /** Updates the caller's state in their own transaction (signals). */
  async function updateState(
    tx: Tx,
    userId: string,
    change: (state: ViewerStateRow) => ViewerStateRow,
  ) {
    const state = (await repo.stateForUpdate(tx, userId, clock.now())) ?? {
      taste: EMPTY_TASTE,
      recentDramas: [],
      finishedDramas: [],
    };
    await repo.saveState(tx, userId, change(state), clock.now());
  }

  /**
   * The ranking read: the caller's state with their session (one statement), the candidates
   * (one statement over the precomputed lists), the rules' ranking. No write.
   */
  async function rankFor(
    caller: { userId: string; sessionId: string; authMethod: AuthMethod },
    cursor: { offset: number; tail: number[][] },
    count: number,
    now: Date,
  ) {
    const [viewer, categories] = await Promise.all([
      readViewer(caller),
      deps.catalog.categoryList(),
    ]);
    const state = viewer.state;
    const taste = decayedTaste(state?.taste ?? EMPTY_TASTE, now.getTime());
    const adult =
      caller.authMethod !== 'guest' &&
      viewer.ageCheck !== undefined &&
      isAdultByBirthYear(viewer.ageCheck.birthYear, serviceYear(now, deps.serviceTimeZone));
    const liked = likedCategories(taste, W.candidates.likedCategories);
    const rows = await repo.candidates({
      liked,
      perLiked: W.candidates.perLikedCategory,
      others: categories.categoryList.map((c) => c.ctgr_id).filter((id) => !liked.includes(id)),
      perOther: W.candidates.perOtherCategory,
      popular: W.candidates.popular,
      fresh: W.candidates.fresh,
      seeds: (state?.recentDramas ?? []).slice(0, W.candidates.cowatchSeeds),
      adult,
      at: now.getTime(),
    });
    // Served in this feed (the cursor's count, most recent first): never again. Served before it:
    // left out as long as enough candidates remain, the least recently served coming back first,
    // so a small catalog's feed starts over in a new visit instead of staying empty.
    const finished = new Set(state?.finishedDramas ?? []);
    const thisFeed = viewer.recent.slice(0, cursor.offset);
    let unfinished = 0;
    for (const row of rows) if (!finished.has(row.dramaId)) unfinished += 1;
    const room = unfinished - thisFeed.length - count;
    const earlier = viewer.recent.slice(cursor.offset, cursor.offset + Math.max(0, room));
    const exclude = new Set([...finished, ...thisFeed, ...earlier]);
    const byId = new Map<number, CandidateRow>();
    const pinned: { dramaId: number; position: number; categoryIds: number[] }[] = [];
    for (const row of rows) {
      byId.set(row.dramaId, row);
      if (row.pinnedPosition !== null) {
        pinned.push({
          dramaId: row.dramaId,
          position: row.pinnedPosition,
          categoryIds: row.categoryIds,
        });
      }
    }
    const ranked = rankForYou({
      // the rows are the rules' candidates as they are (the ranking reads their own fields)
      candidates: rows,
      taste,
      exclude,
      pinned,
      count,
      offset: cursor.offset,
      tail: cursor.tail,
    });
    return { ranked, byId };
  }

  return {
    /**
     * GET /foryou: one page of the caller's feed. The caller's state, their recent impressions and
     * age check come with the session check in one statement; the candidates in one statement over
     * the precomputed lists; ranking is the rules' (decision 1620).
     */
    async page(
      caller: { userId: string; sessionId: string; authMethod: AuthMethod },
      query: ForYouQuery,
    ): Promise<ForYouData> {
      const count = query.count ?? FORYOU_PAGE_SIZE;
      const cursor =
        query.cursor === undefined ? { offset: 0, tail: [] } : decodeCursor(query.cursor);
      if (!cursor) throw new AppError(ResultCode.FORYOU_CURSOR_INVALID, 'Unknown feed cursor');
      const now = clock.now();
      const { ranked, byId } = await rankFor(caller, cursor, count + SPARE, now);

      // the page: each ranked drama that is still published and has an episode to play
      const parts = await Promise.all(
        ranked.map(async (item) => {
          try {
            return { item, info: await deps.catalog.dramaInfoPart(item.dramaId) };
          } catch (error) {
            if (error instanceof AppError && error.code === ResultCode.DRAMA_NOT_FOUND) {
              return undefined;
            }
            throw error;
          }
        }),
      );
      const chosen = [];
      for (const part of parts) {
        if (!part || chosen.length >= count) continue;
        const row = byId.get(part.item.dramaId);
        const episode = feedEpisode(part.info.episodeList, {
          episode: row?.trailerEpisode ?? null,
          start: row?.clipStartSeconds ?? 0,
          end: row?.clipEndSeconds ?? null,
        });
        if (episode) chosen.push({ ...part, episode });
      }
      const ids = chosen.map((c) => c.item.dramaId);
      const [bookmarked, lastWatched] = await Promise.all([
        Promise.all(ids.map((id) => deps.bookmarks.isBookmarked(caller.userId, id))),
        deps.views.lastWatchedEpisodes(caller.userId, ids),
      ]);
      const itemList: ForYouItem[] = chosen.map((c, i) => ({
        impressionId: randomUUID(),
        drama: c.info.drama,
        epsd: c.episode.epsd,
        clipStartSeconds: c.episode.start,
        clipEndSeconds: c.episode.end,
        videoUrlList: deps.mediaUrls.forEpisode(c.item.dramaId, c.episode.epsd),
        continueEpsd: lastWatched.get(c.item.dramaId) ?? c.episode.epsd,
        bookmark: bookmarked[i] ?? false,
        reason: c.item.reason,
      }));
      await repo.insertImpressions(
        itemList.map((item, i) => ({
          id: item.impressionId,
          userId: caller.userId,
          dramaId: item.drama.dram_id,
          episodeNumber: item.epsd,
          reason: item.reason,
          position: cursor.offset + i + 1,
          servedAt: now,
        })),
      );
      const tail = [...cursor.tail, ...chosen.map((c) => [...c.item.categoryIds])].slice(
        -W.maxCategoryRun,
      );
      return {
        itemList,
        cursor:
          itemList.length === 0
            ? null
            : encodeCursor({ offset: cursor.offset + itemList.length, tail }),
      };
    },

    /**
     * POST /foryou/signals: one beacon of an impression served to the caller (404190 otherwise).
     * One row per impression and kind (a watch keeps its longest report); the caller's taste
     * hears what is new: watch time gained, a skip, a continue.
     */
    async signal(userId: string, body: ForYouSignalBody): Promise<void> {
      const impression = await repo.findImpression(body.impressionId);
      if (!impression || impression.userId !== userId) {
        throw new AppError(
          ResultCode.FORYOU_IMPRESSION_NOT_FOUND,
          'No impression of that id was served to you',
        );
      }
      const now = clock.now();
      const categoryIds = impression.categoryIds ?? [];
      await db.transaction(async (tx) => {
        const { inserted, gainedMs } = await repo.recordSignal(tx, {
          impressionId: body.impressionId,
          kind: body.kind,
          watchedMs: body.kind === 'watch' ? (body.watchedMs ?? 0) : null,
          at: now,
        });
        let signal: TasteSignal | undefined;
        if (body.kind === 'watch' && gainedMs > 0) signal = { kind: 'watch', watchedMs: gainedMs };
        if (body.kind === 'skip' && inserted) signal = { kind: 'skip' };
        if (body.kind === 'continue' && inserted) signal = { kind: 'continue' };
        if (!signal) return;
        const engaged = signal.kind !== 'skip';
        const taste = signal;
        await updateState(tx, userId, (state) => ({
          ...state,
          taste: tasteAfter(state.taste, taste, categoryIds, now.getTime()),
          recentDramas: engaged
            ? [
                impression.dramaId,
                ...state.recentDramas.filter((d) => d !== impression.dramaId),
              ].slice(0, RECENT_SEEDS)
            : state.recentDramas,
        }));
      });
    },

    /** The ranking read alone (the bench measures it): a first page's ranked dramas. */
    rankingRead: (
      caller: { userId: string; sessionId: string; authMethod: AuthMethod },
      count: number = FORYOU_PAGE_SIZE,
    ) => rankFor(caller, { offset: 0, tail: [] }, count, clock.now()),

    /** The console: what operators set for a drama in the feed (defaults when nothing). */
    async settings(dramaId: number): Promise<ForYouSettingsData> {
      const row = await repo.settingsOf(dramaId);
      return (
        row ?? {
          dramaId,
          pinnedPosition: null,
          excluded: false,
          trailerEpisode: null,
          clipStartSeconds: 0,
          clipEndSeconds: null,
        }
      );
    },

    /**
     * The console: pin, exclude, choose a trailer (400191 when it is not an episode of the drama,
     * 400192 when it is a paid one: the feed plays it to every viewer for free; 404002 for an
     * unknown drama); audited with what it was before.
     */
    async saveSettings(
      operatorId: string,
      dramaId: number,
      body: ForYouSettingsBody,
      episodesOf: (dramaId: number) => Promise<{ number: number; coin: number }[]>,
    ): Promise<ForYouSettingsData> {
      const episodes = await episodesOf(dramaId);
      if (body.trailerEpisode !== null) {
        const trailer = episodes.find((e) => e.number === body.trailerEpisode);
        if (!trailer) {
          throw new AppError(
            ResultCode.FORYOU_TRAILER_INVALID,
            `Drama ${dramaId} has no episode ${body.trailerEpisode}`,
          );
        }
        if (trailer.coin !== 0) {
          throw new AppError(
            ResultCode.FORYOU_TRAILER_NOT_FREE,
            `Episode ${trailer.number} of drama ${dramaId} costs ${trailer.coin} coins: a trailer must be free`,
          );
        }
      }
      const before = await this.settings(dramaId);
      const after = { dramaId, ...body };
      await db.transaction(async (tx) => {
        await repo.saveSettings(tx, after, clock.now());
        await deps.audit().record(tx, {
          operatorId,
          action: 'foryou.update',
          targetType: 'drama',
          targetId: dramaId,
          before,
          after,
        });
      });
      return after;
    },

    /** The dashboard: the feed's figures over the last 24 hours and 30 days, and its continue rate. */
    async counts(): Promise<ForYouCounts> {
      const now = clock.now();
      const window = async (ms: number) => {
        const c = await repo.signalCounts(new Date(now.getTime() - ms), now);
        return {
          served: c.served,
          shown: c.shown,
          skipped: c.skip,
          continued: c.continue,
          continueRate: c.shown > 0 ? c.continue / c.shown : null,
        };
      };
      return { hours24: await window(DAY_MS), days30: await window(30 * DAY_MS) };
    },

    /** Account changes (auth AccountDataHooks). */
    transferUserData: (fromUserId: string, toUserId: string, tx: Tx) =>
      repo.transfer(tx, fromUserId, toUserId),
    eraseUserData: (userId: string, tx: Tx) => repo.erase(tx, userId),
  };
}

export type ForYouService = ReturnType<typeof createForYouService>;
