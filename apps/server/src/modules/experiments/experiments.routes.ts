import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_BASE,
  createExperimentBody,
  envelope,
  experiment,
  experimentList,
  experimentResults,
  shipExperimentBody,
} from '@snapdrama/contract';
import { ok } from '../../http/reply';
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
    app.get(
      base,
      {
        preHandler: adminOnly,
        schema: { tags: ['admin'], response: { 200: envelope(experimentList) } },
      },
      async () => ok({ list: await experiments.list() }),
    );

    app.post(
      base,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          body: createExperimentBody,
          response: { 200: envelope(experiment) },
        },
      },
      async (request) =>
        ok(await experiments.create(operatorCaller(request).operatorId, request.body)),
    );

    for (const step of ['start', 'stop'] as const) {
      app.post(
        `${base}/:id/${step}`,
        {
          preHandler: adminOnly,
          schema: { tags: ['admin'], params, response: { 200: envelope(experiment) } },
        },
        async (request) =>
          ok(await experiments[step](operatorCaller(request).operatorId, request.params.id)),
      );
    }

    app.post(
      `${base}/:id/ship`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          params,
          body: shipExperimentBody,
          response: { 200: envelope(experiment) },
        },
      },
      async (request) =>
        ok(
          await experiments.ship(
            operatorCaller(request).operatorId,
            request.params.id,
            request.body.variant,
          ),
        ),
    );

    app.get(
      `${base}/:id/results`,
      {
        preHandler: adminOnly,
        schema: { tags: ['admin'], params, response: { 200: envelope(experimentResults) } },
      },
      async (request) => ok(await experiments.results(request.params.id)),
    );
  };
}
