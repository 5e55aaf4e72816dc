import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, type AdminVipPlan, type VipPlansData } from '@snapdrama/contract';
import { rowsOf, useTestContext } from '../../test/harness';
import { expectOperatorOnly, useOperator } from '../operators/operators.test-support';
import { api as viewerApi, sandboxOf } from '../payments/payments.test-support';
import { passRows, stripeVipBought, subscribeVip } from '../vip/vip.test-support';
import { signInMember } from '../wallet/wallet.test-support';

/**
 * VIP plan prices on the economy page (issue 41 item 3, decision 1551): admins only, audited, no
 * record for a save that changes nothing, seen at once by viewers and new checkouts (Stripe's
 * session, PayPal's plan override, the period recorded), while a pass sold before keeps its price.
 */
const ctx = useTestContext();
const admin = useOperator(ctx, 'admin');

const url = (path: string) => `${API_BASE}/admin${path}`;
const put = (path: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: url(path), headers: admin.headers, payload });
const audits = () =>
  rowsOf<{ target_id: string; before: unknown; after: unknown }>(
    ctx,
    sql`select target_id, before, after from audit_log where action = 'vip_plan.update' order by id`,
  );
const viewerPlans = async () =>
  (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/vip/plans` })).json<{
    data: VipPlansData;
  }>().data.plans;

describe('VIP plan prices', () => {
  it('are admins’ to read and change', async () => {
    await expectOperatorOnly(ctx, { method: 'GET', url: url('/economy/vip-plans') }, ['admin']);
    await expectOperatorOnly(
      ctx,
      {
        method: 'PUT',
        url: url('/economy/vip-plans/vip_weekly'),
        payload: { krw: 1000, usdCents: 100 },
      },
      ['admin'],
      viewerPlans,
    );
  });

  it('refuse bad input and change nothing', async () => {
    const before = await viewerPlans();
    for (const [path, body] of [
      ['/economy/vip-plans/vip_weekly', { krw: 7900, usdCents: 0 }],
      ['/economy/vip-plans/vip_weekly', { krw: 7900.5, usdCents: 599 }],
      ['/economy/vip-plans/vip_weekly', { usdCents: 599 }],
      ['/economy/vip-plans/vip_yearly', { krw: 7900, usdCents: 599 }],
    ] as const) {
      expect((await put(path, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await viewerPlans()).toEqual(before);
    expect(await audits()).toEqual([]);
  });

  it('an edit reaches viewers and new checkouts at once; a pass sold before keeps its price', async () => {
    const listed = (
      await ctx.app.inject({
        method: 'GET',
        url: url('/economy/vip-plans'),
        headers: admin.headers,
      })
    ).json<{ data: { plans: AdminVipPlan[] } }>().data.plans;
    expect(listed.find((p) => p.code === 'vip_weekly')).toMatchObject({
      krw: 6900,
      usdCents: 499,
      since: null,
    });

    // a pass bought before the edit
    const early = await signInMember(ctx, 'Early');
    await stripeVipBought(ctx, early);
    const [earlyPass] = await passRows(ctx, early.userId);
    if (!earlyPass) throw new Error('no pass');

    ctx.clock.advance(60_000);
    const saved = await put('/economy/vip-plans/vip_weekly', { krw: 7900, usdCents: 599 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: AdminVipPlan }>().data).toMatchObject({
      code: 'vip_weekly',
      krw: 7900,
      usdCents: 599,
      since: ctx.clock.now().toISOString(),
    });
    expect(await audits()).toEqual([
      {
        target_id: 'vip_weekly',
        before: { krw: 6900, usdCents: 499 },
        after: { krw: 7900, usdCents: 599 },
      },
    ]);
    // the same save again: nothing recorded
    expect(
      (await put('/economy/vip-plans/vip_weekly', { krw: 7900, usdCents: 599 })).statusCode,
    ).toBe(200);
    expect(await audits()).toHaveLength(1);

    // viewers see it at once; the monthly plan is untouched
    const plans = await viewerPlans();
    expect(plans.find((p) => p.code === 'vip_weekly')).toMatchObject({ usd: 5.99, krw: 7900 });
    expect(plans.find((p) => p.code === 'vip_monthly')).toMatchObject({ usd: 14.99, krw: 19900 });

    // a new Stripe checkout charges the new price, and its period is recorded at it
    const late = await signInMember(ctx, 'Late');
    const bought = await stripeVipBought(ctx, late);
    expect(sandboxOf(ctx).stripe.session(bought.sessionId)?.amount_total).toBe(599);
    const [latePeriod] = await rowsOf<{ amount_minor: number }>(
      ctx,
      sql`select p.amount_minor from vip_periods p join vip_subscriptions s on s.id = p.subscription_id
          where s.user_id = ${late.userId}`,
    );
    expect(latePeriod?.amount_minor).toBe(599);

    // PayPal: the subscription carries the price as a plan override, and its sales charge it
    const paypalBuyer = await signInMember(ctx, 'PayPalLate');
    const started = await subscribeVip(ctx, paypalBuyer, 'vip_weekly', 'P');
    const fake = sandboxOf(ctx);
    fake.paypal.approveSubscription(started.paypalSubscriptionId ?? '');
    expect(fake.paypal.subscription(started.paypalSubscriptionId ?? '')?.sales[0]?.value).toBe(
      '5.99',
    );

    // the pass sold before keeps its price (its next periods and Toss renewals charge it)
    expect(await ctx.services.vip.planOfPass(earlyPass)).toMatchObject({ usd: 4.99, krw: 6900 });
    const [earlyPeriod] = await rowsOf<{ amount_minor: number }>(
      ctx,
      sql`select amount_minor from vip_periods where subscription_id = ${earlyPass.id}`,
    );
    expect(earlyPeriod?.amount_minor).toBe(499);
    expect((await viewerApi(ctx.app, late, 'GET', '/vip/status')).statusCode).toBe(200);
  });
});
