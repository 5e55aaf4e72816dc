import type { RouteGuards } from '../../http/route-guards';
import { viewersRoutes } from './viewers.routes';
import { createViewersService } from './viewers.service';

/** The console's viewer pages: a viewer's account, coins, orders and unlocks; grants, refunds. */
export function createViewersModule(deps: Parameters<typeof createViewersService>[0]) {
  const viewers = createViewersService(deps);
  return {
    viewers,
    routes: (g: RouteGuards) => viewersRoutes({ viewers, guards: g.operator }),
  };
}
