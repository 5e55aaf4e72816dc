import {
  ResultCode,
  WATCH_MISSION_RATIO,
  type AdConfigData,
  type AdPlatform,
  type AdType,
  type AdUnlockData,
  type AdvertisementData,
  type AttendanceData,
  type AuthMethod,
  type ErrorCode,
  type MissionData,
  type MissionEventData,
  type MissionId,
} from '@snapdrama/contract';
import {
  adCooldownLeftSeconds,
  adUnlockWithinCap,
  applyMissionReport,
  attendanceRewardOf,
  attendanceState,
  isEpisodePlayable,
  missionPeriodKey,
  parseIsoDate,
  serviceDay,
  formatInZone,
  nextDay,
  zonedDayStart,
  unlockNumber,
  watchReachesMission,
  type MissionPeriodKind,
  type ViewedEpisode,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { EventsConfig } from '../../config';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Redis } from '../../redis';
import type { CatalogService } from '../catalog/catalog.service';
import type { AgeGateCheck } from '../identity/identity.service';
import type { WalletService } from '../wallet/wallet.service';
import { verifyAdmobCallback, type AdmobKeySource } from './admob-ssv';
import type { ReadPart } from '../../db/read-parts';
import type { AdViewRow, EventsRepository, MissionRow, UserStateRow } from './events.repository';

const HOUR_MS = 3_600_000;
/** A watch log older than this no longer counts for the watch mission. */
const WATCH_LOG_MAX_AGE_MS = 24 * HOUR_MS;

/** The operator-set limits of ad unlocks. */
export interface AdLimits {
  cooldownSeconds: number;
  dailyCap: number;
}

export interface EventCaller {
  userId: string;
  authMethod: AuthMethod;
}

/** What events needs from playback: the server's own record of a viewing and of views. */
export interface WatchLogSource {
  watchLog(
    userId: string,
    logId: string,
  ): Promise<
    { dramaId: number; epsd: number; startedAt: Date; watchedSeconds: number } | undefined
  >;
  viewedEpisodes(userId: string, dramaId: number): Promise<ViewedEpisode[]>;
}

const err = (code: ErrorCode, message: string) => new AppError(code, message);

/** A mission as operators edit it. */
export interface MissionSettings {
  id: string;
  nameKey: string;
  reward: number;
  condition: number;
  rewardCount: number;
  period: 'D' | 'O';
  sortOrder: number;
  active: boolean;
}

const toMissionSettings = (m: MissionRow): MissionSettings => ({
  id: m.id,
  nameKey: m.nameKey,
  reward: m.reward,
  condition: m.condition,
  rewardCount: m.rewardCount,
  period: m.period === 'O' ? 'O' : 'D',
  sortOrder: m.sortOrder,
  active: m.active,
});

export function createEventsService(deps: {
  repo: EventsRepository;
  clock: Clock;
  wallet: Pick<WalletService, 'grant' | 'balances' | 'unlockedEpisodes' | 'bonusValidityDays'>;
  catalog: Pick<CatalogService, 'pricing' | 'episode'>;
  watches: WatchLogSource;
  admobKeys: AdmobKeySource;
  config: EventsConfig;
  serviceTimeZone: string;
  /** helper only: a fast refusal inside the cooldown; PostgreSQL decides */
  redis?: Redis;
  redisPrefix?: string;
  /**
   * The ad-unlock cooldown and daily cap as operators set them (economy settings), read per call
   * so a change needs no redeploy; the environment's values when absent.
   */
  adLimits?: () => Promise<AdLimits>;
  /** the age gate (identity): an adult-only drama's episode is refused before the ad is used */
  ageGate: AgeGateCheck;
}) {
  const { repo, clock, config } = deps;
  const adLimits =
    deps.adLimits ??
    (() =>
      Promise.resolve({
        cooldownSeconds: config.adUnlockCooldownSeconds,
        dailyCap: config.adUnlockDailyCap,
      }));
  const db = repo.db;
  const zone = deps.serviceTimeZone;
  const cooldownKey = (userId: string) =>
    `${deps.redisPrefix ?? 'snapdrama'}:ad-cooldown:${userId}`;
  // The hint is asked only of a connected Redis and its failures are ignored: without it the
  // locked row still refuses, so an outage costs a database round trip, never a failed request.
  const hintRedis = () => (deps.redis?.status === 'ready' ? deps.redis : undefined);
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

  const today = () => serviceDay(clock.now(), zone);

  /** User info's events part (ad unlocks, attendance) from what the repository read. */
  function userStateOf(row: UserStateRow, now: Date, day: string, limits: AdLimits) {
    const state = attendanceState(
      row.latestAttendance
        ? { cnscAtdn: row.latestAttendance.cnscAtdn, day: row.latestAttendance.day }
        : null,
      day,
    );
    return {
      unlock_count: row.unlocksToday,
      unlock_cap: limits.dailyCap,
      last_unlock_dtm: row.lastAdUnlockAt ? row.lastAdUnlockAt.toISOString() : null,
      unlock_cooldown_sec: adCooldownLeftSeconds(
        now.getTime(),
        row.lastAdUnlockAt?.getTime() ?? null,
        limits.cooldownSeconds,
      ),
      atdn_today_yn: state.attendedToday ? ('Y' as const) : ('N' as const),
      next_cnsc_atdn: state.nextDay,
    };
  }

  function nextDayStart(day: string): Date {
    const parsed = parseIsoDate(day);
    if (!parsed) throw new Error(`bad service day ${day}`);
    return zonedDayStart(nextDay(parsed), zone);
  }

  /** spec §6: guests are sent to login for every event call. */
  function requireMember(caller: EventCaller): void {
    if (caller.authMethod === 'guest') {
      throw err(ResultCode.EVENT_GUEST_NOT_ALLOWED, 'Sign in to take part in events');
    }
  }

  /**
   * Credits every reward recorded but not yet credited (a crash between the two commits), each
   * through wallet.grant under its own idempotency key, so it is credited exactly once.
   */
  async function settleRewards(userId: string): Promise<void> {
    const [days, steps] = await Promise.all([
      repo.ungrantedAttendances(userId),
      repo.ungrantedMissionRewards(userId),
    ]);
    for (const a of days) {
      if (a.reward > 0) {
        await deps.wallet.grant({
          userId,
          kind: 'bonus',
          amount: a.reward,
          source: 'attendance',
          sourceRef: `day ${a.cnscAtdn}`,
          idempotencyKey: `attendance:${userId}:${a.day}`,
        });
      }
      await repo.markAttendanceGranted(userId, a.day, clock.now());
    }
    for (const r of steps) {
      if (r.amount > 0) {
        await deps.wallet.grant({
          userId,
          kind: 'bonus',
          amount: r.amount,
          source: 'mission',
          sourceRef: r.missionId,
          idempotencyKey: `mission:${userId}:${r.missionId}:${r.period}:${r.step}`,
        });
      }
      await repo.markMissionRewardGranted(r, clock.now());
    }
  }

  /** The checks every redemption of an ad view makes, on the locked row. */
  function checkAdView(view: AdViewRow | undefined, userId: string, type: AdType): AdViewRow {
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

  async function balances(userId: string) {
    const coinList = await deps.wallet.balances(userId);
    return { coin: coinList.paid + coinList.bonus, coin_list: coinList };
  }

  /**
   * One report of a mission in one transaction: lock the user's progress row of the period, record
   * what is counted under its unique key, count it, and record a completed step's reward under
   * (user, mission, period, step). The coins follow through the wallet after the commit.
   */
  async function report(
    caller: EventCaller,
    mission: MissionRow,
    ref: string,
    inTx?: (tx: Tx) => Promise<void>,
  ): Promise<MissionData> {
    const now = clock.now();
    const period = missionPeriodKey(mission.period as MissionPeriodKind, serviceDay(now, zone));
    const key = { userId: caller.userId, missionId: mission.id, period };
    const terms = {
      rewd: mission.reward,
      rewdCndt: mission.condition,
      rewdCnt: mission.rewardCount,
    };
    const outcome = await db.transaction(async (tx) => {
      const current = await repo.lockProgress(tx, key, now);
      const next = applyMissionReport(terms, current);
      if (next.kind === 'completed_already') {
        throw err(ResultCode.MISSION_COMPLETED, `Mission ${mission.id} is completed already`);
      }
      // the ad view's own checks first, so a replayed logId says it was used
      if (inTx) await inTx(tx);
      if (!(await repo.insertReport(tx, { ...key, ref, createdAt: now }))) {
        throw err(ResultCode.MISSION_ALREADY_REPORTED, 'This was counted for the mission already');
      }
      await repo.setProgress(tx, key, next.count, now);
      if (next.step !== null && next.reward > 0) {
        await repo.insertMissionReward(tx, {
          ...key,
          step: next.step,
          amount: next.reward,
          createdAt: now,
        });
      }
      return next;
    });
    await settleRewards(caller.userId);
    return {
      mssn_id: mission.id as MissionId,
      user_mssn_count: outcome.count,
      rewd_coin: outcome.reward,
      completed: outcome.count >= terms.rewdCndt * terms.rewdCnt,
      ...(await balances(caller.userId)),
    };
  }

  return {
    /** GET /event/mission-event */
    async missionEvent(caller: EventCaller): Promise<MissionEventData> {
      requireMember(caller);
      await settleRewards(caller.userId);
      const day = today();
      const [missionRows, rewards, latest] = await Promise.all([
        repo.activeMissions(),
        repo.attendanceRewards(),
        repo.latestAttendance(db, caller.userId, day),
      ]);
      const pairs = missionRows.map((m) => ({
        missionId: m.id,
        period: missionPeriodKey(m.period as MissionPeriodKind, day),
      }));
      const counts = await repo.progressCounts(caller.userId, pairs);
      const state = attendanceState(
        latest ? { cnscAtdn: latest.cnscAtdn, day: latest.day } : null,
        day,
      );
      const record = latest
        ? {
            cnsc_atdn: latest.cnscAtdn,
            atdn_dt: latest.day,
            rgst_dtm: latest.createdAt.toISOString(),
          }
        : null;
      return {
        attendanceRewardList: rewards.map((r) => ({ cnsc_atdn: r.cnscAtdn, coin: r.coin })),
        userAttendance: record,
        userTodayAttendance: state.attendedToday ? record : null,
        missionList: missionRows.map((m) => ({
          mssn_id: m.id as MissionId,
          mssn_name_lang_key: m.nameKey,
          rewd: m.reward,
          rewd_cndt: m.condition,
          rewd_cnt: m.rewardCount,
          user_mssn_count: counts.get(m.id) ?? 0,
          mssn_perd: m.period as MissionPeriodKind,
        })),
        next_cnsc_atdn: state.nextDay,
        today: day,
        next_day_start: formatInZone(nextDayStart(day), zone),
      };
    },

    /**
     * POST /event/attendance. The check-in row's key (user, service day) lets one request of any
     * number win; its reward is credited with the idempotency key attendance:user:day.
     */
    async checkIn(caller: EventCaller, claimedDay: number | undefined): Promise<AttendanceData> {
      requireMember(caller);
      const now = clock.now();
      const day = serviceDay(now, zone);
      const latest = await repo.latestAttendance(db, caller.userId, day);
      const state = attendanceState(
        latest ? { cnscAtdn: latest.cnscAtdn, day: latest.day } : null,
        day,
      );
      if (state.checkInDay === null) {
        throw err(ResultCode.ALREADY_ATTENDED, 'You have checked in today already');
      }
      if (claimedDay !== undefined && claimedDay !== state.checkInDay) {
        throw err(
          ResultCode.ATTENDANCE_DAY_MISMATCH,
          `Today is day ${state.checkInDay} of your attendance, not day ${claimedDay}`,
        );
      }
      const reward = attendanceRewardOf(await repo.attendanceRewards(), state.checkInDay);
      const row = await repo.insertAttendance(db, {
        userId: caller.userId,
        day,
        cnscAtdn: state.checkInDay,
        reward,
        createdAt: now,
      });
      if (!row) throw err(ResultCode.ALREADY_ATTENDED, 'You have checked in today already');
      await settleRewards(caller.userId);
      return {
        cnsc_atdn: row.cnscAtdn,
        atdn_dt: row.day,
        rewd_coin: reward,
        ...(await balances(caller.userId)),
      };
    },

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
      requireMember(caller);
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

    /** POST /event/mission */
    async reportMission(
      caller: EventCaller,
      body: { mssnId: MissionId; logId?: string; dramId?: number; epsd?: number },
    ): Promise<MissionData> {
      requireMember(caller);
      const mission = await repo.mission(db, body.mssnId);
      if (!mission) throw err(ResultCode.MISSION_NOT_FOUND, `No mission ${body.mssnId}`);
      const id = body.mssnId;
      switch (id) {
        case 'watch_ad': {
          const logId = body.logId;
          if (!logId)
            throw err(ResultCode.MISSION_INPUT_REQUIRED, 'logId: the ad view is required');
          return report(caller, mission, `ad:${logId}`, async (tx) => {
            // the user's lock orders this redemption with ad unlocks and opens of other instances
            await repo.lockUserState(tx, caller.userId);
            checkAdView(await repo.lockAdView(tx, logId), caller.userId, 'mission');
            await repo.markAdViewRedeemed(tx, logId, clock.now());
          });
        }
        case 'watch_ep': {
          if (!body.logId) {
            throw err(ResultCode.MISSION_INPUT_REQUIRED, 'logId: the watch log is required');
          }
          const log = await deps.watches.watchLog(caller.userId, body.logId);
          if (!log) throw err(ResultCode.MISSION_WATCH_LOG_NOT_FOUND, 'No such watch log');
          if (clock.now().getTime() - log.startedAt.getTime() > WATCH_LOG_MAX_AGE_MS) {
            throw err(ResultCode.MISSION_NOT_COMPLETE, 'This watch log is too old to count');
          }
          const episode = await deps.catalog.episode(log.dramaId, log.epsd);
          if (
            !watchReachesMission(log.watchedSeconds, episode.durationSeconds, WATCH_MISSION_RATIO)
          ) {
            throw err(
              ResultCode.MISSION_NOT_COMPLETE,
              'The episode has not been watched to 90 % yet',
            );
          }
          // each episode counts once a day, however often it is watched
          return report(caller, mission, `ep:${log.dramaId}:${log.epsd}`);
        }
        case 'share_ep': {
          if (body.dramId === undefined || body.epsd === undefined) {
            throw err(ResultCode.MISSION_INPUT_REQUIRED, 'dramId and epsd: the shared episode');
          }
          await deps.catalog.episode(body.dramId, body.epsd);
          return report(caller, mission, `share:${body.dramId}:${body.epsd}`);
        }
        case 'connect_sns':
          // requireMember refused guests: a signed-in account is a linked social account
          return report(caller, mission, 'account');
      }
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
      requireMember(caller);
      const { userId } = caller;
      const { dramId, epsd, logId } = body;
      const { ageRate, episodes } = await deps.catalog.pricing(dramId);
      const episode = episodes.find((e) => e.number === epsd);
      if (!episode)
        throw err(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramId} has no episode ${epsd}`);
      if (episode.coin === 0) throw err(ResultCode.EPISODE_FREE, `Episode ${epsd} is free`);
      await deps.ageGate.assertMayWatch(caller, ageRate);
      // views and coin unlocks only grow: read before the lock, they can only refuse more
      const [viewed, bought] = await Promise.all([
        deps.watches.viewedEpisodes(userId, dramId),
        deps.wallet.unlockedEpisodes(userId, dramId),
      ]);
      const now = clock.now();
      const day = serviceDay(now, zone);
      const limits = await adLimits();
      const used = await db.transaction(async (tx) => {
        const state = await repo.lockUserState(tx, userId);
        checkAdView(await repo.lockAdView(tx, logId), userId, 'unlock');
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
      const result = await verifyAdmobCallback(rawQuery, deps.admobKeys);
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

    /** Every mission with its numbers, for operators (the console's economy page). */
    async missionsForOperators(): Promise<MissionSettings[]> {
      return (await repo.allMissions()).map(toMissionSettings);
    },

    /**
     * An operator's change of a mission's numbers (the id and name key are fixed, spec §3): the
     * next event call reads it. Returns the mission before and after, for the audit log.
     */
    async updateMission(
      id: string,
      values: Omit<MissionSettings, 'id' | 'nameKey'>,
      onChanged?: (
        tx: Tx,
        change: { before: MissionSettings; after: MissionSettings },
      ) => Promise<void>,
    ): Promise<{ before: MissionSettings; after: MissionSettings }> {
      return db.transaction(async (tx) => {
        const row = await repo.lockMission(tx, id);
        if (!row) throw err(ResultCode.MISSION_NOT_FOUND, `No mission ${id}`);
        const after = await repo.updateMission(tx, id, values);
        const change = { before: toMissionSettings(row), after: toMissionSettings(after) };
        await onChanged?.(tx, change);
        return change;
      });
    },

    /** The coins of attendance days 1 to 7. */
    async attendanceCoins(): Promise<number[]> {
      return (await repo.attendanceRewards()).map((r) => r.coin);
    },

    /** An operator's attendance table: exactly seven days (spec §9 cycle), whole coins. */
    async setAttendanceCoins(
      coins: number[],
      onChanged?: (tx: Tx, change: { before: number[]; after: number[] }) => Promise<void>,
    ): Promise<{ before: number[]; after: number[] }> {
      if (coins.length !== 7 || coins.some((c) => !Number.isSafeInteger(c) || c < 0 || c > 100_000))
        throw err(ResultCode.BAD_REQUEST, 'coins: seven whole numbers from 0 to 100000');
      return db.transaction(async (tx) => {
        const before = (await repo.attendanceRewards(tx)).map((r) => r.coin);
        await repo.replaceAttendanceRewards(tx, coins);
        const change = { before, after: [...coins] };
        await onChanged?.(tx, change);
        return change;
      });
    },

    /** GET /event/ad-config */
    async adConfig(): Promise<AdConfigData> {
      const [limits, mission, attendance] = await Promise.all([
        adLimits(),
        deps.wallet.bonusValidityDays('mission'),
        deps.wallet.bonusValidityDays('attendance'),
      ]);
      return {
        stand_in: config.adStandIn,
        min_view_sec: config.adMinViewSeconds,
        cooldown_sec: limits.cooldownSeconds,
        unlock_cap: limits.dailyCap,
        mission_ad_units: config.missionAdUnits,
        rewd_valid_days: { mission, attendance },
      };
    },

    /** The user-info fields of events (unlock_count and the rest). */
    async userState(userId: string) {
      const now = clock.now();
      const day = serviceDay(now, zone);
      const [used, last, latest, limits] = await Promise.all([
        repo.adUnlocksOnDay(db, userId, day),
        repo.lastAdUnlockAt(userId),
        repo.latestAttendance(db, userId, day),
        adLimits(),
      ]);
      return userStateOf(
        { unlocksToday: used, lastAdUnlockAt: last, latestAttendance: latest ?? null },
        now,
        day,
        limits,
      );
    },

    /** userState() as a part of a caller's statement (decision 1300). */
    userStatePart(): ReadPart<Promise<ReturnType<typeof userStateOf>>> {
      const part = repo.userStatePart();
      return {
        sql: part.sql,
        bind: () => {
          const now = clock.now();
          const day = serviceDay(now, zone);
          return {
            values: part.dayValues(day),
            // the operators' limits come from the economy settings' memory (decision 1240)
            decode: async (raw) => userStateOf(part.decode(raw), now, day, await adLimits()),
          };
        },
      };
    },

    /** adUnlockedEpisodes() as a part of a caller's statement (decision 1300). */
    adUnlockedEpisodesPart: () => repo.adUnlockedPart(),

    /** Episodes this user unlocked with ads: playable, and counted in the unlock number. */
    async adUnlockedEpisodes(userId: string, dramaId: number): Promise<number[]> {
      return repo.adUnlockedEpisodes(db, userId, dramaId);
    },

    /** auth AccountDataHooks: guests have no event rows to move; a withdrawal erases them. */
    transferUserData: (): Promise<void> => Promise.resolve(),
    eraseUserData: (userId: string, tx: Tx) => repo.eraseUser(tx, userId),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
