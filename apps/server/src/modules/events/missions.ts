import {
  ResultCode,
  WATCH_MISSION_RATIO,
  type MissionData,
  type MissionId,
} from '@snapdrama/contract';
import {
  applyMissionReport,
  missionPeriodKey,
  serviceDay,
  watchReachesMission,
  type MissionPeriodKind,
} from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { checkAdView } from './ad-rewards';
import { eventsError as err, type EventCaller, type EventsContext } from './events-context';
import type { MissionRow } from './events.tables';

/** A watch log older than this no longer counts for the watch mission. */
const WATCH_LOG_MAX_AGE_MS = 24 * 3_600_000;

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

/** Missions: a viewer's reports and their rewards, and the operators' settings. */
export function createMissions(ctx: EventsContext) {
  const { repo, clock, db, zone, requireActiveMember } = ctx;

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
    await ctx.settleRewards(caller.userId);
    return {
      mssn_id: mission.id as MissionId,
      user_mssn_count: outcome.count,
      rewd_coin: outcome.reward,
      completed: outcome.count >= terms.rewdCndt * terms.rewdCnt,
      ...(await ctx.balances(caller.userId)),
    };
  }

  return {
    /** POST /event/mission */
    async reportMission(
      caller: EventCaller,
      body: { mssnId: MissionId; logId?: string; dramId?: number; epsd?: number },
    ): Promise<MissionData> {
      await requireActiveMember(caller);
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
            checkAdView(ctx, await repo.lockAdView(tx, logId), caller.userId, 'mission');
            await repo.markAdViewRedeemed(tx, logId, clock.now());
          });
        }
        case 'watch_ep': {
          if (!body.logId) {
            throw err(ResultCode.MISSION_INPUT_REQUIRED, 'logId: the watch log is required');
          }
          const log = await ctx.watches.watchLog(caller.userId, body.logId);
          if (!log) throw err(ResultCode.MISSION_WATCH_LOG_NOT_FOUND, 'No such watch log');
          if (clock.now().getTime() - log.startedAt.getTime() > WATCH_LOG_MAX_AGE_MS) {
            throw err(ResultCode.MISSION_NOT_COMPLETE, 'This watch log is too old to count');
          }
          const episode = await ctx.catalog.episode(log.dramaId, log.epsd);
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
          await ctx.catalog.episode(body.dramId, body.epsd);
          const { dramId, epsd } = body;
          // the share mission's report is the server's sight of a share (docs/analytics-events.md)
          return report(caller, mission, `share:${dramId}:${epsd}`, async (tx) => {
            const at = clock.now();
            await ctx.analytics?.record(
              {
                kind: 'share',
                key: `share:${caller.userId}:${dramId}:${epsd}:${serviceDay(at, zone)}`,
                userId: caller.userId,
                dramaId: dramId,
                epsd,
                target: 'mission',
                at,
              },
              tx,
            );
          });
        }
        case 'connect_sns':
          // requireMember refused guests: a signed-in account is a linked social account
          return report(caller, mission, 'account');
      }
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
  };
}
