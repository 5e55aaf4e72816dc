import { ResultCode, type CoinSource } from '@snapdrama/contract';
import {
  coinValidityDays,
  coinValiditySettingsProblem,
  resolveCoinValidity,
  type BonusCoinSource,
  type CoinPurchaseChannel,
  type CoinValiditySettings,
  type ValidityDays,
  refundableAmount,
  type CoinKind,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { assertMayEarn, badRequest, sqlDays, toSpendable, type WalletDeps } from './wallet-parts';

export interface GrantRequest {
  userId: string;
  kind: CoinKind;
  amount: number;
  source: CoinSource;
  /** order id, mission id (mssnId), attendance day... shown in the history memo */
  sourceRef?: string;
  /** required; the same key twice credits once */
  idempotencyKey: string;
  /** overrides the source's validity (whole days 1..3650) */
  validDays?: number;
  /** purchases only: where the coins were bought (default web) */
  channel?: CoinPurchaseChannel;
}

export interface Grant {
  lotId: string;
  userId: string;
  kind: CoinKind;
  amount: number;
  source: CoinSource;
  sourceRef: string | null;
  grantedAt: Date;
  expiresAt: Date;
  /** false when this key had already been granted and the first grant is returned */
  created: boolean;
}

export interface RefundRequest {
  userId: string;
  /** the idempotency key of the purchase grant being refunded */
  grantIdempotencyKey: string;
  /** required; the same key twice refunds once */
  idempotencyKey: string;
  reason: string;
}

export interface Refund {
  refundId: string;
  lotId: string;
  amount: number;
  created: boolean;
}

/** An operator's correction: coins given (bonus) or taken back, always with a reason. */

/**
 * The ledger: coins in (grants as lots, each with its validity) and out by refund, the validity
 * settings, balances and the lots' invariant. Every movement is one transaction under a unique key.
 */
export function createLedger(deps: WalletDeps) {
  const { repo, clock } = deps;
  const db = repo.db;
  const cacheMs = deps.validityCacheMs ?? 5000;
  let validityCache: { settings: CoinValiditySettings; at: number } | undefined;

  /** The operator's settings over the defaults (packages/rules resolveCoinValidity). */
  async function validitySettings(tx?: Tx): Promise<CoinValiditySettings> {
    // the service's clock, as every rule here; a clock moved back reads the row again
    const now = clock.now().getTime();
    const age = validityCache ? now - validityCache.at : Number.NaN;
    if (validityCache && age >= 0 && age < cacheMs) return validityCache.settings;
    const settings = resolveCoinValidity(await repo.validitySettings(tx));
    validityCache = { settings, at: now };
    return settings;
  }

  async function validDaysOf(r: GrantRequest, tx?: Tx): Promise<ValidityDays> {
    const settings = await validitySettings(tx);
    if (r.source === 'purchase')
      return coinValidityDays(settings, { source: 'purchase', channel: r.channel ?? 'web' });
    if (r.source === 'admin' && r.kind === 'paid')
      return coinValidityDays(settings, { source: 'admin', kind: 'paid' });
    return coinValidityDays(settings, { source: r.source });
  }

  function checkGrantRequest(r: GrantRequest): void {
    if (!Number.isSafeInteger(r.amount) || r.amount <= 0)
      throw badRequest('amount: must be a positive integer');
    if (!r.idempotencyKey || r.idempotencyKey.length > 200)
      throw badRequest('idempotencyKey: required, at most 200 characters');
    // Purchased coins come from purchases (or an operator's compensation); the rest is bonus.
    if (r.kind === 'paid' && r.source !== 'purchase' && r.source !== 'admin') {
      throw badRequest(`kind: ${r.source} grants bonus coins, not paid ones`);
    }
    if (r.kind === 'bonus' && r.source === 'purchase')
      throw badRequest('kind: a purchase grants paid coins');
    if (r.channel && r.source !== 'purchase') throw badRequest('channel: only purchases have one');
    if (
      r.validDays !== undefined &&
      (!Number.isInteger(r.validDays) || r.validDays < 1 || r.validDays > 3650)
    ) {
      throw badRequest('validDays: must be a whole number of days from 1 to 3650');
    }
  }

  const ledger = {
    /**
     * Credits coins as a new lot. The same idempotency key twice credits once and answers the first
     * grant (created false); the key reused for a different grant is refused. Given `tx`, the
     * grant is part of that transaction (a payment's restore, under the order's lock).
     */
    async grant(request: GrantRequest, tx?: Tx): Promise<Grant> {
      checkGrantRequest(request);
      await assertMayEarn(deps, request.userId, request.source, tx);
      const validDays = request.validDays ?? sqlDays(await validDaysOf(request, tx));
      const lot = await repo.grantLot(
        {
          userId: request.userId,
          kind: request.kind,
          amount: request.amount,
          source: request.source,
          sourceRef: request.sourceRef ?? null,
          idempotencyKey: request.idempotencyKey,
          now: clock.now(),
          validDays,
          channel: request.source === 'purchase' ? (request.channel ?? 'web') : null,
        },
        tx,
      );
      return {
        lotId: lot.lotId,
        userId: request.userId,
        kind: request.kind,
        amount: request.amount,
        source: request.source,
        sourceRef: lot.sourceRef,
        grantedAt: lot.grantedAt,
        expiresAt: lot.expiresAt,
        created: lot.created,
      };
    },

    /**
     * Days the paid coins and the pack's bonus of a purchase in this channel stay valid, as
     * wallet_grant takes them (0: no expiry); payments' SQL passes them to wallet_grant.
     */
    async purchaseValidity(
      channel: CoinPurchaseChannel,
    ): Promise<{ paidDays: number; bonusDays: number }> {
      const settings = await validitySettings();
      return {
        paidDays: sqlDays(coinValidityDays(settings, { source: 'purchase', channel })),
        bonusDays: sqlDays(coinValidityDays(settings, { source: 'purchase_bonus', channel })),
      };
    },

    /** Days coins of a bonus source stay valid now (null: no expiry), for the pages that say it. */
    async bonusValidityDays(source: BonusCoinSource): Promise<ValidityDays> {
      return coinValidityDays(await validitySettings(), { source });
    },

    /** The coin validity in force (for an operator console): stored settings over the defaults. */
    async getCoinValidity(): Promise<CoinValiditySettings> {
      validityCache = undefined;
      return validitySettings();
    },

    /**
     * Stores new coin validity settings; grants from then on follow them (other instances within
     * the cache time). Coins already granted keep their expiry. Bad settings: 400001, nothing changes.
     * `onChanged` (an operator's audit entry) runs in the same transaction as the change, with the
     * settings in force before and the ones stored.
     */
    async setCoinValidity(
      settings: unknown,
      by: string,
      onChanged?: (
        tx: Tx,
        change: { before: CoinValiditySettings; after: CoinValiditySettings },
      ) => Promise<void>,
    ): Promise<CoinValiditySettings> {
      const problem = coinValiditySettingsProblem(settings);
      if (problem) throw badRequest(problem);
      if (!by) throw badRequest('by: say who changes the settings');
      const after = settings as CoinValiditySettings;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = resolveCoinValidity(await repo.validitySettings(tx, true));
        await repo.saveValiditySettings(after, now, by, tx);
        await onChanged?.(tx, { before, after });
      });
      validityCache = undefined;
      return validitySettings();
    },

    /**
     * Refunds the unspent, still valid coins of one purchase (spec §9: purchased coins go back to
     * the original payment method, which is the payments module's part; bonus coins never).
     * Given `tx`, the refund is part of that transaction (a payment's refund, under the order's lock).
     */
    async refundPurchase(request: RefundRequest, within?: Tx): Promise<Refund> {
      if (!request.idempotencyKey) throw badRequest('idempotencyKey: required');
      const now = clock.now();
      const inTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
        within ? work(within) : db.transaction(work);
      return inTransaction(async (tx) => {
        if (!(await repo.lockWallet(tx, request.userId))) {
          throw new AppError(ResultCode.NOT_FOUND, 'This user holds no coins');
        }
        const lot = await repo.findLotByKey(tx, request.grantIdempotencyKey);
        const done = await repo.findRefundByKey(tx, request.idempotencyKey);
        if (done) {
          if (!lot || done.lotId !== lot.id || done.userId !== request.userId) {
            throw new AppError(
              ResultCode.IDEMPOTENCY_KEY_REUSED,
              'This idempotency key was used for a different refund',
            );
          }
          return { refundId: done.id, lotId: done.lotId, amount: done.amount, created: false };
        }
        if (!lot || lot.userId !== request.userId)
          throw new AppError(ResultCode.NOT_FOUND, 'Grant not found');
        if (lot.kind !== 'paid')
          throw new AppError(ResultCode.REFUND_NOT_ALLOWED, 'Bonus coins cannot be refunded');
        const amount = refundableAmount(toSpendable(lot), now.getTime());
        if (amount === 0) {
          throw new AppError(
            ResultCode.REFUND_NOT_ALLOWED,
            'Nothing left to refund: the coins were spent or expired',
          );
        }
        await repo.takeFromLot(tx, lot.id, amount);
        const refund = await repo.insertRefund(tx, {
          userId: request.userId,
          lotId: lot.id,
          amount,
          reason: request.reason,
          refundedAt: now,
          idempotencyKey: request.idempotencyKey,
        });
        return { refundId: refund.id, lotId: lot.id, amount, created: true };
      });
    },

    /** Valid balance by kind (spec §3 coin_list). */
    async balances(userId: string): Promise<{ paid: number; bonus: number }> {
      return repo.balances(db, userId, clock.now());
    },

    /** balances() as a part of a caller's statement (decision 1300). */
    balancesPart: () => repo.balancesPart(() => clock.now()),

    /** Coins granted, spent, expired per service day in [from, to) (the operators' dashboard). */
    coinTotalsByDay: (from: Date, to: Date, zone: string) =>
      repo.coinTotalsByDay(from, to, clock.now(), zone),

    /** For every lot: amount = remaining + spent + refunded, remaining within [0, amount]; see the repository. */
    async checkInvariant() {
      return repo.invariantViolations(clock.now());
    },
  };
  return { ledger, validitySettings };
}
