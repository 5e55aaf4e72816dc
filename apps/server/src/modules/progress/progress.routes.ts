import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  continueListData,
  continueListParams,
  envelope,
  positionListData,
  positionListParams,
  positionSaveBody,
  positionSaveData,
} from '@snapdrama/contract';
import { caller, type Guards } from '../../http/auth-guard';
import { ok } from '../../http/reply';
import type { ProgressService } from './progress.service';

/** Continue watching. Guests have positions too (they watch), so only a session is required. */
export function progressRoutes(deps: {
  progress: ProgressService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  const { progress, guards } = deps;
  return async (app) => {
    app.put(
      '/drama/episode/position',
      {
        preHandler: guards.requireUser,
        schema: { body: positionSaveBody, response: { 200: envelope(positionSaveData) } },
      },
      async (request) => ok(await progress.save(caller(request).userId, request.body)),
    );

    app.get(
      '/drama/episode/position/:dramaId',
      {
        preHandler: guards.requireUser,
        schema: { params: positionListParams, response: { 200: envelope(positionListData) } },
      },
      async (request) => ok(await progress.ofDrama(caller(request).userId, request.params.dramaId)),
    );

    app.get(
      '/drama/continue/list/:count',
      {
        preHandler: guards.requireUser,
        schema: { params: continueListParams, response: { 200: envelope(continueListData) } },
      },
      async (request) =>
        ok(await progress.continueList(caller(request).userId, request.params.count)),
    );
  };
}
