import {
  ResultCode,
  type DramaInfoData,
  type EpisodeStartData,
  type AuthMethod,
  type PlaybackQualityBody,
} from '@snapdrama/contract';
import { isEpisodePlayable, type DramaProgress } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import {
  joinParts,
  readPart,
  type ReadPart,
  type ReadParts,
  type ReadPartValues,
} from '../../db/read-parts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { MediaUrls } from '../../media/media-urls';
import type { AnalyticsRecorder } from '../analytics/analytics-recorder.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { PlaybackRepository } from './playback.repository';

/** Episodes a user bought (wallet, ads). */
export interface EpisodeUnlocks {
  unlockedEpisodes(userId: string, dramaId: number): Promise<number[]>;
  /** the same, ascending, as a part of a caller's statement */
  unlockedEpisodesPart(): ReadPart<number[]>;
}
/** Episodes unlocked by coins or by ads, once each, ascending. */
export const mergeUnlocked = (bought: number[], byAd: number[]) =>
  [...new Set([...bought, ...byAd])].sort((a, b) => a - b);

/** The episodes open to a viewer: bought with coins (wallet) or by rewarded ads (events). */
export function unlocksByCoinsOrAds(coins: EpisodeUnlocks, ads: EpisodeUnlocks): EpisodeUnlocks {
  return {
    unlockedEpisodes: async (userId, dramaId) => {
      const [bought, byAd] = await Promise.all([
        coins.unlockedEpisodes(userId, dramaId),
        ads.unlockedEpisodes(userId, dramaId),
      ]);
      return mergeUnlocked(bought, byAd);
    },
    unlockedEpisodesPart: () =>
      joinParts(coins.unlockedEpisodesPart(), ads.unlockedEpisodesPart(), mergeUnlocked),
  };
}
/** The VIP pass (modules/vip): a third way to open an episode, recorded apart from coins and ads. */
export interface VipAccess {
  activePass(userId: string): Promise<{ vipId: string } | undefined>;
  /** the same, as a part of a caller's statement */
  activePassPart(): ReadPart<{ vipId: string } | undefined>;
  recordUnlock(userId: string, dramaId: number, epsd: number, vipId: string): Promise<void>;
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

/**
 * The age gate (identity module, decision 1490): the caller's age check read with their session,
 * and the refusal of an adult-only drama they may not watch.
 */
export interface AgeGateView {
  ageCheckPart(): ReadPart<{ birthYear: number; verifiedAt: Date } | undefined>;
  assertOpen(
    caller: { userId: string; authMethod: AuthMethod },
    check: { birthYear: number } | undefined,
    ageRate: string,
  ): void;
}

/** Experiments' hook (decision 1611): a viewer's episode prices; `show` records an exposure. */
export type ViewerPrices = <E extends { number: number; coin: number }>(
  userId: string,
  dramaId: number,
  episodes: E[],
  show: boolean,
) => Promise<E[]>;

/** No VIP module: a constant part that opens nothing. */
const noPass: ReadPart<{ vipId: string } | undefined> = readPart(sql`null`, () => undefined);

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
  vip?: VipAccess;
  ageGate: AgeGateView;
  /** hears each ended watch once it is stored (invites: a first episode watched); never throws */
  afterEpisodeEnded?: (userId: string, watchedSeconds: number) => Promise<void>;
  /** the analytics event log: starts (in the watch log's transaction) and paywalls shown */
  analytics?: AnalyticsRecorder;
  /**
   * The prices a viewer is shown (experiments, decision 1611): an A/B variant's paywall, never a
   * price above one the viewer saw. `show` records the exposure (the drama info shows it).
   */
  viewerPrices?: ViewerPrices;
}) {
  const { repo, catalog } = deps;
  // one statement name per SQL text: with and without the VIP part
  const readViewer = deps.callers.readForCaller(
    deps.vip ? 'playback_drama_info_viewer_vip' : 'playback_drama_info_viewer',
    {
      counters: catalog.dramaCountersPart(),
      views: repo.viewsPart(),
      unlocked: deps.unlocks.unlockedEpisodesPart(),
      bookmark: deps.bookmarks.isBookmarkedPart(),
      vip: deps.vip?.activePassPart() ?? noPass,
    },
  );

  // what an episode start decides on, with the caller's session, in one statement
  const readProgress = deps.callers.readForCaller(
    deps.vip ? 'playback_start_progress_vip' : 'playback_start_progress',
    {
      views: repo.viewsPart(),
      unlocked: deps.unlocks.unlockedEpisodesPart(),
      vip: deps.vip?.activePassPart() ?? noPass,
      ageCheck: deps.ageGate.ageCheckPart(),
    },
  );

  /**
   * The caller's progress in a drama (views, unlocks, pass) and the drama's prices, read at once:
   * a dead session answers 401 before an unknown drama answers 404, as the guard did.
   */
  async function progressOf(caller: CallerClaims, dramaId: number) {
    const [read, pricing] = await Promise.allSettled([
      readProgress(caller, { dramaId }),
      catalog.pricing(dramaId),
    ]);
    if (read.status === 'rejected') throw read.reason;
    const { views, unlocked, ageCheck } = read.value;
    const viewed = views.map((v) => ({
      epsd: v.epsd,
      last_view_dtm: v.lastViewedAt.toISOString(),
    }));
    if (pricing.status === 'rejected') {
      // an archived drama: only the episodes this viewer unlocked, and no pass opens more
      const archived = await archivedFor(pricing.reason, dramaId, unlocked);
      const episodes = archived.episodeList;
      return { episodes, viewed, unlocked, vip: undefined, ageCheck, ageRate: archived.ageRate };
    }
    const priced = deps.viewerPrices
      ? await deps.viewerPrices(caller.userId, dramaId, pricing.value.episodes, false)
      : pricing.value.episodes;
    const episodes = priced.map((e) => ({ epsd: e.number, coin: e.coin }));
    const { vip } = read.value;
    return { episodes, viewed, unlocked, vip, ageCheck, ageRate: pricing.value.ageRate };
  }

  /**
   * Decision 1540: an archived drama answers 404 like an unknown one, except to a viewer who
   * unlocked episodes of it (coins or a rewarded ad): they keep exactly those episodes.
   */
  async function archivedFor(error: unknown, dramaId: number, unlocked: number[]) {
    if (!(error instanceof AppError) || error.code !== ResultCode.DRAMA_NOT_FOUND) throw error;
    if (unlocked.length === 0) throw error;
    const part = await catalog.archivedPart(dramaId);
    if (!part) throw error;
    const kept = new Set(unlocked);
    return { ...part, episodeList: part.episodeList.filter((e) => kept.has(e.epsd)) };
  }

  /** The drama info's episode list at this viewer's prices; the same object when unchanged. */
  async function viewerEpisodeList<I extends { episodeList: { epsd: number; coin: number }[] }>(
    userId: string,
    dramaId: number,
    info: I,
  ): Promise<I> {
    const list = info.episodeList;
    const priced = await deps.viewerPrices?.(
      userId,
      dramaId,
      list.map((e) => ({ number: e.epsd, coin: e.coin })),
      true,
    );
    if (!priced || priced.every((e, i) => e.coin === list[i]?.coin)) return info;
    return { ...info, episodeList: priced.map((e) => ({ epsd: e.number, coin: e.coin })) };
  }

  /** While a pass is active every episode is open: the list shows them all unlocked. */
  const withVip = (progress: Awaited<ReturnType<typeof progressOf>>): DramaProgress =>
    progress.vip ? { ...progress, unlocked: progress.episodes.map((e) => e.epsd) } : progress;

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

    /**
     * GET /drama/info: the catalog part from memory, and everything about the caller (session,
     * views, unlocks, bookmark, the drama's live counts) in one statement (decision 1300).
     * `shared` is the catalog part the answer was made from, the same object for every caller
     * until the catalog changes: everything in `data` but the counts and the caller's lists and
     * bookmark comes from it (the route serializes that part once per object).
     */
    async dramaInfo(
      caller: CallerClaims | undefined,
      dramaId: number,
    ): Promise<{ data: DramaInfoData; shared: object }> {
      if (!caller) {
        const [info, counters] = await Promise.all([
          catalog.dramaInfoPart(dramaId),
          catalog.dramaCounters(dramaId),
        ]);
        const data = {
          drama: counters ? { ...info.drama, ...counters } : info.drama,
          episodeList: info.episodeList,
          userDramaEpisodeList: [],
          unlockedEpisodeList: [],
          bookmark: false,
        };
        return { data, shared: info };
      }
      // both at once; a dead session answers 401 before an unknown drama answers 404
      const [viewer, info] = await Promise.allSettled([
        readViewer(caller, { dramaId }),
        catalog.dramaInfoPart(dramaId),
      ]);
      if (viewer.status === 'rejected') throw viewer.reason;
      const { counters, views, unlocked, bookmark, vip } = viewer.value;
      if (info.status === 'rejected') {
        const archived = await archivedFor(info.reason, dramaId, unlocked);
        const shared = { drama: archived.drama, episodeList: archived.episodeList };
        const data = {
          drama: counters ? { ...archived.drama, ...counters } : archived.drama,
          episodeList: archived.episodeList,
          userDramaEpisodeList: views.map((v) => ({
            epsd: v.epsd,
            last_view_dtm: v.lastViewedAt.toISOString(),
          })),
          unlockedEpisodeList: unlocked,
          bookmark,
        };
        return { data, shared };
      }
      // the paywall this viewer is shown (an experiment's variant): its own shared part
      const shown = deps.viewerPrices
        ? await viewerEpisodeList(caller.userId, dramaId, info.value)
        : info.value;
      const data = {
        // counts from the primary; with a replica that lacks the drama, those read with it
        drama: counters ? { ...info.value.drama, ...counters } : info.value.drama,
        episodeList: shown.episodeList,
        userDramaEpisodeList: views.map((v) => ({
          epsd: v.epsd,
          last_view_dtm: v.lastViewedAt.toISOString(),
        })),
        // while a pass is active every episode is open (decision 1100)
        unlockedEpisodeList: vip ? info.value.episodeList.map((e) => e.epsd) : unlocked,
        bookmark,
      };
      return { data, shared: shown };
    },

    /**
     * Starts an episode the caller may play: free, viewed before, or unlocked, of a drama their
     * age allows (an adult-only one needs a member's adult check: 403160-403162, no URL, no
     * watch log). The caller's session is checked in the statement that reads their progress
     * (decision 1300).
     */
    async startEpisode(
      caller: CallerClaims & { authMethod: AuthMethod },
      dramaId: number,
      epsd: number,
    ): Promise<EpisodeStartData> {
      const { userId } = caller;
      const progress = await progressOf(caller, dramaId);
      if (!progress.episodes.some((e) => e.epsd === epsd)) {
        throw new AppError(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramaId} has no episode ${epsd}`);
      }
      deps.ageGate.assertOpen(caller, progress.ageCheck, progress.ageRate);
      if (!isEpisodePlayable(progress, epsd)) {
        if (!progress.vip || !deps.vip) {
          // the server answers "locked": this viewer reached the paywall (decision 1601)
          const at = deps.clock.now();
          await deps.analytics?.record({
            kind: 'paywall_shown',
            key: `paywall:${userId}:${dramaId}:${epsd}:${Math.floor(at.getTime() / 3_600_000)}`,
            userId,
            dramaId,
            epsd,
            at,
          });
          throw new AppError(
            ResultCode.EPISODE_LOCKED,
            `Episode ${epsd} is locked; unlock it first`,
          );
        }
        // opened by the pass: recorded apart; once watched it stays viewed, as any episode
        await deps.vip.recordUnlock(userId, dramaId, epsd, progress.vip.vipId);
      }
      const now = deps.clock.now();
      const { analytics } = deps;
      const logId = await repo.startWatch(
        { userId, dramaId, epsd, now },
        deps.beforeStart &&
          ((tx) => deps.beforeStart?.(tx, userId, dramaId, epsd) ?? Promise.resolve()),
        analytics &&
          ((tx, id) =>
            analytics.record(
              { kind: 'episode_start', key: `start:${id}`, userId, dramaId, epsd, at: now },
              tx,
            )),
      );
      const next = epsd + 1;
      // The next episode's URLs ride along when it is playable already: the player preloads it.
      const nextPlayable = isEpisodePlayable(withVip(progress), next);
      const [autoBookmarked, media] = await Promise.all([
        deps.bookmarks.afterEpisodeStarted(
          userId,
          dramaId,
          progress.viewed.map((v) => v.epsd),
          epsd,
        ),
        deps.mediaUrls.forStart(dramaId, epsd),
      ]);
      return {
        logId,
        ...media,
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
      const watchedSeconds = Math.max(0, (ended.getTime() - row.startedAt.getTime()) / 1000);
      await deps.afterEpisodeEnded?.(userId, watchedSeconds);
      return { logId, watchedSeconds };
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
