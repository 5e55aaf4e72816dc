import { z } from 'zod';
import { episodeNumber, idParam, timestamp } from './primitives';
import { coinList } from './user';
import {
  AD_PLATFORMS,
  AD_TYPES,
  ATTENDANCE_CYCLE_DAYS,
  MISSION_IDS,
  MISSION_PERIODS,
} from './events-constants';

// Missions, daily attendance and rewarded ads (spec §2 mission page, §3, §4, §7, §9).

const missionIdSchema = z.enum(MISSION_IDS, {
  error: `must be one of ${MISSION_IDS.join(', ')}`,
});
const logIdSchema = z.uuid('must be a UUID');

// ---------------------------------------------------------------- GET /event/mission-event

export const attendanceReward = z.object({
  /** day number in the cycle, 1..7 */
  cnsc_atdn: z.number().int(),
  /** bonus coins credited for that day */
  coin: z.number().int(),
});
export type AttendanceReward = z.infer<typeof attendanceReward>;

/** One check-in: its day number in the cycle and its service day (YYYY-MM-DD). */
export const attendanceRecord = z.object({
  cnsc_atdn: z.number().int(),
  atdn_dt: z.string(),
  rgst_dtm: timestamp,
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

export const mission = z.object({
  mssn_id: missionIdSchema,
  /** dictionary key of the mission's name */
  mssn_name_lang_key: z.string(),
  /** bonus coins per completed step */
  rewd: z.number().int(),
  /** reports needed for one step */
  rewd_cndt: z.number().int(),
  /** steps that can be rewarded in one period */
  rewd_cnt: z.number().int(),
  /** reports counted in the current period; the mission is open while this < rewd_cndt × rewd_cnt */
  user_mssn_count: z.number().int(),
  mssn_perd: z.enum(MISSION_PERIODS),
});
export type Mission = z.infer<typeof mission>;

export const missionEventData = z.object({
  attendanceRewardList: z.array(attendanceReward),
  /** the latest check-in before or on today, null if none */
  userAttendance: attendanceRecord.nullable(),
  /** today's check-in (service day), null if not checked in yet */
  userTodayAttendance: attendanceRecord.nullable(),
  missionList: z.array(mission),
  /**
   * The spec's next day (§4), computed by the server with attendanceState of packages/rules:
   * days below it show as checked; before today's check-in it is the day a check-in records.
   */
  next_cnsc_atdn: z.number().int(),
  /** today's service day, YYYY-MM-DD */
  today: z.string(),
  /** the next service-day start, ISO 8601 with offset: the time manager refreshes then + 5 s */
  next_day_start: z.string(),
});
export type MissionEventData = z.infer<typeof missionEventData>;

// ---------------------------------------------------------------- POST /event/attendance

/**
 * cnscAtdn is the day number the page shows (it sends it as continousAttendance's value). The
 * server computes the day itself; a different number is refused (ATTENDANCE_DAY_MISMATCH) so the
 * page refetches rather than showing a reward that is not the one credited.
 */
export const attendanceBody = z.object({
  cnscAtdn: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(ATTENDANCE_CYCLE_DAYS, `must be ${ATTENDANCE_CYCLE_DAYS} or less`)
    .optional(),
});
export type AttendanceBody = z.infer<typeof attendanceBody>;

export const attendanceData = z.object({
  cnsc_atdn: z.number().int(),
  atdn_dt: z.string(),
  /** bonus coins credited by this check-in */
  rewd_coin: z.number().int(),
  /** valid balance after */
  coin: z.number().int(),
  coin_list: coinList,
});
export type AttendanceData = z.infer<typeof attendanceData>;

// ---------------------------------------------------------------- POST /event/advertisement

export const advertisementBody = z.object({
  advrType: z.enum(AD_TYPES, { error: `must be one of ${AD_TYPES.join(', ')}` }),
  /** defaults to web; native apps say which app shows the ad */
  advrPlatform: z
    .enum(AD_PLATFORMS, { error: `must be one of ${AD_PLATFORMS.join(', ')}` })
    .optional(),
});
export type AdvertisementBody = z.infer<typeof advertisementBody>;

export const advertisementData = z.object({
  /** the ad view; redeem it once, after min_view_sec, for an unlock or a mission */
  logId: z.string(),
  advrType: z.enum(AD_TYPES),
  /** seconds the ad must run before the view can be redeemed */
  min_view_sec: z.number().int(),
  /** the view cannot be redeemed after this time (ISO 8601) */
  expr_dtm: timestamp,
});
export type AdvertisementData = z.infer<typeof advertisementData>;

// ---------------------------------------------------------------- POST /event/mission

/**
 * A mission report. watch_ad: logId of an ad view of type mission. watch_ep: logId of the
 * episode's watch log (POST /drama/episode). share_ep: dramId and epsd of the shared episode.
 * connect_sns: nothing else (non-guest accounts only).
 */
export const missionBody = z.object({
  mssnId: missionIdSchema,
  logId: logIdSchema.optional(),
  dramId: idParam.optional(),
  epsd: episodeNumber.optional(),
});
export type MissionBody = z.infer<typeof missionBody>;

export const missionData = z.object({
  mssn_id: missionIdSchema,
  user_mssn_count: z.number().int(),
  /** bonus coins credited by this report (0 when it completed no step) */
  rewd_coin: z.number().int(),
  /** true when user_mssn_count reached rewd_cndt × rewd_cnt */
  completed: z.boolean(),
  coin: z.number().int(),
  coin_list: coinList,
});
export type MissionData = z.infer<typeof missionData>;

// ---------------------------------------------------------------- POST /drama/episode/unlock/advertisement

export const adUnlockBody = z.object({
  dramId: idParam,
  epsd: episodeNumber,
  logId: logIdSchema,
});
export type AdUnlockBody = z.infer<typeof adUnlockBody>;

export const adUnlockData = z.object({
  dram_id: z.number().int(),
  epsd: z.number().int(),
  /** ad unlocks used today, this one included */
  unlock_count: z.number().int(),
  unlock_cap: z.number().int(),
  /** time of this unlock (ISO 8601); the next ad unlock opens AD_UNLOCK_COOLDOWN_SECONDS later */
  last_unlock_dtm: timestamp,
});
export type AdUnlockData = z.infer<typeof adUnlockData>;

// ---------------------------------------------------------------- GET /event/ad-config

/** What the web needs to run ads: limits and the fixed mission ad units. No sign-in needed. */
export const adConfigData = z.object({
  /** the server accepts the local stand-in ad (never in production) */
  stand_in: z.boolean(),
  min_view_sec: z.number().int(),
  cooldown_sec: z.number().int(),
  unlock_cap: z.number().int(),
  /** GPT rewarded ad unit paths for mission ads, up to AD_SLOT_COUNT; empty: use the stand-in */
  mission_ad_units: z.array(z.string()),
  /**
   * days the coins of a mission and of a check-in stay valid, as operators set them (null: no
   * expiry): what the mission page's guide says, never a constant of the page (issue 40 item 5)
   */
  rewd_valid_days: z.object({
    mission: z.number().int().nullable(),
    attendance: z.number().int().nullable(),
  }),
});
export type AdConfigData = z.infer<typeof adConfigData>;
