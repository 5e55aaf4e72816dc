import {
  ResultCode,
  type AuthMethod,
  type AutoUnlockData,
  type AutoUnlockUndoData,
  type CoinUnlockData,
} from '@snapdrama/contract';
import {
  AUTO_UNLOCK_UNDO_MS,
  autoUnlockUndoRefusal,
  isEpisodePlayable,
  unlockNumber,
  type ViewedEpisode,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { WalletRepository } from './wallet.repository';
import { requireMember, type WalletDeps } from './wallet-parts';

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

/**
 * Spending: a coin unlock by the button or by auto-unlock (with its undo), and the guard that keeps
 * an undone episode locked.
 */
export function createSpending(deps: WalletDeps) {
  const { repo, clock } = deps;
  const db = repo.db;

  /**
   * What playback needs to know to buy an episode, read before the wallet lock. An episode the
   * caller may not watch (the age gate) is refused here, before anything is charged.
   */
  async function prepareUnlock(
    caller: { userId: string; authMethod: AuthMethod },
    dramaId: number,
    epsd: number,
  ) {
    const { userId } = caller;
    // Views and ad unlocks only ever grow, so reading them before the lock can only refuse more.
    const [{ titleKey, ageRate, episodes }, viewed, otherUnlocks] = await Promise.all([
      // the prices this viewer is shown (an experiment's variant, decision 1611)
      deps.catalog
        .pricing(dramaId)
        .then(async (p) =>
          deps.viewerPrices
            ? { ...p, episodes: await deps.viewerPrices(userId, dramaId, p.episodes) }
            : p,
        ),
      deps.progress.viewedEpisodes(userId, dramaId),
      deps.progress.otherUnlocks(userId, dramaId),
    ]);
    await deps.ageGate.assertMayWatch(caller, ageRate);
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

  return {
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
      await deps.standing?.assertNotSuspended(caller.userId);
      const request = await prepareUnlock(caller, dramaId, epsd);
      const now = clock.now();
      const { analytics } = deps;
      const result = analytics
        ? await db.transaction(async (tx) => {
            const r = await repo.unlockWithCoins({ ...request, now }, tx);
            if (r.outcome === 'unlocked') {
              await analytics.record(
                {
                  kind: 'unlock',
                  key: `unlock:coin:${caller.userId}:${dramaId}:${epsd}:${now.getTime()}`,
                  userId: caller.userId,
                  dramaId,
                  epsd,
                  method: 'coin',
                  coins: r.charged,
                  at: now,
                },
                tx,
              );
            }
            return r;
          })
        : await repo.unlockWithCoins({ ...request, now });
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
      await deps.standing?.assertNotSuspended(caller.userId);
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
      const request = await prepareUnlock(caller, dramaId, epsd);
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
        if (record) {
          await deps.analytics?.record(
            {
              kind: 'unlock',
              key: `unlock:auto:${record.id}`,
              userId: caller.userId,
              dramaId,
              epsd,
              method: 'auto',
              coins: result.charged,
              at: now,
            },
            tx,
          );
        }
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
          await deps.analytics?.record(
            {
              kind: 'unlock_undone',
              key: `undo:${row.id}`,
              userId,
              dramaId: row.dramaId,
              epsd: row.episodeNumber,
              coins: refunded,
              at: now,
            },
            tx,
          );
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

    /** unlockedEpisodes() as a part of a caller's statement (decision 1300). */
    unlockedEpisodesPart: () => repo.coinUnlockedPart(),

    /** Who unlocked episodes of a drama with coins, as SQL (the console's impact, decision 1540). */
    coinUnlockersOf: (dramaId: number) => repo.coinUnlockersOf(dramaId),

    /**
     * Coin unlocks (auto-unlocks included, undone ones gone) in [from, until), oldest first:
     * one row per episode (the For You taste job, decision 1621).
     */
    coinUnlocksBetween: (
      from: Date,
      until: Date,
    ): Promise<{ userId: string; dramaId: number; at: Date }[]> =>
      repo.coinUnlocksBetween(from, until),

    /** Episodes this user bought with coins. */
    async unlockedEpisodes(userId: string, dramaId: number): Promise<number[]> {
      return repo.coinUnlockedEpisodes(db, userId, dramaId);
    },
  };
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
