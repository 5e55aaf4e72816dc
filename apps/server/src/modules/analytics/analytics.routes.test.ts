import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  ResultCode,
  type AnalyticsDramasData,
  type AnalyticsFunnelData,
  type AnalyticsRetentionData,
} from '@snapdrama/contract';
import { rowsOf, useTestContext } from '../../test/harness';
import { ALL_AGREED, sandboxTicket, signInThroughSandbox } from '../auth/testing/sandbox-sign-in';
import { call, openAd } from '../events/events.test-support';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { insertPaidOrder } from '../payments/payments.test-support';
import { stripeVipBought } from '../vip/vip.test-support';
import { savePosition, setAutoUnlock } from '../wallet/auto-unlock.test-support';
import { addUniformDramas, grantCoins } from '../wallet/wallet.test-support';
import { analyticsEvents } from './analytics.tables';

/**
 * The console's analytics over a seeded scenario (issue 43): viewers go through the real routes
 * (starts, the paywall's refusal, unlocks by coin, ad, VIP pass and auto-unlock, positions), orders
 * move through their transitions; the rollup job runs by hand; the expected figures are computed
 * here from the scenario's definition, never from the event log.
 */

const EPISODES = 6;
const FREE = 3;
const PRICE = 10;
const PAYWALL = FREE + 1;

type Outcome = 'coin' | 'ad' | 'vip' | 'auto' | 'left' | 'late_coin' | 'none';
interface ViewerPlan {
  /** episodes started in order (a free one again is a repeat start) */
  starts: number[];
  /** episodes watched to the end (a position saved at the end) */
  completes: number[];
  /** what happens at the paywall episode (none: never reaches it) */
  paywall: Outcome;
  purchase?: { currency: 'KRW' | 'USD'; amount: number; refunded?: boolean };
}

const PLAN: Record<string, ViewerPlan> = {
  A: {
    starts: [1, 1, 2, 3],
    completes: [1, 3],
    paywall: 'coin',
    purchase: { currency: 'KRW', amount: 5900 },
  },
  B: { starts: [1, 2, 3], completes: [1], paywall: 'ad' },
  C: { starts: [1, 2, 3], completes: [], paywall: 'vip' },
  D: { starts: [1, 2, 3], completes: [2], paywall: 'left' },
  E: { starts: [1, 2], completes: [], paywall: 'late_coin' },
  F: {
    starts: [1, 2, 3],
    completes: [],
    paywall: 'left',
    purchase: { currency: 'USD', amount: 499, refunded: true },
  },
  G: { starts: [1], completes: [], paywall: 'auto' },
  H: { starts: [1], completes: [1], paywall: 'none' },
};

/** The funnel the plan implies, worked out from the plan alone. */
function expectedFunnel() {
  const names = Object.keys(PLAN);
  const plans = names.map((n) => PLAN[n] as ViewerPlan);
  // starts after the paywall: an unlocked viewer (coin, ad, VIP, auto, late coin) plays it once
  const startsOf = (p: ViewerPlan) => [
    ...p.starts,
    ...(p.paywall === 'none' || p.paywall === 'left' ? [] : [PAYWALL]),
  ];
  const episodes = Array.from({ length: EPISODES }, (_, i) => {
    const epsd = i + 1;
    const reached = epsd === PAYWALL ? plans.filter((p) => p.paywall !== 'none') : [];
    const count = (o: Outcome[]) => reached.filter((p) => o.includes(p.paywall)).length;
    const money = (currency: 'KRW' | 'USD') => {
      const paid = epsd === PAYWALL ? plans.filter((p) => p.purchase?.currency === currency) : [];
      const gross = paid.reduce((n, p) => n + (p.purchase?.amount ?? 0), 0);
      const refunds = paid.reduce((n, p) => n + (p.purchase?.refunded ? p.purchase.amount : 0), 0);
      return { currency, gross, net: gross - refunds };
    };
    return {
      epsd,
      coin: epsd <= FREE ? 0 : PRICE,
      viewers: plans.filter((p) => startsOf(p).includes(epsd)).length,
      starts: plans.reduce((n, p) => n + startsOf(p).filter((e) => e === epsd).length, 0),
      completions: plans.filter((p) => p.completes.includes(epsd)).length,
      paywall: {
        shown: reached.length,
        coin: count(['coin', 'late_coin']),
        ad: count(['ad']),
        vip: count(['vip']),
        auto: count(['auto']),
        left: count(['left']),
        pending: 0,
      },
      coinsSpent: count(['coin', 'late_coin', 'auto']) * PRICE,
      revenue: [money('KRW'), money('USD')].filter((m) => m.gross > 0),
    };
  });
  return { episodes, viewers: names.length };
}

/** Seoul time on day 1 (2026-03-02) or later; the service day is Asia/Seoul's. */
const seoul = (day: number, hh: number, mm = 0) =>
  new Date(Date.UTC(2026, 2, 1 + day, hh - 9, mm)).toISOString();

describe('analytics: funnel, dramas, retention', () => {
  const ctx = useTestContext({ seed: false });
  let admin: OperatorCaller;
  let dramaId = 0;
  let otherDrama = 0;

  const get = async <T>(url: string, who: { headers: Record<string, string> } = admin) => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin${url}`,
      headers: who.headers,
    });
    const json = r.headers['content-type']?.toString().startsWith('application/json');
    return {
      status: r.statusCode,
      body: (json ? r.json() : { code: 0 }) as { code: number; data: T },
      raw: r,
    };
  };
  const funnel = async (query: string) => {
    const r = await get<AnalyticsFunnelData>(`/analytics/dramas/${dramaId}/funnel?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const catchUp = () => ctx.services.analyticsRollup.catchUp();
  /** a session made now (the test clock jumps past a token's life) */
  const fresh = async (who: { userId: string }) => ({
    userId: who.userId,
    token: (await ctx.services.auth.startSessionForUser(who.userId)).accessToken,
  });
  /** an admin signed in now */
  const adminNow = async () => {
    admin = await signInOperator(ctx, 'admin');
  };
  /** the rollup tables as they stand, for "run twice = same numbers" */
  const snapshot = async () => {
    const tables = [
      'analytics_episode_days',
      'analytics_drama_days',
      'analytics_episode_revenue',
      'analytics_cohorts',
      'analytics_cohort_returns',
      'analytics_cohort_revenue',
    ];
    const out: Record<string, unknown> = {};
    for (const t of tables) {
      const r: unknown = await ctx.database.db.execute(
        sql.raw(`select * from ${t} order by 1, 2, 3`),
      );
      out[t] = (r as { rows: unknown[] }).rows;
    }
    return JSON.stringify(out);
  };

  /** A plan's purchase, paid at `at` (and refunded at `refundAt`). */
  const order = (
    userId: string,
    p: NonNullable<ViewerPlan['purchase']>,
    at: string,
    refundAt?: string,
  ) => insertPaidOrder(ctx, userId, { currency: p.currency, amountMinor: p.amount }, at, refundAt);

  it('seeds the scenario through the real routes', async () => {
    ctx.clock.set(seoul(1, 10));
    await adminNow();
    [dramaId = 0, otherDrama = 0] = await addUniformDramas(ctx, {
      count: 2,
      episodes: EPISODES,
      free: FREE,
      price: PRICE,
    });
    const viewers: Record<string, { token: string; userId: string }> = {};
    for (const name of Object.keys(PLAN)) viewers[name] = await signInThroughSandbox(ctx.app);
    const start = (who: { token: string }, epsd: number, drama = dramaId) =>
      call(ctx.app, who, 'POST', '/drama/episode', { dramId: drama, epsd });
    /** The paywall episode unlocked by coin, by an ad (its logId given) or by auto-unlock. */
    const unlockPaywall = (
      who: { token: string },
      how: 'coin' | 'advertisement' | 'auto',
      ad: { logId?: string } = {},
    ) =>
      call(ctx.app, who, 'POST', `/drama/episode/unlock/${how}`, {
        dramId: dramaId,
        epsd: PAYWALL,
        ...ad,
      });

    for (const [name, plan] of Object.entries(PLAN)) {
      const who = await fresh(viewers[name] as { userId: string });
      for (const epsd of plan.starts) expect((await start(who, epsd)).statusCode).toBe(200);
      for (const epsd of plan.completes) {
        const saved = await savePosition(ctx.app, who, {
          dramId: dramaId,
          epsd,
          position: 58,
          duration: 60,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      ctx.clock.advance(60_000);
      switch (plan.paywall) {
        case 'none':
          break;
        case 'coin':
        case 'left':
        case 'late_coin': {
          const locked = await start(who, PAYWALL);
          expect(locked.json<{ code: number }>().code).toBe(ResultCode.EPISODE_LOCKED);
          // the same refusal again (a retry) is the same reach
          expect((await start(who, PAYWALL)).statusCode).toBe(403);
          if (plan.paywall === 'coin') {
            await grantCoins(ctx, who.userId, PRICE);
            const r = await unlockPaywall(who, 'coin');
            expect(r.statusCode, r.body).toBe(200);
            // a retried unlock answers success and is not counted again
            expect((await unlockPaywall(who, 'coin')).statusCode).toBe(200);
            expect((await start(who, PAYWALL)).statusCode).toBe(200);
          }
          break;
        }
        case 'ad': {
          const locked = await start(who, PAYWALL);
          expect(locked.statusCode).toBe(403);
          const logId = await openAd(ctx.app, who, 'unlock');
          ctx.clock.advance(ctx.config.events.adMinViewSeconds * 1000);
          const r = await unlockPaywall(who, 'advertisement', { logId });
          expect(r.statusCode, r.body).toBe(200);
          expect((await start(who, PAYWALL)).statusCode).toBe(200);
          break;
        }
        case 'vip': {
          await stripeVipBought(ctx, who);
          // the pass opens the paywall episode: an unlock by VIP, and a start
          expect((await start(who, PAYWALL)).statusCode).toBe(200);
          break;
        }
        case 'auto': {
          expect((await setAutoUnlock(ctx.app, who, { enabled: true })).statusCode).toBe(200);
          await grantCoins(ctx, who.userId, PRICE);
          const r = await unlockPaywall(who, 'auto');
          expect(r.statusCode, r.body).toBe(200);
          expect((await start(who, PAYWALL)).statusCode).toBe(200);
          break;
        }
      }
      if (plan.purchase) {
        const at = ctx.clock.now().toISOString();
        await order(
          who.userId,
          plan.purchase,
          at,
          plan.purchase.refunded ? seoul(1, 20) : undefined,
        );
      }
    }
    // another drama's viewer: never in this drama's figures
    expect(
      (await start(await fresh(viewers.H as { userId: string }), 1, otherDrama)).statusCode,
    ).toBe(200);

    // the first run applies everything; nothing is left yet (within 24 h)
    const first = await catchUp();
    expect(first.busy).toBe(false);
    expect(first.left).toBe(0);
    await adminNow();
    const early = await funnel(`from=2026-03-02&to=2026-03-02`);
    expect(early.episodes[PAYWALL - 1]?.paywall).toMatchObject({ left: 0, pending: 3 });

    // 25 hours later the two who never unlocked have left; E comes back and buys it
    ctx.clock.set(seoul(2, 11, 30));
    expect((await catchUp()).left).toBe(3);
    ctx.clock.set(seoul(2, 12));
    const e = await fresh(viewers.E as { userId: string });
    await adminNow();
    await grantCoins(ctx, e.userId, PRICE);
    const late = await unlockPaywall(e, 'coin');
    expect(late.statusCode, late.body).toBe(200);
    expect((await start(e, PAYWALL)).statusCode).toBe(200);
    await catchUp();
  });

  it("the funnel equals the scenario's, episode by episode", async () => {
    const data = await funnel('from=2026-03-02&to=2026-03-03');
    const want = expectedFunnel();
    expect(data.paywallEpsd).toBe(PAYWALL);
    expect(data.episodes).toEqual(want.episodes);
    expect(data.totals.viewers).toBe(want.viewers);
    expect(data.totals.starts).toBe(want.episodes.reduce((n, e) => n + e.starts, 0));
    expect(data.totals.paywall).toEqual(want.episodes[PAYWALL - 1]?.paywall);
    expect(data.totals.coinsSpent).toBe(3 * PRICE);
    expect(data.rolledUpTo).not.toBeNull();
    // the second day alone: E's first start of the paywall episode and its coins; its conversion
    // counts on the day E reached the paywall (day 1)
    const day2 = await funnel('from=2026-03-03&to=2026-03-03');
    expect(day2.episodes[PAYWALL - 1]).toMatchObject({ starts: 1, viewers: 1, coinsSpent: PRICE });
    expect(day2.totals.paywall.shown).toBe(0);
  });

  it('running the job again changes nothing; a batch that fails midway leaves nothing applied', async () => {
    const before = await snapshot();
    expect(await catchUp()).toMatchObject({ applied: 0, left: 0 });
    expect(await snapshot()).toBe(before);

    // a new start, and a job that fails after its first steps: all of the batch or nothing
    const who = await signInThroughSandbox(ctx.app);
    expect(
      (await call(ctx.app, who, 'POST', '/drama/episode', { dramId: dramaId, epsd: 1 })).statusCode,
    ).toBe(200);
    const { createAnalyticsRollup } = await import('./analytics-rollup');
    const failing = createAnalyticsRollup({
      db: ctx.database.db,
      clock: ctx.clock,
      serviceTimeZone: ctx.config.serviceTimeZone,
      afterStep: async (step) => {
        if (step === 'drama_viewers') throw new Error('killed');
      },
    });
    await expect(failing.catchUp()).rejects.toThrow('killed');
    expect(await snapshot()).toBe(before);
    // the next run applies the batch once
    expect((await catchUp()).applied).toBeGreaterThan(0);
    const data = await funnel('from=2026-03-02&to=2026-03-03');
    const [want] = expectedFunnel().episodes;
    expect(data.episodes[0]?.viewers).toBe((want?.viewers ?? 0) + 1);
    expect(data.episodes[0]?.starts).toBe((want?.starts ?? 0) + 1);
  });

  it('the dramas table sorts by each column and pages', async () => {
    const r = await get<AnalyticsDramasData>(
      '/analytics/dramas?from=2026-03-02&to=2026-03-03&sort=viewers&order=desc&size=1',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.items.map((i) => i.dramId)).toEqual([dramaId]);
    const first = r.body.data.items[0];
    expect(first).toMatchObject({
      viewers: Object.keys(PLAN).length + 1,
      paywallShown: 7,
      converted: 5,
      left: 2,
    });
    expect(first?.conversionRate).toBeCloseTo(5 / 7);
    expect(first?.revenue).toEqual([
      { currency: 'KRW', gross: 5900, net: 5900 },
      { currency: 'USD', gross: 499, net: 0 },
    ]);
    const page2 = await get<AnalyticsDramasData>(
      '/analytics/dramas?from=2026-03-02&to=2026-03-03&sort=viewers&order=desc&size=1&page=2',
    );
    expect(page2.body.data.items.map((i) => i.dramId)).toEqual([otherDrama]);
    const asc = await get<AnalyticsDramasData>(
      '/analytics/dramas?from=2026-03-02&to=2026-03-03&sort=revenueGross&order=asc',
    );
    expect(asc.body.data.items.map((i) => i.dramId)).toEqual([otherDrama, dramaId]);
    for (const sort of [
      'starts',
      'completionRate',
      'paywallShown',
      'conversionRate',
      'revenueNet',
    ]) {
      const s = await get<AnalyticsDramasData>(
        `/analytics/dramas?from=2026-03-02&to=2026-03-03&sort=${sort}`,
      );
      expect(s.body.data.items[0]?.dramId, sort).toBe(dramaId);
    }
    // each row names its drama by the title's key, also a drama taken out of the catalog since
    const db = ctx.database.db;
    await db.execute(sql`update dramas set published = false where id = ${otherDrama}`);
    try {
      const named = await get<AnalyticsDramasData>(
        '/analytics/dramas?from=2026-03-02&to=2026-03-03&sort=viewers',
      );
      const [row] = await rowsOf<{ title_key: string }>(
        ctx,
        sql`select title_key from dramas where id = ${otherDrama}`,
      );
      const other = named.body.data.items.find((i) => i.dramId === otherDrama);
      expect(other?.titleKey).toBe(row?.title_key);
    } finally {
      await db.execute(sql`update dramas set published = true where id = ${otherDrama}`);
    }
  });

  it('CSV exports carry the same figures', async () => {
    const f = await get<never>(
      `/analytics/dramas/${dramaId}/funnel.csv?from=2026-03-02&to=2026-03-03`,
    );
    expect(f.status).toBe(200);
    expect(f.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = f.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^epsd,coin,viewers,starts,completions,paywallShown,/);
    expect(lines).toHaveLength(EPISODES + 2);
    expect(lines[PAYWALL]).toMatch(new RegExp(`^${PAYWALL},${PRICE},`));
    const d = await get<never>('/analytics/dramas.csv?from=2026-03-02&to=2026-03-03');
    expect(
      d.raw.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(3);
  });

  it('retention: cohorts by sign-up and by first payment, D1 and week 1', async () => {
    // three members sign up on day 10 (one with an invite code); two come back on day 11, one on day 17
    ctx.clock.set(seoul(9, 10));
    const code = await viewersCode();
    ctx.clock.set(seoul(10, 10));
    const [first, second, invited] = [
      await signInThroughSandbox(ctx.app),
      await signInThroughSandbox(ctx.app),
      await joinWithInvite(code),
    ];
    const joined = [first, second, invited];
    const play = (who: { token: string }) =>
      call(ctx.app, who, 'POST', '/drama/episode', { dramId: otherDrama, epsd: 2 });
    for (const who of joined) expect((await play(who)).statusCode).toBe(200);
    ctx.clock.set(seoul(11, 10));
    for (const who of joined.slice(0, 2))
      expect((await play(await fresh(who))).statusCode).toBe(200);
    await order(first.userId, { currency: 'KRW', amount: 1000 }, ctx.clock.now().toISOString());
    ctx.clock.set(seoul(17, 10));
    expect((await play(await fresh(invited))).statusCode).toBe(200);
    ctx.clock.set(seoul(45, 10));
    await catchUp();
    await adminNow();

    const all = await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-11&to=2026-03-11',
    );
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({
      segment: 'all',
      size: 3,
      d1: { eligible: 3, returned: 2 },
      d7: { eligible: 3, returned: 1 },
      d30: { eligible: 3, returned: 0 },
      payers: 1,
    });
    expect(all.body.data.revenue).toEqual([
      { currency: 'KRW', gross: 1000, net: 1000, arppu: 1000 },
    ]);
    // the grid: week 0 all three, week 1 one (day 7)
    const week = all.body.data.cohorts[0];
    expect(week?.size).toBe(3);
    expect(week?.weeks[0]).toMatchObject({ returned: 3, eligible: 3 });
    expect(week?.weeks[1]).toMatchObject({ returned: 1, eligible: 3 });

    const bySegment = await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-11&to=2026-03-11&segment=invite',
    );
    expect(bySegment.body.data).toMatchObject({
      size: 1,
      d1: { returned: 0 },
      d7: { returned: 1 },
    });
    const organic = await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-11&to=2026-03-11&segment=organic',
    );
    expect(organic.body.data).toMatchObject({ size: 2, d1: { returned: 2 } });
    // first payers: cohort of day 11 (the payment), one member
    const payers = await get<AnalyticsRetentionData>(
      '/analytics/retention?from=2026-03-12&to=2026-03-12&segment=payers',
    );
    expect(payers.body.data).toMatchObject({ size: 1, payers: 1 });
  });

  async function viewersCode(): Promise<string> {
    const inviter = await signInThroughSandbox(ctx.app);
    const r = await call(ctx.app, inviter, 'GET', '/invite/me');
    const code = r.json<{ data: { invtCd?: string; code?: string } }>().data;
    return code.invtCd ?? code.code ?? '';
  }

  async function joinWithInvite(code: string) {
    const ticket = await sandboxTicket(
      ctx.app,
      'google',
      `invited-${randomUUID().slice(0, 8)}@sandbox.test`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/auth/join`,
      payload: { authMthd: 'google', authId: ticket.authId, ...ALL_AGREED, invtCd: code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { access_token: string } }>().data.access_token;
    const info = await call(ctx.app, { token }, 'GET', '/user/info');
    return {
      token,
      userId: info.json<{ data: { user: { user_id: string } } }>().data.user.user_id,
    };
  }

  it('bad input gets its code and changes nothing; operators other than admins are refused', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const viewer = await signInThroughSandbox(ctx.app);
    const events = await ctx.database.db.$count(analyticsEvents);
    const rollups = await snapshot();
    const cases: [string, number][] = [
      [
        `/analytics/dramas/${dramaId}/funnel?from=2026-03-05&to=2026-03-01`,
        ResultCode.ANALYTICS_RANGE_INVALID,
      ],
      [`/analytics/dramas/${dramaId}/funnel?from=2026-03-05`, ResultCode.ANALYTICS_RANGE_INVALID],
      [`/analytics/dramas/${dramaId}/funnel?from=2026-02-30&to=2026-03-01`, ResultCode.BAD_REQUEST],
      [
        `/analytics/dramas/${dramaId}/funnel?from=2024-01-01&to=2026-03-01`,
        ResultCode.ANALYTICS_RANGE_TOO_LONG,
      ],
      ['/analytics/dramas/999999/funnel?from=2026-03-01&to=2026-03-02', ResultCode.DRAMA_NOT_FOUND],
      ['/analytics/dramas/abc/funnel', ResultCode.BAD_REQUEST],
      ['/analytics/dramas?sort=title', ResultCode.BAD_REQUEST],
      ['/analytics/dramas?size=0', ResultCode.BAD_REQUEST],
      ['/analytics/dramas.csv?from=2026-03-05&to=2026-03-01', ResultCode.ANALYTICS_RANGE_INVALID],
      [`/analytics/dramas/999999/funnel.csv`, ResultCode.DRAMA_NOT_FOUND],
      ['/analytics/retention?segment=vip', ResultCode.BAD_REQUEST],
      ['/analytics/retention?from=2020-01-01&to=2026-01-01', ResultCode.ANALYTICS_RANGE_TOO_LONG],
    ];
    for (const [url, code] of cases) {
      const r = await get<never>(url);
      expect(r.body.code, url).toBe(code);
      expect(r.status, url).toBe(Math.floor(code / 1000));
    }
    for (const url of [
      '/analytics/dramas',
      `/analytics/dramas/${dramaId}/funnel`,
      '/analytics/retention',
      '/analytics/status',
    ]) {
      expect((await get<never>(url, editor)).body.code, url).toBe(
        ResultCode.OPERATOR_ROLE_FORBIDDEN,
      );
      expect((await get<never>(url, { headers: {} })).body.code, url).toBe(
        ResultCode.OPERATOR_SESSION_INVALID,
      );
    }
    const asViewer = await get<never>('/analytics/dramas', {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(asViewer.body.code).toBe(ResultCode.OPERATOR_SESSION_INVALID);
    expect(await ctx.database.db.$count(analyticsEvents)).toBe(events);
    expect(await snapshot()).toBe(rollups);
  });
  it('an event whose transaction commits late is applied, not skipped (PostgreSQL)', async (test) => {
    if (!ctx.databaseUrl) return test.skip();
    const before = (await funnel('from=2026-03-02&to=2026-03-03')).episodes[1]?.starts ?? 0;
    const at = new Date(seoul(2, 13));
    const slow = new pg.Client({ connectionString: ctx.databaseUrl });
    await slow.connect();
    try {
      // a transaction writes its event first (lower id and transaction id) and commits last
      await slow.query('begin');
      await slow.query(
        `insert into analytics_events (kind, source_key, occurred_at, user_id, drama_id, episode_number)
         values ('episode_start', $1, $2, $3, $4, 2)`,
        [`late:${randomUUID()}`, at, randomUUID(), dramaId],
      );
      await ctx.database.db.insert(analyticsEvents).values({
        kind: 'episode_start',
        sourceKey: `early:${randomUUID()}`,
        occurredAt: at,
        userId: randomUUID(),
        dramaId,
        episodeNumber: 2,
      });
      // the job waits behind the open transaction: the later event is not applied yet
      await catchUp();
      expect((await funnel('from=2026-03-02&to=2026-03-03')).episodes[1]?.starts).toBe(before);
      await slow.query('commit');
    } finally {
      await slow.end();
    }
    await catchUp();
    expect((await funnel('from=2026-03-02&to=2026-03-03')).episodes[1]?.starts).toBe(before + 2);
  });
});
