import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { searchStatsRoutes } from './search-stats.routes';
import { createSearchStatsService } from './search-stats.service';

/** Top searches of the week: searches counted in memory, written in batches (jobs.ts). */
export function createSearchStatsModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
}) {
  const searchStats = createSearchStatsService({
    db: deps.db,
    clock: deps.clock,
    serviceTimeZone: deps.config.serviceTimeZone,
  });
  return { searchStats, routes: () => searchStatsRoutes({ searchStats }) };
}
