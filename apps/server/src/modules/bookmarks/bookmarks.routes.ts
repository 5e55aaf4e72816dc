import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookmarkAddBody,
  bookmarkAddData,
  bookmarkDeleteBody,
  bookmarkDeleteData,
  bookmarkListData,
  envelope,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { BookmarksService } from './bookmarks.service';

export function bookmarksRoutes(deps: {
  bookmarks: BookmarksService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { bookmarks, guards } = deps;
  return async (app) => {
    app.get(
      '/drama/bookmark',
      {
        preHandler: guards.requireUser,
        schema: { response: { 200: envelope(bookmarkListData) } },
      },
      async (request) => ok(await bookmarks.list(caller(request))),
    );

    app.post(
      '/drama/bookmark',
      {
        preHandler: guards.requireUser,
        schema: { body: bookmarkAddBody, response: { 200: envelope(bookmarkAddData) } },
      },
      async (request) => ok(await bookmarks.add(caller(request), request.body.dramId)),
    );

    app.delete(
      '/drama/bookmark',
      {
        preHandler: guards.requireUser,
        schema: { body: bookmarkDeleteBody, response: { 200: envelope(bookmarkDeleteData) } },
      },
      async (request) => ok(await bookmarks.remove(caller(request), request.body.dramIds)),
    );
  };
}
