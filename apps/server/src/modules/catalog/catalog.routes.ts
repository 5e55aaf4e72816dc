import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

/**
 * Hot lists come from the cache as the same object until it is invalidated, so their reply body
 * is checked against the schema and serialised once per object, not on every request. Fastify
 * sends a string with a JSON content type as it is.
 */
function memoizedJson<S extends z.ZodType>(dataSchema: S) {
  const schema = envelope(dataSchema);
  const bodies = new WeakMap<object, string>();
  return (reply: FastifyReply, data: z.input<S> & object) => {
    let body = bodies.get(data);
    if (body === undefined) {
      body = JSON.stringify(schema.parse(ok(data)));
      bodies.set(data, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

/** Catalog and discovery (spec §7). The caller's own list (/drama/user/list) lives in playback. */
export function catalogRoutes(deps: { catalog: CatalogService }): FastifyPluginAsyncZod {
  const { catalog } = deps;
  const sendList = memoizedJson(dramaListData);
  const sendShortList = memoizedJson(dramaOnlyListData);
  const sendCategories = memoizedJson(categoryListData);
  return async (app) => {
    app.get(
      '/drama/category/list',
      { schema: { response: { 200: envelope(categoryListData) } } },
      async (_request, reply) => sendCategories(reply, await catalog.categoryList()),
    );

    app.get(
      '/drama/list/:categoryId/:count/:page',
      { schema: { params: categoryListParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }, reply) =>
        sendList(reply, await catalog.listByCategory(params.categoryId, params.count, params.page)),
    );

    app.get(
      '/drama/latest/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }, reply) => sendList(reply, await catalog.latest(params.count, params.page)),
    );

    app.get(
      '/drama/view-count/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async ({ params }, reply) =>
        sendShortList(reply, await catalog.popular(params.count, params.page)),
    );

    app.get(
      '/drama/exclusive/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async ({ params }, reply) =>
        sendShortList(reply, await catalog.exclusive(params.count, params.page)),
    );

    app.get(
      '/drama/search/list/:keyword/:count/:page',
      { schema: { params: searchListParams, response: { 200: envelope(dramaListData) } } },
      async ({ params }, reply) =>
        sendList(reply, await catalog.search(params.keyword, params.count, params.page)),
    );

    app.put(
      '/drama/view-count',
      { schema: { body: viewCountBody, response: { 200: envelope(viewCountData) } } },
      async ({ body }) => ok(await catalog.addView(body.dramId)),
    );
  };
}
