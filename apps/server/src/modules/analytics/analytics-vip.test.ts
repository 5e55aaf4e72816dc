import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsDramasData,
  type AnalyticsFunnelData,
  type AnalyticsRetentionData,
  type VipChargeListData,
} from '@snapdrama/contract';
import { serviceDay } from '@snapdrama/rules';
import { useTestContext } from '../../test/harness';
import { signInThroughSandbox } from '../auth/testing/sandbox-sign-in';
import { call } from '../events/events.test-support';
import { adminReader } from '../operators/operators.test-support';
import { api, body, insertPaidOrder, sandboxOf } from '../payments/payments.test-support';
import {
  playSubscribed,
  postVipStripe,
  stripeInvoice,
  stripeVipBought,
  tossVipBought,
} from '../vip/vip.test-support';
import { addUniformDramas } from '../wallet/wallet.test-support';

/**
 * VIP pass charges in the analytics (decision 1608): every path that charges a pass writes a
 * `vip_charge` (and a refund a `vip_refund`) in the transaction that records the period; the
 * charge counts in its buyer's payer and cohort figures and in the service's revenue, never in a
 * drama's. The expected money is read from the buyers' receipts (My orders), not from the log.
 */
describe('analytics: VIP charges are revenue', () => {
  const ctx = useTestContext({ seed: false });
  const zone = () => ctx.config.serviceTimeZone;
  let firstDay = '';

  const events = async (kind: string) => {
    const r: unknown = await ctx.database.db.execute(
      sql`select user_id, amount, currency, source_key from analytics_events where kind = ${kind}`,
    );
    return (r as { rows: { user_id: string; amount: number | null; currency: string | null }[] })
      .rows;
  };
  /** what the buyer's receipts say was paid and refunded, per currency, in minor units */
  const receipts = async (userId: string) => {
    const list: VipChargeListData = await ctx.services.vip.charges(userId, 1, 50);
    const out: Record<string, { gross: number; refunds: number }> = {};
    for (const c of list.list) {
      if (c.amnt === null || c.crncy === null) continue;
      const minor = c.crncy === 'KRW' ? c.amnt : Math.round(c.amnt * 100);
      const m = (out[c.crncy] ??= { gross: 0, refunds: 0 });
      m.gross += minor;
      if (c.stts === 'refunded') m.refunds += minor;
    }
    return { charges: list.totalCount, money: out };
  };
  const get = adminReader(ctx);

  let dramaId = 0;
  const buyers: Record<string, { userId: string; token: string }> = {};

  beforeAll(() => {
    // the stand-ins date periods by the wall clock; the app's clock starts there
    ctx.clock.set(new Date());
    firstDay = serviceDay(ctx.clock.now(), zone());
  });

  it('Stripe, Toss and Google Play charges and a Stripe refund are recorded once each', async () => {
    [dramaId = 0] = await addUniformDramas(ctx, { count: 1, episodes: 4, free: 2, price: 10 });
    for (const name of ['stripe', 'toss', 'play', 'coins', 'none'])
      buyers[name] = await signInThroughSandbox(ctx.app);
    const stripe = buyers.stripe as { userId: string; token: string };

    // the Stripe buyer stood at the drama's paywall just before: the pass is not that episode's
    const locked = await call(ctx.app, stripe, 'POST', '/drama/episode', {
      dramId: dramaId,
      epsd: 3,
    });
    expect(locked.statusCode).toBe(403);
    const bought = await stripeVipBought(ctx, stripe, 'vip_weekly');
    const sub = sandboxOf(ctx).stripe.subscription(bought.subscriptionId);
    if (!sub) throw new Error('no subscription at the stand-in');
    // the first invoice's notice again, under another event id: the period exists, nothing new
    const firstInvoice = stripeInvoice(
      String(sub.latest_invoice),
      bought.subscriptionId,
      { start: sub.current_period_start, end: sub.current_period_end },
      bought.vipId,
    );
    expect((await postVipStripe(ctx, 'invoice.paid', firstInvoice)).statusCode).toBe(200);
    // a renewal, its notice delivered twice; then its money returned, that notice twice too
    const renewal = stripeInvoice(
      'in_analytics_renewal',
      bought.subscriptionId,
      { start: sub.current_period_end, end: sub.current_period_end + 7 * 86_400 },
      bought.vipId,
    );
    for (const eventId of ['evt_an_renewal', 'evt_an_renewal', 'evt_an_renewal_again'])
      expect((await postVipStripe(ctx, 'invoice.paid', renewal, { eventId })).statusCode).toBe(200);
    const refund = {
      id: 'ch_analytics_renewal',
      object: 'charge',
      invoice: 'in_analytics_renewal',
      amount_refunded: 1,
    };
    for (const eventId of ['evt_an_refund', 'evt_an_refund', 'evt_an_refund_again'])
      expect((await postVipStripe(ctx, 'charge.refunded', refund, { eventId })).statusCode).toBe(
        200,
      );

    await tossVipBought(ctx, buyers.toss as { token: string }, 'vip_weekly');

    // Google Play: a store sets its own price, so the charge has no amount
    const play = buyers.play as { userId: string; token: string };
    const sub2 = await api(ctx.app, play, 'POST', '/vip/subscribe', {
      plan: 'vip_weekly',
      pymnGtwy: 'G',
    });
    const vipId = body<{ vipId: string }>(sub2).data.vipId;
    const token = playSubscribed(ctx, vipId, 'vip_weekly', 7);
    const verified = await api(ctx.app, play, 'PUT', '/vip/iap/google/verify', {
      vipId,
      packageName: ctx.services.iap.packageName,
      productId: 'vip_weekly',
      purchaseToken: token,
    });
    expect(verified.statusCode, verified.body).toBe(200);

    await insertPaidOrder(
      ctx,
      (buyers.coins as { userId: string }).userId,
      { currency: 'KRW', amountMinor: 5900 },
      ctx.clock.now().toISOString(),
    );

    // one event per period the receipts list, one refund event; none of a replay
    const charges = await events('vip_charge');
    const stripeR = await receipts(stripe.userId);
    const tossR = await receipts((buyers.toss as { userId: string }).userId);
    const playR = await receipts(play.userId);
    expect(stripeR.charges).toBe(2);
    expect([tossR.charges, playR.charges]).toEqual([1, 1]);
    expect(charges).toHaveLength(4);
    expect(charges.filter((e) => e.user_id === play.userId)).toMatchObject([
      { amount: null, currency: null },
    ]);
    expect(await events('vip_refund')).toMatchObject([{ user_id: stripe.userId }]);
  });

  it("the charges count in the cohort's payers and revenue and in the service's, not in the drama's", async () => {
    const applied = await ctx.services.analyticsRollup.catchUp();
    expect(applied.busy).toBe(false);
    // applying again changes nothing
    expect((await ctx.services.analyticsRollup.catchUp()).applied).toBe(0);
    const lastDay = serviceDay(ctx.clock.now(), zone());
    const range = `from=${firstDay}&to=${lastDay}`;

    const stripe = await receipts((buyers.stripe as { userId: string }).userId);
    const toss = await receipts((buyers.toss as { userId: string }).userId);
    const usd = stripe.money.USD ?? { gross: 0, refunds: 0 };
    const krwVip = toss.money.KRW ?? { gross: 0, refunds: 0 };
    expect(usd.gross).toBeGreaterThan(0);
    expect(usd.refunds).toBe(usd.gross / 2);
    expect(krwVip.gross).toBeGreaterThan(0);

    // five members joined; four paid (three passes, one coin pack), the Play buyer without an amount
    const all = await get<AnalyticsRetentionData>(`/analytics/retention?${range}`);
    const krwNet = krwVip.gross + 5900;
    const usdNet = usd.gross - usd.refunds;
    expect(all).toMatchObject({ size: 5, payers: 4, payerConversion: 4 / 5 });
    expect(all.revenue).toEqual([
      { currency: 'KRW', gross: krwNet, net: krwNet, arppu: Math.round(krwNet / 4) },
      { currency: 'USD', gross: usd.gross, net: usdNet, arppu: Math.round(usdNet / 4) },
    ]);
    const payers = await get<AnalyticsRetentionData>(
      `/analytics/retention?${range}&segment=payers`,
    );
    expect(payers.size).toBe(4);

    const table = await get<AnalyticsDramasData>(`/analytics/dramas?${range}`);
    expect(table.serviceRevenue).toEqual({
      coinPacks: [{ currency: 'KRW', gross: 5900, net: 5900 }],
      vip: [
        { currency: 'KRW', gross: krwVip.gross, net: krwVip.gross },
        { currency: 'USD', gross: usd.gross, net: usdNet },
      ],
    });
    // the Stripe buyer reached the drama's paywall an instant before: still no drama revenue
    expect(table.items.find((i) => i.dramId === dramaId)?.revenue).toEqual([]);
    const funnel = await get<AnalyticsFunnelData>(`/analytics/dramas/${dramaId}/funnel?${range}`);
    expect(funnel.totals.revenue).toEqual([]);
    expect(funnel.totals.paywall.shown).toBe(1);
  });
});
