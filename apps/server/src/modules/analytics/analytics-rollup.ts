import { ANALYTICS_PAYWALL_LEAVE_HOURS } from '@snapdrama/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/daily';

/** Events applied per transaction: big enough to be fast, small enough to hold few locks briefly. */
export const ROLLUP_BATCH = 20_000;

/** Retention keeps these days after the first day (D1, D7, D30) and weeks 0..11. */
const RETURN_DAYS = [1, 7, 30];
const RETURN_WEEKS = 12;

/**
 * The horizon: every transaction of this database below it is over, so no event below it can
 * still appear. The in-flight transactions of this database's sessions (pg_stat_activity: the
 * app's role sees its own) bound it; without any, the snapshot's xmax. Transactions of other
 * databases on the server never hold it back (a cluster-wide xmin would: a long bulk load next
 * door stalled the rollups in the benchmark).
 */
const horizonSql = sql`
  select coalesce(
    (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
     where (x::text::numeric % 4294967296) in (
       select backend_xid::text::numeric from pg_stat_activity
       where datname = current_database() and backend_xid is not null
         and pid <> pg_backend_pid())),
    pg_snapshot_xmax(pg_current_snapshot()))::text as horizon`;

export interface RollupStep {
  name: string;
  statement: SQL;
}

/**
 * The end of a step whose `up` returns one row per viewer who reached a point (drama_id,
 * episode_number and the day `day` names): counts them into their episode's and their drama's day
 * under `column`, or takes them away (`sign` -1). The names are this file's constants, never input.
 */
function countIntoDays(
  column: 'completions' | 'paywall_shown' | 'conv_auto',
  day: 'completed_day' | 'paywall_day',
  sign: 1 | -1 = 1,
): SQL {
  const count = sign < 0 ? '-count(*)' : 'count(*)';
  return sql.raw(`e as (
          insert into analytics_episode_days as d (drama_id, episode_number, day, ${column})
          select drama_id, episode_number, ${day}, ${count} from up group by 1, 2, 3
          on conflict (drama_id, episode_number, day)
            do update set ${column} = d.${column} + excluded.${column}
          returning 1
        )
        insert into analytics_drama_days as d (drama_id, day, ${column})
        select drama_id, ${day}, ${count} from up group by 1, 2
        on conflict (drama_id, day) do update set ${column} = d.${column} + excluded.${column}`);
}

/**
 * The end of a step whose `o` returns orders (user_id, source, drama_id, episode_number, day, currency and
 * the money `amount` names): adds that money under `column` to the revenue of the order's episode
 * (orders with one), of the service's day by source (coin packs or VIP) and of the buyer's sign-up
 * cohort. The names are this file's constants.
 */
function revenueInto(column: 'gross' | 'refunds', amount: 'amount' | 'refunded'): SQL {
  return sql.raw(`r as (
          insert into analytics_episode_revenue as x (drama_id, episode_number, day, currency, ${column})
          select drama_id, episode_number, day, currency, sum(${amount}) from o
          where drama_id is not null group by 1, 2, 3, 4
          on conflict (drama_id, episode_number, day, currency)
            do update set ${column} = x.${column} + excluded.${column}
          returning 1
        ), s as (
          insert into analytics_revenue_days as x (day, source, currency, ${column})
          select day, source, currency, sum(${amount}) from o group by 1, 2, 3
          on conflict (day, source, currency)
            do update set ${column} = x.${column} + excluded.${column}
          returning 1
        )
        insert into analytics_cohort_revenue as x (cohort_day, acquisition, currency, ${column})
        select v.signup_day, v.acquisition, o.currency, sum(o.${amount})
        from o join analytics_viewers v using (user_id)
        where v.signup_day is not null group by 1, 2, 3
        on conflict (cohort_day, acquisition, currency)
          do update set ${column} = x.${column} + excluded.${column}`);
}

/**
 * The CTEs `f` (the batch's first `kind` event of each viewer's episode) and `up` (the reach rows
 * whose `day` this set, set once: a later event of the same kind changes nothing).
 */
function firstReach(
  kind: 'episode_start' | 'episode_complete',
  day: 'started_day' | 'completed_day',
): SQL {
  return sql.raw(`with f as (
          select distinct on (drama_id, episode_number, user_id) drama_id, episode_number, user_id, day
          from analytics_batch where kind = '${kind}'
          order by drama_id, episode_number, user_id, id
        ), up as (
          insert into analytics_reach as r (drama_id, episode_number, user_id, ${day})
          select drama_id, episode_number, user_id, day from f
          on conflict (drama_id, episode_number, user_id) do update
            set ${day} = excluded.${day} where r.${day} is null
          returning drama_id, episode_number, ${day}
        )`);
}

/**
 * The rollup job (issue 43 item 2; decision 1603). One batch is one transaction: lock the state
 * row (skip locked: another instance applying a batch makes this one return at once), copy the
 * next events into a temporary table, apply every step, advance the watermark. A kill or an error
 * anywhere rolls the whole batch back; the next run applies it again from the same watermark.
 *
 * The watermark is (transaction id, event id): only events of transactions older than every
 * transaction of this database still running are read (the horizon below), so an event whose
 * transaction commits after a later id was applied is never skipped.
 */
export function createAnalyticsRollup(deps: {
  db: Db;
  clock: Clock;
  serviceTimeZone: string;
  /** tests: runs after each step inside the batch's transaction (a throw rolls the batch back) */
  afterStep?: (step: string) => Promise<void>;
}) {
  const { db } = deps;
  const zone = deps.serviceTimeZone;

  const steps = (): RollupStep[] => [
    // sign-ups first: a viewer's activity in the same batch finds their cohort
    {
      name: 'sign_up',
      statement: sql`
        with s as (
          select distinct on (user_id) user_id, day, coalesce(method, 'organic') as acquisition
          from analytics_batch where kind = 'sign_up' order by user_id, id
        ), up as (
          insert into analytics_viewers as v (user_id, signup_day, acquisition)
          select user_id, day, acquisition from s
          on conflict (user_id) do update
            set signup_day = excluded.signup_day, acquisition = excluded.acquisition
            where v.signup_day is null
          returning signup_day, acquisition
        )
        insert into analytics_cohorts as c (kind, cohort_day, acquisition, size)
        select 'signup', signup_day, acquisition, count(*) from up group by 2, 3
        on conflict (kind, cohort_day, acquisition) do update set size = c.size + excluded.size`,
    },
    {
      name: 'starts',
      statement: sql`
        with e as (
          insert into analytics_episode_days as d (drama_id, episode_number, day, starts)
          select drama_id, episode_number, day, count(*) from analytics_batch
          where kind = 'episode_start' group by 1, 2, 3
          on conflict (drama_id, episode_number, day) do update set starts = d.starts + excluded.starts
          returning 1
        )
        insert into analytics_drama_days as d (drama_id, day, starts)
        select drama_id, day, count(*) from analytics_batch
        where kind = 'episode_start' group by 1, 2
        on conflict (drama_id, day) do update set starts = d.starts + excluded.starts`,
    },
    {
      name: 'episode_viewers',
      statement: sql`
        ${firstReach('episode_start', 'started_day')}
        insert into analytics_episode_days as d (drama_id, episode_number, day, viewers)
        select drama_id, episode_number, started_day, count(*) from up group by 1, 2, 3
        on conflict (drama_id, episode_number, day) do update set viewers = d.viewers + excluded.viewers`,
    },
    {
      name: 'drama_viewers',
      statement: sql`
        with f as (
          select distinct on (drama_id, user_id) drama_id, user_id, day
          from analytics_batch where kind = 'episode_start' order by drama_id, user_id, id
        ), up as (
          insert into analytics_drama_reach (drama_id, user_id, first_day)
          select drama_id, user_id, day from f
          on conflict (drama_id, user_id) do nothing
          returning drama_id, first_day
        )
        insert into analytics_drama_days as d (drama_id, day, viewers)
        select drama_id, first_day, count(*) from up group by 1, 2
        on conflict (drama_id, day) do update set viewers = d.viewers + excluded.viewers`,
    },
    {
      name: 'completions',
      statement: sql`
        ${firstReach('episode_complete', 'completed_day')}, ${countIntoDays('completions', 'completed_day')}`,
    },
    {
      name: 'paywall_shown',
      statement: sql`
        with f as (
          select distinct on (drama_id, episode_number, user_id)
            drama_id, episode_number, user_id, occurred_at, day
          from analytics_batch where kind = 'paywall_shown'
          order by drama_id, episode_number, user_id, id
        ), up as (
          insert into analytics_reach as r
            (drama_id, episode_number, user_id, paywall_at, paywall_day, outcome)
          select drama_id, episode_number, user_id, occurred_at, day, 'pending' from f
          on conflict (drama_id, episode_number, user_id) do update
            set paywall_at = excluded.paywall_at, paywall_day = excluded.paywall_day,
              outcome = 'pending'
            where r.paywall_at is null
          returning drama_id, episode_number, paywall_day
        ), ${countIntoDays('paywall_shown', 'paywall_day')}`,
    },
    // an unlock converts whoever reached the paywall (and counts as reaching it when nothing else did)
    {
      name: 'unlocks',
      statement: sql`
        with f as (
          select distinct on (drama_id, episode_number, user_id)
            drama_id, episode_number, user_id, occurred_at, day, method
          from analytics_batch where kind = 'unlock'
          order by drama_id, episode_number, user_id, id
        ), old as (
          select r.drama_id, r.episode_number, r.user_id, r.outcome
          from analytics_reach r join f using (drama_id, episode_number, user_id)
        ), up as (
          insert into analytics_reach as r
            (drama_id, episode_number, user_id, paywall_at, paywall_day, outcome)
          select drama_id, episode_number, user_id, occurred_at, day, method from f
          on conflict (drama_id, episode_number, user_id) do update
            set paywall_at = coalesce(r.paywall_at, excluded.paywall_at),
              paywall_day = coalesce(r.paywall_day, excluded.paywall_day),
              outcome = excluded.outcome
            where r.outcome is null or r.outcome in ('pending', 'left')
          returning drama_id, episode_number, user_id, paywall_day, outcome
        ), delta as (
          select up.drama_id, up.episode_number, up.paywall_day as day,
            count(*) filter (where old.outcome is null) as shown,
            count(*) filter (where up.outcome = 'coin') as coin,
            count(*) filter (where up.outcome = 'ad') as ad,
            count(*) filter (where up.outcome = 'vip') as vip,
            count(*) filter (where up.outcome = 'auto') as auto,
            -count(*) filter (where old.outcome = 'left') as left_count
          from up left join old using (drama_id, episode_number, user_id)
          group by 1, 2, 3
        ), e as (
          insert into analytics_episode_days as d (drama_id, episode_number, day,
            paywall_shown, conv_coin, conv_ad, conv_vip, conv_auto, left_count)
          select drama_id, episode_number, day, shown, coin, ad, vip, auto, left_count from delta
          on conflict (drama_id, episode_number, day) do update set
            paywall_shown = d.paywall_shown + excluded.paywall_shown,
            conv_coin = d.conv_coin + excluded.conv_coin, conv_ad = d.conv_ad + excluded.conv_ad,
            conv_vip = d.conv_vip + excluded.conv_vip, conv_auto = d.conv_auto + excluded.conv_auto,
            left_count = d.left_count + excluded.left_count
          returning 1
        )
        insert into analytics_drama_days as d (drama_id, day,
          paywall_shown, conv_coin, conv_ad, conv_vip, conv_auto, left_count)
        select drama_id, day, sum(shown), sum(coin), sum(ad), sum(vip), sum(auto), sum(left_count)
        from delta group by 1, 2
        on conflict (drama_id, day) do update set
          paywall_shown = d.paywall_shown + excluded.paywall_shown,
          conv_coin = d.conv_coin + excluded.conv_coin, conv_ad = d.conv_ad + excluded.conv_ad,
          conv_vip = d.conv_vip + excluded.conv_vip, conv_auto = d.conv_auto + excluded.conv_auto,
          left_count = d.left_count + excluded.left_count`,
    },
    // coins move on the day they are spent (or given back by an undo)
    {
      name: 'coins',
      statement: sql`
        with c as (
          select drama_id, episode_number, day,
            sum(case when kind = 'unlock' then coins else -coins end) as coins
          from analytics_batch
          where kind in ('unlock', 'unlock_undone') and coalesce(coins, 0) <> 0
          group by 1, 2, 3
        ), e as (
          insert into analytics_episode_days as d (drama_id, episode_number, day, coins_spent)
          select drama_id, episode_number, day, coins from c
          on conflict (drama_id, episode_number, day)
            do update set coins_spent = d.coins_spent + excluded.coins_spent
          returning 1
        )
        insert into analytics_drama_days as d (drama_id, day, coins_spent)
        select drama_id, day, sum(coins) from c group by 1, 2
        on conflict (drama_id, day) do update set coins_spent = d.coins_spent + excluded.coins_spent`,
    },
    // an undone auto-unlock puts the viewer back at the paywall, undecided
    {
      name: 'unlock_undone',
      statement: sql`
        with f as (
          select distinct drama_id, episode_number, user_id
          from analytics_batch where kind = 'unlock_undone'
        ), up as (
          update analytics_reach r set outcome = 'pending'
          from f
          where r.drama_id = f.drama_id and r.episode_number = f.episode_number
            and r.user_id = f.user_id and r.outcome = 'auto'
          returning r.drama_id, r.episode_number, r.paywall_day
        ), ${countIntoDays('conv_auto', 'paywall_day', -1)}`,
    },
    // a purchase is the revenue of the paywall the buyer reached last within the window before it;
    // a VIP charge belongs to no drama: the service's and the buyer's cohort's revenue (1608)
    {
      name: 'purchases',
      statement: sql`
        with p as (
          select b.ref, b.user_id, b.day, b.currency, b.amount, a.drama_id, a.episode_number,
            case when b.kind = 'vip_charge' then 'vip' else 'coin_pack' end as source
          from analytics_batch b
          left join lateral (
            select e.drama_id, e.episode_number from analytics_events e
            where b.kind = 'purchase' and e.user_id = b.user_id
              and e.kind in ('paywall_shown', 'unlock')
              and e.occurred_at <= b.occurred_at
              and e.occurred_at > b.occurred_at - make_interval(hours => ${ANALYTICS_PAYWALL_LEAVE_HOURS})
            order by e.occurred_at desc, e.id desc limit 1
          ) a on true
          where b.kind in ('purchase', 'vip_charge') and b.amount is not null
        ), o as (
          insert into analytics_orders (ref, source, user_id, drama_id, episode_number, day, currency, amount)
          select ref, source, user_id, drama_id, episode_number, day, currency, amount from p
          on conflict (ref) do nothing
          returning ref, source, user_id, drama_id, episode_number, day, currency, amount
        ), ${revenueInto('gross', 'amount')}`,
    },
    {
      name: 'first_payers',
      statement: sql`
        with f as (
          select distinct on (user_id) user_id, day from analytics_batch
          where kind in ('purchase', 'vip_charge') order by user_id, id
        ), up as (
          insert into analytics_viewers as v (user_id, first_paid_day)
          select user_id, day from f
          on conflict (user_id) do update set first_paid_day = excluded.first_paid_day
            where v.first_paid_day is null
          returning signup_day, acquisition, first_paid_day
        ), s as (
          insert into analytics_cohorts as c (kind, cohort_day, acquisition, payers)
          select 'signup', signup_day, acquisition, count(*) from up
          where signup_day is not null group by 2, 3
          on conflict (kind, cohort_day, acquisition) do update set payers = c.payers + excluded.payers
          returning 1
        )
        insert into analytics_cohorts as c (kind, cohort_day, acquisition, size)
        select 'payer', first_paid_day, coalesce(acquisition, 'organic'), count(*) from up group by 2, 3
        on conflict (kind, cohort_day, acquisition) do update set size = c.size + excluded.size`,
    },
    {
      name: 'refunds',
      statement: sql`
        with f as (
          select distinct on (ref) ref, amount from analytics_batch
          where kind in ('refund', 'vip_refund') order by ref, id
        ), o as (
          update analytics_orders o set refunded = true
          from f where o.ref = f.ref and not o.refunded
          returning o.user_id, o.source, o.drama_id, o.episode_number, o.day, o.currency,
            least(coalesce(f.amount, o.amount), o.amount) as refunded
        ), ${revenueInto('refunds', 'refunded')}`,
    },
    // a viewer who starts an episode on day N (week N) after their first day has returned then
    {
      name: 'returns',
      statement: sql`
        with act as (
          select distinct user_id, day from analytics_batch where kind = 'episode_start'
        ), cand as (
          select a.user_id, 'signup' as kind, v.signup_day as cohort_day, v.acquisition,
            a.day - v.signup_day as dn
          from act a join analytics_viewers v using (user_id)
          where v.signup_day is not null and a.day >= v.signup_day
          union all
          select a.user_id, 'payer', v.first_paid_day, coalesce(v.acquisition, 'organic'),
            a.day - v.first_paid_day
          from act a join analytics_viewers v using (user_id)
          where v.first_paid_day is not null and a.day >= v.first_paid_day
        ), units as (
          select distinct user_id, kind, cohort_day, acquisition, 'd' as unit, dn as n from cand
          where dn in (${sql.raw(RETURN_DAYS.join(', '))})
          union
          select distinct user_id, kind, cohort_day, acquisition, 'w', dn / 7 from cand
          where dn / 7 < ${RETURN_WEEKS}
        ), ins as (
          insert into analytics_viewer_returns (user_id, kind, unit, n)
          select user_id, kind, unit, n from units
          on conflict do nothing
          returning user_id, kind, unit, n
        )
        insert into analytics_cohort_returns as c (kind, cohort_day, acquisition, unit, n, viewers)
        select u.kind, u.cohort_day, u.acquisition, u.unit, u.n, count(*)
        from ins join units u using (user_id, kind, unit, n)
        group by 1, 2, 3, 4, 5
        on conflict (kind, cohort_day, acquisition, unit, n) do update set viewers = c.viewers + excluded.viewers`,
    },
  ];

  async function ensureState() {
    await db.execute(sql`
      insert into analytics_rollup_state (id, last_tx_id, last_event_id, updated_at)
      values (1, '0'::xid8, 0, now()) on conflict (id) do nothing`);
  }

  /**
   * Applies the next batch of events in one transaction. Returns the number applied, or
   * 'busy' when another process holds the state row (it is applying a batch).
   */
  async function applyBatch(limit = ROLLUP_BATCH): Promise<number | 'busy'> {
    await ensureState();
    return db.transaction(async (tx) => {
      const [state] = await rowsOf<{ last_tx_id: string; last_event_id: number }>(
        tx,
        sql`select last_tx_id::text as last_tx_id, last_event_id from analytics_rollup_state
            where id = 1 for update skip locked`,
      );
      if (!state) return 'busy';
      const [bound] = await rowsOf<{ horizon: string }>(tx, horizonSql);
      if (!bound) throw new Error('no horizon');
      await tx.execute(sql`drop table if exists analytics_batch`);
      await tx.execute(sql`
        create temp table analytics_batch on commit drop as
        select e.id, e.tx_id, e.kind, e.occurred_at, e.user_id, e.drama_id, e.episode_number,
          e.method, e.coins, e.amount, e.currency, e.ref,
          (e.occurred_at at time zone ${zone})::date as day
        from analytics_events e
        where (e.tx_id, e.id) > (${state.last_tx_id}::xid8, ${state.last_event_id})
          and e.tx_id < ${bound.horizon}::xid8
        order by e.tx_id, e.id
        limit ${limit}`);
      const [last] = await rowsOf<{
        n: number;
        tx: string | null;
        id: number | null;
        at: string | null;
      }>(
        tx,
        sql`select count(*)::int as n,
              (select tx_id::text from analytics_batch order by tx_id desc, id desc limit 1) as tx,
              (select id from analytics_batch order by tx_id desc, id desc limit 1) as id,
              max(occurred_at)::text as at
            from analytics_batch`,
      );
      if (!last || last.n === 0 || last.tx === null || last.id === null) return 0;
      for (const step of steps()) {
        await tx.execute(step.statement);
        await deps.afterStep?.(step.name);
      }
      await tx.execute(sql`
        update analytics_rollup_state set last_tx_id = ${last.tx}::xid8, last_event_id = ${last.id},
          rolled_up_to = greatest(rolled_up_to, ${last.at}::timestamptz),
          updated_at = ${deps.clock.now().toISOString()}::timestamptz
        where id = 1`);
      return last.n;
    });
  }

  /**
   * Paywalls reached more than ANALYTICS_PAYWALL_LEAVE_HOURS ago without an unlock become `left`
   * (counted on the day they were reached). Row locks make a second runner skip what the first
   * took; a later unlock moves the viewer from left to converted.
   */
  async function sweepLeft(): Promise<number> {
    const cutoff = new Date(deps.clock.now().getTime() - ANALYTICS_PAYWALL_LEAVE_HOURS * 3_600_000);
    return db.transaction(async (tx: Tx) => {
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql`
          with up as (
            update analytics_reach r set outcome = 'left'
            where r.outcome = 'pending' and r.paywall_at <= ${cutoff.toISOString()}::timestamptz
            returning r.drama_id, r.episode_number, r.paywall_day
          ), e as (
            insert into analytics_episode_days as d (drama_id, episode_number, day, left_count)
            select drama_id, episode_number, paywall_day, count(*) from up group by 1, 2, 3
            on conflict (drama_id, episode_number, day) do update set left_count = d.left_count + excluded.left_count
            returning 1
          ), m as (
            insert into analytics_drama_days as d (drama_id, day, left_count)
            select drama_id, paywall_day, count(*) from up group by 1, 2
            on conflict (drama_id, day) do update set left_count = d.left_count + excluded.left_count
            returning 1
          )
          select count(*)::int as n from up`,
      );
      return row?.n ?? 0;
    });
  }

  return {
    applyBatch,
    sweepLeft,
    /**
     * Applies batches until none is left (or another process holds the state), then sweeps the
     * paywalls left. What the job timer, the worker and tests run.
     */
    async catchUp(limit = ROLLUP_BATCH): Promise<{ applied: number; left: number; busy: boolean }> {
      let applied = 0;
      for (;;) {
        const n = await applyBatch(limit);
        if (n === 'busy') return { applied, left: 0, busy: true };
        applied += n;
        if (n < limit) break;
      }
      return { applied, left: await sweepLeft(), busy: false };
    },
  };
}

export type AnalyticsRollup = ReturnType<typeof createAnalyticsRollup>;

/** How often the rollup job looks for new events (seconds of lag the pages show at most). */
export const ROLLUP_POLL_MS = 5_000;
