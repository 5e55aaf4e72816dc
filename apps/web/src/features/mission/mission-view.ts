import { LINK_ACCOUNT, type Mission, type MissionEventData, type User } from '@snapdrama/contract';
import {
  ATTENDANCE_CYCLE,
  attendanceRewardOf,
  attendanceState,
  isMissionOpen,
  missionProgressPercent,
  missionTarget,
  showsProgressBar,
  type MissionTerms,
} from '@snapdrama/rules';

export function missionTerms(mission: Mission): MissionTerms {
  return { rewd: mission.rewd, rewdCndt: mission.rewd_cndt, rewdCnt: mission.rewd_cnt };
}

export interface AttendanceDayView {
  day: number;
  coin: number;
  checked: boolean;
}

export interface AttendanceView {
  days: AttendanceDayView[];
  attendedToday: boolean;
  /** the day number a check-in now sends; null after today's check-in */
  checkInDay: number | null;
}

/**
 * The 7-day row (spec §4): days below the next day show as checked; the check button is off
 * after today's check-in. The day arithmetic is the shared rule's.
 */
export function attendanceView(data: MissionEventData): AttendanceView {
  const latest = data.userTodayAttendance ?? data.userAttendance;
  const state = attendanceState(
    latest ? { cnscAtdn: latest.cnsc_atdn, day: latest.atdn_dt } : null,
    data.today,
  );
  const rewards = data.attendanceRewardList.map((r) => ({ cnscAtdn: r.cnsc_atdn, coin: r.coin }));
  const days = Array.from({ length: ATTENDANCE_CYCLE }, (_, i) => ({
    day: i + 1,
    coin: attendanceRewardOf(rewards, i + 1),
    checked: i + 1 < state.nextDay,
  }));
  return { days, attendedToday: state.attendedToday, checkInDay: state.checkInDay };
}

export interface MissionView {
  mission: Mission;
  open: boolean;
  target: number;
  /** shown only when the target exceeds 1 (spec §4) */
  progressPercent: number | null;
}

export function missionView(mission: Mission): MissionView {
  const terms = missionTerms(mission);
  return {
    mission,
    open: isMissionOpen(terms, mission.user_mssn_count),
    target: missionTarget(terms),
    progressPercent: showsProgressBar(terms)
      ? missionProgressPercent(terms, mission.user_mssn_count)
      : null,
  };
}

/**
 * The link-account mission to claim after sign-in (spec §4): a non-guest whose connect_sns
 * mission is still open (rewd_cnt × rewd_cndt above user_mssn_count).
 */
export function linkAccountToClaim(
  user: Pick<User, 'auth_mthd'> | undefined,
  missions: readonly Mission[] | undefined,
): Mission | undefined {
  if (!user || user.auth_mthd === 'guest' || !missions) return undefined;
  const link = missions.find((m) => m.mssn_id === LINK_ACCOUNT);
  return link && isMissionOpen(missionTerms(link), link.user_mssn_count) ? link : undefined;
}
