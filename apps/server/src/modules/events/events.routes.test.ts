import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../test/harness';
import { coinLots } from '../wallet/wallet.tables';
import { signInMember, type Member, grantCoins } from '../wallet/wallet.test-support';
import { adViews, attendances, missionRewards } from './events.tables';
import { EPISODE_SECONDS, addDramas, admobTestSigner, call, openAd } from './events.test-support';

const FREE = 3;
const PRICE = 30;
const MIN_VIEW_MS = 15_000;
const signer = admobTestSigner();

const ctx = useTestContext({
  seed: false,
  env: {
    ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 86_400),
    AD_UNLOCK_DAILY_CAP: '2',
    ADMOB_VERIFIER_KEYS: signer.keysJson,
    AD_REQUIRE_NATIVE_VERIFICATION: 'true',
  },
});
let dramas: number[];
beforeAll(async () => {
  dramas = await addDramas(ctx, { count: 4, episodes: 8, free: FREE, price: PRICE });
});

const dramaAt = (i: number) => dramas[i] ?? 0;
type Body = { code: number; message: string; data: Record<string, unknown> | null };
const body = (res: { json: <T>() => T }) => res.json<Body>();
const bonus = async (m: Member) => (await ctx.services.wallet.balances(m.userId)).bonus;
const credited = async (m: Member, source: string) => {
  const lots = await ctx.database.db
    .select({ amount: coinLots.amount, source: coinLots.source })
    .from(coinLots)
    .where(eq(coinLots.userId, m.userId));
  return lots.filter((l) => l.source === source).reduce((sum, l) => sum + l.amount, 0);
};
/** Moves the service clock to a Seoul wall time of some day (UTC+9, no DST). */
const setSeoul = (isoLocal: string) => ctx.clock.set(new Date(`${isoLocal}+09:00`));

describe('who may call', () => {
  const calls: [string, 'GET' | 'POST', string, unknown][] = [
    ['mission-event', 'GET', '/event/mission-event', undefined],
    ['attendance', 'POST', '/event/attendance', { cnscAtdn: 1 }],
    ['advertisement', 'POST', '/event/advertisement', { advrType: 'mission' }],
    ['mission', 'POST', '/event/mission', { mssnId: 'connect_sns' }],
    [
      'ad unlock',
      'POST',
      '/drama/episode/unlock/advertisement',
      { dramId: 1, epsd: 4, logId: '00000000-0000-4000-8000-000000000000' },
    ],
  ];
  it.each(calls)('%s: 401 without a session', async (_name, method, url, payload) => {
    const res = await call(ctx.app, undefined, method, url, payload);
    expect(res.statusCode).toBe(401);
  });
  it.each(calls)(
    '%s: a guest gets 403060 and nothing changes',
    async (_n, method, url, payload) => {
      const guest = await joinGuest(ctx.app);
      const res = await call(ctx.app, guest, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: ResultCode.EVENT_GUEST_NOT_ALLOWED, data: null });
    },
  );
});

describe('bad input is refused with 400001 and changes nothing', () => {
  const cases: [string, string, unknown][] = [
    ['/event/attendance', 'day 0', { cnscAtdn: 0 }],
    ['/event/attendance', 'day 8', { cnscAtdn: 8 }],
    ['/event/attendance', 'day not a number', { cnscAtdn: 'x' }],
    ['/event/attendance', 'day fractional', { cnscAtdn: 1.5 }],
    ['/event/advertisement', 'no type', {}],
    ['/event/advertisement', 'unknown type', { advrType: 'bonus' }],
    ['/event/advertisement', 'unknown platform', { advrType: 'unlock', advrPlatform: 'tv' }],
    ['/event/mission', 'no mission', {}],
    ['/event/mission', 'unknown mission', { mssnId: 'win_lottery' }],
    ['/event/mission', 'logId not a UUID', { mssnId: 'watch_ad', logId: '1; drop table' }],
    ['/event/mission', 'negative dramId', { mssnId: 'share_ep', dramId: -1, epsd: 1 }],
    ['/event/mission', 'episode 0', { mssnId: 'share_ep', dramId: 1, epsd: 0 }],
    ['/drama/episode/unlock/advertisement', 'no logId', { dramId: 1, epsd: 4 }],
    [
      '/drama/episode/unlock/advertisement',
      'dramId a word',
      { dramId: 'one', epsd: 4, logId: '00000000-0000-4000-8000-000000000000' },
    ],
    [
      '/drama/episode/unlock/advertisement',
      'epsd too large',
      { dramId: 1, epsd: 10_001, logId: '00000000-0000-4000-8000-000000000000' },
    ],
  ];
  it.each(cases)('%s: %s', async (url, _name, payload) => {
    const member = await signInMember(ctx, 'BadInput');
    const res = await call(ctx.app, member, 'POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
    expect(await bonus(member)).toBe(0);
    const info = body(await call(ctx.app, member, 'GET', '/event/mission-event')).data;
    expect(info?.userTodayAttendance).toBeNull();
  });

  it('mission reports without what their type needs answer 400060', async () => {
    const member = await signInMember(ctx, 'Needs');
    for (const payload of [
      { mssnId: 'watch_ad' },
      { mssnId: 'watch_ep' },
      { mssnId: 'share_ep', dramId: dramaAt(0) },
    ]) {
      const res = await call(ctx.app, member, 'POST', '/event/mission', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(ResultCode.MISSION_INPUT_REQUIRED);
    }
  });
});

describe('GET /event/mission-event', () => {
  it('answers the seeded 7 rising rewards, four missions and day 1 for a new member', async () => {
    setSeoul('2026-01-15T12:00:00');
    const member = await signInMember(ctx, 'Viewer');
    const res = await call(ctx.app, member, 'GET', '/event/mission-event');
    expect(res.statusCode).toBe(200);
    const data = body(res).data as {
      attendanceRewardList: { cnsc_atdn: number; coin: number }[];
      missionList: { mssn_id: string; user_mssn_count: number; mssn_perd: string }[];
      next_cnsc_atdn: number;
      today: string;
      next_day_start: string;
      userAttendance: unknown;
    };
    expect(data.attendanceRewardList.map((r) => r.cnsc_atdn)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const coins = data.attendanceRewardList.map((r) => r.coin);
    expect(coins.every((c, i) => i === 0 || c > (coins[i - 1] ?? 0))).toBe(true);
    expect(data.missionList.map((m) => m.mssn_id)).toEqual([
      'watch_ad',
      'watch_ep',
      'share_ep',
      'connect_sns',
    ]);
    expect(data.missionList.every((m) => m.user_mssn_count === 0)).toBe(true);
    expect(data).toMatchObject({
      next_cnsc_atdn: 1,
      today: '2026-01-15',
      next_day_start: '2026-01-16T00:00:00+09:00',
      userAttendance: null,
    });
  });
});

describe('POST /event/attendance', () => {
  it('walks the week across Seoul midnights, credits once a day, wraps after 7 and resets after a miss', async () => {
    const member = await signInMember(ctx, 'Daily');
    const checkIn = (cnscAtdn?: number) =>
      call(ctx.app, member, 'POST', '/event/attendance', cnscAtdn ? { cnscAtdn } : {});
    const rewards = [10, 15, 20, 25, 30, 40, 60];
    let expected = 0;
    for (let d = 0; d < 8; d++) {
      // one second after midnight, then the last second of the same day
      ctx.clock.set(new Date(Date.parse('2026-02-01T00:00:01+09:00') + d * 86_400_000));
      const day = (d % 7) + 1;
      const res = await checkIn(day);
      expect(res.statusCode, res.body).toBe(200);
      expected += rewards[day - 1] ?? 0;
      expect(body(res).data).toMatchObject({ cnsc_atdn: day, rewd_coin: rewards[day - 1] });
      ctx.clock.advance(86_400_000 - 2000);
      const again = await checkIn();
      expect(again.statusCode).toBe(409);
      expect(body(again).code).toBe(ResultCode.ALREADY_ATTENDED);
      // balances lose coins older than 7 days: count what was credited
      expect(await credited(member, 'attendance')).toBe(expected);
    }
    // day 8 was day 1 again; skip a day: back to 1
    ctx.clock.set(new Date(Date.parse('2026-02-10T09:00:00+09:00')));
    const mismatch = await checkIn(2);
    expect(mismatch.statusCode).toBe(409);
    expect(body(mismatch).code).toBe(ResultCode.ATTENDANCE_DAY_MISMATCH);
    const restart = await checkIn(1);
    expect(body(restart).data).toMatchObject({ cnsc_atdn: 1, atdn_dt: '2026-02-10' });
    const info = body(await call(ctx.app, member, 'GET', '/user/info')).data as {
      user: Record<string, unknown>;
    };
    expect(info.user).toMatchObject({ atdn_today_yn: 'Y', next_cnsc_atdn: 2 });
    const page = body(await call(ctx.app, member, 'GET', '/event/mission-event')).data;
    expect(page).toMatchObject({
      next_cnsc_atdn: 2,
      userTodayAttendance: { cnsc_atdn: 1, atdn_dt: '2026-02-10' },
    });
  });
});

describe('watch_ad mission', () => {
  it('rewards a mission ad once, only after its minimum duration, only for its owner and type', async () => {
    setSeoul('2026-03-01T10:00:00');
    const member = await signInMember(ctx, 'AdFan');
    const other = await signInMember(ctx, 'Other');
    const logId = await openAd(ctx.app, member, 'mission');
    const redeem = (who: Member, id = logId) =>
      call(ctx.app, who, 'POST', '/event/mission', { mssnId: 'watch_ad', logId: id });

    ctx.clock.advance(MIN_VIEW_MS - 1000);
    const early = await redeem(member);
    expect(early.statusCode).toBe(409);
    expect(body(early).code).toBe(ResultCode.AD_VIEW_TOO_EARLY);

    ctx.clock.advance(1000);
    const stolen = await redeem(other);
    expect(stolen.statusCode).toBe(404);
    expect(body(stolen).code).toBe(ResultCode.AD_VIEW_NOT_FOUND);
    const unknown = await redeem(member, '00000000-0000-4000-8000-000000000001');
    expect(body(unknown).code).toBe(ResultCode.AD_VIEW_NOT_FOUND);

    const first = await redeem(member);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data).toMatchObject({
      mssn_id: 'watch_ad',
      user_mssn_count: 1,
      rewd_coin: 5,
    });
    for (let i = 0; i < 3; i++) {
      const replay = await redeem(member);
      expect(replay.statusCode).toBe(409);
      expect(body(replay).code).toBe(ResultCode.AD_VIEW_USED);
    }
    expect(await bonus(member)).toBe(5);
    expect(await bonus(other)).toBe(0);

    const unlockView = await openAd(ctx.app, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const wrongType = await redeem(member, unlockView);
    expect(body(wrongType).code).toBe(ResultCode.AD_VIEW_WRONG_TYPE);

    ctx.clock.advance(3_600_000);
    const stale = await openAd(ctx.app, member, 'mission');
    ctx.clock.advance(3_600_000 + 1000);
    expect(body(await redeem(member, stale)).code).toBe(ResultCode.AD_VIEW_EXPIRED);
  });

  it('closes after rewd_cnt steps and opens again the next service day', async () => {
    setSeoul('2026-03-02T23:50:00');
    const member = await signInMember(ctx, 'Closer');
    for (let i = 1; i <= 6; i++) {
      const logId = await openAd(ctx.app, member, 'mission');
      ctx.clock.advance(MIN_VIEW_MS);
      const res = await call(ctx.app, member, 'POST', '/event/mission', {
        mssnId: 'watch_ad',
        logId,
      });
      if (i <= 5) expect(body(res).data, res.body).toMatchObject({ user_mssn_count: i });
      else expect(body(res).code).toBe(ResultCode.MISSION_COMPLETED);
    }
    expect(await bonus(member)).toBe(25);
    setSeoul('2026-03-03T00:00:00');
    const logId = await openAd(ctx.app, member, 'mission');
    ctx.clock.advance(MIN_VIEW_MS);
    const next = await call(ctx.app, member, 'POST', '/event/mission', {
      mssnId: 'watch_ad',
      logId,
    });
    expect(body(next).data).toMatchObject({ user_mssn_count: 1, rewd_coin: 5 });
  });
});

describe('watch_ep, share_ep and connect_sns missions', () => {
  it('counts a watch log only once it ran 90 % of the episode (at 2x), once per episode a day', async () => {
    setSeoul('2026-03-05T10:00:00');
    const member = await signInMember(ctx, 'Watcher');
    const other = await signInMember(ctx, 'Peeker');
    const start = async (epsd: number) => {
      const res = await call(ctx.app, member, 'POST', '/drama/episode', {
        dramId: dramaAt(0),
        epsd,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { logId: string } }>().data.logId;
    };
    const reportWatch = (who: Member, logId: string) =>
      call(ctx.app, who, 'POST', '/event/mission', { mssnId: 'watch_ep', logId });

    const log1 = await start(1);
    ctx.clock.advance(((EPISODE_SECONDS * 0.9) / 2 - 1) * 1000);
    const early = await reportWatch(member, log1);
    expect(early.statusCode).toBe(409);
    expect(body(early).code).toBe(ResultCode.MISSION_NOT_COMPLETE);
    ctx.clock.advance(1000);
    expect(body(await reportWatch(other, log1)).code).toBe(ResultCode.MISSION_WATCH_LOG_NOT_FOUND);
    const ok1 = await reportWatch(member, log1);
    expect(body(ok1).data, ok1.body).toMatchObject({ user_mssn_count: 1, rewd_coin: 0 });
    expect(body(await reportWatch(member, log1)).code).toBe(ResultCode.MISSION_ALREADY_REPORTED);
    // the same episode again: a new log, still once a day
    const again = await start(1);
    ctx.clock.advance(EPISODE_SECONDS * 1000);
    expect(body(await reportWatch(member, again)).code).toBe(ResultCode.MISSION_ALREADY_REPORTED);
    for (const epsd of [2, 3]) {
      const log = await start(epsd);
      ctx.clock.advance(EPISODE_SECONDS * 1000);
      await reportWatch(member, log);
    }
    // three episodes complete the first step: 10 coins
    expect(await bonus(member)).toBe(10);
  });

  it('counts a share once per episode a day', async () => {
    setSeoul('2026-03-06T10:00:00');
    const member = await signInMember(ctx, 'Sharer');
    const share = (epsd: number) =>
      call(ctx.app, member, 'POST', '/event/mission', {
        mssnId: 'share_ep',
        dramId: dramaAt(0),
        epsd,
      });
    expect(body(await share(1)).data).toMatchObject({ user_mssn_count: 1, rewd_coin: 5 });
    expect(body(await share(1)).code).toBe(ResultCode.MISSION_ALREADY_REPORTED);
    expect(body(await share(99)).code).toBe(ResultCode.EPISODE_NOT_FOUND);
    setSeoul('2026-03-07T00:00:01');
    expect(body(await share(1)).data).toMatchObject({ user_mssn_count: 1 });
    expect(await bonus(member)).toBe(10);
  });

  it('connect_sns is granted once per account', async () => {
    const member = await signInMember(ctx, 'Linked');
    const claim = () => call(ctx.app, member, 'POST', '/event/mission', { mssnId: 'connect_sns' });
    expect(body(await claim()).data).toMatchObject({ rewd_coin: 50, completed: true });
    ctx.clock.advance(3 * 86_400_000);
    const again = await claim();
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(ResultCode.MISSION_COMPLETED);
    expect(await bonus(member)).toBe(50);
  });
});

describe('POST /drama/episode/unlock/advertisement', () => {
  it('unlocks only the next locked episode, then holds the 180 s cooldown and the daily cap', async () => {
    setSeoul('2026-04-01T10:00:00');
    const member = await signInMember(ctx, 'Unlocker');
    const unlock = (dramId: number, epsd: number, logId: string) =>
      call(ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', { dramId, epsd, logId });

    const v1 = await openAd(ctx.app, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const notNext = await unlock(dramaAt(1), FREE + 2, v1);
    expect(body(notNext).code).toBe(ResultCode.EPISODE_NOT_NEXT);
    const free = await unlock(dramaAt(1), 1, v1);
    expect(body(free).code).toBe(ResultCode.EPISODE_FREE);
    const ok1 = await unlock(dramaAt(1), FREE + 1, v1);
    expect(ok1.statusCode, ok1.body).toBe(200);
    expect(body(ok1).data).toMatchObject({ epsd: FREE + 1, unlock_count: 1, unlock_cap: 2 });
    // replaying the view is refused before anything else
    expect(body(await unlock(dramaAt(1), FREE + 2, v1)).code).toBe(ResultCode.AD_VIEW_USED);

    // the episode plays and counts in the unlock number
    const info = body(await call(ctx.app, member, 'GET', `/drama/info/${dramaAt(1)}`)).data;
    expect(info?.unlockedEpisodeList).toEqual([FREE + 1]);
    const play = await call(ctx.app, member, 'POST', '/drama/episode', {
      dramId: dramaAt(1),
      epsd: FREE + 1,
    });
    expect(play.statusCode).toBe(200);
    const user = body(await call(ctx.app, member, 'GET', '/user/info')).data as {
      user: Record<string, unknown>;
    };
    expect(user.user).toMatchObject({ unlock_count: 1, unlock_cap: 2, unlock_cooldown_sec: 180 });

    // inside the cooldown: no new unlock ad, no unlock
    const refused = await call(ctx.app, member, 'POST', '/event/advertisement', {
      advrType: 'unlock',
    });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe(ResultCode.AD_UNLOCK_COOLDOWN);

    ctx.clock.advance(180_000);
    const v2 = await openAd(ctx.app, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const ok2 = await unlock(dramaAt(1), FREE + 2, v2);
    expect(body(ok2).data, ok2.body).toMatchObject({ unlock_count: 2 });

    // the cap (2) is reached today
    ctx.clock.advance(180_000);
    const capped = await call(ctx.app, member, 'POST', '/event/advertisement', {
      advrType: 'unlock',
    });
    expect(body(capped).code).toBe(ResultCode.AD_UNLOCK_CAP_REACHED);

    // a coin unlock now sells the episode after the ad unlocks
    await grantCoins(ctx, member.userId, PRICE, 'bonus', {
      idempotencyKey: `events-test-${member.userId}`,
    });
    const coin = await call(ctx.app, member, 'POST', '/drama/episode/unlock/coin', {
      dramId: dramaAt(1),
      epsd: FREE + 3,
    });
    expect(coin.statusCode, coin.body).toBe(200);

    // the next service day the count starts again
    setSeoul('2026-04-02T00:00:00');
    const fresh = body(await call(ctx.app, member, 'GET', '/user/info')).data as {
      user: Record<string, unknown>;
    };
    expect(fresh.user).toMatchObject({ unlock_count: 0, unlock_cooldown_sec: 0 });
  });
});

describe('AdMob server-side verification', () => {
  it('verifies a good signature once, refuses a tampered one, and a replay changes nothing', async () => {
    setSeoul('2026-05-01T10:00:00');
    const member = await signInMember(ctx, 'Native');
    const open = await call(ctx.app, member, 'POST', '/event/advertisement', {
      advrType: 'mission',
      advrPlatform: 'aos',
    });
    const logId = open.json<{ data: { logId: string } }>().data.logId;
    ctx.clock.advance(MIN_VIEW_MS);
    const redeem = () =>
      call(ctx.app, member, 'POST', '/event/mission', { mssnId: 'watch_ad', logId });
    const unverified = await redeem();
    expect(body(unverified).code).toBe(ResultCode.AD_VIEW_NOT_VERIFIED);

    const params = {
      ad_network: '5450213213286189855',
      ad_unit: '1234567890',
      custom_data: logId,
      reward_amount: '1',
      reward_item: 'coin',
      timestamp: String(ctx.clock.now().getTime()),
      transaction_id: '123456789abcdef',
      user_id: member.userId,
    };
    const query = signer.signedQuery(params);
    const ssv = (q: string) =>
      ctx.app.inject({ method: 'GET', url: `${API_BASE}/event/advertisement/admob-ssv?${q}` });

    const tampered = await ssv(query.replace('reward_amount=1', 'reward_amount=9'));
    expect(tampered.statusCode).toBe(403);
    expect(body(tampered).code).toBe(ResultCode.AD_CALLBACK_SIGNATURE_INVALID);
    const otherKey = admobTestSigner();
    expect((await ssv(otherKey.signedQuery(params))).statusCode).toBe(403);
    expect((await ssv(query.split('&signature=')[0] ?? '')).statusCode).toBe(403);
    expect(body(await redeem()).code).toBe(ResultCode.AD_VIEW_NOT_VERIFIED);

    const good = await ssv(query);
    expect(good.statusCode, good.body).toBe(200);
    expect(body(good).data).toEqual({ verified: true, duplicate: false });
    const replay = await ssv(query);
    expect(body(replay).data).toEqual({ verified: true, duplicate: true });

    expect(body(await redeem()).data).toMatchObject({ rewd_coin: 5 });
    expect(body(await redeem()).code).toBe(ResultCode.AD_VIEW_USED);
    expect(await bonus(member)).toBe(5);
  });
});

describe('GET /event/ad-config', () => {
  it('answers the limits and the stand-in flag without sign-in', async () => {
    const res = await call(ctx.app, undefined, 'GET', '/event/ad-config');
    expect(body(res).data).toEqual({
      stand_in: true,
      min_view_sec: 15,
      cooldown_sec: 180,
      unlock_cap: 2,
      mission_ad_units: [],
      rewd_valid_days: { mission: 7, attendance: 7 },
    });
  });

  it('follows the operators: ad limits and reward validity come from their settings (issue 40 item 5)', async () => {
    const { economy, wallet } = ctx.services;
    const before = await wallet.getCoinValidity();
    await economy.setAdLimits({ cooldownSeconds: 45, dailyCap: 4 });
    await wallet.setCoinValidity(
      { ...before, bonus: { ...before.bonus, mission: 3, attendance: null } },
      'test',
    );
    try {
      const res = await call(ctx.app, undefined, 'GET', '/event/ad-config');
      expect(body(res).data).toMatchObject({
        cooldown_sec: 45,
        unlock_cap: 4,
        rewd_valid_days: { mission: 3, attendance: null },
      });
    } finally {
      await economy.setAdLimits({ cooldownSeconds: 180, dailyCap: 2 });
      await wallet.setCoinValidity(before, 'test');
    }
  });
});

describe('rewards recorded but not credited (a crash between the two commits)', () => {
  it('are credited on the next event call, once', async () => {
    setSeoul('2026-06-01T10:00:00');
    const member = await signInMember(ctx, 'Crash');
    await ctx.database.db.insert(attendances).values({
      userId: member.userId,
      day: '2026-06-01',
      cnscAtdn: 1,
      reward: 10,
      createdAt: ctx.clock.now(),
    });
    await ctx.database.db.insert(missionRewards).values({
      userId: member.userId,
      missionId: 'share_ep',
      period: '2026-06-01',
      step: 1,
      amount: 5,
      createdAt: ctx.clock.now(),
    });
    expect(await bonus(member)).toBe(0);
    for (let i = 0; i < 3; i++) {
      const res = await call(ctx.app, member, 'GET', '/event/mission-event');
      expect(body(res).data).toMatchObject({ userTodayAttendance: { cnsc_atdn: 1 } });
    }
    expect(await credited(member, 'attendance')).toBe(10);
    expect(await credited(member, 'mission')).toBe(5);
    const again = await call(ctx.app, member, 'POST', '/event/attendance', {});
    expect(body(again).code).toBe(ResultCode.ALREADY_ATTENDED);
  });
});

describe('withdrawal', () => {
  it('erases the member’s ad views and progress; the coin ledger stays', async () => {
    setSeoul('2026-06-02T10:00:00');
    const member = await signInMember(ctx, 'Leaver');
    const logId = await openAd(ctx.app, member, 'mission');
    ctx.clock.advance(MIN_VIEW_MS);
    await call(ctx.app, member, 'POST', '/event/mission', { mssnId: 'watch_ad', logId });
    const res = await call(ctx.app, member, 'PUT', '/auth/withdrawal');
    expect(res.statusCode, res.body).toBe(200);
    const views = await ctx.database.db
      .select()
      .from(adViews)
      .where(eq(adViews.userId, member.userId));
    expect(views).toHaveLength(0);
    expect(await credited(member, 'mission')).toBe(5);
  });
});

describe('refusals that name what is missing', () => {
  it('an unknown drama or episode is refused and the ad view stays unused', async () => {
    setSeoul('2026-06-03T10:00:00');
    const member = await signInMember(ctx, 'Lost');
    const logId = await openAd(ctx.app, member, 'unlock');
    ctx.clock.advance(MIN_VIEW_MS);
    const unlock = (dramId: number, epsd: number) =>
      call(ctx.app, member, 'POST', '/drama/episode/unlock/advertisement', { dramId, epsd, logId });
    const noDrama = await unlock(999_999, 4);
    expect(noDrama.statusCode).toBe(404);
    expect(body(noDrama).code).toBe(ResultCode.DRAMA_NOT_FOUND);
    expect(body(await unlock(dramaAt(2), 99)).code).toBe(ResultCode.EPISODE_NOT_FOUND);
    expect((await unlock(dramaAt(2), FREE + 1)).statusCode).toBe(200);
  });

  it('an AdMob callback naming no ad view of that user is refused', async () => {
    const member = await signInMember(ctx, 'NoView');
    const logId = await openAd(ctx.app, member, 'mission');
    const ssv = (params: Record<string, string>) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/event/advertisement/admob-ssv?${signer.signedQuery(params)}`,
      });
    const base = { ad_network: '1', ad_unit: '2', reward_amount: '1', reward_item: 'coin' };
    const unknown = await ssv({
      ...base,
      custom_data: '00000000-0000-4000-8000-000000000009',
      transaction_id: 't-unknown',
    });
    expect(body(unknown).code).toBe(ResultCode.AD_VIEW_NOT_FOUND);
    const wrongUser = await ssv({
      ...base,
      custom_data: logId,
      transaction_id: 't-wrong-user',
      user_id: '00000000-0000-4000-8000-000000000010',
    });
    expect(body(wrongUser).code).toBe(ResultCode.AD_VIEW_NOT_FOUND);
    const noTransaction = await ssv({ ...base, custom_data: logId });
    expect(noTransaction.statusCode).toBe(400);
  });
});
