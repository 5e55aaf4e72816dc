import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_BASE, API_BASE, type Experiment, type ExperimentResults } from '@snapdrama/contract';
import { assignVariant } from '@snapdrama/rules';
import { rowsOf } from '../../db/daily';
import { useTestContext } from '../../test/harness';
import { servicesPresent } from '../../test/services';
import { call as eventCall, openAd } from '../events/events.test-support';
import {
  operatorCall,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import { api, body, tossApproved } from '../payments/payments.test-support';
import { autoUnlock, setAutoUnlock, undo } from '../wallet/auto-unlock.test-support';
import {
  addUniformDramas,
  auth,
  grantCoins,
  signInMember,
  unlockRequest,
  type Member,
} from '../wallet/wallet.test-support';
import {
  createExperimentsRepository,
  toVariantSums,
  type VariantSumRow,
} from './experiments.repository';
import type { VariantSums } from './experiments-results';

const base = `${API_BASE}${ADMIN_BASE}/experiments`;

/**
 * The results' rollup (decision 1613) kept by triggers in the transactions of the owners' writes:
 * after every kind of write (an exposure, a coin unlock and its retry, an auto-unlock undone, an
 * ad unlock, an order paid, refunded, back to credited) the per-variant sums equal decision
 * 1613's definition computed from the raw tables, including at the window's edges and, on
 * PostgreSQL, with exposures, outcomes and a stop in flight at the same time.
 */
describe('the experiment results rollup (decision 1613)', () => {
  const ctx = useTestContext({ seed: false });
  let admin: OperatorCaller;
  beforeAll(async () => {
    admin = await signInOperator(ctx, 'admin');
  });
  const db = () => ctx.database.db;

  const adminCall = operatorCall(ctx, () => admin);
  const results = (id: string) => adminCall<ExperimentResults>('GET', `${base}/${id}/results`);
  const sums = (id: string) => createExperimentsRepository(db()).variantSums(id);

  /** Decision 1613 straight from the raw tables: the exposures joined with the owners' rows. */
  async function definition(id: string): Promise<VariantSums[]> {
    const rows = await rowsOf<VariantSumRow>(
      db(),
      sql`
        with e as (select * from experiments where id = ${id}::uuid),
        o as (
          select u.user_id, u.unlocked_at as at, u.coins::bigint as amount
          from coin_unlocks u join e on e.kind = 'paywall_position' and u.drama_id = e.drama_id
          union all
          select a.user_id, a.unlocked_at, 0
          from ad_unlocks a join e on e.kind = 'paywall_position' and a.drama_id = e.drama_id
          union all
          select p.user_id, p.created_at, case when p.currency = 'KRW' then p.amount_minor else 0 end
          from payment_orders p join e on e.kind <> 'paywall_position' and p.gods_code = e.gods_code
          where p.state in ('paid', 'credited')
        ), v as (
          select x.user_id, x.variant, count(o.at) as n, coalesce(sum(o.amount), 0) as revenue
          from experiment_exposures x join e on e.id = x.experiment_id
          left join o on o.user_id = x.user_id and o.at >= x.first_exposed_at
            and o.at >= coalesce(e.started_at, e.created_at)
            and (e.stopped_at is null or o.at <= e.stopped_at)
          group by x.user_id, x.variant
        )
        select variant, count(*)::int as exposures, count(*) filter (where n > 0)::int as conversions,
          sum(revenue)::text as revenue, sum(revenue * revenue)::text as revenue_squares
        from v group by variant order by variant`,
    );
    return rows.map(toVariantSums);
  }
  /** `n` members with wallets, written directly (ids from `first` on, nickname `name`): their ids. */
  async function addViewers(n: number, first: number, name: string): Promise<string[]> {
    const ids = Array.from(
      { length: n },
      (_, i) => `00000000-0000-4000-8000-${String(first + i).padStart(12, '0')}`,
    );
    await db()
      .execute(sql`insert into users (id, auth_method, provider_subject, nickname, created_at)
      select id, 'google', ${name} || '-' || id, ${name}, now() from unnest(${sql.raw(`array['${ids.join("','")}']::uuid[]`)}) id`);
    await db().execute(
      sql`insert into wallets (user_id, created_at) select id, created_at from users where nickname = ${name}`,
    );
    return ids;
  }
  const expectAsDefined = async (id: string) =>
    expect(await sums(id)).toEqual(await definition(id));

  /** A drama (1 free episode, then 30 coins) and a running paywall experiment at 2 vs 3. */
  async function runningPaywall(name: string) {
    const [dramaId = 0, otherDrama = 0] = await addUniformDramas(ctx, {
      count: 2,
      episodes: 6,
      free: 1,
      price: 30,
    });
    const exp = await adminCall<Experiment>('POST', base, {
      kind: 'paywall_position',
      name,
      dramaId,
      variants: [{ firstPaidEpisode: 2 }, { firstPaidEpisode: 3 }],
      split: [50, 50],
    });
    await adminCall('POST', `${base}/${exp.id}/start`);
    const { salt, split } = await ctx.services.experiments.get(exp.id);
    const variantOf = (userId: string) => assignVariant(salt, userId, split as number[]);
    return { dramaId, otherDrama, exp, variantOf };
  }

  it('through the service: before the exposure, a retry, an undo, an ad, after the stop', async () => {
    const { dramaId, otherDrama, exp, variantOf } = await runningPaywall('Writes');
    const firstPaid = (who: Member) => (variantOf(who.userId) === 0 ? 2 : 3);
    const expose = async (who: Member) => {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/drama/info/${dramaId}`,
        headers: auth(who),
      });
      expect(reply.statusCode, reply.body).toBe(200);
    };
    const unlock = async (who: Member, epsd = firstPaid(who), drama = dramaId) => {
      const reply = await unlockRequest(ctx.app, who, { dramId: drama, epsd });
      expect(reply.statusCode, reply.body).toBe(200);
    };
    const step = () => ctx.clock.advance(60_000);
    const viewers: Record<string, Member> = {};
    for (const name of ['early', 'coin', 'undone', 'ad', 'late', 'elsewhere']) {
      const member = await signInMember(ctx, name);
      viewers[name] = member;
      await grantCoins(ctx, member.userId, 300);
    }
    const v = (name: string) => viewers[name] as Member;

    // early: bought before being shown the experiment; shown it after: not converted
    await unlock(v('early'));
    step();
    await expose(v('early'));
    // coin: shown, bought, the same unlock retried (answered as a repeat): once, 30 coins
    await expose(v('coin'));
    step();
    await unlock(v('coin'));
    await unlock(v('coin'));
    // undone: an auto-unlock given back within its 10 s, then bought with the button: once
    await expose(v('undone'));
    step();
    expect((await setAutoUnlock(ctx.app, v('undone'), { enabled: true })).statusCode).toBe(200);
    const auto = await autoUnlock(ctx.app, v('undone'), {
      dramId: dramaId,
      epsd: firstPaid(v('undone')),
    });
    expect(auto.statusCode, auto.body).toBe(200);
    expect((await sums(exp.id)).reduce((n, s) => n + s.conversions, 0)).toBe(2);
    const back = await undo(ctx.app, v('undone'), {
      autoUnlockId: auto.json<{ data: { auto_unlock_id: string } }>().data.auto_unlock_id,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await sums(exp.id)).reduce((n, s) => n + s.conversions, 0)).toBe(1);
    await expectAsDefined(exp.id);
    step();
    await unlock(v('undone'));
    // ad: a rewarded-ad unlock converts and brings 0 (the catalog's paywall, episode 2)
    await expose(v('ad'));
    step();
    const logId = await openAd(ctx.app, v('ad'), 'unlock');
    ctx.clock.advance(ctx.config.events.adMinViewSeconds * 1000);
    const ad = await eventCall(ctx.app, v('ad'), 'POST', '/drama/episode/unlock/advertisement', {
      dramId: dramaId,
      epsd: 2,
      logId,
    });
    expect(ad.statusCode, ad.body).toBe(200);
    // late: shown before the stop, buys after it; elsewhere: buys another drama
    await expose(v('late'));
    await expose(v('elsewhere'));
    step();
    await unlock(v('elsewhere'), 2, otherDrama);
    await adminCall('POST', `${base}/${exp.id}/stop`);
    step();
    await unlock(v('late'));

    const converted: Record<string, number> = { coin: 30, undone: 30, ad: 0 };
    const want = [0, 1].map((variant) => {
      const names = Object.keys(viewers).filter((n) => variantOf(v(n).userId) === variant);
      const revenue = names.map((n) => converted[n] ?? 0);
      return {
        variant,
        exposures: names.length,
        conversions: names.filter((n) => n in converted).length,
        revenue: revenue.reduce((s, r) => s + r, 0),
        revenueSquares: revenue.reduce((s, r) => s + r * r, 0),
      };
    });
    expect((await sums(exp.id)).filter((s) => s.exposures > 0)).toEqual(
      want.filter((s) => s.exposures > 0),
    );
    await expectAsDefined(exp.id);
    const page = await results(exp.id);
    expect(page.variants.map((r) => [r.exposures, r.conversions])).toEqual(
      want.map((s) => [s.exposures, s.conversions]),
    );
  });

  it('the window is inclusive at both ends; an outcome written before its exposure row counts by time', async () => {
    const { dramaId, exp } = await runningPaywall('Edges');
    const t0 = ctx.clock.now().getTime();
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const ids = await addViewers(6, 900_001, 'Edge');
    const expose = (i: number, ms: number) =>
      db()
        .execute(sql`insert into experiment_exposures (experiment_id, user_id, variant, first_exposed_at)
        values (${exp.id}::uuid, ${ids[i]}::uuid, ${i % 2}, ${at(ms)}::timestamptz)`);
    const unlock = (i: number, ms: number, epsd = 2) =>
      db()
        .execute(sql`insert into coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at)
        values (${ids[i]}::uuid, ${dramaId}, ${epsd}, 't', 30, ${at(ms)}::timestamptz)`);
    const convertedOf = async (i: number) => {
      const [row] = await rowsOf<{ outcomes: number }>(
        db(),
        sql`select outcomes from experiment_viewers where experiment_id = ${exp.id}::uuid and user_id = ${ids[i]}::uuid`,
      );
      return row?.outcomes;
    };

    await expose(0, 60_000);
    await unlock(0, 60_000); // at the exposure's instant: counts
    await expose(1, 60_000);
    await unlock(1, 59_999); // a millisecond before it: does not
    await unlock(2, 120_000); // written first, timed after the exposure written next: counts
    await expose(2, 90_000);
    await expose(3, 60_000);
    await expose(4, 60_000);
    await expose(5, 60_000);
    await unlock(5, 600_001); // read as running when written, after the stop to come
    expect([await convertedOf(0), await convertedOf(1), await convertedOf(2)]).toEqual([1, 0, 1]);
    expect(await convertedOf(5)).toBe(1);
    await expectAsDefined(exp.id);

    ctx.clock.set(new Date(t0 + 600_000));
    await adminCall('POST', `${base}/${exp.id}/stop`);
    await unlock(3, 600_000); // at the stop's instant: counts
    await unlock(4, 600_001); // after it: does not
    expect([await convertedOf(3), await convertedOf(4), await convertedOf(5)]).toEqual([1, 0, 0]);
    await expectAsDefined(exp.id);

    // an exposure moved to the other variant, or removed, takes its viewer along
    await db().execute(
      sql`update experiment_exposures set variant = 1 - variant where experiment_id = ${exp.id}::uuid and user_id = ${ids[0]}::uuid`,
    );
    await db().execute(
      sql`delete from experiment_exposures where experiment_id = ${exp.id}::uuid and user_id = ${ids[1]}::uuid`,
    );
    await expectAsDefined(exp.id);
    expect((await sums(exp.id)).reduce((n, s) => n + s.exposures, 0)).toBe(5);
  });

  it('pack orders count while paid or credited, in won, from the exposure on', async () => {
    const pack = (await ctx.services.payments.allGoods()).find((g) => g.godsCode === 'coin_500');
    if (!pack) throw new Error('no coin_500 pack');
    const exp = await adminCall<Experiment>('POST', base, {
      kind: 'coin_pack',
      name: 'Pack rollup',
      godsCode: 'coin_500',
      variants: [
        { krw: pack.krw, usdCents: pack.usdCents, bonusCoin: pack.bonusCoin },
        { krw: pack.krw - 1000, usdCents: pack.usdCents - 100, bonusCoin: pack.bonusCoin },
      ],
      split: [50, 50],
    });
    await adminCall('POST', `${base}/${exp.id}/start`);
    const { salt, split } = await ctx.services.experiments.get(exp.id);
    const priceOf = (who: Member) =>
      assignVariant(salt, who.userId, split as number[]) === 0 ? pack.krw : pack.krw - 1000;
    const showPacks = async (who: Member) =>
      expect((await api(ctx.app, who, 'GET', '/payment/goods/list')).statusCode).toBe(200);
    const buy = async (who: Member) => {
      const { ordrId, amnt, pymnKey } = await tossApproved(ctx, who, 'coin_500', priceOf(who));
      const paid = await api(ctx.app, who, 'PUT', '/payment/toss/confirm', {
        ordrId,
        amnt,
        pymnKey,
      });
      expect(body(paid).code, paid.body).toBe(0);
      return ordrId;
    };
    const buyer = await signInMember(ctx, 'Buyer');
    const dollars = await signInMember(ctx, 'Dollars');
    const before = await signInMember(ctx, 'Before');
    for (const who of [buyer, dollars]) await showPacks(who);
    ctx.clock.advance(60_000);
    const order = await buy(buyer);
    // before: ordered (and paid) before being shown the experiment
    await buy(before);
    ctx.clock.advance(60_000);
    await showPacks(before);
    // dollars: a USD order converts and adds no won
    await db()
      .execute(sql`insert into payment_orders (user_id, gods_code, gateway, currency, amount_minor,
        paid_coin, bons_coin, bons_coin_1st, state, provider_txn_id, created_at, updated_at)
      values (${dollars.userId}::uuid, 'coin_500', 'S', 'USD', 499, 500, 0, 0, 'credited', 'txn-usd',
        ${ctx.clock.now().toISOString()}::timestamptz, ${ctx.clock.now().toISOString()}::timestamptz)`);
    const revenueOf = async () => (await sums(exp.id)).reduce((n, s) => n + s.revenue, 0);
    const conversionsOf = async () => (await sums(exp.id)).reduce((n, s) => n + s.conversions, 0);
    expect([await conversionsOf(), await revenueOf()]).toEqual([2, priceOf(buyer)]);
    await expectAsDefined(exp.id);

    // refunded: no longer counted; credited again (a reversal's restore): counted again
    await ctx.services.payments.recordRefund(order, { provider: 'T', providerRefundId: 'rf-exp' });
    expect([await conversionsOf(), await revenueOf()]).toEqual([1, 0]);
    await expectAsDefined(exp.id);
    await db().execute(sql`update payment_orders set state = 'credited' where id = ${order}::uuid`);
    expect([await conversionsOf(), await revenueOf()]).toEqual([2, priceOf(buyer)]);
    await expectAsDefined(exp.id);
    const page = await results(exp.id);
    expect(page.revenueUnit).toBe('krw');
    expect(page.variants.reduce((n, r) => n + r.exposures, 0)).toBe(3);
  });

  // PGlite has one connection: these run on the PostgreSQL server
  it.runIf(servicesPresent('postgres'))(
    'exposures, outcomes and a stop in flight at once: the rollup ends as defined',
    async () => {
      const { dramaId, exp } = await runningPaywall('Races');
      const t0 = ctx.clock.now().getTime();
      const at = (ms: number) => new Date(t0 + ms).toISOString();
      // two transactions per viewer open at once: within the pool's 20 connections
      const n = 8;
      const ids = await addViewers(n, 910_001, 'Race');
      const slow = (statement: ReturnType<typeof sql>, hold: number) =>
        db().transaction(async (tx) => {
          await tx.execute(statement);
          await tx.execute(sql`select pg_sleep(${hold})`);
        });
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const exposure = (i: number) =>
        sql`insert into experiment_exposures (experiment_id, user_id, variant, first_exposed_at)
          values (${exp.id}::uuid, ${ids[i]}::uuid, ${i % 2}, ${at(60_000)}::timestamptz)`;
      const unlock = (i: number, ms: number, epsd: number) =>
        sql`insert into coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at)
          values (${ids[i]}::uuid, ${dramaId}, ${epsd}, 't', 30, ${at(ms)}::timestamptz)`;

      // each viewer's exposure and unlock (timed after it) in two transactions open together:
      // neither sees the other when it writes; half the viewers start with the exposure
      await Promise.all(
        ids.map(async (_, i) => {
          const first = i % 2 ? exposure(i) : unlock(i, 120_000, 2);
          const second = i % 2 ? unlock(i, 120_000, 2) : exposure(i);
          await Promise.all([slow(first, 0.3), pause(50).then(() => slow(second, 0.05))]);
        }),
      );
      let total = await sums(exp.id);
      expect(total.reduce((s, v) => s + v.conversions, 0)).toBe(n);
      expect(total).toEqual(await definition(exp.id));

      // a stop at 10 minutes while unlocks timed just before it and just after it are in flight
      const stopAt = 600_000;
      await Promise.all([
        ...ids.map((_, i) => slow(unlock(i, i % 2 ? stopAt + 1_000 : stopAt - 1_000, 3), 0.3)),
        pause(100).then(() =>
          db()
            .execute(sql`update experiments set status = 'stopped', stopped_at = ${at(stopAt)}::timestamptz
            where id = ${exp.id}::uuid`),
        ),
      ]);
      total = await sums(exp.id);
      expect(total.reduce((s, v) => s + v.revenue, 0)).toBe(n * 30 + (n / 2) * 30);
      expect(total).toEqual(await definition(exp.id));
    },
  );
});
