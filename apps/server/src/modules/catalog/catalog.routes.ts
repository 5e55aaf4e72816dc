import type { FastifyReply, FastifyRequest } from 'fastify';
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
  searchSuggestData,
  searchSuggestParams,
  viewCountBody,
  viewCountData,
} from '@snapdrama/contract';
import { packedSharedJson } from '../../http/compressed';
import { ok } from '../../http/reply';
import type { CatalogService } from './catalog.service';
import type { TitleSuggestions } from './title-suggestions';

/**
 * Hot lists come from the cache as the same object until it is invalidated, so their reply body
 * is checked against the schema and serialised once per object, not on every request, and packed
 * (br or gzip, for clients that take it) once per body text: the lists are the same for every
 * viewer, and the main page asks for four of them (2–7 KB each, a sixth of that packed).
 */
function memoizedJson<S extends z.ZodType>(
  dataSchema: S,
  pack: ReturnType<typeof packedSharedJson>,
) {
  const schema = envelope(dataSchema);
  const bodies = new WeakMap<object, string>();
  return async (request: FastifyRequest, reply: FastifyReply, data: z.input<S> & object) => {
    let body = bodies.get(data);
    if (body === undefined) {
      body = JSON.stringify(schema.parse(ok(data)));
      bodies.set(data, body);
    }
    // the checked JSON or its packed bytes: Fastify sends strings and buffers as they are
    return reply.send(await pack(request, reply, body));
  };
}

/** Catalog and discovery (spec §7). The caller's own list (/drama/user/list) lives in playback. */
export function catalogRoutes(deps: {
  catalog: CatalogService;
  suggestions: TitleSuggestions;
}): FastifyPluginAsyncZod {
  const { catalog, suggestions } = deps;
  // every list page of every category, search and language could come here: a bound
  const pack = packedSharedJson({ maxEntries: 256 });
  const sendList = memoizedJson(dramaListData, pack);
  const sendShortList = memoizedJson(dramaOnlyListData, pack);
  const sendCategories = memoizedJson(categoryListData, pack);
  return async (app) => {
    app.get(
      '/drama/category/list',
      { schema: { response: { 200: envelope(categoryListData) } } },
      async (request, reply) => sendCategories(request, reply, await catalog.categoryList()),
    );

    app.get(
      '/drama/list/:categoryId/:count/:page',
      { schema: { params: categoryListParams, response: { 200: envelope(dramaListData) } } },
      async (request, reply) =>
        sendList(
          request,
          reply,
          await catalog.listByCategory(
            request.params.categoryId,
            request.params.count,
            request.params.page,
          ),
        ),
    );

    app.get(
      '/drama/latest/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaListData) } } },
      async (request, reply) =>
        sendList(request, reply, await catalog.latest(request.params.count, request.params.page)),
    );

    app.get(
      '/drama/view-count/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async (request, reply) =>
        sendShortList(
          request,
          reply,
          await catalog.popular(request.params.count, request.params.page),
        ),
    );

    app.get(
      '/drama/exclusive/list/:count/:page',
      { schema: { params: listParams, response: { 200: envelope(dramaOnlyListData) } } },
      async (request, reply) =>
        sendShortList(
          request,
          reply,
          await catalog.exclusive(request.params.count, request.params.page),
        ),
    );

    app.get(
      '/drama/search/list/:keyword/:count/:page',
      { schema: { params: searchListParams, response: { 200: envelope(dramaListData) } } },
      async (request, reply) =>
        sendList(
          request,
          reply,
          await catalog.search(request.params.keyword, request.params.count, request.params.page),
        ),
    );

    app.get(
      '/drama/search/suggest/:language/:keyword',
      { schema: { params: searchSuggestParams, response: { 200: envelope(searchSuggestData) } } },
      async ({ params }) => ok(await suggestions.suggest(params.language, params.keyword)),
    );

    app.put(
      '/drama/view-count',
      { schema: { body: viewCountBody, response: { 200: envelope(viewCountData) } } },
      async ({ body }) => ok(await catalog.addView(body.dramId)),
    );
  };
}
