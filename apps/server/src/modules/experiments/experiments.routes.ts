import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_BASE,
  createExperimentBody,
  experiment,
  experimentList,
  experimentResults,
  shipExperimentBody,
} from '@snapdrama/contract';
import { jsonRoute } from '../../http/json-route';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { ExperimentsService } from './experiments.service';

const params = z.object({ id: z.uuid() });

/**
 * The console's experiments (admins): list, create, start, stop, ship a variant, results. Every
 * change is one transaction with its audit entry; shipping writes the setting through its owner.
 */
export function experimentsRoutes(deps: {
  experiments: ExperimentsService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { experiments } = deps;
  const adminOnly = deps.guards.requireOperator(['admin']);
  const base = `${ADMIN_BASE}/experiments`;
  return async (app) => {
    jsonRoute(
      app,
      { method: 'GET', url: base, preHandler: adminOnly, tags: ['admin'], data: experimentList },
      async () => ({ list: await experiments.list() }),
    );

    jsonRoute(
      app,
      {
        method: 'POST',
        url: base,
        preHandler: adminOnly,
        tags: ['admin'],
        body: createExperimentBody,
        data: experiment,
      },
      async (request) => experiments.create(operatorCaller(request).operatorId, request.body),
    );

    for (const step of ['start', 'stop'] as const) {
      jsonRoute(
        app,
        {
          method: 'POST',
          url: `${base}/:id/${step}`,
          preHandler: adminOnly,
          tags: ['admin'],
          params,
          data: experiment,
        },
        async (request) => experiments[step](operatorCaller(request).operatorId, request.params.id),
      );
    }

    jsonRoute(
      app,
      {
        method: 'POST',
        url: `${base}/:id/ship`,
        preHandler: adminOnly,
        tags: ['admin'],
        params,
        body: shipExperimentBody,
        data: experiment,
      },
      async (request) =>
        experiments.ship(
          operatorCaller(request).operatorId,
          request.params.id,
          request.body.variant,
        ),
    );

    jsonRoute(
      app,
      {
        method: 'GET',
        url: `${base}/:id/results`,
        preHandler: adminOnly,
        tags: ['admin'],
        params,
        data: experimentResults,
      },
      async (request) => experiments.results(request.params.id),
    );
  };
}
