import type { RouteGuards } from '../../http/route-guards';
import { createViewerCare } from './viewer-care';
import { viewerCareRoutes } from './viewer-care.routes';
import { viewersRoutes } from './viewers.routes';
import { createViewersService } from './viewers.service';

type CareDeps = Parameters<typeof createViewerCare>[0];

/**
 * The console's viewer pages: a viewer's account, coins, orders and unlocks; grants, refunds;
 * suspensions and internal notes (viewer-care).
 */
export function createViewersModule(
  deps: Omit<Parameters<typeof createViewersService>[0], 'notesOf'> &
    Omit<CareDeps, 'auth' | 'audit'>,
) {
  const care = createViewerCare(deps);
  const viewers = {
    ...createViewersService({ ...deps, notesOf: (userId) => care.notesOf(userId) }),
    care,
  };
  return {
    viewers,
    routes: (g: RouteGuards) => [
      viewersRoutes({ viewers, guards: g.operator }),
      viewerCareRoutes({ care, guards: g.operator }),
    ],
  };
}
