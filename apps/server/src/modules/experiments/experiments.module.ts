import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createExperimentsRepository } from './experiments.repository';
import { experimentsRoutes } from './experiments.routes';
import { createExperimentsService } from './experiments.service';
import { createExperimentVariants } from './experiments-variants';

type ServiceDeps = Parameters<typeof createExperimentsService>[0];

/**
 * A/B experiments (issue 43 item 5). `variants` exists first: playback, the wallet and payments
 * ask it for a viewer's prices. `console` builds the operators' service once the setting owners
 * (catalog, payments) and the audit log exist.
 */
export function createExperimentsModule(deps: { db: Db; clock: Clock }) {
  const repo = createExperimentsRepository(deps.db);
  const variants = createExperimentVariants({ repo, clock: deps.clock });
  function console(more: Pick<ServiceDeps, 'targets' | 'audit'>) {
    const experiments = createExperimentsService({ repo, clock: deps.clock, variants, ...more });
    return {
      experiments,
      routes: (g: RouteGuards) => experimentsRoutes({ experiments, guards: g.operator }),
    };
  }
  return { variants, console };
}
