/** Missions (spec §3 "Mission", §4 "Mission", "Watch mission", "Time manager"). */

export interface MissionTerms {
  /** bonus coins per completed step */
  rewd: number;
  /** reports needed for one step */
  rewdCndt: number;
  /** steps rewarded per period */
  rewdCnt: number;
}

/** D resets at the service day's midnight; O is granted once per account. */
export type MissionPeriodKind = 'D' | 'O';

/** Reports that complete the mission: condition × reward count. */
export function missionTarget(m: MissionTerms): number {
  return m.rewdCndt * m.rewdCnt;
}

/** Open (its button enabled) while the user's count is below the target. */
export function isMissionOpen(m: MissionTerms, userCount: number): boolean {
  return userCount < missionTarget(m);
}

/** The progress bar shows only when the target exceeds 1. */
export function showsProgressBar(m: MissionTerms): boolean {
  return missionTarget(m) > 1;
}

/** Progress in percent, capped at 100. */
export function missionProgressPercent(m: MissionTerms, userCount: number): number {
  const target = missionTarget(m);
  if (target <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((userCount / target) * 100)));
}

/** The period a report on `today` (YYYY-MM-DD service day) counts in. */
export function missionPeriodKey(kind: MissionPeriodKind, today: string): string {
  switch (kind) {
    case 'D':
      return today;
    case 'O':
      return 'once';
  }
}

export type MissionReportOutcome =
  | { kind: 'completed_already' }
  | {
      kind: 'counted';
      /** the user's count after this report */
      count: number;
      /** the step this report completed (1-based), null when it completed none */
      step: number | null;
      /** bonus coins this report earns */
      reward: number;
    };

/** What one more report does to a user's count in a period. */
export function applyMissionReport(m: MissionTerms, userCount: number): MissionReportOutcome {
  if (!isMissionOpen(m, userCount)) return { kind: 'completed_already' };
  const count = userCount + 1;
  const step = m.rewdCndt > 0 && count % m.rewdCndt === 0 ? count / m.rewdCndt : null;
  return { kind: 'counted', count, step, reward: step === null ? 0 : m.rewd };
}

/** Fastest playback speed (spec §3): a 90 % watch can take as little as 90 % / 2 of real time. */
export const MAX_PLAYBACK_SPEED = 2;

/**
 * Whether a watch log counts for the watch mission: the time the server saw between its start
 * and now reaches 90 % of the episode at the fastest speed. The server measures the time itself,
 * so a client cannot report 90 % before that much time has passed.
 */
export function watchReachesMission(
  elapsedSeconds: number,
  durationSeconds: number,
  ratio = 0.9,
): boolean {
  if (durationSeconds <= 0) return false;
  return elapsedSeconds >= (durationSeconds * ratio) / MAX_PLAYBACK_SPEED;
}

/** Time manager: ms from now until the next service-day start plus the offset (5 s, spec §9). */
export function msUntilDayRefresh(nowMs: number, nextDayStartMs: number, offsetMs = 5000): number {
  return Math.max(0, nextDayStartMs + offsetMs - nowMs);
}

/** Seconds of ad-unlock cooldown left (spec §9: 180 s since the last ad unlock). */
export function adCooldownLeftSeconds(
  nowMs: number,
  lastUnlockMs: number | null,
  cooldownSeconds: number,
): number {
  if (lastUnlockMs === null) return 0;
  return Math.max(0, Math.ceil((lastUnlockMs + cooldownSeconds * 1000 - nowMs) / 1000));
}

/** Whether the daily cap still allows an ad unlock: `cap` ad unlocks per service day at most. */
export function adUnlockWithinCap(unlocksToday: number, cap: number): boolean {
  return unlocksToday < cap;
}
