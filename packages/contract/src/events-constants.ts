// Plain constants of missions, attendance and rewarded ads, with no schema library behind them,
// so web chunks that only need these do not bundle zod (a strict CSP reports zod's eval probe).
/** Attendance cycle (spec §9): day 7 is followed by day 1. */
export const ATTENDANCE_CYCLE_DAYS = 7;
/** Seconds between two ad unlocks (spec §9), counted from the last ad unlock. */
export const AD_UNLOCK_COOLDOWN_SECONDS = 180;
/** Ad slots tried in turn per drama, and the fixed list of mission ad units (spec §9). */
export const AD_SLOT_COUNT = 5;
/** Watch mission: reported at 90 % of the episode (spec §9). */
export const WATCH_MISSION_RATIO = 0.9;

/** Fixed mission ids, which are also their types (spec §3). */
export const MISSION_IDS = ['watch_ad', 'watch_ep', 'share_ep', 'connect_sns'] as const;
export type MissionId = (typeof MISSION_IDS)[number];
/** The spec's other names of two missions. */
export const LINK_ACCOUNT: MissionId = 'connect_sns';
export const SHARE_EPISODE: MissionId = 'share_ep';
export const WATCH_AD: MissionId = 'watch_ad';
export const WATCH_EPISODE: MissionId = 'watch_ep';

/** D: resets at the service day's midnight; O: granted once per account. */
export const MISSION_PERIODS = ['D', 'O'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/** Ad data type (spec §3): an ad that unlocks an episode or one that counts for a mission. */
export const AD_TYPES = ['unlock', 'mission'] as const;
export type AdType = (typeof AD_TYPES)[number];
/** Where the ad plays; native views may be confirmed by the ad network server-to-server. */
export const AD_PLATFORMS = ['web', 'aos', 'ios'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/** Paths of the events API (under API_BASE). */
export const EVENT_PATHS = {
  missionEvent: '/event/mission-event',
  attendance: '/event/attendance',
  advertisement: '/event/advertisement',
  mission: '/event/mission',
  adConfig: '/event/ad-config',
  adUnlock: '/drama/episode/unlock/advertisement',
  /** AdMob server-side verification callback (GET, signed query string) */
  admobSsv: '/event/advertisement/admob-ssv',
} as const;
