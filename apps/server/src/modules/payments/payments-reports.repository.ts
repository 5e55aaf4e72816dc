import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, serviceDayOf } from '../../db/daily';
import { moneyListConditions, type MoneyListFilter } from '../../db/report-filter';
import { paymentOrderTransitions, paymentOrders } from './payments.tables';

/**
 * The console's reads over every order (issue 41 item 3, decision 1550): a keyset page of orders
 * under filters, money paid and refunded per service day, and the refunds of a range. Read only.
 */

/** Filters over orders as the money service resolves them (days already turned into instants). */
export interface OrderReportFilter extends MoneyListFilter {
  state?: string;
}

/** The last row of the previous page: the page holds what comes after it, newest first. */
export interface ReportCursor {
  at: Date;
  id: string;
}

export interface ReportedOrder {
  id: string;
  userId: string;
  gateway: string;
  state: string;
  currency: string;
  amountMinor: number;
  godsCode: string;
  paidCoin: number;
  createdAt: Date;
}

export interface MoneyByDay {
  day: string;
  gateway: string;
  currency: string;
  amountMinor: number;
  count: number;
}

export interface ReportedRefund {
  id: string;
  userId: string;
  gateway: string;
  currency: string;
  amountMinor: number;
  godsCode: string;
  refundedAt: Date;
  detail: unknown;
}

export function createPaymentsReportsRepository(db: Db) {
  const o = paymentOrders;
  return {
    async orderPage(
      filter: OrderReportFilter,
      after: ReportCursor | undefined,
      limit: number,
    ): Promise<ReportedOrder[]> {
      const where: (SQL | undefined)[] = [
        filter.state ? eq(o.state, filter.state) : undefined,
        ...moneyListConditions(
          filter,
          {
            gateway: o.gateway,
            currency: o.currency,
            at: o.createdAt,
            amountMinor: o.amountMinor,
            userId: o.userId,
            id: o.id,
          },
          after,
        ),
      ];
      return db
        .select({
          id: o.id,
          userId: o.userId,
          gateway: o.gateway,
          state: o.state,
          currency: o.currency,
          amountMinor: o.amountMinor,
          godsCode: o.godsCode,
          paidCoin: o.paidCoin,
          createdAt: o.createdAt,
        })
        .from(o)
        .where(and(...where))
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(limit);
    },

    /**
     * Money paid per service day, gateway and currency in [from, to): each order that was ever
     * paid counts once, on the day of its first payment (refunded ones too: a refund is a separate
     * line, never a missing sale).
     */
    async paidByDay(from: Date, to: Date, zone: string): Promise<MoneyByDay[]> {
      return moneyByDay(
        sql`select ${serviceDayOf('p.paid_at', zone)} as day, o.gateway, o.currency,
            sum(o.amount_minor) as n, count(*) as c
          from (select order_id, min(at) as paid_at from ${paymentOrderTransitions}
                where to_state in ('paid', 'credited') group by order_id) p
          join ${o} o on o.id = p.order_id
          where p.paid_at >= ${from.toISOString()}::timestamptz and p.paid_at < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
      );
    },

    /**
     * Money returned per service day, gateway and currency in [from, to): every move to refunded,
     * less every move back out of it (a reversal itself reversed), on the day it happened.
     */
    async refundedByDay(from: Date, to: Date, zone: string): Promise<MoneyByDay[]> {
      return moneyByDay(
        sql`select ${serviceDayOf('t.at', zone)} as day, o.gateway, o.currency,
            sum(case when t.to_state = 'refunded' then o.amount_minor else -o.amount_minor end) as n,
            sum(case when t.to_state = 'refunded' then 1 else -1 end) as c
          from ${paymentOrderTransitions} t
          join ${o} o on o.id = t.order_id
          where (t.to_state = 'refunded' or t.from_state = 'refunded')
            and t.at >= ${from.toISOString()}::timestamptz and t.at < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
      );
    },

    /** Refunds made in [from, to), newest first (at most `limit`), with the refund's detail. */
    async refundsIn(from: Date, to: Date, limit: number): Promise<ReportedRefund[]> {
      const rows = await rowsOf<{
        id: string;
        user_id: string;
        gateway: string;
        currency: string;
        amount_minor: number;
        gods_code: string;
        at: string | Date;
        detail: unknown;
      }>(
        db,
        sql`select o.id, o.user_id, o.gateway, o.currency, o.amount_minor, o.gods_code, t.at, t.detail
          from ${paymentOrderTransitions} t
          join ${o} o on o.id = t.order_id
          where t.to_state = 'refunded'
            and t.at >= ${from.toISOString()}::timestamptz and t.at < ${to.toISOString()}::timestamptz
          order by t.at desc, t.id desc
          limit ${limit}`,
      );
      return rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        gateway: r.gateway,
        currency: r.currency,
        amountMinor: Number(r.amount_minor),
        godsCode: r.gods_code,
        refundedAt: new Date(r.at),
        detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as unknown) : r.detail,
      }));
    },
  };

  /** Rows of { day, gateway, currency, n (money), c (count) } of `query`, as MoneyByDay. */
  async function moneyByDay(query: SQL): Promise<MoneyByDay[]> {
    const rows = await rowsOf<{
      day: string;
      gateway: string;
      currency: string;
      n: string;
      c: string;
    }>(db, query);
    return rows.map((r) => ({ ...r, amountMinor: Number(r.n), count: Number(r.c) }));
  }
}

export type PaymentsReportsRepository = ReturnType<typeof createPaymentsReportsRepository>;
