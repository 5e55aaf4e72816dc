import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_BASE, dashboardData, envelope } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { OperatorGuards } from '../operators/operator-guard';
import type { DashboardService } from './dashboard.service';

/** Today and the last 30 days for admins (revenue is not for every role). */
export function dashboardRoutes(deps: {
  dashboard: DashboardService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/dashboard`,
      {
        preHandler: deps.guards.requireOperator(['admin']),
        schema: { tags: ['admin'], response: { 200: envelope(dashboardData) } },
      },
      async () => ok(await deps.dashboard.summary()),
    );
  };
}
