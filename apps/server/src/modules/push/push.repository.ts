import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PushSettings } from '@snapdrama/contract';
import type { Db, Tx } from '../../db/client';
import { lockNextDue } from '../../db/leased-queue';
import {
  pushDailyCounts,
  pushSends,
  pushSettingsTable,
  pushSubscriptions,
  pushUnsubscribes,
  type PushSendRow,
  type PushSubscriptionRow,
} from './push.tables';

export type NewPushSend = Omit<
  typeof pushSends.$inferInsert,
  'status' | 'attempts' | 'leaseUntil' | 'reason' | 'sentAt' | 'openedAt'
>;

/** SQL of the push tables: subscriptions, the sends queue, daily counters, settings. */
export function createPushRepository(db: Db) {
  return {
    /**
     * Inserts or refreshes a subscription by its endpoint (a browser that subscribes again keeps
     * its row, its token and its choices unless new ones are given).
     */
    async upsertSubscription(row: typeof pushSubscriptions.$inferInsert) {
      const [saved] = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            p256dh: row.p256dh,
            auth: row.auth,
            userId: row.userId,
            authMethod: row.authMethod,
            lang: row.lang,
            kinds: row.kinds,
            timeZone: row.timeZone,
            quietStart: row.quietStart,
            quietEnd: row.quietEnd,
          },
        })
        .returning();
      if (!saved) throw new Error('push subscription upsert returned nothing');
      return saved;
    },

    async byEndpoint(endpoint: string) {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return row;
    },

    async byToken(token: string) {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.unsubscribeToken, token));
      return row;
    },

    async byId(id: string) {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },

    async updateChoices(
      id: string,
      patch: Partial<
        Pick<
          PushSubscriptionRow,
          'kinds' | 'timeZone' | 'quietStart' | 'quietEnd' | 'lang' | 'userId' | 'authMethod'
        >
      >,
    ) {
      const [row] = await db
        .update(pushSubscriptions)
        .set(patch)
        .where(eq(pushSubscriptions.id, id))
        .returning();
      return row;
    },

    /** Deletes a subscription and counts why; false when it was gone already. */
    async remove(id: string, reason: 'viewer' | 'gone', now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.id, id))
          .returning({ id: pushSubscriptions.id });
        if (gone.length === 0) return false;
        await tx.insert(pushUnsubscribes).values({ subscriptionId: id, reason, createdAt: now });
        // what it still had queued will not go
        await tx
          .update(pushSends)
          .set({ status: 'dropped', reason: `unsubscribed:${reason}` })
          .where(
            and(eq(pushSends.subscriptionId, id), inArray(pushSends.status, ['queued', 'sending'])),
          );
        return true;
      });
    },

    /** A withdrawn account's subscriptions go (their sends stay, counted, without the viewer). */
    async eraseUser(tx: Tx, userId: string): Promise<void> {
      const gone = await tx
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) return;
      await tx
        .update(pushSends)
        .set({ status: 'dropped', reason: 'account_erased' })
        .where(
          and(
            inArray(
              pushSends.subscriptionId,
              gone.map((g) => g.id),
            ),
            inArray(pushSends.status, ['queued', 'sending']),
          ),
        );
    },

    /** The subscriptions of these members. */
    async subscriptionsOfUsers(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },

    /** Every member subscription (the scheduled triggers look at each member once). */
    async memberSubscriptions() {
      return db
        .select()
        .from(pushSubscriptions)
        .where(isNotNull(pushSubscriptions.userId))
        .orderBy(asc(pushSubscriptions.createdAt));
    },

    /** Queues reminders; one already queued (or sent) under the same key is left as it is. */
    async enqueue(rows: NewPushSend[]): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await db
        .insert(pushSends)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: pushSends.id });
      return added.length;
    },

    /**
     * Claims the next due reminder: a queued one whose time came, or one a worker took and let its
     * lease run out; workers never take the same one.
     */
    async claim(now: Date, leaseUntil: Date): Promise<PushSendRow | null> {
      return db.transaction(async (tx) => {
        const due = await lockNextDue(tx, pushSends, 'sending', now);
        if (due === undefined) return null;
        const [row] = await tx
          .update(pushSends)
          .set({ status: 'sending', leaseUntil, attempts: sql`${pushSends.attempts} + 1` })
          .where(eq(pushSends.id, due))
          .returning();
        return row ?? null;
      });
    },

    /** Counts one push of the subscription's day; false when the daily limit is reached. */
    async takeDailySlot(subscriptionId: string, day: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const rows = await db
        .insert(pushDailyCounts)
        .values({ subscriptionId, day, count: 1 })
        .onConflictDoUpdate({
          target: [pushDailyCounts.subscriptionId, pushDailyCounts.day],
          set: { count: sql`${pushDailyCounts.count} + 1` },
          setWhere: sql`${pushDailyCounts.count} < ${limit}`,
        })
        .returning({ count: pushDailyCounts.count });
      return rows.length > 0;
    },

    async settle(
      id: string,
      outcome:
        | { status: 'sent'; at: Date }
        | { status: 'dropped' | 'capped'; reason: string }
        | { status: 'queued'; runAfter: Date; reason?: string; attempts?: number },
    ): Promise<void> {
      const set =
        outcome.status === 'sent'
          ? { status: 'sent' as const, sentAt: outcome.at, leaseUntil: null }
          : outcome.status === 'queued'
            ? {
                status: 'queued' as const,
                runAfter: outcome.runAfter,
                leaseUntil: null,
                reason: outcome.reason ?? null,
                ...(outcome.attempts === undefined ? {} : { attempts: outcome.attempts }),
              }
            : { status: outcome.status, reason: outcome.reason, leaseUntil: null };
      await db.update(pushSends).set(set).where(eq(pushSends.id, id));
    },

    async markSubscriptionSuccess(id: string, at: Date): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: at })
        .where(eq(pushSubscriptions.id, id));
    },

    /** Records the first click of a sent notification; false for an unknown or unsent one. */
    async markOpened(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(pushSends)
        .set({ openedAt: at })
        .where(and(eq(pushSends.id, id), eq(pushSends.status, 'sent'), isNull(pushSends.openedAt)))
        .returning({ id: pushSends.id });
      if (rows.length > 0) return true;
      const [known] = await db
        .select({ id: pushSends.id })
        .from(pushSends)
        .where(and(eq(pushSends.id, id), eq(pushSends.status, 'sent')));
      return known !== undefined;
    },

    async sendsOf(subscriptionId: string) {
      return db
        .select()
        .from(pushSends)
        .where(eq(pushSends.subscriptionId, subscriptionId))
        .orderBy(asc(pushSends.createdAt));
    },

    /** The dashboard's counts: sent and opened reminders, unsubscriptions by viewers, subscriptions dropped on 404/410. */
    async counts() {
      const [bySend, byReason, subscriptions] = await Promise.all([
        db
          .select({
            sent: sql<number>`count(*) filter (where ${pushSends.status} = 'sent')`,
            opened: sql<number>`count(${pushSends.openedAt})`,
          })
          .from(pushSends),
        db
          .select({ reason: pushUnsubscribes.reason, n: count() })
          .from(pushUnsubscribes)
          .groupBy(pushUnsubscribes.reason),
        db.select({ n: count() }).from(pushSubscriptions),
      ]);
      const of = (reason: string) => Number(byReason.find((r) => r.reason === reason)?.n ?? 0);
      return {
        sent: Number(bySend[0]?.sent ?? 0),
        opened: Number(bySend[0]?.opened ?? 0),
        unsubscribed: of('viewer'),
        dropped: of('gone'),
        subscriptions: Number(subscriptions[0]?.n ?? 0),
      };
    },

    async settings(): Promise<PushSettings | undefined> {
      const [row] = await db.select().from(pushSettingsTable).where(eq(pushSettingsTable.id, 1));
      return row
        ? {
            kinds: row.kinds,
            dailyLimit: row.dailyLimit,
            quietStart: row.quietStart,
            quietEnd: row.quietEnd,
          }
        : undefined;
    },

    /** Saves the settings and calls `onSaved` in the same transaction (the audit entry). */
    async saveSettings(
      settings: PushSettings,
      now: Date,
      onSaved: (tx: Tx, before: PushSettings | undefined) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(pushSettingsTable)
          .where(eq(pushSettingsTable.id, 1))
          .for('update');
        await tx
          .insert(pushSettingsTable)
          .values({ id: 1, ...settings, updatedAt: now })
          .onConflictDoUpdate({
            target: pushSettingsTable.id,
            set: { ...settings, updatedAt: now },
          });
        await onSaved(
          tx,
          before
            ? {
                kinds: before.kinds,
                dailyLimit: before.dailyLimit,
                quietStart: before.quietStart,
                quietEnd: before.quietEnd,
              }
            : undefined,
        );
      });
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
