import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, serviceDayOf } from '../../db/daily';
import { moneyListConditions, type MoneyListFilter } from '../../db/report-filter';
import { vipPeriods, vipRefunds, vipSubscriptions } from './vip.tables';

/**
 * The console's reads over VIP charges (issue 41 item 3, decision 1550): each paid period is one
 * charge, paid or refunded. Read only; the money module merges them with the coin orders.
 */

export interface ChargeReportFilter extends MoneyListFilter {
  /** paid or refunded; any other order state has no VIP charge */
  state?: 'paid' | 'refunded';
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
        filter.state === 'paid' ? isNull(p.refundedAt) : undefined,
        filter.state === 'refunded' ? isNotNull(p.refundedAt) : undefined,
        ...moneyListConditions(
          filter,
          {
            gateway: s.gateway,
            currency: p.currency,
            at: p.recordedAt,
            amountMinor: p.amountMinor,
            userId: s.userId,
            id: p.id,
          },
          after,
        ),
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
      return chargesByDay('p.recorded_at', from, to, zone);
    },

    /** Charges refunded per service day, gateway and currency in [from, to). */
    async refundedByDay(from: Date, to: Date, zone: string): Promise<ChargeMoneyByDay[]> {
      return chargesByDay('p.refunded_at', from, to, zone);
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

  /** Charges per service day, gateway and currency whose `at` (a column of p) is in [from, to). */
  async function chargesByDay(
    at: 'p.recorded_at' | 'p.refunded_at',
    from: Date,
    to: Date,
    zone: string,
  ): Promise<ChargeMoneyByDay[]> {
    const rows = await rowsOf<{
      day: string;
      gateway: string;
      currency: string | null;
      n: string;
      c: string;
    }>(
      db,
      sql`select ${serviceDayOf(at, zone)} as day, s.gateway, p.currency,
            coalesce(sum(p.amount_minor), 0) as n, count(*) as c
          from ${p} p join ${s} s on s.id = p.subscription_id
          where ${sql.raw(at)} >= ${from.toISOString()}::timestamptz and ${sql.raw(at)} < ${to.toISOString()}::timestamptz
          group by 1, 2, 3`,
    );
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
