import {
  ResultCode,
  type DramaInfoData,
  type EpisodeStartData,
  type PlaybackQualityBody,
} from '@snapdrama/contract';
import { isEpisodePlayable, type DramaProgress } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { MediaUrls } from '../../media/media-urls';
import type { CatalogService } from '../catalog/catalog.service';
import type { PlaybackRepository } from './playback.repository';

/** Episodes a user bought (wallet, ads); empty until those modules are wired in. */
export interface EpisodeUnlocks {
  unlockedEpisodes(userId: string, dramaId: number): Promise<number[]>;
}
export interface BookmarkView {
  isBookmarked(userId: string, dramaId: number): Promise<boolean>;
  /** the server's auto-bookmark (spec §4); true when it bookmarked the drama just now */
  afterEpisodeStarted(
    userId: string,
    dramaId: number,
    watched: number[],
    epsd: number,
  ): Promise<boolean>;
}

export function createPlaybackService(deps: {
  repo: PlaybackRepository;
  catalog: CatalogService;
  unlocks: EpisodeUnlocks;
  bookmarks: BookmarkView;
  mediaUrls: MediaUrls;
  clock: Clock;
}) {
  const { repo, catalog } = deps;

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
     * POST /playback/quality: one start's measurements from the web player. The body is bounded
     * by its schema; the drama must exist so noise cannot name any number.
     */
    async recordQuality(report: PlaybackQualityBody): Promise<void> {
      await catalog.pricing(report.dramId);
      await repo.insertQuality({
        dramaId: report.dramId,
        episodeNumber: report.epsd,
        ttffMs: report.ttffMs ?? null,
        stallMs: report.stallMs,
        playMs: report.playMs,
        reportedAt: deps.clock.now(),
      });
    },

    /** For the operators' dashboard. */
    qualitySummary: (from: Date, to: Date) => repo.qualitySummary(from, to),
    activeViewersByDay: (from: Date, to: Date, zone: string) =>
      repo.activeViewersByDay(from, to, zone),
    activeViewers: (from: Date, to: Date) => repo.activeViewers(from, to),
    topDramas: (from: Date, to: Date, limit: number) => repo.topDramas(from, to, limit),

    async dramaInfo(userId: string | undefined, dramaId: number): Promise<DramaInfoData> {
      const { drama, episodes } = await catalog.drama(dramaId);
      const episodeList = episodes.map((e) => ({ epsd: e.number, coin: e.coin }));
      const [progress, bookmark] = await Promise.all([
        progressOf(userId, dramaId, episodeList),
        userId ? deps.bookmarks.isBookmarked(userId, dramaId) : Promise.resolve(false),
      ]);
      return {
        drama,
        episodeList,
        userDramaEpisodeList: progress.viewed,
        unlockedEpisodeList: progress.unlocked,
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
      const logId = await repo.startWatch({ userId, dramaId, epsd, now: deps.clock.now() });
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
