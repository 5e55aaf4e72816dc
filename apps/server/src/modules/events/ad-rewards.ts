import {
  ResultCode,
  type AdPlatform,
  type AdType,
  type AdUnlockData,
  type AdvertisementData,
} from '@snapdrama/contract';
import {
  adCooldownLeftSeconds,
  adUnlockWithinCap,
  isEpisodePlayable,
  parseIsoDate,
  serviceDay,
  unlockNumber,
  zonedDayStart,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { verifyAdmobCallback } from './admob-ssv';
import {
  eventsError as err,
  type AdLimits,
  type EventCaller,
  type EventsContext,
} from './events-context';
import type { AdViewRow } from './events.tables';

const HOUR_MS = 3_600_000;

/**
 * The checks every redemption of an ad view makes, on the locked row: an ad unlock's here, the
 * ad mission's in missions.ts.
 */
export function checkAdView(
  ctx: Pick<EventsContext, 'clock' | 'config'>,
  view: AdViewRow | undefined,
  userId: string,
  type: AdType,
): AdViewRow {
  const { clock, config } = ctx;
  // another user's view answers like an unknown one: ids are not probed
  if (!view || view.userId !== userId) {
    throw err(ResultCode.AD_VIEW_NOT_FOUND, 'No such ad view for this user');
  }
  if (view.type !== type) {
    throw err(ResultCode.AD_VIEW_WRONG_TYPE, `This ad view was opened for ${view.type}`);
  }
  if (view.redeemedAt) throw err(ResultCode.AD_VIEW_USED, 'This ad view was redeemed already');
  const now = clock.now().getTime();
  if (now > view.openedAt.getTime() + config.adViewTtlSeconds * 1000) {
    throw err(ResultCode.AD_VIEW_EXPIRED, 'This ad view is too old; open a new one');
  }
  if (now < view.openedAt.getTime() + config.adMinViewSeconds * 1000) {
    throw err(
      ResultCode.AD_VIEW_TOO_EARLY,
      `The ad must run at least ${config.adMinViewSeconds} seconds`,
    );
  }
  if (view.platform !== 'web' && config.requireNativeVerification && !view.verifiedAt) {
    throw err(ResultCode.AD_VIEW_NOT_VERIFIED, 'The ad network has not confirmed this reward');
  }
  return view;
}

/** Rewarded ads: opening a view, an episode unlocked with one, and the ad network's callback. */
export function createAdRewards(ctx: EventsContext) {
  const { repo, clock, config, db, zone, adLimits, requireActiveMember } = ctx;
  const cooldownKey = (userId: string) => `${ctx.redisPrefix ?? 'snapdrama'}:ad-cooldown:${userId}`;
  // The hint is asked only of a connected Redis and its failures are ignored: without it the
  // locked row still refuses, so an outage costs a database round trip, never a failed request.
  const hintRedis = () => (ctx.redis?.status === 'ready' ? ctx.redis : undefined);
  async function cooldownHint(userId: string): Promise<number> {
    const value = await hintRedis()
      ?.get(cooldownKey(userId))
      .catch(() => null);
    return Number(value ?? 0);
  }
  async function setCooldownHint(userId: string, until: number, ttlMs: number): Promise<void> {
    await hintRedis()
      ?.set(cooldownKey(userId), String(until), 'PX', ttlMs)
      .catch(() => undefined);
  }

  function checkCooldown(lastAdUnlockAt: Date | null, limits: AdLimits): void {
    const left = adCooldownLeftSeconds(
      clock.now().getTime(),
      lastAdUnlockAt?.getTime() ?? null,
      limits.cooldownSeconds,
    );
    if (left > 0) {
      throw err(ResultCode.AD_UNLOCK_COOLDOWN, `The next ad unlock opens in ${left} seconds`);
    }
  }

  async function checkCap(q: Tx, userId: string, day: string, limits: AdLimits): Promise<number> {
    const used = await repo.adUnlocksOnDay(q, userId, day);
    if (!adUnlockWithinCap(used, limits.dailyCap)) {
      throw err(
        ResultCode.AD_UNLOCK_CAP_REACHED,
        `All ${limits.dailyCap} ad unlocks of today are used`,
      );
    }
    return used;
  }

  return {
    /**
     * POST /event/advertisement: opens an ad view bound to the user and the type. Opens are
     * counted under the user's lock (per hour, per day); an unlock ad is refused up front while the
     * cooldown runs or the cap is reached, so nobody watches an ad that cannot pay.
     */
    async openAd(
      caller: EventCaller,
      type: AdType,
      platform: AdPlatform = 'web',
    ): Promise<AdvertisementData> {
      await requireActiveMember(caller);
      const now = clock.now();
      const limits = await adLimits();
      if (type === 'unlock') {
        // helper only, sparing the database while the cooldown runs: the value is the cooldown's
        // end by the service clock (the key's TTL only cleans up); the locked row below decides
        const until = await cooldownHint(caller.userId);
        if (until > now.getTime()) {
          throw err(ResultCode.AD_UNLOCK_COOLDOWN, 'The next ad unlock is not open yet');
        }
      }
      const view = await db.transaction(async (tx) => {
        const state = await repo.lockUserState(tx, caller.userId);
        const lastHour = await repo.adViewsOpenedSince(
          tx,
          caller.userId,
          new Date(now.getTime() - HOUR_MS),
        );
        const day = serviceDay(now, zone);
        const todayStart = zonedDayStart(
          parseIsoDate(day) ?? { year: 1970, month: 1, day: 1 },
          zone,
        );
        const lastDay = await repo.adViewsOpenedSince(tx, caller.userId, todayStart);
        if (lastHour >= config.adViewsPerHour || lastDay >= config.adViewsPerDay) {
          throw err(ResultCode.AD_RATE_LIMITED, 'Too many ads opened; try again later');
        }
        if (type === 'unlock') {
          checkCooldown(state.lastAdUnlockAt, limits);
          await checkCap(tx, caller.userId, day, limits);
        }
        return repo.insertAdView(tx, { userId: caller.userId, type, platform, openedAt: now });
      });
      return {
        logId: view.id,
        advrType: type,
        min_view_sec: config.adMinViewSeconds,
        expr_dtm: new Date(now.getTime() + config.adViewTtlSeconds * 1000).toISOString(),
      };
    },

    /**
     * POST /drama/episode/unlock/advertisement, in one transaction under the user's lock: the view
     * is the user's, of type unlock, unused, old enough; the cooldown and the daily cap allow it;
     * the episode is the next locked one. Then the unlock, the view's use and the cooldown's start
     * are written together.
     */
    async unlockWithAd(
      caller: EventCaller,
      body: { dramId: number; epsd: number; logId: string },
    ): Promise<AdUnlockData> {
      await requireActiveMember(caller);
      const { userId } = caller;
      const { dramId, epsd, logId } = body;
      const { ageRate, episodes } = await ctx.catalog.pricing(dramId);
      const episode = episodes.find((e) => e.number === epsd);
      if (!episode)
        throw err(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramId} has no episode ${epsd}`);
      if (episode.coin === 0) throw err(ResultCode.EPISODE_FREE, `Episode ${epsd} is free`);
      await ctx.ageGate.assertMayWatch(caller, ageRate);
      // views and coin unlocks only grow: read before the lock, they can only refuse more
      const [viewed, bought] = await Promise.all([
        ctx.watches.viewedEpisodes(userId, dramId),
        ctx.wallet.unlockedEpisodes(userId, dramId),
      ]);
      const now = clock.now();
      const day = serviceDay(now, zone);
      const limits = await adLimits();
      const used = await db.transaction(async (tx) => {
        const state = await repo.lockUserState(tx, userId);
        checkAdView(ctx, await repo.lockAdView(tx, logId), userId, 'unlock');
        checkCooldown(state.lastAdUnlockAt, limits);
        const count = await checkCap(tx, userId, day, limits);
        const byAd = await repo.adUnlockedEpisodes(tx, userId, dramId);
        const progress = {
          episodes: episodes.map((e) => ({ epsd: e.number, coin: e.coin })),
          viewed,
          unlocked: [...bought, ...byAd],
        };
        if (isEpisodePlayable(progress, epsd)) {
          throw err(ResultCode.EPISODE_ALREADY_UNLOCKED, `Episode ${epsd} is already unlocked`);
        }
        const next = unlockNumber(progress) + 1;
        if (epsd !== next) {
          throw err(ResultCode.EPISODE_NOT_NEXT, `Only episode ${next} can be unlocked next`);
        }
        if (
          !(await repo.insertAdUnlock(tx, {
            userId,
            dramaId: dramId,
            episodeNumber: epsd,
            adViewId: logId,
            day,
            unlockedAt: now,
          }))
        ) {
          throw err(ResultCode.EPISODE_ALREADY_UNLOCKED, `Episode ${epsd} is already unlocked`);
        }
        await repo.markAdViewRedeemed(tx, logId, now);
        await repo.setLastAdUnlockAt(tx, userId, now);
        await ctx.analytics?.record(
          {
            kind: 'unlock',
            key: `unlock:ad:${logId}`,
            userId,
            dramaId: dramId,
            epsd,
            method: 'ad',
            coins: 0,
            at: now,
          },
          tx,
        );
        return count + 1;
      });
      if (limits.cooldownSeconds > 0) {
        const until = now.getTime() + limits.cooldownSeconds * 1000;
        await setCooldownHint(userId, until, limits.cooldownSeconds * 1000);
      }
      return {
        dram_id: dramId,
        epsd,
        unlock_count: used,
        unlock_cap: limits.dailyCap,
        last_unlock_dtm: now.toISOString(),
      };
    },

    /**
     * GET /event/advertisement/admob-ssv: AdMob's signed callback. custom_data carries our logId;
     * the view is marked verified once; a replayed transaction id changes nothing.
     */
    async admobCallback(rawQuery: string): Promise<{ verified: boolean; duplicate: boolean }> {
      const result = await verifyAdmobCallback(rawQuery, ctx.admobKeys);
      if (!result.ok) {
        throw err(result.code, `AdMob callback: ${result.reason}`);
      }
      const logId = result.params.get('custom_data') ?? '';
      const transactionId = result.params.get('transaction_id') ?? '';
      if (!transactionId) throw err(ResultCode.BAD_REQUEST, 'transaction_id is required');
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(logId);
      const view = isUuid ? await repo.findAdView(db, logId) : undefined;
      const userId = result.params.get('user_id');
      if (!view || (userId && userId !== view.userId)) {
        throw err(ResultCode.AD_VIEW_NOT_FOUND, 'The callback names no ad view of that user');
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const fresh = await repo.insertCallback(tx, {
          transactionId,
          adViewId: view.id,
          receivedAt: now,
        });
        if (!fresh) return { verified: true, duplicate: true };
        await repo.markAdViewVerified(tx, view.id, now);
        return { verified: true, duplicate: false };
      });
    },

    /** For the operators' dashboard and viewer page. */
    adUnlocksByDay: (from: Date, to: Date) => repo.adUnlocksByDay(from, to, zone),
    async adUnlocksOf(userId: string, limit = 100) {
      return (await repo.adUnlocksOf(userId, limit)).map((u) => ({
        dramId: u.dramaId,
        epsd: u.episodeNumber,
        at: u.unlockedAt,
      }));
    },

    /** adUnlockedEpisodes() as a part of a caller's statement (decision 1300). */
    adUnlockedEpisodesPart: () => repo.adUnlockedPart(),

    /** Episodes this user unlocked with ads: playable, and counted in the unlock number. */
    async adUnlockedEpisodes(userId: string, dramaId: number): Promise<number[]> {
      return repo.adUnlockedEpisodes(db, userId, dramaId);
    },
  };
}
