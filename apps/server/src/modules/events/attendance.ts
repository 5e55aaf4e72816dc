import { ResultCode, type AttendanceData } from '@snapdrama/contract';
import { attendanceRewardOf, attendanceState, serviceDay } from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { eventsError as err, type EventCaller, type EventsContext } from './events-context';

/** Daily attendance: a viewer's check-in and its coins, and the operators' table of days 1-7. */
export function createAttendance(ctx: EventsContext) {
  const { repo, clock, db, zone, requireActiveMember } = ctx;
  return {
    /**
     * POST /event/attendance. The check-in row's key (user, service day) lets one request of any
     * number win; its reward is credited with the idempotency key attendance:user:day.
     */
    async checkIn(caller: EventCaller, claimedDay: number | undefined): Promise<AttendanceData> {
      await requireActiveMember(caller);
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
      await ctx.settleRewards(caller.userId);
      return {
        cnsc_atdn: row.cnscAtdn,
        atdn_dt: row.day,
        rewd_coin: reward,
        ...(await ctx.balances(caller.userId)),
      };
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
  };
}
