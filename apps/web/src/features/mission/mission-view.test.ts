import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mission, MissionEventData } from '@snapdrama/contract';
import { attendanceView, linkAccountToClaim, missionView } from './mission-view';
import { dayRefreshDelay, serverClockSkewMs } from './time-manager';

const rewards = [10, 10, 20, 20, 30, 30, 50].map((coin, i) => ({ cnsc_atdn: i + 1, coin }));
const mark = (cnsc_atdn: number, atdn_dt: string) => ({
  cnsc_atdn,
  atdn_dt,
  rgst_dtm: `${atdn_dt}T09:00:00.000+09:00`,
});

function eventData(partial: Partial<MissionEventData>): MissionEventData {
  return {
    attendanceRewardList: rewards,
    userAttendance: null,
    userTodayAttendance: null,
    missionList: [],
    next_cnsc_atdn: 1,
    today: '2026-11-23',
    next_day_start: '2026-11-24T00:00:00.000+09:00',
    ...partial,
  };
}

const checked = (data: MissionEventData) =>
  attendanceView(data)
    .days.filter((d) => d.checked)
    .map((d) => d.day);

describe('attendance row (spec §4)', () => {
  it.each([
    { name: 'never attended', data: {}, checked: [], checkIn: 1, attended: false },
    {
      name: 'attended yesterday on day 3',
      data: { userAttendance: mark(3, '2026-11-22') },
      checked: [1, 2, 3],
      checkIn: 4,
      attended: false,
    },
    {
      name: 'attended today on day 4',
      data: { userAttendance: mark(4, '2026-11-23'), userTodayAttendance: mark(4, '2026-11-23') },
      checked: [1, 2, 3, 4],
      checkIn: null,
      attended: true,
    },
    {
      name: 'missed a day after day 5',
      data: { userAttendance: mark(5, '2026-11-21') },
      checked: [],
      checkIn: 1,
      attended: false,
    },
    {
      name: 'day 7 yesterday restarts the week',
      data: { userAttendance: mark(7, '2026-11-22') },
      checked: [],
      checkIn: 1,
      attended: false,
    },
    {
      name: 'day 7 today: the whole week checked',
      data: { userAttendance: mark(7, '2026-11-23'), userTodayAttendance: mark(7, '2026-11-23') },
      checked: [1, 2, 3, 4, 5, 6, 7],
      checkIn: null,
      attended: true,
    },
  ])('$name', ({ data, checked: want, checkIn, attended }) => {
    const d = eventData(data);
    const view = attendanceView(d);
    expect(checked(d)).toEqual(want);
    expect(view.checkInDay).toBe(checkIn);
    expect(view.attendedToday).toBe(attended);
    expect(view.days.map((x) => x.coin)).toEqual([10, 10, 20, 20, 30, 30, 50]);
  });
});

const mission = (m: Partial<Mission>): Mission => ({
  mssn_id: 'watch_ad',
  mssn_name_lang_key: 'mission.watch_ad',
  rewd: 5,
  rewd_cndt: 1,
  rewd_cnt: 5,
  user_mssn_count: 0,
  mssn_perd: 'D',
  ...m,
});

describe('mission rows (spec §4)', () => {
  it.each([
    { m: { rewd_cndt: 1, rewd_cnt: 1, user_mssn_count: 0 }, open: true, bar: null },
    { m: { rewd_cndt: 1, rewd_cnt: 1, user_mssn_count: 1 }, open: false, bar: null },
    { m: { rewd_cndt: 1, rewd_cnt: 5, user_mssn_count: 2 }, open: true, bar: 40 },
    { m: { rewd_cndt: 3, rewd_cnt: 1, user_mssn_count: 1 }, open: true, bar: 33 },
    { m: { rewd_cndt: 1, rewd_cnt: 5, user_mssn_count: 5 }, open: false, bar: 100 },
    { m: { rewd_cndt: 1, rewd_cnt: 5, user_mssn_count: 9 }, open: false, bar: 100 },
  ])('$m → open $open, bar $bar', ({ m, open, bar }) => {
    const view = missionView(mission(m));
    expect(view.open).toBe(open);
    expect(view.progressPercent).toBe(bar);
  });

  it('the bar is never above 100 % and only shows for targets above 1', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), fc.nat(200), (cndt, cnt, count) => {
        const view = missionView(
          mission({ rewd_cndt: cndt, rewd_cnt: cnt, user_mssn_count: count }),
        );
        if (cndt * cnt > 1) {
          expect(view.progressPercent).not.toBeNull();
          expect(view.progressPercent ?? -1).toBeGreaterThanOrEqual(0);
          expect(view.progressPercent ?? 101).toBeLessThanOrEqual(100);
        } else {
          expect(view.progressPercent).toBeNull();
        }
        expect(view.open).toBe(count < cndt * cnt);
      }),
    );
  });
});

describe('link-account auto-claim (spec §4)', () => {
  const link = (count: number) =>
    mission({
      mssn_id: 'connect_sns',
      rewd_cndt: 1,
      rewd_cnt: 1,
      user_mssn_count: count,
      mssn_perd: 'O',
    });
  it.each([
    { auth: 'guest', missions: [link(0)], want: false },
    { auth: 'google', missions: [link(0)], want: true },
    { auth: 'kakao', missions: [link(1)], want: false },
    { auth: 'apple', missions: [mission({})], want: false },
  ] as const)('$auth → $want', ({ auth, missions, want }) => {
    expect(linkAccountToClaim({ auth_mthd: auth }, missions) !== undefined).toBe(want);
  });
  it('waits for the missions', () => {
    expect(linkAccountToClaim({ auth_mthd: 'google' }, undefined)).toBeUndefined();
    expect(linkAccountToClaim(undefined, [link(0)])).toBeUndefined();
  });
});

describe('time manager (spec §4: next server-day start + 5 s)', () => {
  const nextDay = '2026-11-24T00:00:00.000+09:00';
  const at = (iso: string) => Date.parse(iso);
  it.each([
    { now: '2026-11-23T23:59:00.000+09:00', want: 65_000 },
    { now: '2026-11-23T12:00:00.000+09:00', want: 12 * 3600_000 + 5000 },
    { now: '2026-11-23T23:59:59.999+09:00', want: 5001 },
  ])('at $now waits $want ms', ({ now, want }) => {
    expect(dayRefreshDelay(nextDay, at(now))).toBe(want);
  });
  it('nothing to wait for when the day start is past or unknown', () => {
    expect(dayRefreshDelay(nextDay, at('2026-11-24T00:00:00.000+09:00'))).toBeNull();
    expect(dayRefreshDelay(undefined, 0)).toBeNull();
    expect(dayRefreshDelay('not a date', 0)).toBeNull();
  });
  it('counts on the server clock: a browser 2 minutes behind still refreshes on time', () => {
    const serverNow = at('2026-11-23T23:59:00.000+09:00');
    const browserNow = serverNow - 120_000;
    const skew = serverClockSkewMs('2026-11-23T23:59:00.000+09:00', browserNow);
    expect(skew).toBe(120_000);
    expect(dayRefreshDelay(nextDay, browserNow + skew)).toBe(65_000);
    expect(serverClockSkewMs(undefined, browserNow)).toBe(0);
  });
});
