import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListData,
  categoryListParams,
  dramaListData,
  dramaOnlyListData,
  envelope,
  listParams,
  searchListParams,
  viewCountBody,
  viewCountData,
} from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { CatalogService } from './catalog.service';

/** Catalog and discovery (spec §7). The caller's own list (/drama/user/list) lives in playback. */
export function catalogRoutes(deps: { catalog: CatalogService }): FastifyPluginAsyncZod {
  const { catalog } = deps;
  return async (app) => {
    app.get(
      '/drama/category/list',
      { schema: { response: { 200: envelope(categoryListData) } } },
      async () => ok(await catalog.categoryList()),
    );

    app.get(
      '/drama/list/:categoryId/:count/:page',
      { schema: { params: categoryListParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }) =>
        ok(await catalog.listByCategory(params.categoryId, params.count, params.page)),
    );

    app.get(
      '/drama/latest/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }) => ok(await catalog.latest(params.count, params.page)),
    );

    app.get(
      '/drama/view-count/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async ({ params }) => ok(await catalog.popular(params.count, params.page)),
    );

    app.get(
      '/drama/exclusive/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async ({ params }) => ok(await catalog.exclusive(params.count, params.page)),
    );

    app.get(
      '/drama/search/list/:keyword/:count/:page',
      { schema: { params: searchListParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }) => ok(await catalog.search(params.keyword, params.count, params.page)),
    );

    app.put(
      '/drama/view-count',
      { schema: { body: viewCountBody, response: { 200: envelope(viewCountData) } } },
      async ({ body }) => ok(await catalog.addView(body.dramId)),
    );
  };
}
