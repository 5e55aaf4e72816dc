import type { Config } from '../../config';
import type { RouteGuards } from '../../http/route-guards';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

type DashboardDeps = Parameters<typeof createDashboardService>[0];

/** The console's dashboard: figures read from each module's service. */
export function createDashboardModule(
  deps: Omit<DashboardDeps, 'serviceTimeZone'> & { config: Pick<Config, 'serviceTimeZone'> },
) {
  const { config, ...sources } = deps;
  const dashboard = createDashboardService({
    ...sources,
    serviceTimeZone: config.serviceTimeZone,
  });
  return {
    dashboard,
    routes: (g: RouteGuards) => dashboardRoutes({ dashboard, guards: g.operator }),
  };
}
