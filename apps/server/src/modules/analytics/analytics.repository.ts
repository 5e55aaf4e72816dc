import type { AnalyticsDramaSort, PaymentCurrency } from '@snapdrama/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/daily';
import { analyticsEvents } from './analytics.tables';

/** One fact for the event log (docs/analytics-events.md). */
export interface AnalyticsEventRow {
  kind: string;
  sourceKey: string;
  occurredAt: Date;
  userId: string;
  dramaId?: number | null;
  episodeNumber?: number | null;
  method?: string | null;
  coins?: number | null;
  amount?: number | null;
  currency?: string | null;
  ref?: string | null;
}

/** The counters of a drama × episode × day row, summed over a range. */
export interface CounterSums {
  starts: number;
  viewers: number;
  completions: number;
  paywallShown: number;
  coin: number;
  ad: number;
  vip: number;
  auto: number;
  left: number;
  coinsSpent: number;
}

const sums = sql`
  coalesce(sum(starts), 0)::int as "starts", coalesce(sum(viewers), 0)::int as "viewers",
  coalesce(sum(completions), 0)::int as "completions",
  coalesce(sum(paywall_shown), 0)::int as "paywallShown",
  coalesce(sum(conv_coin), 0)::int as "coin", coalesce(sum(conv_ad), 0)::int as "ad",
  coalesce(sum(conv_vip), 0)::int as "vip", coalesce(sum(conv_auto), 0)::int as "auto",
  coalesce(sum(left_count), 0)::int as "left", coalesce(sum(coins_spent), 0)::bigint as "coinsSpent"`;

const toCounters = <T extends CounterSums>(r: T): T => ({ ...r, coinsSpent: Number(r.coinsSpent) });

/** The SQL of each catalog sort column (whitelisted: never the caller's text). */
const SORT_SQL: Record<AnalyticsDramaSort, string> = {
  viewers: 'viewers',
  starts: 'starts',
  completionRate: 'completion_rate',
  paywallShown: 'paywall_shown',
  conversionRate: 'conversion_rate',
  revenueGross: 'gross',
  revenueNet: 'net',
};

export function createAnalyticsRepository(db: Db) {
  return {
    /** Appends a fact, in the caller's transaction; the same source key again is a no-op. */
    async insertEvent(q: Db | Tx, row: AnalyticsEventRow): Promise<boolean> {
      const added = await q
        .insert(analyticsEvents)
        .values(row)
        .onConflictDoNothing({ target: analyticsEvents.sourceKey })
        .returning({ id: analyticsEvents.id });
      return added.length > 0;
    },

    async state(): Promise<{ appliedEventId: number; rolledUpTo: Date | null; behind: number }> {
      const [row] = await rowsOf<{ id: string | null; at: Date | string | null; behind: number }>(
        db,
        sql`select s.last_event_id::text as id, s.rolled_up_to as at,
              (select count(*)::int from analytics_events e
               where s.last_event_id is null
                 or (e.tx_id >= s.last_tx_id and (e.tx_id, e.id) > (s.last_tx_id, s.last_event_id)))
                as behind
            from (select 1) one left join analytics_rollup_state s on s.id = 1`,
      );
      return {
        appliedEventId: Number(row?.id ?? 0),
        rolledUpTo: row?.at ? new Date(row.at) : null,
        behind: row?.behind ?? 0,
      };
    },

    /** The newest event the rollups applied (what the pages show as "up to"). */
    async rolledUpTo(): Promise<Date | null> {
      const [row] = await rowsOf<{ at: Date | string | null }>(
        db,
        sql`select rolled_up_to as at from analytics_rollup_state where id = 1`,
      );
      return row?.at ? new Date(row.at) : null;
    },

    async episodeSums(dramaId: number, from: string, to: string) {
      const rows = await rowsOf<CounterSums & { epsd: number }>(
        db,
        sql`select episode_number as "epsd", ${sums} from analytics_episode_days
            where drama_id = ${dramaId} and day between ${from}::date and ${to}::date
            group by episode_number`,
      );
      return rows.map(toCounters);
    },

    async dramaSums(dramaId: number, from: string, to: string): Promise<CounterSums> {
      const [row] = await rowsOf<CounterSums>(
        db,
        sql`select ${sums} from analytics_drama_days
            where drama_id = ${dramaId} and day between ${from}::date and ${to}::date`,
      );
      if (!row) throw new Error('sum without a row');
      return toCounters(row);
    },

    async episodeRevenue(dramaId: number, from: string, to: string) {
      const rows = await rowsOf<{ epsd: number; currency: string; gross: string; refunds: string }>(
        db,
        sql`select episode_number as "epsd", currency, sum(gross)::text as gross,
              sum(refunds)::text as refunds
            from analytics_episode_revenue
            where drama_id = ${dramaId} and day between ${from}::date and ${to}::date
            group by episode_number, currency`,
      );
      return rows.map((r) => ({ ...r, gross: Number(r.gross), refunds: Number(r.refunds) }));
    },

    /** The catalog's table: dramas with activity in the range, sorted, one page, and their count. */
    async dramaPage(q: {
      from: string;
      to: string;
      sort: AnalyticsDramaSort;
      order: 'asc' | 'desc';
      currency: PaymentCurrency;
      limit: number;
      offset: number;
    }) {
      const direction = q.order === 'asc' ? 'asc' : 'desc';
      const rows = await rowsOf<
        CounterSums & { dramaId: number; total: number; gross: string; net: string }
      >(
        db,
        sql`
          with d as (
            select drama_id, ${sums} from analytics_drama_days
            where day between ${q.from}::date and ${q.to}::date group by drama_id
          ), m as (
            select drama_id, sum(gross) as gross, sum(gross - refunds) as net
            from analytics_episode_revenue
            where day between ${q.from}::date and ${q.to}::date and currency = ${q.currency}
            group by drama_id
          ), t as (
            select d.*, coalesce(m.gross, 0) as gross, coalesce(m.net, 0) as net,
              case when d."starts" > 0 then d."completions"::float8 / d."starts" else 0 end as completion_rate,
              case when d."paywallShown" > 0
                then (d."coin" + d."ad" + d."vip" + d."auto")::float8 / d."paywallShown" else 0 end
                as conversion_rate,
              d."paywallShown" as paywall_shown
            from d left join m using (drama_id)
          )
          select drama_id as "dramaId", "starts", "viewers", "completions", "paywallShown",
            "coin", "ad", "vip", "auto", "left", "coinsSpent", gross::text as gross, net::text as net,
            count(*) over ()::int as total
          from t
          order by ${sql.raw(SORT_SQL[q.sort])} ${sql.raw(direction)}, drama_id ${sql.raw(direction)}
          limit ${q.limit} offset ${q.offset}`,
      );
      return rows.map((r) => ({ ...toCounters(r), gross: Number(r.gross), net: Number(r.net) }));
    },

    /** How many dramas had activity in the range (a page past the end still knows the total). */
    async dramaCount(from: string, to: string): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(distinct drama_id)::int as n from analytics_drama_days
            where day between ${from}::date and ${to}::date`,
      );
      return row?.n ?? 0;
    },

    /** Revenue per drama and currency of the range (all currencies), for the page's dramas. */
    async dramaRevenue(dramaIds: number[], from: string, to: string) {
      if (dramaIds.length === 0) return [];
      const rows = await rowsOf<{
        dramaId: number;
        currency: string;
        gross: string;
        refunds: string;
      }>(
        db,
        sql`select drama_id as "dramaId", currency, sum(gross)::text as gross, sum(refunds)::text as refunds
            from analytics_episode_revenue
            where drama_id in (${sql.join(
              dramaIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and day between ${from}::date and ${to}::date
            group by drama_id, currency`,
      );
      return rows.map((r) => ({ ...r, gross: Number(r.gross), refunds: Number(r.refunds) }));
    },

    /** The service's revenue of the range per source (coin_pack | vip) and currency. */
    async serviceRevenue(from: string, to: string) {
      const rows = await rowsOf<{
        source: string;
        currency: string;
        gross: string;
        refunds: string;
      }>(
        db,
        sql`select source, currency, sum(gross)::text as gross, sum(refunds)::text as refunds
            from analytics_revenue_days where day between ${from}::date and ${to}::date
            group by source, currency`,
      );
      return rows.map((r) => ({ ...r, gross: Number(r.gross), refunds: Number(r.refunds) }));
    },

    /** Cohorts of a kind (signup | payer) whose first day is in the range, per day. */
    async cohorts(kind: 'signup' | 'payer', acquisition: string | null, from: string, to: string) {
      return rowsOf<{ day: string; size: number; payers: number }>(
        db,
        sql`select cohort_day::text as day, sum(size)::int as size, sum(payers)::int as payers
            from analytics_cohorts
            where kind = ${kind} and cohort_day between ${from}::date and ${to}::date
              and (${acquisition}::text is null or acquisition = ${acquisition})
            group by cohort_day order by cohort_day`,
      );
    },

    async cohortReturns(
      kind: 'signup' | 'payer',
      acquisition: string | null,
      from: string,
      to: string,
    ) {
      return rowsOf<{ day: string; unit: 'd' | 'w'; n: number; viewers: number }>(
        db,
        sql`select cohort_day::text as day, unit, n, sum(viewers)::int as viewers
            from analytics_cohort_returns
            where kind = ${kind} and cohort_day between ${from}::date and ${to}::date
              and (${acquisition}::text is null or acquisition = ${acquisition})
            group by cohort_day, unit, n`,
      );
    },

    async cohortRevenue(acquisition: string | null, from: string, to: string) {
      const rows = await rowsOf<{ currency: string; gross: string; refunds: string }>(
        db,
        sql`select currency, sum(gross)::text as gross, sum(refunds)::text as refunds
            from analytics_cohort_revenue
            where cohort_day between ${from}::date and ${to}::date
              and (${acquisition}::text is null or acquisition = ${acquisition})
            group by currency`,
      );
      return rows.map((r) => ({ ...r, gross: Number(r.gross), refunds: Number(r.refunds) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
