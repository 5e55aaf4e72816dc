import { describe, expect, it } from 'vitest';
import type { PaymentResultData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from '../wallet/wallet.test-support';
import {
  api,
  confirmPaths,
  paypalApproved,
  stripePaid,
  tossApproved,
} from './payments.test-support';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('payment races on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);

  async function expectExactlyOnce(
    userId: string,
    ordrId: string,
    replies: { statusCode: number; body: string }[],
    balance: { paid: number; bonus: number },
  ) {
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const fresh = replies.filter(
      (r) => !(JSON.parse(r.body) as { data: PaymentResultData }).data.already_credited,
    );
    expect(fresh).toHaveLength(1);
    expect(await ctx.services.wallet.balances(userId)).toEqual(balance);
    const states = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
    expect(states.filter((s) => s === 'paid')).toHaveLength(1);
    expect(states.filter((s) => s === 'credited')).toHaveLength(1);
    expect(await ctx.services.wallet.checkInvariant()).toMatchObject({ violations: [] });
  }

  it('50 concurrent Toss confirmations of one order credit once', async () => {
    const m = await signInMember(ctx, 'RaceToss');
    const confirm = await tossApproved(ctx, m, 'coin_500', 5900);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api(ctx.app, m, 'PUT', confirmPaths.T, confirm)),
    );
    await expectExactlyOnce(m.userId, confirm.ordrId, replies, { paid: 500, bonus: 100 });
  });

  it('50 concurrent Stripe confirmations of one order credit once', async () => {
    const m = await signInMember(ctx, 'RaceStripe');
    const confirm = await stripePaid(ctx, m, 'coin_1000', 9.99);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api(ctx.app, m, 'PUT', confirmPaths.S, confirm)),
    );
    await expectExactlyOnce(m.userId, confirm.ordrId, replies, { paid: 1000, bonus: 250 });
  });

  it('50 concurrent PayPal confirmations of one order capture and credit once', async () => {
    const m = await signInMember(ctx, 'RacePaypal');
    const confirm = await paypalApproved(ctx, m, 'coin_300');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api(ctx.app, m, 'PUT', confirmPaths.P, confirm)),
    );
    await expectExactlyOnce(m.userId, confirm.ordrId, replies, { paid: 300, bonus: 45 });
  });

  it('confirmations racing the sweep and each other across gateways: every order once', async () => {
    const m = await signInMember(ctx, 'RaceMix');
    const toss = await tossApproved(ctx, m, 'coin_100', 1200);
    const stripe = await stripePaid(ctx, m, 'coin_3000', 29.99);
    const paypal = await paypalApproved(ctx, m, 'coin_5000');
    ctx.clock.advance(6 * 60_000);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      work.push(api(ctx.app, m, 'PUT', confirmPaths.T, toss));
      work.push(api(ctx.app, m, 'PUT', confirmPaths.S, stripe));
      work.push(api(ctx.app, m, 'PUT', confirmPaths.P, paypal));
      work.push(ctx.services.webGateways.sweep());
    }
    await Promise.all(work);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({
      paid: 100 + 3000 + 5000,
      bonus: 10 + 900 + 1700,
    });
    for (const id of [toss.ordrId, stripe.ordrId, paypal.ordrId]) {
      expect((await ctx.services.payments.requireOrder(id)).state).toBe('credited');
    }
  });

  it('two orders of the same pack credited at once: the first-charge bonus goes to one', async () => {
    const m = await signInMember(ctx, 'RaceFirst');
    const a = await tossApproved(ctx, m, 'coin_500', 5900);
    const b = await tossApproved(ctx, m, 'coin_500', 5900);
    const replies = await Promise.all(
      [a, b, a, b, a, b].map((c) => api(ctx.app, m, 'PUT', confirmPaths.T, c)),
    );
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 150 });
    const bonuses = await Promise.all(
      [a, b].map(async (c) => (await ctx.services.payments.requireOrder(c.ordrId)).creditedBonus),
    );
    expect(bonuses.sort()).toEqual([100, 50]);
  });
});
