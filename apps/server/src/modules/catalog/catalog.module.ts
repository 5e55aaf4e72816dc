import { countLookups, createMemoryCache, createResilientCache } from '../../cache/cache';
import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Metrics } from '../../metrics/metrics';
import type { Redis } from '../../redis';
import type { I18nService } from '../i18n/i18n.service';
import type { SearchStatsService } from '../search-stats/search-stats.service';
import { createCatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';
import { createTitleSuggestions } from './title-suggestions';

/** The catalog viewers browse: dramas, episodes, search; cached, on a read replica when given. */
export function createCatalogModule(deps: {
  db: Db;
  /** a read replica (DATABASE_READ_URL) */
  readDb: Db | undefined;
  clock: Clock;
  config: Pick<Config, 'cachePrefix'>;
  redis: Redis | undefined;
  onRedisError: (error: unknown) => void;
  metrics: Pick<Metrics, 'cacheLookups' | 'replicaFallbacks'>;
  notices: ChangeNotices;
  i18n: Pick<I18nService, 'onEntriesChanged' | 'textsOf'> &
    Parameters<typeof createCatalogService>[0]['texts'];
  searchStats: Pick<SearchStatsService, 'record'>;
}) {
  const { clock, metrics } = deps;
  const repo = createCatalogRepository(deps.db);
  const cache = deps.redis
    ? createResilientCache({
        redis: deps.redis,
        prefix: deps.config.cachePrefix,
        clock,
        onLookup: (result) => metrics.cacheLookups.inc({ result }),
        onRedisError: deps.onRedisError,
      })
    : countLookups(createMemoryCache({ clock }), (result) => metrics.cacheLookups.inc({ result }));
  const catalog = createCatalogService({
    repo,
    reads: deps.readDb ? createCatalogRepository(deps.readDb) : undefined,
    onReplicaUnavailable: () => metrics.replicaFallbacks.inc(),
    cache,
    texts: deps.i18n,
    clock,
    onSearched: (keyword, total) => deps.searchStats.record(keyword, total),
    notices: deps.notices,
  });
  const suggestions = createTitleSuggestions({
    // read once a minute per language at most: the primary, which never falls behind
    titleKeys: () => repo.publishedTitleKeys(),
    textsOf: (lang, keys) => deps.i18n.textsOf(lang, keys),
    clock,
  });
  // a title edit reaches here through the search text's rebuild, a catalog change as well
  catalog.onChanged(() => suggestions.forget());
  // search text follows title and description edits in the dictionary
  deps.i18n.onEntriesChanged(async (keys) => {
    await catalog.reindexSearch(keys);
  });
  /** the dramas' bookmark counts, kept by bookmarks in its own transactions */
  const bookmarkCounts = {
    lockDramas: (tx: Tx, dramaIds: number[]) => repo.lockDramas(tx, dramaIds),
    adjustBookmarkCount: (tx: Tx, dramaIds: number[], delta: number) =>
      repo.adjustBookmarkCount(tx, dramaIds, delta),
  };
  return {
    catalog,
    /** the seed (seed/demo.ts) and tests write the catalog's tables directly */
    catalogRepo: repo,
    bookmarkCounts,
    routes: () => catalogRoutes({ catalog, suggestions }),
  };
}
