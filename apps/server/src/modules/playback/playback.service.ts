import { ResultCode, type DramaInfoData, type EpisodeStartData } from '@snapdrama/contract';
import { isEpisodePlayable, type DramaProgress } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import type { ReadPart, ReadParts, ReadPartValues } from '../../db/read-parts';
import { AppError } from '../../errors';
import type { MediaUrls } from '../../media/media-urls';
import type { CatalogService } from '../catalog/catalog.service';
import type { PlaybackRepository } from './playback.repository';

/** Episodes a user bought (wallet, ads). */
export interface EpisodeUnlocks {
  unlockedEpisodes(userId: string, dramaId: number): Promise<number[]>;
  /** the same, ascending, as a part of a caller's statement */
  unlockedEpisodesPart(): ReadPart<number[]>;
}
export interface BookmarkView {
  isBookmarked(userId: string, dramaId: number): Promise<boolean>;
  isBookmarkedPart(): ReadPart<boolean>;
  /** the server's auto-bookmark (spec §4); true when it bookmarked the drama just now */
  afterEpisodeStarted(
    userId: string,
    dramaId: number,
    watched: number[],
    epsd: number,
  ): Promise<boolean>;
}

/** The caller's identity as the token says; its session is checked by CallerReads. */
export interface CallerClaims {
  userId: string;
  sessionId: string;
}
/** Reads parts for a caller in the statement that checks the caller's session (auth module). */
export interface CallerReads {
  readForCaller<P extends ReadParts>(
    name: string,
    parts: P,
  ): (claims: CallerClaims, values?: Record<string, unknown>) => Promise<ReadPartValues<P>>;
}

export function createPlaybackService(deps: {
  repo: PlaybackRepository;
  callers: CallerReads;
  catalog: CatalogService;
  unlocks: EpisodeUnlocks;
  bookmarks: BookmarkView;
  mediaUrls: MediaUrls;
  clock: Clock;
  /** runs first in the transaction that opens a watch log (the wallet's auto-unlock undo check) */
  beforeStart?: (tx: Tx, userId: string, dramaId: number, epsd: number) => Promise<void>;
}) {
  const { repo, catalog } = deps;
  const readViewer = deps.callers.readForCaller('playback_drama_info_viewer', {
    counters: catalog.dramaCountersPart(),
    views: repo.viewsPart(),
    unlocked: deps.unlocks.unlockedEpisodesPart(),
    bookmark: deps.bookmarks.isBookmarkedPart(),
  });

  async function progressOf(
    userId: string | undefined,
    dramaId: number,
    episodes: DramaProgress['episodes'],
  ) {
    if (!userId) return { episodes, viewed: [], unlocked: [] };
    const [views, unlocked] = await Promise.all([
      repo.viewsOf(userId, dramaId),
      deps.unlocks.unlockedEpisodes(userId, dramaId),
    ]);
    const viewed = views.map((v) => ({
      epsd: v.epsd,
      last_view_dtm: v.lastViewedAt.toISOString(),
    }));
    return { episodes, viewed, unlocked };
  }

  return {
    /**
     * GET /drama/info: the catalog part from memory, and everything about the caller (session,
     * views, unlocks, bookmark, the drama's live counts) in one statement (decision 1300).
     */
    async dramaInfo(caller: CallerClaims | undefined, dramaId: number): Promise<DramaInfoData> {
      if (!caller) {
        const [info, counters] = await Promise.all([
          catalog.dramaInfoPart(dramaId),
          catalog.dramaCounters(dramaId),
        ]);
        return {
          drama: counters ? { ...info.drama, ...counters } : info.drama,
          episodeList: info.episodeList,
          userDramaEpisodeList: [],
          unlockedEpisodeList: [],
          bookmark: false,
        };
      }
      // both at once; a dead session answers 401 before an unknown drama answers 404
      const [viewer, info] = await Promise.allSettled([
        readViewer(caller, { dramaId }),
        catalog.dramaInfoPart(dramaId),
      ]);
      if (viewer.status === 'rejected') throw viewer.reason;
      if (info.status === 'rejected') throw info.reason;
      const { counters, views, unlocked, bookmark } = viewer.value;
      return {
        // counts from the primary; with a replica that lacks the drama, those read with it
        drama: counters ? { ...info.value.drama, ...counters } : info.value.drama,
        episodeList: info.value.episodeList,
        userDramaEpisodeList: views.map((v) => ({
          epsd: v.epsd,
          last_view_dtm: v.lastViewedAt.toISOString(),
        })),
        unlockedEpisodeList: unlocked,
        bookmark,
      };
    },

    /** Starts an episode the caller may play: free, viewed before, or unlocked. */
    async startEpisode(userId: string, dramaId: number, epsd: number): Promise<EpisodeStartData> {
      const { episodes } = await catalog.pricing(dramaId);
      const episodeList = episodes.map((e) => ({ epsd: e.number, coin: e.coin }));
      if (!episodeList.some((e) => e.epsd === epsd)) {
        throw new AppError(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramaId} has no episode ${epsd}`);
      }
      const progress = await progressOf(userId, dramaId, episodeList);
      if (!isEpisodePlayable(progress, epsd)) {
        throw new AppError(ResultCode.EPISODE_LOCKED, `Episode ${epsd} is locked; unlock it first`);
      }
      const logId = await repo.startWatch(
        { userId, dramaId, epsd, now: deps.clock.now() },
        deps.beforeStart &&
          ((tx) => deps.beforeStart?.(tx, userId, dramaId, epsd) ?? Promise.resolve()),
      );
      const next = epsd + 1;
      // The next episode's URLs ride along when it is playable already: the player preloads it.
      const nextPlayable = isEpisodePlayable(progress, next);
      const autoBookmarked = await deps.bookmarks.afterEpisodeStarted(
        userId,
        dramaId,
        progress.viewed.map((v) => v.epsd),
        epsd,
      );
      return {
        logId,
        videoUrlList: deps.mediaUrls.forEpisode(dramaId, epsd),
        ...(nextPlayable ? { nextVideoUrlList: deps.mediaUrls.forEpisode(dramaId, next) } : {}),
        ...(autoBookmarked ? { autoBookmarked } : {}),
      };
    },

    /** GET /drama/user/list: dramas the caller viewed, most recent first; none for anonymous callers. */
    async recentDramas(userId: string | undefined, count: number, page: number) {
      if (!userId) return { dramaList: [] };
      const ids = await repo.recentDramaIds(userId, count, (page - 1) * count);
      return { dramaList: await catalog.dramasByIds(ids) };
    },

    async endEpisode(userId: string, logId: string) {
      const row = await repo.endWatch(userId, logId, deps.clock.now());
      if (!row) throw new AppError(ResultCode.WATCH_LOG_NOT_FOUND, 'Watch log not found');
      const ended = row.endedAt ?? deps.clock.now();
      return {
        logId,
        watchedSeconds: Math.max(0, (ended.getTime() - row.startedAt.getTime()) / 1000),
      };
    },

    /**
     * The caller's watch log with the seconds the server saw it run (start to end, or to now while
     * open); undefined when there is no such log of this user. The watch mission counts from this.
     */
    async watchLog(userId: string, logId: string) {
      const row = await repo.findWatch(userId, logId);
      if (!row) return undefined;
      const until = row.endedAt ?? deps.clock.now();
      return {
        dramaId: row.dramaId,
        epsd: row.epsd,
        startedAt: row.startedAt,
        watchedSeconds: Math.max(0, (until.getTime() - row.startedAt.getTime()) / 1000),
      };
    },

    /** Account changes (auth AccountDataHooks): a guest's history moves, a withdrawal erases it. */
    transferUserData: (fromUserId: string, toUserId: string, tx: Tx) =>
      repo.transferHistory(tx, fromUserId, toUserId),
    eraseUserData: (userId: string, tx: Tx) => repo.eraseHistory(tx, userId),
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
