import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, topSearchData } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { SearchStatsService } from './search-stats.service';

export function searchStatsRoutes(deps: {
  searchStats: SearchStatsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/drama/search/top',
      { schema: { response: { 200: envelope(topSearchData) } } },
      // no HTTP caching: the service keeps the answer a minute and drops it on every flush
      async () => ok(await deps.searchStats.topOfWeek()),
    );
  };
}
