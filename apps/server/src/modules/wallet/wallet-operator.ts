import { ResultCode } from '@snapdrama/contract';
import {
  coinValidityDays,
  type CoinValiditySettings,
  allocateSpend,
  type CoinKind,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { assertMayEarn, badRequest, sqlDays, toSpendable, type WalletDeps } from './wallet-parts';

export interface OperatorCoinAction {
  userId: string;
  amount: number;
  reason: string;
  operatorId: string;
  /** one per operator action (the console makes it when the form opens): a double click acts once */
  actionKey: string;
}

export interface OperatorCoinResult {
  /** the lot granted, or the revocation */
  id: string;
  amount: number;
  created: boolean;
  before: { paid: number; bonus: number };
  after: { paid: number; bonus: number };
}

/** An operator's grant or revocation: 1 to 100000 coins, a reason, a key. */
function checkOperatorAction(a: OperatorCoinAction): void {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(a.userId))
    throw badRequest('userId: must be a user id');
  if (!Number.isSafeInteger(a.amount) || a.amount < 1 || a.amount > 100_000)
    throw badRequest('amount: a whole number of coins from 1 to 100000');
  const reason = a.reason.trim();
  if (reason.length < 2 || reason.length > 500)
    throw badRequest('reason: required, 2 to 500 characters');
  if (!/^[\w:-]{8,100}$/.test(a.actionKey))
    throw badRequest('actionKey: 8 to 100 letters, digits, "_", ":" or "-"');
}

/** What operators do to a viewer's wallet: grant, take back, look (the console's viewer page). */
export function createOperatorActions(
  deps: WalletDeps,
  validitySettings: () => Promise<CoinValiditySettings>,
) {
  const { repo, clock } = deps;
  const db = repo.db;
  return {
    /**
     * An operator grants bonus coins (source admin) with a reason, in one transaction with
     * `onChanged` (the audit entry), under the key operator-grant:<actionKey>: a repeated action
     * credits once and answers the first grant (created false, onChanged not called again).
     */
    async grantByOperator(
      action: OperatorCoinAction,
      onChanged?: (tx: Tx, result: OperatorCoinResult) => Promise<void>,
    ): Promise<OperatorCoinResult> {
      checkOperatorAction(action);
      await assertMayEarn(deps, action.userId, 'admin');
      const now = clock.now();
      const validDays = sqlDays(coinValidityDays(await validitySettings(), { source: 'admin' }));
      return db.transaction(async (tx) => {
        const before = await repo.balances(tx, action.userId, now);
        const lot = await repo.grantLot(
          {
            userId: action.userId,
            kind: 'bonus',
            amount: action.amount,
            source: 'admin',
            sourceRef: action.reason.slice(0, 200),
            idempotencyKey: `operator-grant:${action.actionKey}`,
            now,
            validDays,
            channel: null,
          },
          tx,
        );
        const after = await repo.balances(tx, action.userId, now);
        const result = {
          id: lot.lotId,
          amount: action.amount,
          created: lot.created,
          before,
          after,
        };
        if (lot.created) await onChanged?.(tx, result);
        return result;
      });
    },

    /**
     * An operator takes coins back (a correction), in spend order (earliest expiry, bonus first),
     * under the wallet lock, in one transaction with `onChanged`; refused when the valid balance is
     * smaller. The key operator-revoke:<actionKey> makes a repeated action take once.
     */
    async revokeByOperator(
      action: OperatorCoinAction,
      onChanged?: (tx: Tx, result: OperatorCoinResult) => Promise<void>,
    ): Promise<OperatorCoinResult> {
      checkOperatorAction(action);
      const key = `operator-revoke:${action.actionKey}`;
      const now = clock.now();
      return db.transaction(async (tx) => {
        if (!(await repo.lockWallet(tx, action.userId)))
          throw new AppError(ResultCode.INSUFFICIENT_COINS, 'This user holds no coins');
        const before = await repo.balances(tx, action.userId, now);
        const done = await repo.findRevocationByKey(tx, key);
        if (done) {
          if (done.userId !== action.userId || done.amount !== action.amount)
            throw new AppError(
              ResultCode.IDEMPOTENCY_KEY_REUSED,
              'This action key was used for a different revocation',
            );
          return { id: done.id, amount: done.amount, created: false, before, after: before };
        }
        const lots = (await repo.validLots(tx, action.userId, now)).map(toSpendable);
        const allocations = allocateSpend(lots, action.amount, now.getTime());
        if (!allocations)
          throw new AppError(
            ResultCode.INSUFFICIENT_COINS,
            `The user holds ${before.paid + before.bonus} valid coins, fewer than ${action.amount}`,
          );
        for (const a of allocations) await repo.takeFromLot(tx, a.lotId, a.amount);
        const row = await repo.insertRevocation(
          tx,
          {
            userId: action.userId,
            amount: action.amount,
            reason: action.reason,
            requestedBy: action.operatorId,
            revokedAt: now,
            idempotencyKey: key,
          },
          allocations,
        );
        const after = await repo.balances(tx, action.userId, now);
        const result = { id: row.id, amount: action.amount, created: true, before, after };
        await onChanged?.(tx, result);
        return result;
      });
    },

    /** A viewer's wallet as operators see it: balances, recent lots and revocations. */
    async walletForOperator(userId: string) {
      const now = clock.now();
      const [balances, lots, revocations] = await Promise.all([
        repo.balances(db, userId, now),
        repo.lotsOf(userId, 100),
        repo.revocationsOf(userId, 50),
      ]);
      return {
        balances,
        lots: lots.map((l) => ({
          id: l.id,
          kind: l.kind as CoinKind,
          source: l.source,
          sourceRef: l.sourceRef,
          amount: l.amount,
          remaining: l.remaining,
          grantedAt: l.grantedAt.toISOString(),
          expiresAt: l.expiresAt.toISOString(),
          expired: l.expiresAt <= now,
        })),
        revocations: revocations.map((r) => ({
          id: r.id,
          amount: r.amount,
          reason: r.reason,
          operatorId: r.requestedBy,
          revokedAt: r.revokedAt.toISOString(),
        })),
      };
    },

    /** A user's coin unlocks, newest first (the operators' viewer page). */
    async unlocksOf(userId: string, limit = 100) {
      return (await repo.unlocksOf(userId, limit)).map((u) => ({
        dramId: u.dramaId,
        epsd: u.episodeNumber,
        coins: u.coins,
        at: u.unlockedAt,
      }));
    },
  };
}
