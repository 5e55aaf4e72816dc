import { createLedger } from './wallet-ledger';
import { createOperatorActions } from './wallet-operator';
import type { WalletDeps } from './wallet-parts';
import { createSpending } from './wallet-spending';
import { createStatement } from './wallet-statement';

export type { WalletDeps } from './wallet-parts';
export type { Grant, GrantRequest, Refund, RefundRequest } from './wallet-ledger';
export type { OperatorCoinAction, OperatorCoinResult } from './wallet-operator';
export type { EpisodeProgressSource, PlaybackPositionSource } from './wallet-spending';

/**
 * The wallet (decisions 0200-0204, 1120-1122): the ledger, spending (with auto-unlock and its
 * undo), operators' actions and the viewer's statement, each in its own file over one repository.
 */
export function createWalletService(deps: WalletDeps) {
  const { ledger, validitySettings } = createLedger(deps);
  return {
    ...ledger,
    ...createSpending(deps),
    ...createOperatorActions(deps, validitySettings),
    ...createStatement(deps),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
