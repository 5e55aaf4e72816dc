import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_BASE, dashboardData, dashboardQuery, envelope } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { OperatorGuards } from '../operators/operator-guard';
import type { DashboardService } from './dashboard.service';

/** A range of service days against the period before it, for admins (revenue is not for every role). */
export function dashboardRoutes(deps: {
  dashboard: DashboardService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/dashboard`,
      {
        preHandler: deps.guards.requireOperator(['admin']),
        schema: {
          tags: ['admin'],
          querystring: dashboardQuery,
          response: { 200: envelope(dashboardData) },
        },
      },
      async (request) => ok(await deps.dashboard.summary(request.query)),
    );
  };
}
