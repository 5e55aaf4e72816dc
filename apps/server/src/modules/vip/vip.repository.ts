import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callerPlaceholders, readPart, type ReadPart } from '../../db/read-parts';
import { users } from '../auth/auth.tables';
import {
  vipNotifications,
  vipPeriods,
  vipRefunds,
  vipSubscriptions,
  vipUnlocks,
  type VipPeriodRow,
  type VipRefundRow,
  type VipSubscriptionRow,
} from './vip.tables';

/** a paid period and the pass it belongs to */
export interface VipChargeRow {
  period: VipPeriodRow;
  pass: VipSubscriptionRow;
}
type Q = Db | Tx;

/** SQL for the VIP module's own tables; nothing else reads them. */
/** A pass that may open episodes, as read in a caller's statement (times in epoch ms). */
export interface LivePass {
  id: string;
  status: string;
  paidUntil: number | null;
  graceUntil: number | null;
}

/**
 * A refund call that failed, last tried before `retryBefore` (or never claimed): owed again. Two
 * sweeps at once never both call for it: the first's failure waits out the pause.
 */
const failedBefore = (retryBefore: Date) =>
  and(
    eq(vipRefunds.providerStatus, 'failed'),
    or(isNull(vipRefunds.attemptedAt), lt(vipRefunds.attemptedAt, retryBefore)),
  );

/** A refund call left pending since before `stalledBefore` (recorded or last claimed): its process ended. */
const owedSince = (stalledBefore: Date) =>
  and(
    eq(vipRefunds.providerStatus, 'pending'),
    or(
      and(isNull(vipRefunds.attemptedAt), lt(vipRefunds.recordedAt, stalledBefore)),
      lt(vipRefunds.attemptedAt, stalledBefore),
    ),
  );

/** The pass a provider knows by its own subscription id. */
const providerPass = (gateway: string, providerSubscriptionId: string) =>
  and(
    eq(vipSubscriptions.gateway, gateway),
    eq(vipSubscriptions.providerSubscriptionId, providerSubscriptionId),
  );

export function createVipRepository(db: Db) {
  return {
    db,

    async findById(q: Q, id: string): Promise<VipSubscriptionRow | undefined> {
      const [row] = await q.select().from(vipSubscriptions).where(eq(vipSubscriptions.id, id));
      return row;
    },

    /** the row, locked for the rest of the transaction */
    async lockById(tx: Tx, id: string): Promise<VipSubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(vipSubscriptions)
        .where(eq(vipSubscriptions.id, id))
        .for('update');
      return row;
    },

    async lockByProviderId(
      tx: Tx,
      gateway: string,
      providerSubscriptionId: string,
    ): Promise<VipSubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(vipSubscriptions)
        .where(providerPass(gateway, providerSubscriptionId))
        .for('update');
      return row;
    },

    /**
     * The viewer's row, locked: every change to which of a viewer's passes is open or live takes
     * this lock first (then the pass's), so two subscribes or two payments of one viewer queue.
     */
    async lockUser(tx: Tx, userId: string) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async findByProviderId(q: Q, gateway: string, providerSubscriptionId: string) {
      const [row] = await q
        .select()
        .from(vipSubscriptions)
        .where(providerPass(gateway, providerSubscriptionId));
      return row;
    },

    /** the viewer's open checkout (at most one: vip_subscriptions_one_pending_uq) */
    async pendingOf(tx: Tx, userId: string): Promise<VipSubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(vipSubscriptions)
        .where(and(eq(vipSubscriptions.userId, userId), eq(vipSubscriptions.status, 'pending')))
        .for('update');
      return row;
    },

    /** the viewer's other passes in a live status, locked */
    async liveOthers(tx: Tx, userId: string, exceptId: string): Promise<VipSubscriptionRow[]> {
      return tx
        .select()
        .from(vipSubscriptions)
        .where(
          and(
            eq(vipSubscriptions.userId, userId),
            ne(vipSubscriptions.id, exceptId),
            inArray(vipSubscriptions.status, ['active', 'grace']),
          ),
        )
        .for('update');
    },

    async insertPendingTx(
      tx: Tx,
      input: { userId: string; plan: string; gateway: string; now: Date },
    ): Promise<VipSubscriptionRow> {
      const [row] = await tx
        .insert(vipSubscriptions)
        .values({
          userId: input.userId,
          plan: input.plan,
          gateway: input.gateway,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      if (!row) throw new Error('vip_subscriptions insert returned nothing');
      return row;
    },

    /** the provider's checkout of a pending pass, once it exists */
    async setCheckout(id: string, checkoutId: string) {
      await db
        .update(vipSubscriptions)
        .set({ checkoutId })
        .where(and(eq(vipSubscriptions.id, id), isNull(vipSubscriptions.checkoutId)));
    },

    async periodsTx(tx: Tx, subscriptionId: string): Promise<VipPeriodRow[]> {
      return tx.select().from(vipPeriods).where(eq(vipPeriods.subscriptionId, subscriptionId));
    },

    /** a refund fact; false when this key was recorded before */
    async insertRefund(
      tx: Tx,
      input: {
        gateway: string;
        scope: 'period' | 'subscription';
        refundKey: string;
        subscriptionId: string | null;
        reason: 'provider' | 'duplicate';
        eventId: string | null;
        providerStatus?: 'pending';
        now: Date;
      },
    ): Promise<boolean> {
      const { providerStatus, now, ...fact } = input;
      const rows = await tx
        .insert(vipRefunds)
        .values({ ...fact, providerStatus: providerStatus ?? null, recordedAt: now })
        .onConflictDoNothing()
        .returning({ id: vipRefunds.id });
      return rows.length > 0;
    },

    /** refunds of these periods or of the whole subscription, bound to the pass as they are read */
    async refundsFor(
      tx: Tx,
      input: {
        subscriptionId: string;
        gateway: string;
        periodKeys: string[];
        providerSubscriptionId: string | null;
      },
    ): Promise<VipRefundRow[]> {
      const byPeriod =
        input.periodKeys.length > 0
          ? [and(eq(vipRefunds.scope, 'period'), inArray(vipRefunds.refundKey, input.periodKeys))]
          : [];
      const bySubscription = input.providerSubscriptionId
        ? [
            and(
              eq(vipRefunds.scope, 'subscription'),
              eq(vipRefunds.refundKey, input.providerSubscriptionId),
            ),
          ]
        : [];
      if (byPeriod.length + bySubscription.length === 0) return [];
      return tx
        .update(vipRefunds)
        .set({ subscriptionId: input.subscriptionId })
        .where(and(eq(vipRefunds.gateway, input.gateway), or(...byPeriod, ...bySubscription)))
        .returning();
    },

    async refundsOf(subscriptionId: string): Promise<VipRefundRow[]> {
      return db
        .select()
        .from(vipRefunds)
        .where(eq(vipRefunds.subscriptionId, subscriptionId))
        .orderBy(vipRefunds.recordedAt, vipRefunds.refundKey);
    },

    /**
     * Duplicate passes whose refund at the provider is owed: a refund that failed, or one still
     * pending since before `stalledBefore` (the process ended between the commit and the call).
     */
    async duplicatesToRetry(
      stalledBefore: Date,
      retryBefore: Date,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: vipRefunds.subscriptionId })
        .from(vipRefunds)
        .where(
          and(
            eq(vipRefunds.reason, 'duplicate'),
            or(failedBefore(retryBefore), owedSince(stalledBefore)),
          ),
        )
        .limit(limit);
      return rows.flatMap((r) => (r.id ? [r.id] : []));
    },

    /**
     * Claims a duplicate pass's owed refunds for one retry: they turn pending with the attempt's
     * time in one statement, so of two sweeps at once only one gets rows and calls the provider.
     * A claim whose process ended is owed again once it is stalled.
     */
    async claimDuplicateRefunds(
      subscriptionId: string,
      stalledBefore: Date,
      retryBefore: Date,
      now: Date,
    ): Promise<VipRefundRow[]> {
      return db
        .update(vipRefunds)
        .set({ providerStatus: 'pending', attemptedAt: now })
        .where(
          and(
            eq(vipRefunds.subscriptionId, subscriptionId),
            eq(vipRefunds.reason, 'duplicate'),
            or(failedBefore(retryBefore), owedSince(stalledBefore)),
          ),
        )
        .returning();
    },

    /** how our own refund call for a duplicate pass went; a refund done stays done */
    async setRefundOutcome(
      id: string,
      outcome: { providerStatus: 'done' | 'failed'; providerRefundId: string | null },
    ) {
      await db
        .update(vipRefunds)
        .set(outcome)
        .where(and(eq(vipRefunds.id, id), ne(vipRefunds.providerStatus, 'done')));
    },

    async markPeriodsRefunded(tx: Tx, subscriptionId: string, keys: string[], now: Date) {
      if (keys.length === 0) return;
      await tx
        .update(vipPeriods)
        .set({ refundedAt: now })
        .where(
          and(
            eq(vipPeriods.subscriptionId, subscriptionId),
            isNull(vipPeriods.refundedAt),
            inArray(vipPeriods.periodKey, keys),
          ),
        );
    },

    async bindProviderId(tx: Tx, id: string, providerSubscriptionId: string, now: Date) {
      await tx
        .update(vipSubscriptions)
        .set({ providerSubscriptionId, updatedAt: now })
        .where(and(eq(vipSubscriptions.id, id), isNull(vipSubscriptions.providerSubscriptionId)));
    },

    async update(
      tx: Tx,
      id: string,
      set: Partial<
        Pick<
          VipSubscriptionRow,
          | 'status'
          | 'autoRenew'
          | 'paidUntil'
          | 'graceUntil'
          | 'endedAt'
          | 'closedAt'
          | 'expiredAt'
          | 'renewOnAt'
          | 'renewOffAt'
          | 'graceSeenUntil'
          | 'duplicateOf'
        >
      >,
      now: Date,
    ) {
      await tx
        .update(vipSubscriptions)
        .set({ ...set, updatedAt: now })
        .where(eq(vipSubscriptions.id, id));
    },

    /** true when this notification is new; false when it was handled before (a replay) */
    async recordNotification(
      tx: Tx,
      input: {
        gateway: string;
        eventId: string;
        eventType: string;
        subscriptionId: string | null;
        now: Date;
      },
    ): Promise<boolean> {
      const { now, ...notification } = input;
      const rows = await tx
        .insert(vipNotifications)
        .values({ ...notification, receivedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: vipNotifications.eventId });
      return rows.length > 0;
    },

    /** the period, or undefined when this key was recorded before */
    async insertPeriod(
      tx: Tx,
      input: {
        subscriptionId: string;
        periodKey: string;
        startsAt: Date;
        endsAt: Date;
        now: Date;
        /** what was paid, when we know it (vip_periods.amount_minor) */
        charged?: { amountMinor: number; currency: string };
      },
    ): Promise<VipPeriodRow | undefined> {
      const [row] = await tx
        .insert(vipPeriods)
        .values({
          subscriptionId: input.subscriptionId,
          periodKey: input.periodKey,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          recordedAt: input.now,
          amountMinor: input.charged?.amountMinor ?? null,
          currency: input.charged?.currency ?? null,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async subscriptionIdOfPeriod(
      tx: Tx,
      gateway: string,
      periodKey: string,
    ): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: vipSubscriptions.id })
        .from(vipPeriods)
        .innerJoin(vipSubscriptions, eq(vipSubscriptions.id, vipPeriods.subscriptionId))
        .where(and(eq(vipPeriods.periodKey, periodKey), eq(vipSubscriptions.gateway, gateway)))
        .limit(1);
      return row?.id;
    },

    /** A page of a user's paid periods with their pass, newest first, and how many there are. */
    async chargePage(
      userId: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: VipChargeRow[]; total: number }> {
      const where = eq(vipSubscriptions.userId, userId);
      const [rows, [count]] = await Promise.all([
        db
          .select({ period: vipPeriods, pass: vipSubscriptions })
          .from(vipPeriods)
          .innerJoin(vipSubscriptions, eq(vipSubscriptions.id, vipPeriods.subscriptionId))
          .where(where)
          .orderBy(desc(vipPeriods.recordedAt), desc(vipPeriods.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(vipPeriods)
          .innerJoin(vipSubscriptions, eq(vipSubscriptions.id, vipPeriods.subscriptionId))
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** One of a user's paid periods with its pass (undefined: unknown, or another user's). */
    async chargeOf(userId: string, periodId: string): Promise<VipChargeRow | undefined> {
      const [row] = await db
        .select({ period: vipPeriods, pass: vipSubscriptions })
        .from(vipPeriods)
        .innerJoin(vipSubscriptions, eq(vipSubscriptions.id, vipPeriods.subscriptionId))
        .where(and(eq(vipPeriods.id, periodId), eq(vipSubscriptions.userId, userId)))
        .limit(1);
      return row;
    },

    async periodsOf(subscriptionId: string): Promise<VipPeriodRow[]> {
      return db
        .select()
        .from(vipPeriods)
        .where(eq(vipPeriods.subscriptionId, subscriptionId))
        .orderBy(vipPeriods.startsAt);
    },

    /** livePasses() of the caller as a part of a caller's statement (decision 1300) */
    livePassesPart(): ReadPart<LivePass[]> {
      return readPart(
        sql`(select coalesce(json_agg(json_build_array(
              ${vipSubscriptions.id}, ${vipSubscriptions.status},
              (extract(epoch from ${vipSubscriptions.paidUntil}) * 1000)::bigint,
              (extract(epoch from ${vipSubscriptions.graceUntil}) * 1000)::bigint)
            order by ${vipSubscriptions.paidUntil} desc), '[]'::json)
          from ${vipSubscriptions}
          where ${vipSubscriptions.userId} = ${callerPlaceholders.userId}
            and ${vipSubscriptions.status} in ('active', 'grace'))`,
        (raw) =>
          (Array.isArray(raw) ? (raw as unknown[][]) : []).map(([id, status, paid, grace]) => ({
            id: String(id),
            status: String(status),
            paidUntil: paid === null || paid === undefined ? null : Number(paid),
            graceUntil: grace === null || grace === undefined ? null : Number(grace),
          })),
      );
    },

    /** the user's passes that may open episodes (status active or grace), newest first */
    async livePasses(userId: string, q: Q = db): Promise<VipSubscriptionRow[]> {
      return q
        .select()
        .from(vipSubscriptions)
        .where(
          and(
            eq(vipSubscriptions.userId, userId),
            inArray(vipSubscriptions.status, ['active', 'grace']),
          ),
        )
        .orderBy(desc(vipSubscriptions.paidUntil));
    },

    /** the user's latest pass that was ever paid (any status), for the profile */
    async latestPaidPass(userId: string): Promise<VipSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(vipSubscriptions)
        .where(
          and(eq(vipSubscriptions.userId, userId), sql`${vipSubscriptions.status} <> 'pending'`),
        )
        .orderBy(desc(vipSubscriptions.updatedAt))
        .limit(1);
      return row;
    },

    /** true when this episode was not opened by the pass before */
    async recordUnlock(
      input: {
        userId: string;
        dramaId: number;
        epsd: number;
        subscriptionId: string;
        now: Date;
      },
      q: Db | Tx = db,
    ): Promise<boolean> {
      const added = await q
        .insert(vipUnlocks)
        .values({
          userId: input.userId,
          dramaId: input.dramaId,
          episodeNumber: input.epsd,
          subscriptionId: input.subscriptionId,
          unlockedAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ userId: vipUnlocks.userId });
      return added.length > 0;
    },

    async unlocksOf(userId: string, dramaId: number) {
      return db
        .select()
        .from(vipUnlocks)
        .where(and(eq(vipUnlocks.userId, userId), eq(vipUnlocks.dramaId, dramaId)))
        .orderBy(vipUnlocks.episodeNumber);
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
