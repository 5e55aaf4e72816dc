import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_BASE, ResultCode, type CoinHistoryData } from '@snapdrama/contract';
import { DEFAULT_COIN_VALIDITY, NO_EXPIRY_ISO, serviceDay } from '@snapdrama/rules';
import { bearer, codeOf, joinGuest, useTestContext } from '../../test/harness';
import { coinLots, coinValiditySettings } from './wallet.tables';
import {
  anotherWalletService,
  auth,
  signInAgain,
  signInMember,
  type Member,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe('coin validity per source, with a moved clock', () => {
  const ctx = useTestContext({ seed: true });
  expectLedgerBalancedAfterAll(ctx);

  const history = async (member: Member, div = 'A') => {
    const who = await signInAgain(ctx, member);
    const today = serviceDay(ctx.clock.now(), 'Asia/Seoul');
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/coin-history/${div}/${today.slice(0, 4)}-01-01/${today}`,
      headers: auth(who),
    });
    expect(r.statusCode).toBe(200);
    return r.json<{ data: CoinHistoryData }>().data;
  };

  async function buy(m: Member, gateway: 'T' | 'G' | 'A', txn: string) {
    const { payments: orders } = ctx.services;
    const order = await orders.register({
      userId: m.userId,
      authMethod: 'google',
      godsCode: 'coin_500',
      gateway,
      price: undefined,
    });
    await orders.confirmPaid(order.id, {
      provider: gateway,
      providerTxnId: txn,
      amountMinor: order.amountMinor,
      currency: order.currency as 'KRW' | 'USD',
    });
    const lots = await ctx.database.db
      .select()
      .from(coinLots)
      .where(and(eq(coinLots.userId, m.userId), eq(coinLots.sourceRef, order.id)));
    return {
      order,
      paid: lots.find((l) => l.kind === 'paid'),
      bonus: lots.find((l) => l.kind === 'bonus'),
    };
  }

  it('defaults: web and Google Play purchases and every bonus last 7 days, App Store purchases do not expire', async () => {
    ctx.clock.set('2026-03-01T00:00:00Z');
    const m = await signInMember(ctx, 'Validity');
    const web = await buy(m, 'T', 'txn-web-1');
    const play = await buy(m, 'G', 'txn-play-1');
    const apple = await buy(m, 'A', 'txn-apple-1');
    const grantedAt = ctx.clock.now().getTime();
    expect(web.paid?.channel).toBe('web');
    expect(play.paid?.channel).toBe('google_play');
    expect(apple.paid?.channel).toBe('app_store');
    expect(web.paid?.expiresAt.getTime()).toBe(grantedAt + 7 * DAY);
    expect(play.paid?.expiresAt.getTime()).toBe(grantedAt + 7 * DAY);
    expect(apple.paid?.expiresAt.toISOString()).toBe(NO_EXPIRY_ISO);
    // the pack's bonus is bonus coins, whichever store: 7 days
    for (const b of [web.bonus, play.bonus, apple.bonus]) {
      expect(b?.expiresAt.getTime()).toBe(grantedAt + 7 * DAY);
      expect(b?.channel).toBeNull();
    }
    const mission = await ctx.services.wallet.grant({
      userId: m.userId,
      kind: 'bonus',
      amount: 10,
      source: 'mission',
      idempotencyKey: `validity-mission-${m.userId}`,
    });
    expect(mission.expiresAt.getTime()).toBe(grantedAt + 7 * DAY);

    const before = await ctx.services.wallet.balances(m.userId);
    expect(before.paid).toBe(1500);
    // one millisecond before 7 days everything is valid; at 7 days only the Apple coins remain
    ctx.clock.set(new Date(grantedAt + 7 * DAY - 1));
    expect(await ctx.services.wallet.balances(m.userId)).toEqual(before);
    ctx.clock.set(new Date(grantedAt + 7 * DAY));
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 0 });
    // ten years on, the App Store coins are still there
    ctx.clock.set(new Date(grantedAt + 3650 * DAY));
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 0 });
    ctx.clock.set(new Date(grantedAt + DAY));
  });

  it('coin history says truthfully: no expiry date for App Store coins, the channel, the coins left', async () => {
    ctx.clock.set('2026-04-01T00:00:00Z');
    const m = await signInMember(ctx, 'History');
    await buy(m, 'A', 'txn-apple-h');
    await buy(m, 'T', 'txn-web-h');
    const h = await history(m);
    const paid = h.alist.filter((e) => e.acqs_type === 'P');
    expect(paid.map((e) => [e.channel, e.expr_dtm === null]).sort()).toEqual([
      ['app_store', true],
      ['web', false],
    ]);
    expect(h.alist.every((e) => e.remn_coin === e.acqs_coin)).toBe(true);
    expect(h.alist.every((e) => !e.expr_soon)).toBe(true);
    // 6 days on (24 h before the 7-day lots expire) those lots are marked; the Apple lot is not
    ctx.clock.advance(6 * DAY);
    const later = await history(m);
    for (const e of later.alist) {
      expect(e.expr_soon).toBe(e.channel !== 'app_store');
    }
  });

  it('an operator changes validity without a redeploy: the stored row is read by every service', async () => {
    ctx.clock.set('2026-05-01T00:00:00Z');
    const { wallet } = ctx.services;
    expect(await wallet.getCoinValidity()).toEqual(DEFAULT_COIN_VALIDITY);
    // another instance of the service over the same database (another server), no cache
    const other = anotherWalletService(ctx, { validityCacheMs: 0 });
    const settings = {
      purchase: { web: 30, app_store: null, google_play: 14 },
      bonus: { ...DEFAULT_COIN_VALIDITY.bonus, mission: 3, attendance: null },
    };
    expect(await wallet.setCoinValidity(settings, 'operator@test')).toEqual(settings);
    expect(await other.getCoinValidity()).toEqual(settings);
    const m = await signInMember(ctx, 'Operator');
    const now = ctx.clock.now().getTime();
    const grant = (source: 'mission' | 'attendance', key: string) =>
      other.grant({ userId: m.userId, kind: 'bonus', amount: 5, source, idempotencyKey: key });
    expect((await grant('mission', `op-m-${m.userId}`)).expiresAt.getTime()).toBe(now + 3 * DAY);
    expect((await grant('attendance', `op-a-${m.userId}`)).expiresAt.toISOString()).toBe(
      NO_EXPIRY_ISO,
    );
    expect(await other.purchaseValidity('web')).toEqual({ paidDays: 30, bonusDays: 7 });
    expect(await other.purchaseValidity('google_play')).toEqual({ paidDays: 14, bonusDays: 7 });
    const play = await buy(m, 'G', 'txn-play-op');
    expect(play.paid?.expiresAt.getTime()).toBe(now + 14 * DAY);

    // bad settings change nothing
    for (const bad of [
      { ...settings, purchase: { ...settings.purchase, web: 0 } },
      { ...settings, bonus: { ...settings.bonus, lottery: 1 } },
      'seven',
    ]) {
      expect(await codeOf(wallet.setCoinValidity(bad, 'operator@test'))).toBe(
        ResultCode.BAD_REQUEST,
      );
    }
    expect(await codeOf(wallet.setCoinValidity(settings, ''))).toBe(ResultCode.BAD_REQUEST);
    expect(await other.getCoinValidity()).toEqual(settings);

    // back to the defaults for the other tests (no row: defaults)
    await ctx.database.db.delete(coinValiditySettings);
    expect(await wallet.getCoinValidity()).toEqual(DEFAULT_COIN_VALIDITY);
  });

  it('a grant with a channel for a non-purchase is refused', async () => {
    const m = await signInMember(ctx, 'Channel');
    expect(
      await codeOf(
        ctx.services.wallet.grant({
          userId: m.userId,
          kind: 'bonus',
          amount: 5,
          source: 'mission',
          channel: 'web',
          idempotencyKey: `ch-${m.userId}`,
        }),
      ),
    ).toBe(ResultCode.BAD_REQUEST);
  });

  describe('expiry reminders', () => {
    // a new session each call: the clock moves past a token's life
    const fresh = async (who: Member | { token: string }) =>
      'userId' in who ? signInAgain(ctx, who) : who;
    const expiry = async (who: Member | { token: string }) =>
      ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/user/coin-expiry`,
        headers: auth(await fresh(who)),
      });
    const seen = async (who: Member | { token: string }) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/user/coin-expiry/seen`,
        headers: auth(await fresh(who)),
      });

    it('coins expiring within 48 h: amount and time, once a day after it is dismissed', async () => {
      // 01:00 UTC = 10:00 in Seoul
      ctx.clock.set('2026-06-01T01:00:00Z');
      const m = await signInMember(ctx, 'Reminder');
      const { wallet } = ctx.services;
      const g = (amount: number, days: number, key: string) =>
        wallet.grant({
          userId: m.userId,
          kind: 'bonus',
          amount,
          source: 'event',
          idempotencyKey: `${key}-${m.userId}`,
          validDays: days,
        });
      const soon = await g(30, 3, 'rem-a');
      await g(20, 5, 'rem-b');
      expect((await expiry(m)).json()).toMatchObject({
        code: 0,
        data: { remind: false, amount: 0, expr_dtm: null },
      });
      // 24 h before the first lot expires
      ctx.clock.set(new Date(soon.expiresAt.getTime() - 24 * HOUR));
      expect((await expiry(m)).json().data).toEqual({
        remind: true,
        amount: 30,
        expr_dtm: soon.expiresAt.toISOString(),
      });
      // dismissing hides it for the rest of the day
      expect((await seen(m)).json().data).toMatchObject({ remind: false, amount: 30 });
      expect((await seen(m)).json().data.remind).toBe(false);
      ctx.clock.advance(10 * HOUR);
      expect((await expiry(m)).json().data).toMatchObject({ remind: false, amount: 30 });
      // the next service day (midnight in Seoul) it comes back
      ctx.clock.advance(4 * HOUR);
      expect((await expiry(m)).json().data).toMatchObject({ remind: true, amount: 30 });
      // the first lot expired, the second is inside 48 h now
      ctx.clock.advance(11 * HOUR);
      expect((await expiry(m)).json().data).toMatchObject({ amount: 20 });
      // once expired, nothing to remind
      ctx.clock.set(new Date(soon.expiresAt.getTime() + 2 * DAY));
      expect((await expiry(m)).json().data).toMatchObject({ remind: false, amount: 0 });
    });

    it('guests get no reminder and cannot dismiss one', async () => {
      const guest = await joinGuest(ctx.app);
      expect((await expiry(guest)).json().data).toEqual({
        remind: false,
        amount: 0,
        expr_dtm: null,
      });
      const r = await ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/user/coin-expiry/seen`,
        headers: bearer(guest),
      });
      expect(r.json().code).toBe(ResultCode.GUEST_NOT_ALLOWED);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/user/coin-expiry`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
