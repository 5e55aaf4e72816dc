import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createBookmarksRepository } from './bookmarks.repository';
import { bookmarksRoutes } from './bookmarks.routes';
import { createBookmarksService } from './bookmarks.service';

type BookmarksServiceDeps = Parameters<typeof createBookmarksService>[0];

/** A viewer's bookmarked dramas; the dramas' bookmark counts are the catalog's. */
export function createBookmarksModule(deps: {
  db: Db;
  clock: Clock;
  catalog: BookmarksServiceDeps['catalog'];
  /** the catalog's bookmark counts, changed in the bookmark's transaction */
  counts: BookmarksServiceDeps['counts'];
  /** the last watched episodes (playback) */
  progress: BookmarksServiceDeps['progress'];
  accounts: BookmarksServiceDeps['accounts'];
}) {
  const bookmarks = createBookmarksService({
    db: deps.db,
    repo: createBookmarksRepository(deps.db),
    counts: deps.counts,
    catalog: deps.catalog,
    progress: deps.progress,
    accounts: deps.accounts,
    clock: deps.clock,
  });
  return {
    bookmarks,
    routes: (g: RouteGuards) => bookmarksRoutes({ bookmarks, guards: g.viewer }),
  };
}
