import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ADMIN_BASE,
  API_BASE,
  ResultCode,
  type Experiment,
  type ExperimentResults,
} from '@snapdrama/contract';
import { assignVariant } from '@snapdrama/rules';
import { useTestContext } from '../../test/harness';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import {
  addUniformDramas,
  auth,
  expectLedgerBalanced,
  signInMember,
  unlockRequest,
  type Member,
} from '../wallet/wallet.test-support';
import { createExperimentsRepository } from './experiments.repository';
import { createExperimentVariants, EXPERIMENT_LIST_TTL_MS } from './experiments-variants';

const base = `${API_BASE}${ADMIN_BASE}/experiments`;

describe('experiments (issue 43 item 5)', () => {
  const ctx = useTestContext({ seed: false });
  let admin: OperatorCaller;
  beforeAll(async () => {
    admin = await signInOperator(ctx, 'admin');
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: admin.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const created = async (payload: unknown): Promise<Experiment> => {
    const reply = await call('POST', base, payload);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: Experiment }>().data;
  };
  const paywallOf = async (who: Member, dramaId: number) => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/info/${dramaId}`,
      headers: auth(who),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const list = reply.json<{ data: { episodeList: { epsd: number; coin: number }[] } }>().data
      .episodeList;
    return list.find((e) => e.coin > 0)?.epsd;
  };
  const results = async (id: string) => {
    const reply = await call('GET', `${base}/${id}/results`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: ExperimentResults }>().data;
  };
  const give = (who: Member, amount: number, key: string) =>
    ctx.services.wallet.grant({
      userId: who.userId,
      kind: 'paid',
      amount,
      source: 'purchase',
      idempotencyKey: key,
    });
  const balance = async (who: Member) => {
    const b = await ctx.services.wallet.balances(who.userId);
    return b.paid + b.bonus;
  };
  /** members until one falls into each variant of the experiment */
  async function oneViewerPerVariant(id: string): Promise<[Member, Member]> {
    const { salt, split } = await ctx.services.experiments.get(id);
    const found: (Member | undefined)[] = [undefined, undefined];
    while (!found[0] || !found[1]) {
      const m = await signInMember(ctx, 'Viewer');
      found[assignVariant(salt, m.userId, split as number[])] ??= m;
    }
    return [found[0], found[1]];
  }

  /** A drama of 8 episodes, 4 free and then 30 coins each, and a draft paywall experiment on it. */
  async function paywallDraft(name: string, firstPaidEpisodes: [number, number]) {
    const [dramaId = 0] = await addUniformDramas(ctx, {
      count: 1,
      episodes: 8,
      free: 4,
      price: 30,
    });
    const exp = await created({
      kind: 'paywall_position',
      name,
      dramaId,
      variants: firstPaidEpisodes.map((firstPaidEpisode) => ({ firstPaidEpisode })),
      split: [50, 50],
    });
    return { dramaId, exp };
  }

  it('creates, refuses bad input with its code, and lets admins only', async () => {
    const [dramaId = 0, freeDrama = 0] = [
      ...(await addUniformDramas(ctx, { count: 1, episodes: 8, free: 4, price: 30 })),
      ...(await addUniformDramas(ctx, { count: 1, episodes: 3, free: 3, price: 0 })),
    ];
    const good = {
      kind: 'paywall_position',
      name: 'Paywall',
      dramaId,
      variants: [{ firstPaidEpisode: 5 }, { firstPaidEpisode: 7 }],
      split: [50, 50],
    };
    const count = async () => (await ctx.services.experiments.list()).length;
    for (const [payload, code] of [
      [{ ...good, split: [50, 40] }, ResultCode.BAD_REQUEST],
      [{ ...good, kind: 'lottery' }, ResultCode.BAD_REQUEST],
      [{ ...good, name: '' }, ResultCode.BAD_REQUEST],
      [
        { ...good, variants: [{ firstPaidEpisode: 0 }, { firstPaidEpisode: 3 }] },
        ResultCode.BAD_REQUEST,
      ],
      [{ ...good, variants: [{ firstPaidEpisode: 5 }] }, ResultCode.BAD_REQUEST],
      [{ ...good, split: [30, 30, 40] }, ResultCode.EXPERIMENT_INVALID],
      [
        { ...good, variants: [{ firstPaidEpisode: 5 }, { firstPaidEpisode: 9 }] },
        ResultCode.EXPERIMENT_INVALID,
      ],
      [
        { ...good, variants: [{ firstPaidEpisode: 5 }, { firstPaidEpisode: 5 }] },
        ResultCode.EXPERIMENT_INVALID,
      ],
      [
        {
          ...good,
          dramaId: freeDrama,
          variants: [{ firstPaidEpisode: 1 }, { firstPaidEpisode: 2 }],
        },
        ResultCode.EXPERIMENT_INVALID,
      ],
      [{ ...good, dramaId: 999_999 }, ResultCode.DRAMA_NOT_FOUND],
      [
        {
          kind: 'coin_pack',
          name: 'Pack',
          godsCode: 'no_such_pack',
          variants: [
            { krw: 1, usdCents: 1, bonusCoin: 0 },
            { krw: 2, usdCents: 2, bonusCoin: 0 },
          ],
          split: [50, 50],
        },
        ResultCode.EXPERIMENT_INVALID,
      ],
    ] as const) {
      const reply = await call('POST', base, payload);
      expect(reply.json<{ code: number }>().code, JSON.stringify(payload)).toBe(code);
    }
    expect(await count()).toBe(0);
    await expectOperatorOnly(ctx, { method: 'POST', url: base, payload: good }, ['admin'], count);
    await expectOperatorOnly(ctx, { method: 'GET', url: base }, ['admin']);

    const first = await created(good);
    expect(first).toMatchObject({ status: 'draft', dramaId, split: [50, 50] });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `${base}/${unknown}/start`)).json<{ code: number }>().code).toBe(
      ResultCode.EXPERIMENT_NOT_FOUND,
    );
    expect((await call('POST', `${base}/not-a-uuid/start`)).json<{ code: number }>().code).toBe(
      ResultCode.BAD_REQUEST,
    );
    expect((await call('POST', `${base}/${first.id}/stop`)).json<{ code: number }>().code).toBe(
      ResultCode.EXPERIMENT_WRONG_STATE,
    );
    expect(
      (await call('POST', `${base}/${first.id}/ship`, { variant: 1 })).json<{ code: number }>()
        .code,
    ).toBe(ResultCode.EXPERIMENT_WRONG_STATE);
    expect((await call('POST', `${base}/${first.id}/start`)).statusCode).toBe(200);
    // one running experiment per drama
    const second = await created({ ...good, name: 'Again' });
    expect((await call('POST', `${base}/${second.id}/start`)).json<{ code: number }>().code).toBe(
      ResultCode.EXPERIMENT_TARGET_BUSY,
    );
    expect((await ctx.services.experiments.get(second.id)).status).toBe('draft');
    expect((await call('POST', `${base}/${first.id}/start`)).json<{ code: number }>().code).toBe(
      ResultCode.EXPERIMENT_WRONG_STATE,
    );
    expect(
      (await call('POST', `${base}/${first.id}/ship`, { variant: 2 })).json<{ code: number }>()
        .code,
    ).toBe(ResultCode.EXPERIMENT_INVALID);
    const audit = await ctx.database.db.execute(
      sql`select action from audit_log where target_type = 'experiment' order by at`,
    );
    expect(JSON.stringify(audit)).toContain('experiment.start');
  });

  it('assignment is stable across calls and restarts, exposure is recorded once, prices follow the variant', async () => {
    const { dramaId, exp } = await paywallDraft('Stable', [5, 3]);
    const [a, b] = await oneViewerPerVariant(exp.id);
    // a draft shows nothing new and records nothing
    expect(await paywallOf(b, dramaId)).toBe(5);
    await call('POST', `${base}/${exp.id}/start`);
    ctx.clock.advance(EXPERIMENT_LIST_TTL_MS); // another instance's list is at most this old
    for (let i = 0; i < 3; i++) {
      expect(await paywallOf(a, dramaId)).toBe(5);
      expect(await paywallOf(b, dramaId)).toBe(3);
    }
    const r = await results(exp.id);
    expect(r.variants.map((v) => v.exposures)).toEqual([1, 1]);
    // a fresh instance (nothing in memory) decides the same from the stored salt
    const restarted = createExperimentVariants({
      repo: createExperimentsRepository(ctx.database.db),
      clock: ctx.clock,
    });
    const episodes = Array.from({ length: 8 }, (_, i) => ({ number: i + 1, coin: i < 4 ? 0 : 30 }));
    expect(
      (await restarted.episodesFor(b.userId, dramaId, episodes, false)).find((e) => e.coin > 0)
        ?.number,
    ).toBe(3);
    expect(
      (await restarted.episodesFor(a.userId, dramaId, episodes, false)).find((e) => e.coin > 0)
        ?.number,
    ).toBe(5);

    // what they see is what they are charged: B pays 30 for episode 3, A gets it free
    await give(a, 100, `exp-a-${a.userId}`);
    await give(b, 100, `exp-b-${b.userId}`);
    const paid = await unlockRequest(ctx.app, b, { dramId: dramaId, epsd: 3 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ data: { usag_coin: number } }>().data.usag_coin).toBe(30);
    expect(
      (await unlockRequest(ctx.app, a, { dramId: dramaId, epsd: 3 })).json<{ code: number }>().code,
    ).toBe(ResultCode.EPISODE_FREE);
    expect(await balance(a)).toBe(100);
    expect(await balance(b)).toBe(70);

    // B converted after exposure, 30 coins; A not
    const after = await results(exp.id);
    expect(after.variants.map((v) => v.conversions)).toEqual([0, 1]);
    expect(after.variants[1]?.revenuePerViewer?.estimate).toBe(30);
    await expectLedgerBalanced(ctx);
  });

  it('guardrail: stopped or shipped between seeing and paying, nobody pays more than they saw', async () => {
    const { dramaId, exp } = await paywallDraft('Guard', [5, 7]);
    await call('POST', `${base}/${exp.id}/start`);
    const [a, b] = await oneViewerPerVariant(exp.id);
    expect(await paywallOf(b, dramaId)).toBe(7); // B sees episodes 5 and 6 free
    expect(await paywallOf(a, dramaId)).toBe(5);
    await give(b, 100, `guard-b-${b.userId}`);
    await give(a, 100, `guard-a-${a.userId}`);
    // the stop races the unlocks B fires at the episode B was shown free
    const [stopped, ...unlocks] = await Promise.all([
      call('POST', `${base}/${exp.id}/stop`),
      ...Array.from({ length: 4 }, () => unlockRequest(ctx.app, b, { dramId: dramaId, epsd: 5 })),
    ]);
    expect(stopped?.statusCode).toBe(200);
    for (const u of unlocks) expect(u.json<{ code: number }>().code).toBe(ResultCode.EPISODE_FREE);
    expect(await balance(b)).toBe(100);
    // and once the stop is in: the episode B was shown free stays free for B
    expect(await paywallOf(b, dramaId)).toBe(7);
    const after = await unlockRequest(ctx.app, b, { dramId: dramaId, epsd: 5 });
    expect(after.json<{ code: number }>().code).toBe(ResultCode.EPISODE_FREE);
    expect(await balance(b)).toBe(100);
    // shipping A (the catalog's paywall at 5) keeps B's episodes free for B, not for a newcomer
    expect((await call('POST', `${base}/${exp.id}/ship`, { variant: 0 })).statusCode).toBe(200);
    expect(await paywallOf(b, dramaId)).toBe(7);
    const newcomer = await signInMember(ctx, 'New');
    expect(await paywallOf(newcomer, dramaId)).toBe(5);
    // A was shown 30 for episode 5 and pays 30
    const aPaid = await unlockRequest(ctx.app, a, { dramId: dramaId, epsd: 5 });
    expect(aPaid.json<{ data: { usag_coin: number } }>().data.usag_coin).toBe(30);
    await expectLedgerBalanced(ctx);
  });

  it('shipping B writes the setting through the catalog (audited); new viewers see it', async () => {
    const { dramaId, exp } = await paywallDraft('Ship', [5, 3]);
    await call('POST', `${base}/${exp.id}/start`);
    const shipped = await call('POST', `${base}/${exp.id}/ship`, { variant: 1 });
    expect(shipped.json<{ data: Experiment }>().data).toMatchObject({
      status: 'shipped',
      shippedVariant: 1,
    });
    const prices = (await ctx.services.catalog.pricing(dramaId)).episodes.map((e) => e.coin);
    expect(prices).toEqual([0, 0, 30, 30, 30, 30, 30, 30]);
    expect(await paywallOf(await signInMember(ctx, 'Later'), dramaId)).toBe(3);
    const audit = JSON.stringify(
      await ctx.database.db.execute(
        sql`select action, target_id from audit_log where action in ('episode.update', 'experiment.ship')`,
      ),
    );
    expect(audit).toContain(`${dramaId}/3`);
    expect(audit).toContain('experiment.ship');
    expect(
      (await call('POST', `${base}/${exp.id}/ship`, { variant: 0 })).json<{ code: number }>().code,
    ).toBe(ResultCode.EXPERIMENT_WRONG_STATE);
  });

  it('concurrent unlocks by a variant viewer charge the variant price once', async () => {
    const { dramaId, exp } = await paywallDraft('Race', [5, 3]);
    await call('POST', `${base}/${exp.id}/start`);
    const [, b] = await oneViewerPerVariant(exp.id);
    await paywallOf(b, dramaId);
    await give(b, 100, `race-${b.userId}`);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => unlockRequest(ctx.app, b, { dramId: dramaId, epsd: 3 })),
    );
    const charged = replies.map(
      (r) => r.json<{ data?: { usag_coin: number } }>().data?.usag_coin ?? 0,
    );
    expect(charged.reduce((s, c) => s + c, 0)).toBe(30);
    expect(await balance(b)).toBe(70);
    await expectLedgerBalanced(ctx);
  });

  it('results on a seeded dataset with a known effect: A converts 10 %, B 15 %', async () => {
    const [dramaId = 0, otherDrama = 0] = await addUniformDramas(ctx, {
      count: 2,
      episodes: 4,
      free: 1,
      price: 30,
    });
    const exp = await created({
      kind: 'paywall_position',
      name: 'Known effect',
      dramaId,
      variants: [{ firstPaidEpisode: 2 }, { firstPaidEpisode: 3 }],
      split: [50, 50],
    });
    await call('POST', `${base}/${exp.id}/start`);
    const started = ctx.clock.now();
    const db = ctx.database.db;
    // 2,000 viewers: 1..1000 in A, 1001..2000 in B, exposed one minute after the start
    await db.execute(sql`insert into users (id, auth_method, provider_subject, nickname, created_at)
      select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'google', 'seed-' || g, 'Seed', ${started}
      from generate_series(1, 2000) g`);
    await db.execute(
      sql`insert into wallets (user_id, created_at) select id, created_at from users where nickname = 'Seed'`,
    );
    await db.execute(sql`insert into experiment_exposures (experiment_id, user_id, variant, first_exposed_at)
      select ${exp.id}::uuid, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, case when g <= 1000 then 0 else 1 end,
        ${started}::timestamptz + interval '1 minute'
      from generate_series(1, 2000) g`);
    // converters: A's first 100, B's first 150, one 30-coin unlock each, after exposure
    await db.execute(sql`insert into coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at)
      select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, ${dramaId}, 3, 't', 30, ${started}::timestamptz + interval '2 minutes'
      from generate_series(1, 2000) g where g <= 100 or (g > 1000 and g <= 1150)`);
    // noise that must not count: an unlock before exposure, and one of another drama
    await db.execute(sql`insert into coin_unlocks (user_id, drama_id, episode_number, title_key, coins, unlocked_at) values
      ('00000000-0000-4000-8000-000000000500'::uuid, ${dramaId}, 4, 't', 30, ${started}::timestamptz + interval '30 seconds'),
      ('00000000-0000-4000-8000-000000000600'::uuid, ${otherDrama}, 3, 't', 30, ${started}::timestamptz + interval '2 minutes')`);

    const r = await results(exp.id);
    const [a, b] = r.variants;
    expect(r.revenueUnit).toBe('coins');
    expect([a?.exposures, b?.exposures]).toEqual([1000, 1000]);
    expect([a?.conversions, b?.conversions]).toEqual([100, 150]);
    // expectations computed independently (SciPy 1.17): Wilson, delta method on log ratio, t, Welch
    expect(a?.conversion?.low).toBeCloseTo(0.08290944359309571, 9);
    expect(a?.conversion?.high).toBeCloseTo(0.1201519631953484, 9);
    expect(b?.conversion?.low).toBeCloseTo(0.1292100725130883, 9);
    expect(b?.conversion?.high).toBeCloseTo(0.17346865842680032, 9);
    expect(a?.lift).toBeNull();
    expect(b?.lift?.estimate).toBeCloseTo(0.5, 10);
    expect(b?.lift?.low).toBeCloseTo(0.18305690016605114, 9);
    expect(b?.lift?.high).toBeCloseTo(0.9018527339506621, 9);
    expect(a?.revenuePerViewer?.estimate).toBeCloseTo(3, 10);
    expect(a?.revenuePerViewer?.low).toBeCloseTo(2.4412283735305635, 3);
    expect(b?.revenuePerViewer?.estimate).toBeCloseTo(4.5, 10);
    expect(b?.revenuePerViewer?.high).toBeCloseTo(5.165071263055327, 3);
    expect(b?.revenueDifference?.estimate).toBeCloseTo(1.5, 10);
    expect(b?.revenueDifference?.low).toBeCloseTo(0.6318650811798837, 3);
    expect(b?.revenueDifference?.high).toBeCloseTo(2.3681349188201164, 3);
    expect(r.sampleRatio).toMatchObject({ chiSquare: 0, mismatch: false });
    expect(r.sampleRatio?.pValue).toBeCloseTo(1, 10);

    // 1,100 against 900 on a 50/50 plan is a sample-ratio mismatch
    await db.execute(sql`update experiment_exposures set variant = 0 where experiment_id = ${exp.id}::uuid
      and user_id in (select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid from generate_series(1901, 2000) g)`);
    const skewed = await results(exp.id);
    expect(skewed.variants.map((v) => v.exposures)).toEqual([1100, 900]);
    expect(skewed.sampleRatio?.pValue).toBeCloseTo(7.744216431044088e-6, 9);
    expect(skewed.sampleRatio?.mismatch).toBe(true);
  });
});
