import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { WalletService } from '../wallet/wallet.service';
import { createProgressRepository } from './progress.repository';
import { progressRoutes } from './progress.routes';
import { createProgressService } from './progress.service';

/**
 * Saved playback positions. The wallet reads them (the auto-unlock undo) and progress saves wait
 * for the wallet: `positions` exists first, `start` builds the service once the wallet does.
 */
export function createProgressModule(db: Db) {
  const repo = createProgressRepository(db);

  /** Where a viewer is in an episode, read in the caller's transaction. */
  const positions = {
    positionOf: (tx: Tx, userId: string, dramaId: number, epsd: number) =>
      repo.positionOf(tx, userId, dramaId, epsd),
  };

  function start(deps: {
    clock: Clock;
    catalog: Parameters<typeof createProgressService>[0]['catalog'];
    wallet: Pick<WalletService, 'guardEpisodeUse'>;
    analytics?: Parameters<typeof createProgressService>[0]['analytics'];
  }) {
    const { wallet } = deps;
    const progress = createProgressService({
      repo,
      catalog: deps.catalog,
      clock: deps.clock,
      beforeSave: (tx, userId, dramaId, epsd) => wallet.guardEpisodeUse(tx, userId, dramaId, epsd),
      analytics: deps.analytics,
    });
    return {
      progress,
      routes: (g: RouteGuards) => progressRoutes({ progress, guards: g.viewer }),
    };
  }

  return { positions, start };
}
