import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { MediaUrls } from '../../media/media-urls';
import type { WalletService } from '../wallet/wallet.service';
import { createPlaybackRepository } from './playback.repository';
import { playbackRoutes } from './playback.routes';
import {
  createPlaybackService,
  unlocksByCoinsOrAds,
  type EpisodeUnlocks,
} from './playback.service';

type PlaybackServiceDeps = Parameters<typeof createPlaybackService>[0];

/**
 * Episode views and watch logs. Its views are read by wallet, events and bookmarks, which the
 * playback service itself uses: `views` exists first, `start` builds the service once they do.
 */
export function createPlaybackModule(db: Db) {
  const repo = createPlaybackRepository(db);

  /** What other modules read of a viewer's episode views. */
  const views = {
    /** the episodes watched, with the last time (the unlock number and missions read them) */
    viewedEpisodes: async (userId: string, dramaId: number) =>
      (await repo.viewsOf(userId, dramaId)).map((v) => ({
        epsd: v.epsd,
        last_view_dtm: v.lastViewedAt.toISOString(),
      })),
    /** an undone auto-unlock forgets the view it allowed */
    forgetView: (tx: Tx, userId: string, dramaId: number, epsd: number) =>
      repo.forgetView(tx, userId, dramaId, epsd),
    /** the last watched episode of each drama that has one */
    lastWatchedEpisodes: (userId: string, dramaIds: number[]) =>
      repo.lastViewedEpisodes(userId, dramaIds),
    /** viewers' watching per drama, a batch of viewers at a time (the For You job) */
    watchingScan: (afterUserId: string, viewers: number, since: Date) =>
      repo.watchingScan(afterUserId, viewers, since),
  };

  function start(deps: {
    clock: Clock;
    callers: PlaybackServiceDeps['callers'];
    catalog: PlaybackServiceDeps['catalog'];
    /** coin unlocks, and the auto-unlock undo check before a watch log opens */
    wallet: EpisodeUnlocks & Pick<WalletService, 'guardEpisodeUse'>;
    /** episodes unlocked by rewarded ads (events) */
    adUnlocks: EpisodeUnlocks;
    bookmarks: PlaybackServiceDeps['bookmarks'];
    mediaUrls: MediaUrls;
    vip: PlaybackServiceDeps['vip'];
    /** the age gate (identity) */
    ageGate: PlaybackServiceDeps['ageGate'];
    afterEpisodeEnded?: PlaybackServiceDeps['afterEpisodeEnded'];
    analytics?: PlaybackServiceDeps['analytics'];
    /** the prices a viewer is shown: an experiment's variant (decision 1611) */
    viewerPrices?: PlaybackServiceDeps['viewerPrices'];
  }) {
    const { wallet } = deps;
    const playback = createPlaybackService({
      repo,
      callers: deps.callers,
      catalog: deps.catalog,
      unlocks: unlocksByCoinsOrAds(wallet, deps.adUnlocks),
      bookmarks: deps.bookmarks,
      mediaUrls: deps.mediaUrls,
      clock: deps.clock,
      // an auto-unlock undone gives the episode back: no new watch log for it
      beforeStart: (tx, userId, dramaId, epsd) => wallet.guardEpisodeUse(tx, userId, dramaId, epsd),
      vip: deps.vip,
      ageGate: deps.ageGate,
      afterEpisodeEnded: deps.afterEpisodeEnded,
      analytics: deps.analytics,
      viewerPrices: deps.viewerPrices,
    });
    return {
      playback,
      routes: (g: RouteGuards) => playbackRoutes({ playback, guards: g.viewer }),
    };
  }

  return { views, start };
}
