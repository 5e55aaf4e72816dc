import {
  ResultCode,
  type AuthMethod,
  type AutoUnlockData,
  type AutoUnlockUndoData,
  type CoinExpiryData,
  type CoinEarnEntry,
  type CoinHistoryData,
  type CoinHistoryDiv,
  type CoinUseEntry,
  type CoinSource,
  type CoinUnlockData,
} from '@snapdrama/contract';
import {
  AUTO_UNLOCK_UNDO_MS,
  EXPIRY_REMINDER_HOURS,
  autoUnlockUndoRefusal,
  coinHistoryRangeProblem,
  coinTimeline,
  summarizeTimeline,
  type TimedEntry,
  coinValidityDays,
  coinValiditySettingsProblem,
  expiresNever,
  expiresSoon,
  expiryReminder,
  isEpisodePlayable,
  resolveCoinValidity,
  serviceDay,
  nextDay,
  zonedDayStart,
  type BonusCoinSource,
  type CoinPurchaseChannel,
  type CoinValiditySettings,
  type ValidityDays,
  parseIsoDate,
  allocateSpend,
  refundableAmount,
  unlockNumber,
  type CoinKind,
  type SpendableLot,
  type ViewedEpisode,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { LotRow, WalletRepository } from './wallet.repository';

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

/** What the wallet needs to know about a user's progress in a drama (owned by playback and ads). */
export interface EpisodeProgressSource {
  viewedEpisodes(userId: string, dramaId: number): Promise<ViewedEpisode[]>;
  /** episodes unlocked another way (rewarded ads); inside a transaction when tx is given */
  otherUnlocks(userId: string, dramaId: number, tx?: Tx): Promise<number[]>;
}

/** Where the viewer is in an episode, as the server last heard (owned by progress). */
export interface PlaybackPositionSource {
  positionOf(
    tx: Tx,
    userId: string,
    dramaId: number,
    epsd: number,
  ): Promise<{ seconds: number; duration: number } | undefined>;
}

/** null (no expiry) as wallet_grant's 0 */
const sqlDays = (days: ValidityDays): number => days ?? 0;

const toSpendable = (lot: LotRow): SpendableLot => ({
  id: lot.id,
  kind: lot.kind as CoinKind,
  remaining: lot.remaining,
  expiresAt: lot.expiresAt.getTime(),
  grantedAt: lot.grantedAt.getTime(),
});

const badRequest = (message: string) => new AppError(ResultCode.BAD_REQUEST, message);

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

export function createWalletService(deps: {
  repo: WalletRepository;
  clock: Clock;
  catalog: Pick<CatalogService, 'pricing'>;
  progress: EpisodeProgressSource;
  serviceTimeZone: string;
  /** playback positions, for the auto-unlock undo (10 %) */
  positions: PlaybackPositionSource;
  /** the episode views of playback: an undone auto-unlock forgets the view it allowed */
  views?: { forget(tx: Tx, userId: string, dramaId: number, epsd: number): Promise<void> };
  /** how long the stored validity settings are reused before being read again (default 5 s) */
  validityCacheMs?: number;
  /** true while the viewer holds an active VIP pass (modules/vip): auto-unlock never charges then */
  vipActive?: (userId: string) => Promise<boolean>;
}) {
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

  const requireMember = (caller: { authMethod: AuthMethod }, what: string) => {
    if (caller.authMethod === 'guest') throw new AppError(ResultCode.GUEST_NOT_ALLOWED, what);
  };

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

  /** What playback needs to know to buy an episode, read before the wallet lock. */
  async function prepareUnlock(userId: string, dramaId: number, epsd: number) {
    // Views and ad unlocks only ever grow, so reading them before the lock can only refuse more.
    const [{ titleKey, episodes }, viewed, otherUnlocks] = await Promise.all([
      deps.catalog.pricing(dramaId),
      deps.progress.viewedEpisodes(userId, dramaId),
      deps.progress.otherUnlocks(userId, dramaId),
    ]);
    const episode = episodes.find((e) => e.number === epsd);
    if (!episode)
      throw new AppError(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramaId} has no episode ${epsd}`);
    if (episode.coin === 0) throw new AppError(ResultCode.EPISODE_FREE, `Episode ${epsd} is free`);
    // what is playable without buying; the function adds what this user bought, under the lock
    const withoutPurchases = {
      episodes: episodes.map((e) => ({ epsd: e.number, coin: e.coin })),
      viewed,
      unlocked: otherUnlocks,
    };
    return {
      userId,
      dramaId,
      epsd,
      coins: episode.coin,
      titleKey,
      floor: unlockNumber(withoutPurchases),
      playable: isEpisodePlayable(withoutPurchases, epsd),
    };
  }

  /** coin_unlock's answer as the reply, or its refusal as an AppError. */
  function unlockOutcome(
    result: Awaited<ReturnType<WalletRepository['unlockWithCoins']>>,
    dramaId: number,
    epsd: number,
    price: number,
  ): CoinUnlockData {
    const balances = { paid: result.paid, bonus: result.bonus };
    switch (result.outcome) {
      case 'unlocked':
        return unlockReply(dramaId, epsd, result.charged, false, balances);
      case 'repeat':
        return unlockReply(dramaId, epsd, 0, true, balances);
      case 'already_unlocked':
        throw new AppError(
          ResultCode.EPISODE_ALREADY_UNLOCKED,
          `Episode ${epsd} is already unlocked`,
        );
      case 'not_next':
        throw new AppError(
          ResultCode.EPISODE_NOT_NEXT,
          `Only episode ${result.nextEpsd} can be unlocked next`,
        );
      case 'insufficient':
        throw new AppError(
          ResultCode.INSUFFICIENT_COINS,
          `Episode ${epsd} costs ${price} coins; not enough coins`,
        );
    }
  }

  async function coinExpiry(caller: {
    userId: string;
    authMethod: AuthMethod;
  }): Promise<CoinExpiryData> {
    if (caller.authMethod === 'guest') return { remind: false, amount: 0, expr_dtm: null };
    const now = clock.now();
    const until = new Date(now.getTime() + EXPIRY_REMINDER_HOURS * 60 * 60 * 1000);
    const [lots, dismissed] = await Promise.all([
      repo.lotsExpiringBefore(caller.userId, now, until),
      repo.reminderDismissed(caller.userId, serviceDay(now, deps.serviceTimeZone)),
    ]);
    const reminder = expiryReminder(
      lots.map((l) => ({ remaining: l.remaining, expiresAt: l.expiresAt.getTime() })),
      now.getTime(),
    );
    return {
      remind: reminder !== undefined && !dismissed,
      amount: reminder?.amount ?? 0,
      expr_dtm: reminder ? new Date(reminder.firstExpiresAt).toISOString() : null,
    };
  }

  /** Every movement of a user's coins, oldest first, with the balance after each. */
  async function timelineOf(userId: string, now: Date): Promise<TimedEntry[]> {
    const rows = await repo.movementsOf(userId);
    // an undone auto-unlock's unlock row is gone: its title comes from the catalog
    const titles = new Map<number, string>();
    for (const dramaId of new Set(rows.undone.map((u) => u.dramaId))) {
      const pricing = await deps.catalog.pricing(dramaId).catch(() => undefined);
      titles.set(dramaId, pricing?.titleKey ?? '');
    }
    return coinTimeline({
      now: now.getTime(),
      lots: rows.lots.map((l) => ({
        id: l.id,
        kind: l.kind === 'paid' ? 'paid' : 'bonus',
        source: l.source,
        sourceRef: l.sourceRef,
        channel: l.channel,
        amount: l.amount,
        remaining: l.remaining,
        grantedAt: l.grantedAt.getTime(),
        expiresAt: l.expiresAt.getTime(),
      })),
      unlocks: rows.unlocks.map((u) => ({
        id: u.id,
        dramaId: u.dramaId,
        epsd: u.episodeNumber,
        titleKey: u.titleKey,
        coins: u.coins,
        unlockedAt: u.unlockedAt.getTime(),
        auto: u.autoId !== null,
      })),
      undos: rows.undone.map((u) => ({
        id: u.id,
        dramaId: u.dramaId,
        epsd: u.episodeNumber,
        titleKey: titles.get(u.dramaId) ?? '',
        coins: u.coins,
        unlockedAt: u.unlockedAt.getTime(),
        undoneAt: (u.undoneAt ?? u.unlockedAt).getTime(),
        returned: returnedOf(u.refunded),
      })),
      refunds: rows.refunds.map((r) => ({
        id: r.id,
        lotId: r.lotId,
        amount: r.amount,
        refundedAt: r.refundedAt.getTime(),
      })),
      revocations: rows.revocations.map((v) => ({
        id: v.id,
        amount: v.amount,
        revokedAt: v.revokedAt.getTime(),
      })),
    });
  }

  return {
    /**
     * Credits coins as a new lot. The same idempotency key twice credits once and answers the first
     * grant (created false); the key reused for a different grant is refused. Given `tx`, the
     * grant is part of that transaction (a payment's restore, under the order's lock).
     */
    async grant(request: GrantRequest, tx?: Tx): Promise<Grant> {
      checkGrantRequest(request);
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
     * An operator grants bonus coins (source admin) with a reason, in one transaction with
     * `onChanged` (the audit entry), under the key operator-grant:<actionKey>: a repeated action
     * credits once and answers the first grant (created false, onChanged not called again).
     */
    async grantByOperator(
      action: OperatorCoinAction,
      onChanged?: (tx: Tx, result: OperatorCoinResult) => Promise<void>,
    ): Promise<OperatorCoinResult> {
      checkOperatorAction(action);
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

    /** Coins granted, spent, expired per service day in [from, to) (the operators' dashboard). */
    coinTotalsByDay: (from: Date, to: Date, zone: string) =>
      repo.coinTotalsByDay(from, to, clock.now(), zone),

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

    /**
     * Buys the next locked episode (spec §4 "Coin unlock"). The database function coin_unlock does
     * it in one transaction and one round trip: lock the wallet, then read what was bought and the
     * lots, take coins earliest expiry first, record the allocations and the unlock under its
     * unique key (docs/decisions/0201). The same unlock again answers success without charging.
     */
    async spendForEpisode(
      caller: { userId: string; authMethod: AuthMethod },
      dramaId: number,
      epsd: number,
    ): Promise<CoinUnlockData> {
      requireMember(caller, 'Sign in to unlock episodes with coins');
      const request = await prepareUnlock(caller.userId, dramaId, epsd);
      const result = await repo.unlockWithCoins({ ...request, now: clock.now() });
      return unlockOutcome(result, dramaId, epsd, request.coins);
    },

    /** The viewer's auto-unlock setting: off unless turned on; always off for guests. */
    async autoUnlockSetting(caller: { userId: string; authMethod: AuthMethod }) {
      if (caller.authMethod === 'guest') return { auto_unlock: false };
      return { auto_unlock: await repo.autoUnlockEnabled(caller.userId) };
    },

    async setAutoUnlock(caller: { userId: string; authMethod: AuthMethod }, enabled: boolean) {
      requireMember(caller, 'Sign in to use auto-unlock');
      await repo.setAutoUnlock(caller.userId, enabled, clock.now());
      return { auto_unlock: enabled };
    },

    /**
     * Auto-unlock (issue 16 item 2): the viewer reached a locked episode with auto-unlock on. The
     * same coin unlock as the button (coin_unlock, same refusals), and in the same transaction a
     * record the undo works from. Refused (409140) when the setting is off: the server decides.
     */
    async autoUnlockEpisode(
      caller: { userId: string; authMethod: AuthMethod },
      dramaId: number,
      epsd: number,
    ): Promise<AutoUnlockData> {
      requireMember(caller, 'Sign in to use auto-unlock');
      if (!(await repo.autoUnlockEnabled(caller.userId))) {
        throw new AppError(ResultCode.AUTO_UNLOCK_OFF, 'Auto-unlock is off for this viewer');
      }
      // a client that fires anyway (an old page, a race with the purchase) is not charged
      if (await deps.vipActive?.(caller.userId)) {
        throw new AppError(
          ResultCode.AUTO_UNLOCK_VIP_ACTIVE,
          'Your VIP pass opens this episode: no coins are taken',
        );
      }
      const request = await prepareUnlock(caller.userId, dramaId, epsd);
      const now = clock.now();
      const { result, record } = await db.transaction(async (tx) => {
        const result = await repo.unlockWithCoins({ ...request, now }, tx);
        const record =
          result.outcome === 'unlocked'
            ? await repo.recordAutoUnlock(tx, {
                userId: caller.userId,
                dramaId,
                epsd,
                unlockedAt: now,
              })
            : undefined;
        return { result, record };
      });
      const reply = unlockOutcome(result, dramaId, epsd, request.coins);
      return {
        ...reply,
        auto_unlock_id: record?.id ?? null,
        undo_until: record
          ? new Date(record.unlockedAt.getTime() + AUTO_UNLOCK_UNDO_MS).toISOString()
          : null,
      };
    },

    /**
     * Undoes an auto-unlock: within 10 s of it by the server's clock and while the position the
     * server has is below 10 % of the episode, every coin goes back to the lot it came from and
     * the episode is locked again; one transaction, at most once (a repeat answers
     * already_undone). Refusals: 409141 too late, 409142 watched past 10 %, 404140 unknown.
     */
    async undoAutoUnlock(
      caller: { userId: string; authMethod: AuthMethod },
      autoUnlockId: string,
    ): Promise<AutoUnlockUndoData> {
      requireMember(caller, 'Sign in to use auto-unlock');
      const { userId } = caller;
      return db.transaction(async (tx) => {
        // the auto-unlock first: a progress save of this episode waits behind it (guardProgressSave)
        const row = await repo.lockAutoUnlock(tx, autoUnlockId);
        if (!row || row.userId !== userId) {
          throw new AppError(ResultCode.AUTO_UNLOCK_NOT_FOUND, 'No such auto-unlock');
        }
        const now = clock.now();
        let refunded = 0;
        if (!row.undoneAt) {
          const position = await deps.positions.positionOf(
            tx,
            userId,
            row.dramaId,
            row.episodeNumber,
          );
          const refusal = autoUnlockUndoRefusal({
            unlockedAt: row.unlockedAt.getTime(),
            now: now.getTime(),
            position,
          });
          if (refusal === 'window_passed') {
            throw new AppError(
              ResultCode.AUTO_UNLOCK_UNDO_EXPIRED,
              'The undo was possible for 10 seconds after the unlock',
            );
          }
          if (refusal === 'playback_passed') {
            throw new AppError(
              ResultCode.AUTO_UNLOCK_UNDO_WATCHED,
              'The episode was played past 10 %; the unlock stays',
            );
          }
          if (!(await repo.lockWallet(tx, userId))) throw new Error('auto-unlock without a wallet');
          refunded = await repo.undoAutoUnlock(tx, row, now);
          // started (under 10 %) while bought: that view must not keep the episode playable
          await deps.views?.forget(tx, userId, row.dramaId, row.episodeNumber);
        }
        const balances = await repo.balances(tx, userId, now);
        return {
          dram_id: row.dramaId,
          epsd: row.episodeNumber,
          rfnd_coin: refunded,
          already_undone: row.undoneAt !== null,
          coin: balances.paid + balances.bonus,
          coin_list: balances,
        };
      });
    },

    /**
     * Called by progress (a position save) and playback (a watch log) first in their transaction:
     * waits for an undo of this episode in flight (the auto-unlock row lock) and refuses (403004)
     * when the auto-unlock was undone and the episode is not bought again or unlocked by an ad,
     * so an undo and playback past 10 % never both stand.
     */
    async guardEpisodeUse(tx: Tx, userId: string, dramaId: number, epsd: number) {
      const latest = await repo.lockLatestAutoUnlock(tx, userId, dramaId, epsd);
      if (!latest?.row.undoneAt || latest.coinUnlocked) return;
      if ((await deps.progress.otherUnlocks(userId, dramaId, tx)).includes(epsd)) return;
      throw new AppError(
        ResultCode.EPISODE_LOCKED,
        `Episode ${epsd} was given back (auto-unlock undone)`,
      );
    },

    coinExpiry,

    /** The viewer closed the reminder: not again until the next service day. */
    async dismissCoinExpiry(caller: { userId: string; authMethod: AuthMethod }) {
      requireMember(caller, 'Sign in to see coin reminders');
      const now = clock.now();
      await repo.dismissReminder(caller.userId, serviceDay(now, deps.serviceTimeZone), now);
      return coinExpiry(caller);
    },

    /** Valid balance by kind (spec §3 coin_list). */
    async balances(userId: string): Promise<{ paid: number; bonus: number }> {
      return repo.balances(db, userId, clock.now());
    },

    /** balances() as a part of a caller's statement (decision 1300). */
    balancesPart: () => repo.balancesPart(() => clock.now()),

    /** unlockedEpisodes() as a part of a caller's statement (decision 1300). */
    unlockedEpisodesPart: () => repo.coinUnlockedPart(),

    /** Episodes this user bought with coins. */
    async unlockedEpisodes(userId: string, dramaId: number): Promise<number[]> {
      return repo.coinUnlockedEpisodes(db, userId, dramaId);
    },

    /**
     * Earned (A), used (U) or expired (E) coins between two service-zone dates, inclusive, newest
     * first, a page at a time.
     */
    async history(
      caller: { userId: string; authMethod: AuthMethod },
      query: {
        div: CoinHistoryDiv;
        startDate: string;
        endDate: string;
        page: number;
        count: number;
      },
    ): Promise<CoinHistoryData> {
      if (caller.authMethod === 'guest')
        throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to see coin history');
      const problem = coinHistoryRangeProblem(query.startDate, query.endDate);
      const start = parseIsoDate(query.startDate);
      const end = parseIsoDate(query.endDate);
      if (problem || !start || !end)
        throw badRequest(problem ?? 'dates: must be written YYYY-MM-DD');
      const from = zonedDayStart(start, deps.serviceTimeZone);
      const to = zonedDayStart(nextDay(end), deps.serviceTimeZone);
      const offset = (query.page - 1) * query.count;
      const now = clock.now();
      const timeline = await timelineOf(caller.userId, now);
      const summary = summarizeTimeline(timeline, from.getTime(), to.getTime());
      // newest first, as the spec's lists; the balance after each entry stays the timeline's
      const inRange = timeline
        .filter((e) => e.list === query.div && e.at >= from.getTime() && e.at < to.getTime())
        .reverse();
      const pageEntries = inRange.slice(offset, offset + query.count);
      const balances = await repo.balances(db, caller.userId, now);
      return {
        alist: pageEntries.flatMap((e) => (e.type === 'grant' ? [earnEntry(e, now)] : [])),
        ulist: pageEntries.flatMap((e) => useEntry(e)),
        elist: pageEntries.flatMap((e) =>
          e.type === 'expire'
            ? [
                {
                  expr_dtm: new Date(e.at).toISOString(),
                  rgst_dtm: new Date(e.lot.grantedAt).toISOString(),
                  remn_coin: e.expiredRemaining,
                  chng_coin: e.change,
                  blnc_coin: e.balanceAfter,
                },
              ]
            : [],
        ),
        totalCount: inRange.length,
        page: query.page,
        count: query.count,
        lastPage: offset + query.count >= inRange.length,
        coin: balances.paid + balances.bonus,
        coin_list: balances,
        smry: {
          opng_blnc: summary.opening,
          earn_coin: summary.earned,
          usag_coin: summary.used,
          tkbk_coin: summary.takenBack,
          rtrn_coin: summary.returned,
          expr_coin: summary.expired,
          clsg_blnc: summary.closing,
        },
      };
    },

    /** For every lot: amount = remaining + spent + refunded, remaining within [0, amount]; see the repository. */
    async checkInvariant() {
      return repo.invariantViolations(clock.now());
    },
  };
}

/** auto_unlocks.refunded as written by undoAutoUnlock: [{ lotId, amount }]. */
function returnedOf(value: unknown): { lotId: string; amount: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const r = v as { lotId?: unknown; amount?: unknown };
    return typeof r.lotId === 'string' && typeof r.amount === 'number'
      ? [{ lotId: r.lotId, amount: r.amount }]
      : [];
  });
}

const PURCHASE_SOURCES = new Set(['purchase', 'purchase_bonus']);
const isChannel = (c: string | null | undefined): c is CoinPurchaseChannel =>
  c === 'web' || c === 'app_store' || c === 'google_play';

function earnEntry(e: Extract<TimedEntry, { type: 'grant' }>, now: Date): CoinEarnEntry {
  const lot = e.lot;
  return {
    rgst_dtm: new Date(lot.grantedAt).toISOString(),
    expr_dtm: expiresNever(lot.expiresAt) ? null : new Date(lot.expiresAt).toISOString(),
    remn_coin: lot.remaining,
    expr_soon: expiresSoon({ remaining: lot.remaining, expiresAt: lot.expiresAt }, now.getTime()),
    ...(isChannel(lot.channel) ? { channel: lot.channel } : {}),
    acqs_type: lot.kind === 'paid' ? 'P' : lot.source === 'purchase_bonus' ? 'B' : 'F',
    acqs_coin: lot.amount,
    rfnd_coin: e.refunded,
    memo: {
      source: lot.source as CoinSource,
      ...(lot.source === 'mission' && lot.sourceRef ? { mssnId: lot.sourceRef } : {}),
      ...(PURCHASE_SOURCES.has(lot.source) && lot.sourceRef ? { ordrId: lot.sourceRef } : {}),
    },
    chng_coin: e.change,
    blnc_coin: e.balanceAfter,
  };
}

/** A use-list entry (unlocks, their undo, take-backs), or none for the other lists. */
function useEntry(e: TimedEntry): CoinUseEntry[] {
  const base = {
    rgst_dtm: new Date(e.at).toISOString(),
    usag_coin: Math.abs(e.change),
    chng_coin: e.change,
    blnc_coin: e.balanceAfter,
  };
  switch (e.type) {
    case 'unlock':
    case 'auto_unlock':
      return [
        {
          ...base,
          usag_type: e.type,
          dram_id: e.unlock.dramaId,
          titl_lang_key: e.unlock.titleKey,
          memo: { epsd: e.unlock.epsd },
        },
      ];
    case 'undo':
      return [
        {
          ...base,
          usag_type: 'undo',
          dram_id: e.undo.dramaId,
          titl_lang_key: e.undo.titleKey,
          memo: { epsd: e.undo.epsd },
        },
      ];
    case 'refund':
      return [
        {
          ...base,
          usag_type: 'refund',
          dram_id: null,
          titl_lang_key: null,
          memo: {
            ...(e.lot?.sourceRef ? { ordrId: e.lot.sourceRef } : {}),
            ...(isChannel(e.lot?.channel) ? { channel: e.lot.channel } : {}),
          },
        },
      ];
    case 'revoke':
      return [{ ...base, usag_type: 'revoke', dram_id: null, titl_lang_key: null, memo: {} }];
    case 'grant':
    case 'expire':
      return [];
  }
}

function unlockReply(
  dramaId: number,
  epsd: number,
  charged: number,
  alreadyUnlocked: boolean,
  balances: { paid: number; bonus: number },
): CoinUnlockData {
  return {
    dram_id: dramaId,
    epsd,
    usag_coin: charged,
    already_unlocked: alreadyUnlocked,
    coin: balances.paid + balances.bonus,
    coin_list: balances,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
