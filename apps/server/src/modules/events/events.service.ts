import type { AdConfigData, MissionEventData, MissionId } from '@snapdrama/contract';
import {
  adCooldownLeftSeconds,
  attendanceState,
  formatInZone,
  missionPeriodKey,
  nextDay,
  parseIsoDate,
  serviceDay,
  zonedDayStart,
  type MissionPeriodKind,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import type { ReadPart } from '../../db/read-parts';
import { createAdRewards } from './ad-rewards';
import { createAttendance } from './attendance';
import {
  createEventsContext,
  type AdLimits,
  type EventCaller,
  type EventsDeps,
} from './events-context';
import type { UserStateRow } from './events.repository';
import { createMissions } from './missions';

export type { AdLimits, EventCaller, WatchLogSource } from './events-context';
export type { MissionSettings } from './missions';

/**
 * Missions, attendance and rewarded ads (missions.ts, attendance.ts, ad-rewards.ts, over the
 * context of events-context.ts), and what reads them together: the mission page, the ad
 * settings, and the events part of user info.
 */
export function createEventsService(deps: EventsDeps) {
  const ctx = createEventsContext(deps);
  const { repo, clock, config, db, zone, adLimits, today, requireMember } = ctx;

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

  return {
    ...createMissions(ctx),
    ...createAttendance(ctx),
    ...createAdRewards(ctx),

    /** Who unlocked episodes of a drama with ads, as SQL (the console's impact, decision 1540). */
    adUnlockersOf: (dramaId: number) => repo.adUnlockersOf(dramaId),

    /**
     * A member's last check-in day and today's service day (push reminders of an attendance
     * streak about to break, decision 1520).
     */
    async attendanceDays(
      userId: string,
    ): Promise<{ lastCheckInDay: string | null; today: string }> {
      const day = today();
      const latest = await repo.latestAttendance(db, userId, day);
      return { lastCheckInDay: latest?.day ?? null, today: day };
    },

    /** GET /event/mission-event */
    async missionEvent(caller: EventCaller): Promise<MissionEventData> {
      requireMember(caller);
      await ctx.settleRewards(caller.userId);
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

    /** GET /event/ad-config */
    async adConfig(): Promise<AdConfigData> {
      const [limits, mission, attendance] = await Promise.all([
        adLimits(),
        ctx.wallet.bonusValidityDays('mission'),
        ctx.wallet.bonusValidityDays('attendance'),
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

    /** auth AccountDataHooks: guests have no event rows to move; a withdrawal erases them. */
    transferUserData: (): Promise<void> => Promise.resolve(),
    eraseUserData: (userId: string, tx: Tx) => repo.eraseUser(tx, userId),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
