import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dramaListData, envelope, listParams } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(deps: { catalog: CatalogService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/drama/latest/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaListData) } } },
      async (request) => ok(await deps.catalog.latest(request.params.count, request.params.page)),
    );
  };
}
