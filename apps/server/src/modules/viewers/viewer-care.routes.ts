import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  suspendViewerBody,
  userIdParams,
  viewerNoteBody,
  viewerNoteData,
  viewerSuspensionData,
} from '@snapdrama/contract';
import { jsonRoute } from '../../http/json-route';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { ViewerCare } from './viewer-care';

/** Suspensions and internal notes in the console: admins and support staff. */
export function viewerCareRoutes(deps: {
  care: ViewerCare;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { care } = deps;
  const staff = deps.guards.requireOperator(['admin', 'support']);
  return async (app) => {
    jsonRoute(
      app,
      {
        method: 'PUT',
        url: `${ADMIN_BASE}/viewers/:userId/suspension`,
        preHandler: staff,
        tags: ['admin'],
        description:
          'Suspend a viewer with a reason until a date (or until lifted: null): signed out at once, no sign-in, no coins earned or spent; refunds still work.',
        params: userIdParams,
        body: suspendViewerBody,
        data: viewerSuspensionData,
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        return {
          suspension: await care.suspend(operatorId, request.params.userId, request.body),
        };
      },
    );

    jsonRoute(
      app,
      {
        method: 'DELETE',
        url: `${ADMIN_BASE}/viewers/:userId/suspension`,
        preHandler: staff,
        tags: ['admin'],
        description: 'Lift the suspension in force (409132 when there is none).',
        params: userIdParams,
        data: viewerSuspensionData,
      },
      async (request) => {
        await care.lift(operatorCaller(request).operatorId, request.params.userId);
        return { suspension: null };
      },
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${ADMIN_BASE}/viewers/:userId/notes`,
        preHandler: staff,
        tags: ['admin'],
        description: 'An internal note on the viewer (operators only; the viewer never sees it).',
        params: userIdParams,
        body: viewerNoteBody,
        data: viewerNoteData,
      },
      async (request) =>
        care.addNote(operatorCaller(request).operatorId, request.params.userId, request.body.text),
    );
  };
}
