import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf, serviceDayOf } from '../../db/daily';
import {
  type GoodsRow,
  type NewOrder,
  type OrderRow,
  paymentFirstCharges,
  paymentGoods,
  paymentOrders,
  paymentOrderTransitions,
  paymentReversals,
  type ReversalRow,
  type TransitionRow,
} from './payments.tables';

/** What a provider reported against one of its payments (payments.tables.ts paymentReversals). */
export type ReversalKind =
  'refund' | 'revoke' | 'dispute_opened' | 'dispute_lost' | 'dispute_won' | 'refund_reversed';
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

/** What payment_credit (migration 0014) answers. */
export type CreditDbOutcome =
  | 'credited'
  | 'paid'
  /** the payment was recorded, but reversals kept against it made the order refunded, no coins */
  | 'reversed'
  | 'not_found'
  | 'gateway_mismatch'
  | 'already_used'
  | 'amount_mismatch'
  | 'not_paid';

export interface CreditDbResult {
  outcome: CreditDbOutcome;
  alreadyCredited: boolean;
  /** valid balances after the call, when the outcome is credited */
  balances: { paid: number; bonus: number };
  /** the order after the call; undefined when not found */
  order: OrderRow | undefined;
}

/** An order as payment_credit answers it: to_jsonb of the row (snake-case names, ISO times). */
interface OrderJson {
  id: string;
  user_id: string;
  gods_code: string;
  gateway: string;
  currency: string;
  amount_minor: number;
  paid_coin: number;
  bons_coin: number;
  bons_coin_1st: number;
  state: string;
  provider_ref: string | null;
  provider_txn_id: string | null;
  credited_bonus: number | null;
  created_at: string;
  updated_at: string;
}

function orderFromJson(json: OrderJson): OrderRow {
  return {
    id: json.id,
    userId: json.user_id,
    godsCode: json.gods_code,
    gateway: json.gateway,
    currency: json.currency,
    amountMinor: json.amount_minor,
    paidCoin: json.paid_coin,
    bonusCoin: json.bons_coin,
    firstBonusCoin: json.bons_coin_1st,
    state: json.state,
    providerRef: json.provider_ref,
    providerTxnId: json.provider_txn_id,
    creditedBonus: json.credited_bonus,
    createdAt: new Date(json.created_at),
    updatedAt: new Date(json.updated_at),
  };
}

const creditCall = sql`payment_credit(${sql.placeholder('order')}::uuid,
  ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('provider')}::text,
  ${sql.placeholder('txn')}::text, ${sql.placeholder('amount')}::int,
  ${sql.placeholder('currency')}::text, ${sql.placeholder('detail')}::jsonb,
  ${sql.placeholder('credit')}::boolean, ${sql.placeholder('bonusFirst')}::int,
  ${sql.placeholder('bonusRepeat')}::int, ${sql.placeholder('paidDays')}::int,
  ${sql.placeholder('bonusDays')}::int, ${sql.placeholder('channel')}::text) as c`;

export function createPaymentsRepository(db: Db) {
  // every confirmation reads its order, then records and credits it: prepared statements
  const orderStatement = db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, sql.placeholder('id')))
    .prepare('payments_order_by_id');
  const creditStatement = db
    .select({
      outcome: sql<CreditDbOutcome>`c.r_outcome`,
      alreadyCredited: sql<boolean>`c.r_already_credited`,
      paid: sql<number>`c.r_paid`,
      bonus: sql<number>`c.r_bonus`,
      order: sql<OrderJson | null>`c.r_order`,
    })
    .from(creditCall)
    .prepare('payments_credit');

  /**
   * The payment's reversal lock (payment_reversal_lock, 0023) for the rest of `tx`: reports kept,
   * credits and settlements of one payment then happen one after another, in the order
   * payment_credit takes its locks (this one, then the order's row).
   */
  async function lockPaymentReversals(tx: Tx, gateway: string, txn: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(payment_reversal_lock(${gateway}, ${txn}))`);
  }

  return {
    db,

    /** The order of this id (a prepared statement, outside any transaction). */
    async orderById(id: string): Promise<OrderRow | undefined> {
      const [row] = await orderStatement.execute({ id });
      return row;
    },

    /**
     * payment_credit (migration 0014) in one statement and one transaction: records the
     * provider's payment when `paid` is given, then credits the order when `credit` is true.
     * A provider payment already on another order fails with a unique violation (23505); a
     * refusal of the wallet with its WA codes (wallet-refusal.ts walletRefusal).
     */
    async recordAndCredit(request: {
      orderId: string;
      now: Date;
      paid:
        | {
            provider: string;
            providerTxnId: string;
            amountMinor: number;
            currency: string;
            raw: unknown;
          }
        | undefined;
      credit: boolean;
      bonusFirst: number;
      bonusRepeat: number;
      /** days the paid lot stays valid; 0: it does not expire */
      paidValidDays: number;
      bonusValidDays: number;
      /** where the paid coins were bought (web, app_store, google_play) */
      channel: string;
    }): Promise<CreditDbResult> {
      const r = request;
      const [row] = await creditStatement.execute({
        order: r.orderId,
        now: r.now.toISOString(),
        provider: r.paid?.provider ?? null,
        txn: r.paid?.providerTxnId ?? null,
        amount: r.paid?.amountMinor ?? null,
        currency: r.paid?.currency ?? null,
        detail: r.paid?.raw == null ? null : JSON.stringify(r.paid.raw),
        credit: r.credit,
        bonusFirst: r.bonusFirst,
        bonusRepeat: r.bonusRepeat,
        paidDays: r.paidValidDays,
        bonusDays: r.bonusValidDays,
        channel: r.channel,
      });
      if (!row) throw new Error('payment_credit answered no row');
      return {
        outcome: row.outcome,
        alreadyCredited: row.alreadyCredited,
        balances: { paid: Number(row.paid), bonus: Number(row.bonus) },
        order: row.order ? orderFromJson(row.order) : undefined,
      };
    },

    async activeGoods(): Promise<GoodsRow[]> {
      return db
        .select()
        .from(paymentGoods)
        .where(eq(paymentGoods.active, true))
        .orderBy(asc(paymentGoods.sortOrder), asc(paymentGoods.godsCode));
    },

    /**
     * Money taken per service day, gateway and currency in [from, to): orders paid or credited
     * (refunded ones are not revenue), by the time they were registered.
     */
    async revenueByDay(from: Date, to: Date, zone: string) {
      const rows = await rowsOf<{ day: string; gateway: string; currency: string; n: string }>(
        db,
        sql`select ${serviceDayOf('created_at', zone)} as day, gateway, currency, sum(amount_minor) as n
        from ${paymentOrders}
        where state in ('paid', 'credited')
          and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
        group by 1, 2, 3`,
      );
      return rows.map((r) => ({ ...r, amountMinor: Number(r.n) }));
    },

    /** A user's orders, newest first (the operators' viewer page). */
    async ordersOf(userId: string, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(sql`${paymentOrders.createdAt} desc`)
        .limit(limit);
    },

    /** A page of a user's orders in the given states, newest first, and how many there are. */
    async orderPage(
      userId: string,
      states: readonly string[],
      offset: number,
      limit: number,
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const where = and(eq(paymentOrders.userId, userId), inArray(paymentOrders.state, states));
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(paymentOrders)
          .where(where)
          .orderBy(sql`${paymentOrders.createdAt} desc`, sql`${paymentOrders.id} desc`)
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(paymentOrders)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** The transitions of several orders, oldest first. */
    async transitionsOfOrders(orderIds: string[]): Promise<TransitionRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(paymentOrderTransitions)
        .where(inArray(paymentOrderTransitions.orderId, orderIds))
        .orderBy(asc(paymentOrderTransitions.id));
    },

    /** Every pack, on sale or not, for operators. */
    async allGoods(): Promise<GoodsRow[]> {
      return db
        .select()
        .from(paymentGoods)
        .orderBy(asc(paymentGoods.sortOrder), asc(paymentGoods.godsCode));
    },

    async lockGoods(tx: Tx, godsCode: string): Promise<GoodsRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentGoods)
        .where(eq(paymentGoods.godsCode, godsCode))
        .for('update');
      return row;
    },

    async upsertGoods(tx: Tx, row: GoodsRow): Promise<GoodsRow> {
      const { godsCode, ...rest } = row;
      const [saved] = await tx
        .insert(paymentGoods)
        .values(row)
        .onConflictDoUpdate({ target: paymentGoods.godsCode, set: rest })
        .returning();
      if (!saved) throw new Error(`goods ${godsCode} not saved`);
      return saved;
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

    async transitions(orderId: string, q: Q = db): Promise<TransitionRow[]> {
      return q
        .select()
        .from(paymentOrderTransitions)
        .where(eq(paymentOrderTransitions.orderId, orderId))
        .orderBy(asc(paymentOrderTransitions.id));
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

    /**
     * Keeps a provider's report against a payment (one row per kind), under the payment's reversal
     * lock (migration 0023), and answers the order that payment paid, if one did: a payment being
     * credited right now is either refunded by payment_credit or seen here once it commits.
     */
    async keepReversal(r: {
      gateway: string;
      providerTxnId: string;
      kind: ReversalKind;
      eventRef: string;
      now: Date;
      detail: unknown;
    }): Promise<{ created: boolean; order: OrderRow | undefined }> {
      return db.transaction(async (tx) => {
        await lockPaymentReversals(tx, r.gateway, r.providerTxnId);
        const inserted = await tx
          .insert(paymentReversals)
          .values({
            gateway: r.gateway,
            providerTxnId: r.providerTxnId,
            kind: r.kind,
            eventRef: r.eventRef,
            receivedAt: r.now,
            detail: r.detail ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: paymentReversals.id });
        const [order] = await tx
          .select()
          .from(paymentOrders)
          .where(
            and(
              eq(paymentOrders.gateway, r.gateway),
              eq(paymentOrders.providerTxnId, r.providerTxnId),
            ),
          );
        return { created: inserted.length > 0, order };
      });
    },

    lockPaymentReversals,

    /** Whether the reports kept against a payment take its money back (payment_reversed, 0023). */
    async isReversed(q: Q, gateway: string, providerTxnId: string): Promise<boolean> {
      const [row] = await rowsOf<{ reversed: boolean }>(
        q,
        sql`select payment_reversed(${gateway}, ${providerTxnId}) as reversed`,
      );
      return row?.reversed === true;
    },

    async reversalsOf(gateway: string, providerTxnId: string, q: Q = db): Promise<ReversalRow[]> {
      return q
        .select()
        .from(paymentReversals)
        .where(
          and(
            eq(paymentReversals.gateway, gateway),
            eq(paymentReversals.providerTxnId, providerTxnId),
          ),
        )
        .orderBy(asc(paymentReversals.id));
    },

    /** Marks every report of a payment not yet applied as applied to this order. */
    async markReversalsApplied(
      q: Q,
      gateway: string,
      providerTxnId: string,
      orderId: string,
      at: Date,
    ): Promise<void> {
      await q
        .update(paymentReversals)
        .set({ orderId, appliedAt: at })
        .where(
          and(
            eq(paymentReversals.gateway, gateway),
            eq(paymentReversals.providerTxnId, providerTxnId),
            isNull(paymentReversals.appliedAt),
          ),
        );
    },

    /** Reports not yet applied whose payment now pays an order (the sweep's work list). */
    async keptReversalsWithOrder(limit: number): Promise<{ gateway: string; txn: string }[]> {
      return rowsOf<{ gateway: string; txn: string }>(
        db,
        sql`select distinct r.gateway, r.provider_txn_id as txn
          from ${paymentReversals} r
          join ${paymentOrders} o on o.gateway = r.gateway and o.provider_txn_id = r.provider_txn_id
          where r.applied_at is null
          limit ${limit}`,
      );
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
