import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsPerServiceDay } from '../../db/rows-per-day';
import { callerPlaceholders, intArray, readPart, type ReadPart } from '../../db/read-parts';
import {
  adNetworkCallbacks,
  adUnlocks,
  adViews,
  attendanceRewards,
  type AdViewRow,
  type AttendanceRow,
  attendances,
  eventUserStates,
  missionProgress,
  missionReports,
  type MissionRewardRow,
  type MissionRow,
  missionRewards,
  missions,
} from './events.tables';

type Q = Db | Tx;

/** What user info shows of the events module, as read by userStateSql. */
export interface UserStateRow {
  unlocksToday: number;
  lastAdUnlockAt: Date | null;
  latestAttendance: { cnscAtdn: number; day: string } | null;
}

const eventsDay = sql.placeholder('eventsDay');

export function createEventsRepository(db: Db) {
  return {
    db,

    async activeMissions(q: Q = db): Promise<MissionRow[]> {
      return q
        .select()
        .from(missions)
        .where(eq(missions.active, true))
        .orderBy(asc(missions.sortOrder), asc(missions.id));
    },

    async mission(q: Q, id: string): Promise<MissionRow | undefined> {
      const [row] = await q
        .select()
        .from(missions)
        .where(and(eq(missions.id, id), eq(missions.active, true)));
      return row;
    },

    /** Episodes unlocked by ads per service day in [from, to) (the dashboard). */
    async adUnlocksByDay(from: Date, to: Date, zone: string) {
      return rowsPerServiceDay(db, adUnlocks, 'unlocked_at', { from, to, zone });
    },

    /** A user's ad unlocks, newest first (the operators' viewer page). */
    async adUnlocksOf(userId: string, limit: number) {
      return db
        .select()
        .from(adUnlocks)
        .where(eq(adUnlocks.userId, userId))
        .orderBy(desc(adUnlocks.unlockedAt))
        .limit(limit);
    },

    /** Every mission, active or not, for the operator console. */
    async allMissions(q: Q = db): Promise<MissionRow[]> {
      return q.select().from(missions).orderBy(asc(missions.sortOrder), asc(missions.id));
    },

    async lockMission(tx: Tx, id: string): Promise<MissionRow | undefined> {
      const [row] = await tx.select().from(missions).where(eq(missions.id, id)).for('update');
      return row;
    },

    async updateMission(
      tx: Tx,
      id: string,
      values: Pick<
        MissionRow,
        'reward' | 'condition' | 'rewardCount' | 'period' | 'sortOrder' | 'active'
      >,
    ): Promise<MissionRow> {
      const [row] = await tx.update(missions).set(values).where(eq(missions.id, id)).returning();
      if (!row) throw new Error(`mission ${id} vanished`);
      return row;
    },

    /** Replaces the coins of the seven attendance days (rows locked by the caller's transaction). */
    async replaceAttendanceRewards(tx: Tx, coins: number[]): Promise<void> {
      await tx.select().from(attendanceRewards).for('update');
      await tx.delete(attendanceRewards);
      await tx.insert(attendanceRewards).values(coins.map((coin, i) => ({ day: i + 1, coin })));
    },

    async attendanceRewards(q: Q = db): Promise<{ cnscAtdn: number; coin: number }[]> {
      return q
        .select({ cnscAtdn: attendanceRewards.day, coin: attendanceRewards.coin })
        .from(attendanceRewards)
        .orderBy(asc(attendanceRewards.day));
    },

    /** The latest check-in on or before `day`. */
    async latestAttendance(q: Q, userId: string, day: string): Promise<AttendanceRow | undefined> {
      const [row] = await q
        .select()
        .from(attendances)
        .where(and(eq(attendances.userId, userId), lte(attendances.day, day)))
        .orderBy(desc(attendances.day))
        .limit(1);
      return row;
    },

    /** Inserts today's check-in; undefined when the user checked in on that day already. */
    async insertAttendance(
      q: Q,
      values: typeof attendances.$inferInsert,
    ): Promise<AttendanceRow | undefined> {
      const [row] = await q.insert(attendances).values(values).onConflictDoNothing().returning();
      return row;
    },

    async markAttendanceGranted(userId: string, day: string, now: Date): Promise<void> {
      await db
        .update(attendances)
        .set({ grantedAt: now })
        .where(
          and(
            eq(attendances.userId, userId),
            eq(attendances.day, day),
            isNull(attendances.grantedAt),
          ),
        );
    },

    async ungrantedAttendances(userId: string): Promise<AttendanceRow[]> {
      return db
        .select()
        .from(attendances)
        .where(and(eq(attendances.userId, userId), isNull(attendances.grantedAt)));
    },

    async ungrantedMissionRewards(userId: string): Promise<MissionRewardRow[]> {
      return db
        .select()
        .from(missionRewards)
        .where(and(eq(missionRewards.userId, userId), isNull(missionRewards.grantedAt)));
    },

    async markMissionRewardGranted(
      r: Pick<MissionRewardRow, 'userId' | 'missionId' | 'period' | 'step'>,
      now: Date,
    ): Promise<void> {
      await db
        .update(missionRewards)
        .set({ grantedAt: now })
        .where(
          and(
            eq(missionRewards.userId, r.userId),
            eq(missionRewards.missionId, r.missionId),
            eq(missionRewards.period, r.period),
            eq(missionRewards.step, r.step),
          ),
        );
    },

    /** Counts of the user in the given (mission, period) pairs. */
    async progressCounts(
      userId: string,
      pairs: { missionId: string; period: string }[],
    ): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      if (pairs.length === 0) return counts;
      const rows = await db
        .select()
        .from(missionProgress)
        .where(
          and(
            eq(missionProgress.userId, userId),
            inArray(
              missionProgress.period,
              pairs.map((p) => p.period),
            ),
          ),
        );
      for (const p of pairs) {
        const row = rows.find((r) => r.missionId === p.missionId && r.period === p.period);
        counts.set(p.missionId, row?.count ?? 0);
      }
      return counts;
    },

    /** Creates the progress row if needed and locks it for the rest of the transaction. */
    async lockProgress(
      tx: Tx,
      key: { userId: string; missionId: string; period: string },
      now: Date,
    ): Promise<number> {
      const [row] = await tx
        .insert(missionProgress)
        .values({ ...key, count: 0, updatedAt: now })
        .onConflictDoUpdate({
          target: [missionProgress.userId, missionProgress.missionId, missionProgress.period],
          set: { userId: sql`excluded.user_id` },
        })
        .returning({ count: missionProgress.count });
      if (!row) throw new Error('mission progress upsert returned nothing');
      return row.count;
    },

    async setProgress(
      tx: Tx,
      key: { userId: string; missionId: string; period: string },
      value: number,
      now: Date,
    ): Promise<void> {
      await tx
        .update(missionProgress)
        .set({ count: value, updatedAt: now })
        .where(
          and(
            eq(missionProgress.userId, key.userId),
            eq(missionProgress.missionId, key.missionId),
            eq(missionProgress.period, key.period),
          ),
        );
    },

    /** Records what a report counted; false when the same thing was counted already. */
    async insertReport(tx: Tx, values: typeof missionReports.$inferInsert): Promise<boolean> {
      const rows = await tx
        .insert(missionReports)
        .values(values)
        .onConflictDoNothing()
        .returning({ ref: missionReports.ref });
      return rows.length > 0;
    },

    async insertMissionReward(tx: Tx, values: typeof missionRewards.$inferInsert): Promise<void> {
      await tx.insert(missionRewards).values(values).onConflictDoNothing();
    },

    /** Creates the user's event state if needed and locks it for the rest of the transaction. */
    async lockUserState(tx: Tx, userId: string): Promise<{ lastAdUnlockAt: Date | null }> {
      const [row] = await tx
        .insert(eventUserStates)
        .values({ userId })
        .onConflictDoUpdate({
          target: eventUserStates.userId,
          set: { userId: sql`excluded.user_id` },
        })
        .returning({ lastAdUnlockAt: eventUserStates.lastAdUnlockAt });
      if (!row) throw new Error('event state upsert returned nothing');
      return row;
    },

    async lastAdUnlockAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: eventUserStates.lastAdUnlockAt })
        .from(eventUserStates)
        .where(eq(eventUserStates.userId, userId));
      return row?.at ?? null;
    },

    async setLastAdUnlockAt(tx: Tx, userId: string, at: Date): Promise<void> {
      await tx
        .update(eventUserStates)
        .set({ lastAdUnlockAt: at })
        .where(eq(eventUserStates.userId, userId));
    },

    async adViewsOpenedSince(tx: Tx, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(adViews)
        .where(and(eq(adViews.userId, userId), gte(adViews.openedAt, since)));
      return row?.n ?? 0;
    },

    async insertAdView(tx: Tx, values: typeof adViews.$inferInsert): Promise<AdViewRow> {
      const [row] = await tx.insert(adViews).values(values).returning();
      if (!row) throw new Error('ad view insert returned nothing');
      return row;
    },

    /** The view, locked for the rest of the transaction. */
    async lockAdView(tx: Tx, id: string): Promise<AdViewRow | undefined> {
      const [row] = await tx.select().from(adViews).where(eq(adViews.id, id)).for('update');
      return row;
    },

    async findAdView(q: Q, id: string): Promise<AdViewRow | undefined> {
      const [row] = await q.select().from(adViews).where(eq(adViews.id, id));
      return row;
    },

    async markAdViewRedeemed(tx: Tx, id: string, at: Date): Promise<void> {
      await tx.update(adViews).set({ redeemedAt: at }).where(eq(adViews.id, id));
    },

    async markAdViewVerified(tx: Tx, id: string, at: Date): Promise<void> {
      await tx
        .update(adViews)
        .set({ verifiedAt: at })
        .where(and(eq(adViews.id, id), isNull(adViews.verifiedAt)));
    },

    /** Records an ad network callback; false when this transaction id was seen before. */
    async insertCallback(tx: Tx, values: typeof adNetworkCallbacks.$inferInsert): Promise<boolean> {
      const rows = await tx
        .insert(adNetworkCallbacks)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: adNetworkCallbacks.transactionId });
      return rows.length > 0;
    },

    /**
     * adUnlocksOnDay, lastAdUnlockAt and latestAttendance as one part of a caller's statement
     * (decision 1300), for the service day that dayValues(day) binds.
     */
    userStatePart() {
      const expression = sql`json_build_object(
        'unlocksToday', (select count(*) from ${adUnlocks}
          where ${adUnlocks.userId} = ${callerPlaceholders.userId} and ${adUnlocks.day} = ${eventsDay}),
        'lastAdUnlockAt', (select ${eventUserStates.lastAdUnlockAt} from ${eventUserStates}
          where ${eventUserStates.userId} = ${callerPlaceholders.userId}),
        'latestAttendance', (select json_build_object('cnscAtdn', ${attendances.cnscAtdn}, 'day', ${attendances.day})
          from ${attendances}
          where ${attendances.userId} = ${callerPlaceholders.userId} and ${attendances.day} <= ${eventsDay}
          order by ${attendances.day} desc limit 1))`;
      const decode = (raw: unknown): UserStateRow => {
        const r = (raw ?? {}) as {
          unlocksToday?: unknown;
          lastAdUnlockAt?: string | null;
          latestAttendance?: { cnscAtdn: number; day: string } | null;
        };
        return {
          unlocksToday: Number(r.unlocksToday ?? 0),
          lastAdUnlockAt: r.lastAdUnlockAt ? new Date(r.lastAdUnlockAt) : null,
          latestAttendance: r.latestAttendance
            ? { cnscAtdn: Number(r.latestAttendance.cnscAtdn), day: r.latestAttendance.day }
            : null,
        };
      };
      return {
        sql: expression,
        decode,
        dayValues: (day: string): Record<string, unknown> => ({ eventsDay: day }),
      };
    },

    /** adUnlockedEpisodes() as a part of a caller's statement (decision 1300). */
    /** The viewers who unlocked an episode of the drama with an ad, as SQL (decision 1540). */
    adUnlockersOf(dramaId: number) {
      return sql`select ${adUnlocks.userId} from ${adUnlocks} where ${adUnlocks.dramaId} = ${dramaId}`;
    },

    adUnlockedPart(): ReadPart<number[]> {
      return readPart(
        sql`(select json_agg(${adUnlocks.episodeNumber} order by ${adUnlocks.episodeNumber})
          from ${adUnlocks}
          where ${adUnlocks.userId} = ${callerPlaceholders.userId} and ${adUnlocks.dramaId} = ${callerPlaceholders.dramaId})`,
        intArray,
      );
    },

    async adUnlocksOnDay(q: Q, userId: string, day: string): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(adUnlocks)
        .where(and(eq(adUnlocks.userId, userId), eq(adUnlocks.day, day)));
      return row?.n ?? 0;
    },

    /** Ad unlocks in [from, until), oldest first: who, which drama, when (For You, 1621). */
    async adUnlocksBetween(from: Date, until: Date) {
      return db
        .select({ userId: adUnlocks.userId, dramaId: adUnlocks.dramaId, at: adUnlocks.unlockedAt })
        .from(adUnlocks)
        .where(and(gte(adUnlocks.unlockedAt, from), lt(adUnlocks.unlockedAt, until)))
        .orderBy(
          asc(adUnlocks.unlockedAt),
          asc(adUnlocks.userId),
          asc(adUnlocks.dramaId),
          asc(adUnlocks.episodeNumber),
        );
    },

    async adUnlockedEpisodes(q: Q, userId: string, dramaId: number): Promise<number[]> {
      const rows = await q
        .select({ epsd: adUnlocks.episodeNumber })
        .from(adUnlocks)
        .where(and(eq(adUnlocks.userId, userId), eq(adUnlocks.dramaId, dramaId)))
        .orderBy(asc(adUnlocks.episodeNumber));
      return rows.map((r) => r.epsd);
    },

    /** false when the episode was unlocked by an ad already. */
    async insertAdUnlock(tx: Tx, values: typeof adUnlocks.$inferInsert): Promise<boolean> {
      const rows = await tx
        .insert(adUnlocks)
        .values(values)
        .onConflictDoNothing()
        .returning({ epsd: adUnlocks.episodeNumber });
      return rows.length > 0;
    },

    /** Withdrawal: the account's event rows go; coin lots (the ledger) stay. */
    async eraseUser(tx: Tx, userId: string): Promise<void> {
      await tx.delete(missionReports).where(eq(missionReports.userId, userId));
      await tx.delete(missionProgress).where(eq(missionProgress.userId, userId));
      await tx
        .delete(adNetworkCallbacks)
        .where(
          inArray(
            adNetworkCallbacks.adViewId,
            tx.select({ id: adViews.id }).from(adViews).where(eq(adViews.userId, userId)),
          ),
        );
      await tx.delete(adUnlocks).where(eq(adUnlocks.userId, userId));
      await tx.delete(adViews).where(eq(adViews.userId, userId));
      await tx.delete(eventUserStates).where(eq(eventUserStates.userId, userId));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
