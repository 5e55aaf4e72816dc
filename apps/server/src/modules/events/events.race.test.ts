import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@snapdrama/contract';
import { buildAnotherApp, useTestContext } from '../../test/harness';
import { coinLots } from '../wallet/wallet.tables';
import { expectLedgerBalanced, signInMember, type Member } from '../wallet/wallet.test-support';
import { adUnlocks, adViews, attendances } from './events.tables';
import { addDramas, call, openAd } from './events.test-support';
import { servicesPresent } from '../../test/services';

const FREE = 2;
const MIN_VIEW_MS = 15_000;

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('event races and replays on PostgreSQL', () => {
  const ctx = useTestContext({
    seed: false,
    env: { ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 86_400), AD_UNLOCK_DAILY_CAP: '3' },
  });
  /** a second app instance on the same PostgreSQL and Redis, as behind a load balancer */
  let second: FastifyInstance;
  let dramas: number[];

  beforeAll(async () => {
    second = (await buildAnotherApp(ctx)).app;
    dramas = await addDramas(ctx, { count: 12, episodes: 6, free: FREE, price: 20 });
  });
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
    await second.close();
  });

  const lotsOf = (m: Member) =>
    ctx.database.db.select().from(coinLots).where(eq(coinLots.userId, m.userId));
  const apps = () => [ctx.app, second];
  const codes = (replies: { json: <T>() => T }[]) =>
    replies.map((r) => r.json<{ code: number }>().code);

  it('50 concurrent check-ins on one day through two instances credit once', async () => {
    const member = await signInMember(ctx, 'Rush');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(apps()[i % 2] ?? ctx.app, member, 'POST', '/event/attendance', { cnscAtdn: 1 }),
      ),
    );
    const got = codes(replies);
    expect(got.filter((c) => c === 0)).toHaveLength(1);
    expect(got.filter((c) => c === ResultCode.ALREADY_ATTENDED)).toHaveLength(49);
    const lots = await lotsOf(member);
    expect(lots).toHaveLength(1);
    expect(lots[0]?.amount).toBe(10);
    const rows = await ctx.database.db
      .select()
      .from(attendances)
      .where(eq(attendances.userId, member.userId));
    expect(rows).toHaveLength(1);
  });

  it('one mission logId redeemed 10 times in a row or 10 at once rewards once', async () => {
    const member = await signInMember(ctx, 'Replay');
    const sequential = await openAd(ctx.app, member, 'mission');
    const together = await openAd(ctx.app, member, 'mission');
    ctx.clock.advance(MIN_VIEW_MS);
    const redeem = (app: FastifyInstance, logId: string) =>
      call(app, member, 'POST', '/event/mission', { mssnId: 'watch_ad', logId });
    const inRow: number[] = [];
    for (let i = 0; i < 10; i++) inRow.push(...codes([await redeem(ctx.app, sequential)]));
    expect(inRow.filter((c) => c === 0)).toHaveLength(1);
    expect(inRow.slice(1).every((c) => c === ResultCode.AD_VIEW_USED)).toBe(true);

    const atOnce = codes(
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => redeem(apps()[i % 2] ?? ctx.app, together)),
      ),
    );
    expect(atOnce.filter((c) => c === 0)).toHaveLength(1);
    expect(atOnce.filter((c) => c !== 0).every((c) => c === ResultCode.AD_VIEW_USED)).toBe(true);
    const lots = await lotsOf(member);
    expect(lots.map((l) => l.amount)).toEqual([5, 5]);
  });

  it('one unlock logId sent 10 times at once to both instances unlocks once', async () => {
    const member = await signInMember(ctx, 'OneView');
    const logId = await openAd(ctx.app, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apps()[i % 2] ?? ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', {
          dramId: dramas[i % 5] ?? 0,
          epsd: FREE + 1,
          logId,
        }),
      ),
    );
    const got = codes(replies);
    expect(got.filter((c) => c === 0)).toHaveLength(1);
    const rows = await ctx.database.db
      .select()
      .from(adUnlocks)
      .where(eq(adUnlocks.userId, member.userId));
    expect(rows).toHaveLength(1);
  });

  it('two ad unlocks inside 180 s through two instances give one, then the cooldown opens again', async () => {
    const member = await signInMember(ctx, 'TwoDoors');
    const a = await openAd(ctx.app, member, 'unlock');
    const b = await openAd(second, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const [ra, rb] = await Promise.all([
      call(ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', {
        dramId: dramas[6] ?? 0,
        epsd: FREE + 1,
        logId: a,
      }),
      call(second, member, 'POST', '/drama/episode/unlock/advertisement', {
        dramId: dramas[7] ?? 0,
        epsd: FREE + 1,
        logId: b,
      }),
    ]);
    const got = codes([ra, rb]).sort((x, y) => x - y);
    expect(got).toEqual([0, ResultCode.AD_UNLOCK_COOLDOWN]);
    // the refused view was not used: after the cooldown it still unlocks
    const refusedView = codes([ra])[0] === 0 ? b : a;
    const refusedDrama = codes([ra])[0] === 0 ? dramas[7] : dramas[6];
    ctx.clock.advance(179_000);
    const still = await call(second, member, 'POST', '/drama/episode/unlock/advertisement', {
      dramId: refusedDrama ?? 0,
      epsd: FREE + 1,
      logId: refusedView,
    });
    expect(codes([still])).toEqual([ResultCode.AD_UNLOCK_COOLDOWN]);
    ctx.clock.advance(1000);
    const after = await call(ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', {
      dramId: refusedDrama ?? 0,
      epsd: FREE + 1,
      logId: refusedView,
    });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('the daily cap holds when unlocks race from both instances', async () => {
    const member = await signInMember(ctx, 'Capped');
    ctx.clock.advance(86_400_000);
    const views: string[] = [];
    // views are opened across the day so the cooldown passes between unlocks
    for (let i = 0; i < 3; i++) views.push(await openAd(ctx.app, member, 'unlock'));
    ctx.clock.advance(MIN_VIEW_MS);
    let done = 0;
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all(
        views.map((logId, i) =>
          call(apps()[i % 2] ?? ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', {
            dramId: dramas[8 + i] ?? 0,
            epsd: FREE + 1,
            logId,
          }),
        ),
      );
      done += codes(replies).filter((c) => c === 0).length;
      ctx.clock.advance(180_000);
    }
    expect(done).toBe(3);
    // the fourth is refused, both at opening and with a view opened earlier
    const refused = await call(second, member, 'POST', '/event/advertisement', {
      advrType: 'unlock',
    });
    expect(codes([refused])).toEqual([ResultCode.AD_UNLOCK_CAP_REACHED]);
    const info = await call(ctx.app, member, 'GET', '/user/info');
    expect(info.json<{ data: { user: { unlock_count: number } } }>().data.user.unlock_count).toBe(
      3,
    );
  });

  it('a redeem before the minimum duration and another user’s logId are refused on both instances', async () => {
    const member = await signInMember(ctx, 'Early');
    const thief = await signInMember(ctx, 'Thief');
    const logId = await openAd(ctx.app, member, 'mission');
    ctx.clock.advance(MIN_VIEW_MS - 1);
    const early = await Promise.all(
      apps().map((app) =>
        call(app, member, 'POST', '/event/mission', { mssnId: 'watch_ad', logId }),
      ),
    );
    expect(codes(early)).toEqual([ResultCode.AD_VIEW_TOO_EARLY, ResultCode.AD_VIEW_TOO_EARLY]);
    ctx.clock.advance(1);
    const stolen = await Promise.all(
      apps().map((app) =>
        call(app, thief, 'POST', '/event/mission', { mssnId: 'watch_ad', logId }),
      ),
    );
    expect(codes(stolen)).toEqual([ResultCode.AD_VIEW_NOT_FOUND, ResultCode.AD_VIEW_NOT_FOUND]);
    const [view] = await ctx.database.db.select().from(adViews).where(eq(adViews.id, logId));
    expect(view?.redeemedAt).toBeNull();
    expect(await lotsOf(thief)).toHaveLength(0);
  });

  it('ad opens are rate limited across instances', async () => {
    const member = await signInMember(ctx, 'Spammer');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(apps()[i % 2] ?? ctx.app, member, 'POST', '/event/advertisement', {
          advrType: 'mission',
        }),
      ),
    );
    const got = codes(replies);
    expect(got.filter((c) => c === 0)).toHaveLength(30);
    expect(got.filter((c) => c === ResultCode.AD_RATE_LIMITED)).toHaveLength(10);
  });
});
