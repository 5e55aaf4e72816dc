import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createForYouJobs, type ForYouJobDeps } from './foryou.jobs';
import { createForYouRepository } from './foryou.repository';
import { forYouAdminRoutes, forYouRoutes } from './foryou.routes';
import { createForYouService, type ForYouDeps } from './foryou.service';

/**
 * The For You feed (issue 45, decisions 1620-1621): built after playback, bookmarks, the wallet,
 * events' ad unlocks and the media URLs, each lending a service's narrow read (never a
 * repository); the console's audit log is built later and reached through a late-bound function.
 */
export function createForYouModule(
  deps: {
    db: Db;
    clock: Clock;
    config: Pick<Config, 'serviceTimeZone'>;
  } & Omit<ForYouDeps, 'db' | 'clock' | 'repo' | 'serviceTimeZone'> &
    Pick<ForYouJobDeps, 'views' | 'wallet' | 'adUnlocks'> & {
      catalog: ForYouDeps['catalog'] & ForYouJobDeps['catalog'];
      bookmarks: ForYouDeps['bookmarks'] & ForYouJobDeps['bookmarks'];
    },
) {
  const repo = createForYouRepository(deps.db);
  const foryou = createForYouService({
    ...deps,
    repo,
    serviceTimeZone: deps.config.serviceTimeZone,
  });
  const jobs = createForYouJobs({
    repo,
    clock: deps.clock,
    catalog: deps.catalog,
    views: deps.views,
    bookmarks: deps.bookmarks,
    wallet: deps.wallet,
    adUnlocks: deps.adUnlocks,
  });
  return {
    foryou,
    jobs,
    routes: (g: RouteGuards) => forYouRoutes({ foryou, guards: g.viewer }),
    adminRoutes: (
      g: RouteGuards,
      episodesOf: (dramaId: number) => Promise<{ number: number; coin: number }[]>,
    ) => forYouAdminRoutes({ foryou, guards: g.operator, episodesOf }),
  };
}
