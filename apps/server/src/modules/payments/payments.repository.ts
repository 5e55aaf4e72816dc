import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  paymentFirstCharges,
  paymentGoods,
  paymentOrderTransitions,
  paymentOrders,
} from './payments.tables';

export type GoodsRow = typeof paymentGoods.$inferSelect;
export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrder = typeof paymentOrders.$inferInsert;
export type TransitionRow = typeof paymentOrderTransitions.$inferSelect;
type Q = Db | Tx;

export interface TransitionRecord {
  orderId: string;
  fromState: string | null;
  toState: string;
  at: Date;
  provider: string | null;
  providerTxnId: string | null;
  detail: unknown;
}

/** Postgres unique violation (both drivers expose the SQLSTATE as `code`, maybe on `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createPaymentsRepository(db: Db) {
  return {
    db,

    async activeGoods(): Promise<GoodsRow[]> {
      return db
        .select()
        .from(paymentGoods)
        .where(eq(paymentGoods.active, true))
        .orderBy(asc(paymentGoods.sortOrder), asc(paymentGoods.godsCode));
    },

    async goods(godsCode: string): Promise<GoodsRow | undefined> {
      const [row] = await db.select().from(paymentGoods).where(eq(paymentGoods.godsCode, godsCode));
      return row;
    },

    /** Packs the user has bought before (first charge taken). */
    async boughtPacks(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ godsCode: paymentFirstCharges.godsCode })
        .from(paymentFirstCharges)
        .where(eq(paymentFirstCharges.userId, userId));
      return new Set(rows.map((r) => r.godsCode));
    },

    async insertOrder(tx: Q, order: NewOrder): Promise<OrderRow> {
      const [row] = await tx.insert(paymentOrders).values(order).returning();
      if (!row) throw new Error('order insert returned nothing');
      return row;
    },

    async order(q: Q, id: string): Promise<OrderRow | undefined> {
      const [row] = await q.select().from(paymentOrders).where(eq(paymentOrders.id, id));
      return row;
    },

    async lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.id, id))
        .for('update');
      return row;
    },

    async orderByProviderRef(gateway: string, providerRef: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.providerRef, providerRef)));
      return row;
    },

    async orderByProviderTxn(gateway: string, txnId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.providerTxnId, txnId)));
      return row;
    },

    async updateOrder(
      tx: Q,
      id: string,
      set: Partial<Pick<OrderRow, 'state' | 'providerRef' | 'providerTxnId' | 'creditedBonus'>> & {
        updatedAt: Date;
      },
    ): Promise<OrderRow> {
      const [row] = await tx
        .update(paymentOrders)
        .set(set)
        .where(eq(paymentOrders.id, id))
        .returning();
      if (!row) throw new Error(`order ${id} vanished`);
      return row;
    },

    /** Moves an order from one state to another only if it is still there; undefined otherwise. */
    async moveState(
      tx: Q,
      id: string,
      from: string[],
      to: string,
      at: Date,
    ): Promise<OrderRow | undefined> {
      const [row] = await tx
        .update(paymentOrders)
        .set({ state: to, updatedAt: at })
        .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.state, from)))
        .returning();
      return row;
    },

    async recordTransition(tx: Q, t: TransitionRecord): Promise<void> {
      await tx.insert(paymentOrderTransitions).values({
        orderId: t.orderId,
        fromState: t.fromState,
        toState: t.toState,
        at: t.at,
        provider: t.provider,
        providerTxnId: t.providerTxnId,
        detail: t.detail ?? null,
      });
    },

    async transitions(orderId: string): Promise<TransitionRow[]> {
      return db
        .select()
        .from(paymentOrderTransitions)
        .where(eq(paymentOrderTransitions.orderId, orderId))
        .orderBy(asc(paymentOrderTransitions.id));
    },

    /** Claims the first charge of a pack for an order; the order that holds it (this one or an earlier). */
    async claimFirstCharge(
      tx: Tx,
      userId: string,
      godsCode: string,
      orderId: string,
      at: Date,
    ): Promise<string> {
      await tx
        .insert(paymentFirstCharges)
        .values({ userId, godsCode, orderId, at })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ orderId: paymentFirstCharges.orderId })
        .from(paymentFirstCharges)
        .where(
          and(eq(paymentFirstCharges.userId, userId), eq(paymentFirstCharges.godsCode, godsCode)),
        );
      if (!row) throw new Error('first charge claim vanished');
      return row.orderId;
    },

    /** Orders in a state not touched since `before`, oldest first (the sweep's work list). */
    async staleOrders(
      state: 'registered' | 'paid',
      before: Date,
      limit: number,
    ): Promise<OrderRow[]> {
      return db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.state, state), lt(paymentOrders.updatedAt, before)))
        .orderBy(asc(paymentOrders.updatedAt))
        .limit(limit);
    },

    async countByState(): Promise<Record<string, number>> {
      const rows = await db
        .select({ state: paymentOrders.state, n: sql<number>`count(*)::int` })
        .from(paymentOrders)
        .groupBy(paymentOrders.state);
      return Object.fromEntries(rows.map((r) => [r.state, r.n]));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
