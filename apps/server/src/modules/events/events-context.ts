import { ResultCode, type AuthMethod, type ErrorCode } from '@snapdrama/contract';
import { serviceDay, type ViewedEpisode } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { EventsConfig } from '../../config';
import { AppError } from '../../errors';
import type { Redis } from '../../redis';
import type { AnalyticsRecorder } from '../analytics/analytics-recorder.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { AgeGateCheck } from '../identity/identity.service';
import type { WalletService } from '../wallet/wallet.service';
import type { AdmobKeySource } from './admob-ssv';
import type { EventsRepository } from './events.repository';

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

export interface EventsDeps {
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
  /** auth's suspensions: a suspended viewer earns nothing and unlocks nothing (decision 1560) */
  standing?: { assertNotSuspended(userId: string): Promise<void> };
  /** the analytics event log: ad unlocks and shares, in their transactions */
  analytics?: AnalyticsRecorder;
}

export const eventsError = (code: ErrorCode, message: string) => new AppError(code, message);

/**
 * What missions, attendance and ad rewards share: the dependencies, the service day, the member
 * check every event call makes, and the crediting of rewards recorded but not yet credited.
 */
export function createEventsContext(deps: EventsDeps) {
  const { repo, clock, config } = deps;
  const zone = deps.serviceTimeZone;
  const adLimits =
    deps.adLimits ??
    (() =>
      Promise.resolve({
        cooldownSeconds: config.adUnlockCooldownSeconds,
        dailyCap: config.adUnlockDailyCap,
      }));

  /** spec §6: guests are sent to login for every event call. */
  function requireMember(caller: EventCaller): void {
    if (caller.authMethod === 'guest') {
      throw eventsError(ResultCode.EVENT_GUEST_NOT_ALLOWED, 'Sign in to take part in events');
    }
  }

  /**
   * requireMember, then 403130 while the viewer is suspended: every call that earns coins or
   * unlocks an episode (attendance, missions, ads) asks it first (decision 1560).
   */
  async function requireActiveMember(caller: EventCaller): Promise<void> {
    requireMember(caller);
    await deps.standing?.assertNotSuspended(caller.userId);
  }

  /** Credits a reward as bonus coins; a reward of no coins credits nothing. */
  async function grantBonus(
    reward: Omit<Parameters<EventsDeps['wallet']['grant']>[0], 'kind'>,
  ): Promise<void> {
    if (reward.amount > 0) await deps.wallet.grant({ ...reward, kind: 'bonus' });
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
      await grantBonus({
        userId,
        amount: a.reward,
        source: 'attendance',
        sourceRef: `day ${a.cnscAtdn}`,
        idempotencyKey: `attendance:${userId}:${a.day}`,
      });
      await repo.markAttendanceGranted(userId, a.day, clock.now());
    }
    for (const r of steps) {
      await grantBonus({
        userId,
        amount: r.amount,
        source: 'mission',
        sourceRef: r.missionId,
        idempotencyKey: `mission:${userId}:${r.missionId}:${r.period}:${r.step}`,
      });
      await repo.markMissionRewardGranted(r, clock.now());
    }
  }

  /** The coins an answer shows after an event paid some. */
  async function balances(userId: string) {
    const coinList = await deps.wallet.balances(userId);
    return { coin: coinList.paid + coinList.bonus, coin_list: coinList };
  }

  return {
    ...deps,
    db: repo.db,
    zone,
    adLimits,
    today: () => serviceDay(clock.now(), zone),
    requireMember,
    requireActiveMember,
    settleRewards,
    balances,
  };
}

export type EventsContext = ReturnType<typeof createEventsContext>;
