import { and, desc, eq, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, serviceDayOf } from '../../db/daily';
import { vipPeriods, vipRefunds, vipSubscriptions } from './vip.tables';

/**
 * The console's reads over VIP charges (issue 41 item 3, decision 1550): each paid period is one
 * charge, paid or refunded. Read only; the money module merges them with the coin orders.
 */

export interface ChargeReportFilter {
  gateway?: string;
  /** paid or refunded; any other order state has no VIP charge */
  state?: 'paid' | 'refunded';
  currency?: string;
  fromAt?: Date;
  toAt?: Date;
  minAmount?: number;
  maxAmount?: number;
  userId?: string;
}

export interface ReportedCharge {
  id: string;
  userId: string;
  gateway: string;
  plan: string;
  currency: string | null;
  amountMinor: number | null;
  recordedAt: Date;
  refundedAt: Date | null;
}

export interface ChargeMoneyByDay {
  day: string;
  gateway: string;
  /** null: store charges (the store sets the price) */
  currency: string | null;
  amountMinor: number;
  count: number;
}

export function createVipReportsRepository(db: Db) {
  const p = vipPeriods;
  const s = vipSubscriptions;
  const columns = {
    id: p.id,
    userId: s.userId,
    gateway: s.gateway,
    plan: s.plan,
    currency: p.currency,
    amountMinor: p.amountMinor,
    recordedAt: p.recordedAt,
    refundedAt: p.refundedAt,
  };
  return {
    async chargePage(
      filter: ChargeReportFilter,
      after: { at: Date; id: string } | undefined,
      limit: number,
    ): Promise<ReportedCharge[]> {
      const where: (SQL | undefined)[] = [
        filter.gateway ? eq(s.gateway, filter.gateway) : undefined,
        filter.state === 'paid' ? isNull(p.refundedAt) : undefined,
        filter.state === 'refunded' ? isNotNull(p.refundedAt) : undefined,
        filter.currency ? eq(p.currency, filter.currency) : undefined,
        filter.fromAt ? gte(p.recordedAt, filter.fromAt) : undefined,
        filter.toAt ? lt(p.recordedAt, filter.toAt) : undefined,
        filter.minAmount !== undefined ? gte(p.amountMinor, filter.minAmount) : undefined,
        filter.maxAmount !== undefined ? lte(p.amountMinor, filter.maxAmount) : undefined,
        filter.userId ? eq(s.userId, filter.userId) : undefined,
        after
          ? sql`(${p.recordedAt}, ${p.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ];
      return db
        .select(columns)
        .from(p)
        .innerJoin(s, eq(s.id, p.subscriptionId))
        .where(and(...where))
        .orderBy(desc(p.recordedAt), desc(p.id))
        .limit(limit);
    },

    /** Charges paid per service day, gateway and currency in [from, to). */
    async paidByDay(from: Date, to: Date, zone: string): Promise<ChargeMoneyByDay[]> {
      return byDay(
        sql`select ${serviceDayOf('p.recorded_at', zone)} as day, s.gateway, p.currency,
            coalesce(sum(p.amount_minor), 0) as n, count(*) as c
          from ${p} p join ${s} s on s.id = p.subscription_id
          where p.recorded_at >= ${from.toISOString()}::timestamptz and p.recorded_at < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
      );
    },

    /** Charges refunded per service day, gateway and currency in [from, to). */
    async refundedByDay(from: Date, to: Date, zone: string): Promise<ChargeMoneyByDay[]> {
      return byDay(
        sql`select ${serviceDayOf('p.refunded_at', zone)} as day, s.gateway, p.currency,
            coalesce(sum(p.amount_minor), 0) as n, count(*) as c
          from ${p} p join ${s} s on s.id = p.subscription_id
          where p.refunded_at >= ${from.toISOString()}::timestamptz and p.refunded_at < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
      );
    },

    /**
     * Charges refunded in [from, to), newest first (at most `limit`), with why when we know it
     * (duplicate: we refunded a second paid pass; provider: the provider told us).
     */
    async refundsIn(from: Date, to: Date, limit: number) {
      return db
        .select({
          ...columns,
          reason: sql<string | null>`(select ${vipRefunds.reason} from ${vipRefunds}
            where ${vipRefunds.subscriptionId} = ${s.id}
              and (${vipRefunds.scope} = 'subscription' or ${vipRefunds.refundKey} = ${p.periodKey})
            order by ${vipRefunds.recordedAt} limit 1)`,
        })
        .from(p)
        .innerJoin(s, eq(s.id, p.subscriptionId))
        .where(and(gte(p.refundedAt, from), lt(p.refundedAt, to)))
        .orderBy(desc(p.refundedAt), desc(p.id))
        .limit(limit);
    },
  };

  async function byDay(query: SQL): Promise<ChargeMoneyByDay[]> {
    const rows = await rowsOf<{
      day: string;
      gateway: string;
      currency: string | null;
      n: string;
      c: string;
    }>(db, query);
    return rows.map((r) => ({
      day: r.day,
      gateway: r.gateway,
      currency: r.currency,
      amountMinor: Number(r.n),
      count: Number(r.c),
    }));
  }
}

export type VipReportsRepository = ReturnType<typeof createVipReportsRepository>;
