import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createEconomyRepository } from './economy.repository';
import { economyRoutes } from './economy.routes';
import { createEconomyService } from './economy.service';

type EconomyRouteDeps = Parameters<typeof economyRoutes>[0];

/** Operator-set economy values (ad-unlock limits), read by the services on each call. */
export function createEconomyModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'events'>;
  notices: ChangeNotices;
}) {
  const economy = createEconomyService({
    repo: createEconomyRepository(deps.db),
    clock: deps.clock,
    notices: deps.notices,
    defaults: {
      adLimits: {
        cooldownSeconds: deps.config.events.adUnlockCooldownSeconds,
        dailyCap: deps.config.events.adUnlockDailyCap,
      },
    },
  });
  return {
    economy,
    /** the console's economy page: coin packs (payments), missions (events), coin validity */
    routes: (
      g: RouteGuards,
      more: Pick<EconomyRouteDeps, 'orders' | 'events' | 'wallet' | 'audit'>,
    ) => economyRoutes({ economy, ...more, guards: g.operator }),
  };
}
