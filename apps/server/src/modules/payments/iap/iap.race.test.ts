import { describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { useTestContext } from '../../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from '../../wallet/wallet.test-support';
import {
  appleNotify,
  appleStore,
  appleVerify,
  googleNotify,
  googlePurchase,
  googleVerify,
  PACK,
  registerOrder,
  resultOf,
} from './iap.test-support';
import { servicesPresent } from '../../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('IAP exactly once on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);
  const balances = (userId: string) => ctx.services.wallet.balances(userId);
  const bought = { paid: PACK.paid, bonus: PACK.firstBonus };

  it('50 concurrent Google verifies of one order credit it once', async () => {
    const m = await signInMember(ctx, 'GoogleRace');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    const replies = await Promise.all(
      Array.from({ length: 50 }, async () =>
        resultOf(await googleVerify(ctx, m, { ordrId, ...purchase })),
      ),
    );
    expect(replies.map((r) => r.code)).toEqual(Array.from({ length: 50 }, () => 0));
    expect(replies.filter((r) => r.data.already_credited === false)).toHaveLength(1);
    expect(await balances(m.userId)).toEqual(bought);
    expect(ctx.services.iap.sandbox.playStore?.get(purchase.purchaseToken)?.consumptionState).toBe(
      1,
    );
  });

  it('50 concurrent Apple verifies of one order credit it once', async () => {
    const m = await signInMember(ctx, 'AppleRace');
    const ordrId = await registerOrder(ctx, m, 'A');
    const { transactionJWS } = await (
      await appleStore(ctx)
    ).purchase({ productId: PACK.apple, appAccountToken: ordrId });
    const replies = await Promise.all(
      Array.from({ length: 50 }, async () =>
        resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS })),
      ),
    );
    expect(replies.map((r) => r.code)).toEqual(Array.from({ length: 50 }, () => 0));
    expect(replies.filter((r) => r.data.already_credited === false)).toHaveLength(1);
    expect(await balances(m.userId)).toEqual(bought);
  });

  it('one Apple transaction raced onto two orders pays exactly one of them', async () => {
    const m = await signInMember(ctx, 'TwoOrders');
    const orders = [await registerOrder(ctx, m, 'A'), await registerOrder(ctx, m, 'A')];
    const store = await appleStore(ctx);
    const first = await store.purchase({ productId: PACK.apple, appAccountToken: orders[0] });
    const second = await store.purchase({
      productId: PACK.apple,
      appAccountToken: orders[1],
      transactionId: first.transactionId,
    });
    const replies = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const ordrId = orders[i % 2] ?? '';
        const transactionJWS = i % 2 ? second.transactionJWS : first.transactionJWS;
        return { ordrId, ...resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS })) };
      }),
    );
    const winners = new Set(replies.filter((r) => r.code === 0).map((r) => r.ordrId));
    expect(winners.size).toBe(1);
    for (const r of replies.filter((x) => !winners.has(x.ordrId)))
      expect(r.code).toBe(ResultCode.PAYMENT_ALREADY_USED);
    expect(await balances(m.userId)).toEqual(bought);
  });

  it('the app verifying while Google notifies the purchase (10 each, at once) credits once', async () => {
    const m = await signInMember(ctx, 'VerifyAndNotify');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, async () =>
        resultOf(await googleVerify(ctx, m, { ordrId, ...purchase })),
      ),
      ...Array.from({ length: 10 }, () => googleNotify(ctx, purchase.purchaseToken, 'purchased')),
    ]);
    expect(replies.map((r) => r.code)).toEqual(Array.from({ length: 20 }, () => 0));
    expect(await balances(m.userId)).toEqual(bought);
  });

  it('10 concurrent refund notifications of each store refund once; the bonus stays', async () => {
    const m = await signInMember(ctx, 'RefundRace');
    const googleOrder = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, googleOrder);
    expect(resultOf(await googleVerify(ctx, m, { ordrId: googleOrder, ...purchase })).code).toBe(0);
    const appleOrder = await registerOrder(ctx, m, 'A');
    const tx = await (
      await appleStore(ctx)
    ).purchase({ productId: PACK.apple, appAccountToken: appleOrder });
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId: appleOrder, transactionJWS: tx.transactionJWS }))
        .code,
    ).toBe(0);
    // first-charge bonus on the first order only; the second brings the plain bonus
    expect(await balances(m.userId)).toEqual({
      paid: 2 * PACK.paid,
      bonus: PACK.firstBonus + PACK.bonus,
    });
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => googleNotify(ctx, purchase.purchaseToken, 'voided')),
      ...Array.from({ length: 10 }, () => appleNotify(ctx, tx.transactionId, 'REFUND')),
    ]);
    expect(replies.map((r) => r.code)).toEqual(Array.from({ length: 20 }, () => 0));
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: PACK.firstBonus + PACK.bonus });
    for (const id of [googleOrder, appleOrder]) {
      const states = (await ctx.services.payments.transitions(id)).map((t) => t.toState);
      expect(states).toEqual(['registered', 'paid', 'credited', 'refunded']);
    }
  });
});
