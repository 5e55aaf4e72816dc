import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { assignVariant } from '@snapdrama/rules';
import { systemClock } from '../apps/server/src/clock';
import { rowsOf } from '../apps/server/src/db/daily';
import { createAnalyticsRollup } from '../apps/server/src/modules/analytics/analytics-rollup';
import { benchDatabase, startApp, type Running } from './lib';

/**
 * `npm run bench analytics` (issue 43 item 6): generate the event log of 90 days (10 million
 * events, 100,000 viewers, 1,000 dramas on PostgreSQL when DATABASE_URL is set; a tenth on
 * PGlite), one day at a time; apply it with the rollup job (events/s); add one more day and time
 * its catch-up; then p50/p99 of the funnel, the dramas table and retention read from the rollups,
 * against the same reads computed from the raw events (the baseline, measured in this run); and
 * the experiment result read (decision 1613) over a paywall experiment with one exposure per
 * viewer, read from its rollup (kept by triggers as the rows are written, whose share of the
 * writes is reported), against the same per-variant sums done by one SQL statement over the raw
 * tables.
 *
 * ANALYTICS_BENCH_EVENTS=N sets another size (viewers and dramas scale with it), e.g. 100000 for
 * a quick run. ANALYTICS_BENCH_DATABASE names the PostgreSQL database (made afresh; default
 * snapdrama_bench_analytics).
 */

const DAYS = 90;
const EPISODES = 30;
const FREE = 5;
const PRICE = 30;

interface Size {
  events: number;
  viewers: number;
  dramas: number;
}

function sizeOf(postgres: boolean): Size {
  const asked = Number(process.env.ANALYTICS_BENCH_EVENTS ?? '');
  const events = asked > 0 ? Math.round(asked) : postgres ? 10_000_000 : 1_000_000;
  return {
    events,
    viewers: Math.max(100, Math.round(events / 100)),
    dramas: Math.max(10, Math.round(events / 10_000)),
  };
}

const fmt = (n: number) => new Intl.NumberFormat('en').format(Math.round(n));
const ms = (n: number) => `${n.toFixed(1)} ms`;

function quantiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), n: sorted.length };
}

async function timed(rounds: number, work: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return quantiles(times);
}

/** Dramas of the catalog the reads name (the funnel lists the catalog's episodes). */
async function addDramas(app: Running, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const slug = `bench-analytics-${randomUUID().slice(0, 8)}`;
    ids.push(
      await app.services.catalogRepo.upsertDrama(
        {
          slug,
          titleKey: `drama.${slug}.title`,
          descriptionKey: `drama.${slug}.description`,
          posterVerticalPath: '/resources/none.jpg',
          posterHorizontalPath: '/resources/none.jpg',
          episodeCount: EPISODES,
          registeredAt: new Date(),
        },
        [],
        Array.from({ length: EPISODES }, (_, e) => ({
          number: e + 1,
          coin: e < FREE ? 0 : PRICE,
          mediaPrefix: 'clips/none',
        })),
      ),
    );
  }
  return ids;
}

/** A number of ours written into the statement (generate_series wants integers, not parameters). */
const n = (v: number) => sql.raw(String(Math.trunc(v)));

/**
 * One service day of events, in time order (ids follow time, as in production): sign-ups, starts
 * whose episode number drops off geometrically, completions, paywalls at the first paid episode,
 * unlocks by the four methods, purchases and a few refunds. Deterministic per day.
 */
function dayOfEvents(day: number, perDay: number, size: Size, firstDrama: number, start: Date) {
  const dayStart = new Date(start.getTime() + day * 86_400_000).toISOString();
  const signups = Math.round(size.viewers / DAYS);
  return sql`
    insert into analytics_events (kind, source_key, occurred_at, user_id, drama_id, episode_number,
      method, coins, amount, currency, ref)
    select kind, 'bench:' || ${n(day)} || ':' || g, at, user_id, drama_id, epsd, method, coins, amount,
      currency, ref
    from (
      select g,
        ${dayStart}::timestamptz + (hashint4(g * 7 + ${n(day)}) & 65535) * interval '1318 milliseconds' as at,
        case
          when g <= ${n(signups)} then 'sign_up'
          when r < 0.70 then 'episode_start'
          when r < 0.80 then 'episode_complete'
          when r < 0.90 then 'paywall_shown'
          when r < 0.985 then 'unlock'
          when r < 0.999 then 'purchase'
          else 'refund'
        end as kind,
        md5('viewer' || case when g <= ${n(signups)}
          then (${n(day)} * ${n(signups)} + g) % ${n(size.viewers)}
          else (hashint4(g + ${n(day)} * 1000003) & 2147483647) % ${n(size.viewers)} end)::uuid as user_id,
        ${n(firstDrama)} + floor(power(((hashint4(g * 31 + ${n(day)}) & 65535) / 65536.0), 2) * ${n(size.dramas)})::int
          as drama_id,
        case when r >= 0.80 then ${n(FREE + 1)}
          else least(${n(EPISODES)}, 1 + floor(-ln(1 - ((hashint4(g * 17) & 65535) / 65536.0)) * 4)::int) end
          as epsd,
        case when g <= ${n(signups)}
          then (array['organic', 'organic', 'invite', 'shared_link'])[1 + (g % 4)]
          when r >= 0.90 and r < 0.985 then (array['coin', 'coin', 'ad', 'vip', 'auto'])[1 + (g % 5)]
          when r >= 0.985 then 'T' end as method,
        case when r >= 0.90 and r < 0.985 and g % 5 in (0, 1, 4) then ${n(PRICE)} else 0 end as coins,
        case when r >= 0.985 then 5900 end as amount,
        case when r >= 0.985 then 'KRW' end as currency,
        case when r >= 0.985 then 'order-' || ${n(day)} || '-' || (g % 1000) end as ref
      from (
        select g, (hashint4(g * 13 + ${n(day)} * 7919) & 65535) / 65536.0 as r
        from generate_series(1, ${n(perDay)}) g
      ) s
    ) e
    order by at`;
}

/** The funnel of one drama computed from the raw events (the baseline). */
const rawFunnel = (dramaId: number, from: string, to: string) => sql`
  select episode_number,
    count(*) filter (where kind = 'episode_start') as starts,
    count(distinct user_id) filter (where kind = 'episode_start') as viewers,
    count(distinct user_id) filter (where kind = 'episode_complete') as completions,
    count(distinct user_id) filter (where kind = 'paywall_shown') as paywall,
    count(distinct user_id) filter (where kind = 'unlock') as unlocked,
    sum(coins) filter (where kind = 'unlock') as coins
  from analytics_events
  where drama_id = ${dramaId} and occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz
  group by episode_number`;

/** The dramas table computed from the raw events (the baseline). */
const rawDramas = (from: string, to: string) => sql`
  select drama_id, count(distinct user_id) filter (where kind = 'episode_start') as viewers,
    count(*) filter (where kind = 'episode_start') as starts
  from analytics_events
  where occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz
    and drama_id is not null
  group by drama_id order by viewers desc limit 50`;

/** The bench's viewer k as the event log names it (md5('viewer' || k) read as a uuid). */
const viewerId = (k: number) => {
  const h = createHash('md5').update(`viewer${k}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** A deterministic number in [0, 1) for a viewer and a purpose. */
const unit = (k: number, salt: number) =>
  (createHash('md5').update(`${salt}:${k}`).digest().readUInt32BE(0) >>> 0) / 2 ** 32;

/**
 * A running paywall experiment on one drama (A: the catalog's paywall, B: two episodes earlier,
 * 50/50) with every bench viewer exposed, assigned by the service's own rule; viewers who convert
 * (10 % in A, 12 % in B) unlock one to three episodes with coins after their exposure, and as
 * many coin unlocks land on other dramas (which the read must leave out). The owners' tables are
 * written directly: users and wallets for the unlocks' keys, exposures, coin unlocks. The
 * rollup's triggers run with those writes (decision 1613), as they would in the service: the
 * writes are timed apart (exposures, unlocks of the experiment's drama, unlocks elsewhere, where
 * the trigger finds no experiment), and the same exposures are also written into a copy of the
 * table without the triggers, so the rollup's share of the writes can be read off.
 */
async function seedExperiment(app: Running, size: Size, dramaIds: number[], start: Date) {
  const db = app.database.db;
  const dramaId = dramaIds[0] ?? 0;
  const split = [50, 50];
  const salt = randomBytes(12).toString('hex');
  const startedAt = new Date(start.getTime() + (DAYS - 30) * 86_400_000);
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into experiments (name, kind, target, drama_id, variants, split, salt, status,
          created_by, created_at, started_at)
        values ('bench paywall', 'paywall_position', ${`drama:${dramaId}`}, ${dramaId},
          ${JSON.stringify([{ firstPaidEpisode: FREE + 1 }, { firstPaidEpisode: FREE - 1 }])}::jsonb,
          ${JSON.stringify(split)}::jsonb, ${salt}, 'running', ${randomUUID()}, ${startedAt.toISOString()},
          ${startedAt.toISOString()})
        returning id`,
  );
  if (!row) throw new Error('no experiment');
  await db.execute(
    sql`create table bench_exposures_without_rollup (like experiment_exposures including all)`,
  );
  const chunk = 2_000;
  let unlocks = 0;
  let elsewhere = 0;
  const ms = { exposures: 0, plainExposures: 0, unlocks: 0, elsewhere: 0 };
  const clocked = async (key: keyof typeof ms, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    ms[key] += performance.now() - started;
  };
  for (let from = 0; from < size.viewers; from += chunk) {
    const ks = Array.from({ length: Math.min(chunk, size.viewers - from) }, (_, i) => from + i);
    const ids = ks.map(viewerId);
    const variants = ids.map((id) => assignVariant(salt, id, split));
    const exposed = ks.map((k) => new Date(startedAt.getTime() + unit(k, 1) * 25 * 86_400_000));
    const list = (xs: (string | number)[], type: string) =>
      sql.raw(
        `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',')}]::${type}[]`,
      );
    await db.execute(sql`
      insert into users (id, auth_method, nickname, created_at)
      select id, 'google', 'bench', now() from unnest(${list(ids, 'uuid')}) id
      on conflict do nothing`);
    await db.execute(sql`
      insert into wallets (user_id, created_at)
      select id, now() from unnest(${list(ids, 'uuid')}) id on conflict do nothing`);
    const exposures = (table: string) => sql`
      insert into ${sql.identifier(table)} (experiment_id, user_id, variant, first_exposed_at)
      select ${row.id}::uuid, u, v, t from unnest(${list(ids, 'uuid')}, ${list(variants, 'int')},
        ${list(
          exposed.map((d) => d.toISOString()),
          'timestamptz',
        )}) as x(u, v, t)`;
    await clocked('exposures', () => db.execute(exposures('experiment_exposures')));
    await clocked('plainExposures', () => db.execute(exposures('bench_exposures_without_rollup')));
    const owned: { id: string; drama: number; epsd: number; at: string }[] = [];
    ks.forEach((k, i) => {
      const variant = variants[i] ?? 0;
      const at = (exposed[i] ?? startedAt).getTime();
      const converts = unit(k, 2) < (variant === 0 ? 0.1 : 0.12);
      const count = 1 + Math.floor(unit(k, 3) * 3);
      for (let e = 0; converts && e < count; e++)
        owned.push({
          id: ids[i] ?? '',
          drama: dramaId,
          epsd: FREE + 1 + e,
          at: new Date(at + (e + 1) * 3_600_000).toISOString(),
        });
      // the same number of unlocks elsewhere: the read must leave them out
      const other = dramaIds[1 + Math.floor(unit(k, 4) * (dramaIds.length - 1))] ?? dramaId;
      if (unit(k, 5) < 0.2 && other !== dramaId)
        owned.push({
          id: ids[i] ?? '',
          drama: other,
          epsd: FREE + 1,
          at: new Date(at).toISOString(),
        });
    });
    const insertUnlocks = (rows: typeof owned) => sql`
      insert into coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at)
      select u, d, e, 'bench', ${PRICE}, t from unnest(${list(
        rows.map((o) => o.id),
        'uuid',
      )},
        ${list(
          rows.map((o) => o.drama),
          'int',
        )}, ${list(
          rows.map((o) => o.epsd),
          'int',
        )},
        ${list(
          rows.map((o) => o.at),
          'timestamptz',
        )}) as x(u, d, e, t)`;
    const here = owned.filter((o) => o.drama === dramaId);
    const there = owned.filter((o) => o.drama !== dramaId);
    unlocks += here.length;
    elsewhere += there.length;
    if (here.length > 0) await clocked('unlocks', () => db.execute(insertUnlocks(here)));
    if (there.length > 0) await clocked('elsewhere', () => db.execute(insertUnlocks(there)));
  }
  await db.execute(sql`drop table bench_exposures_without_rollup`);
  return { id: row.id, dramaId, since: startedAt, unlocks, elsewhere, ms };
}

/**
 * The experiment's per-variant figures summed by the database in one statement over the raw
 * tables (the baseline for the service's read, which sums its rollup): exposed, converted, and
 * the sum and sum of squares of revenue per viewer.
 */
const sqlExperiment = (experimentId: string, dramaId: number, since: Date) => sql`
  with o as (
    select x.user_id, x.variant, coalesce(sum(c.coins), 0) as coins, count(c.user_id) as n
    from experiment_exposures x
    left join coin_unlocks c on c.user_id = x.user_id and c.drama_id = ${dramaId}
      and c.unlocked_at >= ${since.toISOString()}::timestamptz and c.unlocked_at >= x.first_exposed_at
    where x.experiment_id = ${experimentId}::uuid
    group by x.user_id, x.variant
  )
  select variant, count(*) as exposures, count(*) filter (where n > 0) as conversions,
    sum(coins) as revenue, sum(coins * coins) as revenue_sq
  from o group by variant order by variant`;

export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const postgres = Boolean(databaseUrl);
  const size = sizeOf(postgres);
  console.log(
    `${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}: ${fmt(size.events)} events over ${DAYS} days, ` +
      `${fmt(size.viewers)} viewers, ${fmt(size.dramas)} dramas`,
  );
  const app = await startApp({
    databaseUrl: databaseUrl
      ? await benchDatabase(
          databaseUrl,
          process.env.ANALYTICS_BENCH_DATABASE ?? 'snapdrama_bench_analytics',
          true,
        )
      : undefined,
    seed: false,
  });
  try {
    const db = app.database.db;
    const analytics = app.services.analytics;
    const rollup = app.services.analyticsRollup;
    let started = performance.now();
    const dramaIds = await addDramas(app, size.dramas);
    const firstDrama = Math.min(...dramaIds);
    console.log(`catalog: ${fmt(size.dramas)} dramas in ${ms(performance.now() - started)}`);

    // 90 days ending yesterday: the reads' default range (the last 30 days) falls in them
    const today = new Date();
    const start = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - DAYS),
    );
    const perDay = Math.round(size.events / DAYS);
    started = performance.now();
    for (let day = 0; day < DAYS - 1; day++) {
      await db.execute(dayOfEvents(day, perDay, size, firstDrama, start));
    }
    const written = perDay * (DAYS - 1);
    const writeMs = performance.now() - started;
    console.log(
      `event log: ${fmt(written)} events (89 days) in ${ms(writeMs)} = ${fmt(written / (writeMs / 1000))} events/s`,
    );

    // the same job with a stopwatch on each step: where a batch's time goes
    const stepMs = new Map<string, number>();
    let stepStart = performance.now();
    const timedRollup = createAnalyticsRollup({
      db,
      clock: systemClock,
      serviceTimeZone: 'Asia/Seoul',
      afterStep: async (step) => {
        const now = performance.now();
        stepMs.set(step, (stepMs.get(step) ?? 0) + now - stepStart);
        stepStart = now;
        return Promise.resolve();
      },
    });
    started = performance.now();
    const first = await timedRollup.catchUp();
    const rollMs = performance.now() - started;
    const throughput = first.applied / (rollMs / 1000);
    console.log(
      `rollup of 89 days: ${fmt(first.applied)} events in ${ms(rollMs)} = ${fmt(throughput)} events/s`,
    );

    const steps = [...stepMs.entries()].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`);
    console.log(`  time per step (the first one includes reading the batch): ${steps.join(', ')}`);

    await db.execute(dayOfEvents(DAYS - 1, perDay, size, firstDrama, start));
    started = performance.now();
    const oneDay = await rollup.catchUp();
    const dayMs = performance.now() - started;
    console.log(
      `catch-up after one day: ${fmt(oneDay.applied)} events in ${ms(dayMs)} ` +
        `(${fmt(oneDay.applied / (dayMs / 1000))} events/s)`,
    );
    const again = await rollup.catchUp();
    console.log(`run again with nothing new: ${again.applied} events applied`);

    // what autovacuum does between a service's rollups and its reads: the job's upserts leave a
    // dead row version per batch, and the planner needs statistics (PGlite has no autovacuum, and
    // a test machine's PostgreSQL may run without it)
    started = performance.now();
    await db.execute(sql`vacuum analyze`);
    console.log(`vacuum analyze: ${ms(performance.now() - started)}`);

    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const to = iso(new Date(start.getTime() + (DAYS - 1) * 86_400_000));
    const from = iso(new Date(start.getTime() + (DAYS - 30) * 86_400_000));
    const fromTs = new Date(start.getTime() + (DAYS - 30) * 86_400_000).toISOString();
    const toTs = new Date(start.getTime() + DAYS * 86_400_000).toISOString();
    const pick = (i: number) => dramaIds[(i * 7919) % dramaIds.length] ?? firstDrama;

    const funnel = await timed(200, (i) => analytics.funnel(pick(i), { from, to }));
    const dramas = await timed(100, (i) =>
      analytics.dramas({
        from,
        to,
        sort: (['viewers', 'revenueGross', 'conversionRate', 'completionRate'] as const)[i % 4],
        page: 1 + (i % 3),
      }),
    );
    const retentionFrom = iso(start);
    const cohort = await timed(100, (i) =>
      analytics.retention({
        from: retentionFrom,
        to,
        segment: (['all', 'payers', 'invite', 'organic', 'shared_link'] as const)[i % 5],
      }),
    );
    const rawFunnelTimes = await timed(20, (i) => db.execute(rawFunnel(pick(i), fromTs, toTs)));
    const rawDramasTimes = await timed(3, () => db.execute(rawDramas(fromTs, toTs)));

    const line = (
      name: string,
      q: { p50: number; p99: number; n: number },
      base?: { p50: number },
    ) =>
      console.log(
        `${name}: p50 ${ms(q.p50)}, p99 ${ms(q.p99)} (${q.n} reads)` +
          (base
            ? `; raw-event baseline p50 ${ms(base.p50)} = ${(base.p50 / q.p50).toFixed(1)}x slower`
            : '') +
          `; p99 ${q.p99 < 200 ? '<' : '>='} 200 ms`,
      );
    console.log('\nreads (30-day range; retention over the 90 days), in process:');
    line('funnel of one drama', funnel, rawFunnelTimes);
    line('dramas table (page of 50, sorted)', dramas, rawDramasTimes);
    line('retention (cohort grid + D1/D7/D30)', cohort);
    // the experiment result read (issue 43 item 5; decision 1613): its rollup, kept by triggers
    started = performance.now();
    const experiment = await seedExperiment(app, size, dramaIds, start);
    const perRow = (total: number, rows: number) =>
      `${((total / Math.max(1, rows)) * 1000).toFixed(0)} µs/row`;
    const w = experiment.ms;
    console.log(
      `\nexperiment: ${fmt(size.viewers)} exposures, ${fmt(experiment.unlocks)} coin unlocks of its ` +
        `drama and ${fmt(experiment.elsewhere)} elsewhere, written in ${ms(performance.now() - started)}`,
    );
    console.log(
      `  exposures ${ms(w.exposures)} (${perRow(w.exposures, size.viewers)}; the same rows without ` +
        `the rollup's trigger ${ms(w.plainExposures)}, ${perRow(w.plainExposures, size.viewers)})`,
    );
    console.log(
      `  coin unlocks of the drama ${ms(w.unlocks)} (${perRow(w.unlocks, experiment.unlocks)}); ` +
        `elsewhere ${ms(w.elsewhere)} (${perRow(w.elsewhere, experiment.elsewhere)})`,
    );
    console.log(
      `  the rollup's share of these writes: about ` +
        `${ms(w.exposures - w.plainExposures + w.unlocks - (w.elsewhere / Math.max(1, experiment.elsewhere)) * experiment.unlocks)}`,
    );
    // autovacuum's part again: the rollup's rows were inserted, then updated by the unlocks
    started = performance.now();
    await db.execute(sql`vacuum analyze experiment_viewers`);
    console.log(`  vacuum analyze experiment_viewers: ${ms(performance.now() - started)}`);
    const experiments = app.services.experiments;
    const result = await experiments.results(experiment.id);
    const rounds = size.viewers > 20_000 ? 30 : 100;
    const experimentRead = await timed(rounds, () => experiments.results(experiment.id));
    const rawExperiment = await timed(Math.max(10, rounds / 5), () =>
      db.execute(sqlExperiment(experiment.id, experiment.dramaId, experiment.since)),
    );
    const raw = await rowsOf<{ variant: number; exposures: string; conversions: string }>(
      db,
      sqlExperiment(experiment.id, experiment.dramaId, experiment.since),
    );
    for (const v of result.variants) {
      console.log(
        `  variant ${'ABCD'[v.variant]}: ${fmt(v.exposures)} exposed, ${fmt(v.conversions)} converted` +
          (v.lift ? `, lift ${(v.lift.estimate * 100).toFixed(1)} %` : ''),
      );
    }
    const same = result.variants.every((v) => {
      const r = raw.find((x) => x.variant === v.variant);
      return r && Number(r.exposures) === v.exposures && Number(r.conversions) === v.conversions;
    });
    console.log(`  the same as the raw tables' sums: ${same ? 'yes' : 'NO'}`);
    console.log(`  sample ratio p = ${result.sampleRatio?.pValue.toFixed(3) ?? 'n/a'}`);
    line('experiment results (per-variant conversion, revenue, intervals, SRM)', experimentRead);
    console.log(
      `  the same sums by one SQL statement (no intervals): p50 ${ms(rawExperiment.p50)}, ` +
        `p99 ${ms(rawExperiment.p99)} (${rawExperiment.n} reads)`,
    );
    const [{ n: rows } = { n: 0 }] = await rowsOf<{ n: number }>(
      db,
      sql`select (select count(*) from analytics_episode_days) + (select count(*) from analytics_drama_days) as n`,
    );
    console.log(`rollup rows (episode days + drama days): ${fmt(Number(rows))}`);
  } finally {
    await app.close();
  }
}
