import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { Metrics } from '../../metrics/metrics';
import { walletSandboxRoutes } from './wallet-sandbox.routes';
import { createWalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';

type WalletServiceDeps = Parameters<typeof createWalletService>[0];

/** The coin ledger: grants, spends on episodes, history, expiry. */
export function createWalletModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'serviceTimeZone'>;
  metrics: Pick<Metrics, 'coinUnlocks'>;
  catalog: WalletServiceDeps['catalog'];
  /** the viewer's episode views (playback) */
  views: Pick<WalletServiceDeps['progress'], 'viewedEpisodes'> & {
    forgetView: NonNullable<WalletServiceDeps['views']>['forget'];
  };
  /** episodes unlocked by rewarded ads (events): they count in the unlock number of a coin unlock */
  adUnlocks: { unlockedEpisodes: WalletServiceDeps['progress']['otherUnlocks'] };
  /** saved positions (progress), for the auto-unlock undo (10 %) */
  positions: WalletServiceDeps['positions'];
  /** asked only when a request comes: the VIP service may be built after the wallet */
  vipActive: (userId: string) => Promise<boolean>;
  /** the age gate (identity) */
  ageGate: WalletServiceDeps['ageGate'];
  /** the prices a viewer is shown: an experiment's variant (decision 1611) */
  viewerPrices?: WalletServiceDeps['viewerPrices'];
  /** auth's suspensions: no spending or earning while suspended (decision 1560) */
  standing: NonNullable<WalletServiceDeps['standing']>;
  /** the analytics event log (unlocks by coins and auto-unlock) */
  analytics?: WalletServiceDeps['analytics'];
}) {
  const { views, adUnlocks } = deps;
  const service = createWalletService({
    repo: createWalletRepository(deps.db),
    clock: deps.clock,
    catalog: deps.catalog,
    progress: {
      viewedEpisodes: (userId, dramaId) => views.viewedEpisodes(userId, dramaId),
      otherUnlocks: (userId, dramaId, tx) => adUnlocks.unlockedEpisodes(userId, dramaId, tx),
    },
    positions: deps.positions,
    vipActive: deps.vipActive,
    ageGate: deps.ageGate,
    viewerPrices: deps.viewerPrices,
    standing: deps.standing,
    analytics: deps.analytics,
    views: { forget: (tx, ...args) => views.forgetView(tx, ...args) },
    serviceTimeZone: deps.config.serviceTimeZone,
  });
  const wallet: typeof service = {
    ...service,
    spendForEpisode: async (...args) => {
      const result = await service.spendForEpisode(...args);
      // a retried unlock answers success without charging: count purchases only
      if (!result.already_unlocked) deps.metrics.coinUnlocks.inc();
      return result;
    },
  };
  return {
    wallet,
    routes: (g: RouteGuards) => walletRoutes({ wallet, guards: g.viewer }),
    /** the sandbox's coin grant (never in production) */
    sandboxRoutes: (g: RouteGuards, production: boolean) =>
      walletSandboxRoutes({ wallet, guards: g.viewer, production }),
  };
}
