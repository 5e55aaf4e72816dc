import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness';
import { expectLedgerBalanced, signInMember } from '../wallet/wallet.test-support';
import { appleNotify, appleStore, appleVerify, PACK, registerOrder } from './iap/iap.test-support';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('reversal races on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  beforeAll(async () => {}, 600_000);
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
  }, 600_000);

  it(
    'verify and REFUND racing for one purchase: the order ends refunded with no paid coins, every time',
    { timeout: 600_000 },
    async () => {
      const store = await appleStore(ctx);
      for (let round = 0; round < 8; round++) {
        const m = await signInMember(ctx, `RaceRefund${round}`);
        const ordrId = await registerOrder(ctx, m, 'A');
        const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
        const calls = [
          ...Array.from({ length: 5 }, () =>
            appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }).then(
              (r) => r.statusCode,
            ),
          ),
          ...Array.from({ length: 5 }, () =>
            appleNotify(ctx, bought.transactionId, 'REFUND').then((r) => r.status),
          ),
        ];
        // alternate which side starts first
        const statuses = await Promise.all(round % 2 === 1 ? [...calls].reverse() : calls);
        expect(statuses.every((s) => s === 200)).toBe(true);
        const order = await ctx.services.payments.requireOrder(ordrId);
        expect(order.state).toBe('refunded');
        const balances = await ctx.services.wallet.balances(m.userId);
        // the bonus stays only when the credit won the race (spec §9); paid coins never
        expect(balances.paid).toBe(0);
        expect([0, PACK.firstBonus]).toContain(balances.bonus);
        const kept = await ctx.services.payments.reversalsOf('A', bought.transactionId);
        expect(kept.map((r) => [r.kind, r.orderId, r.appliedAt !== null])).toEqual([
          ['refund', ordrId, true],
        ]);
      }
    },
  );

  it(
    'REFUND and REFUND_REVERSED racing after a credit: credited again once, never twice',
    { timeout: 600_000 },
    async () => {
      const store = await appleStore(ctx);
      for (let round = 0; round < 4; round++) {
        const m = await signInMember(ctx, `RaceRestore${round}`);
        const ordrId = await registerOrder(ctx, m, 'A');
        const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
        expect(
          (await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })).statusCode,
        ).toBe(200);
        await Promise.all([
          ...Array.from({ length: 4 }, () => appleNotify(ctx, bought.transactionId, 'REFUND')),
          ...Array.from({ length: 4 }, () =>
            appleNotify(ctx, bought.transactionId, 'REFUND_REVERSED'),
          ),
        ]);
        // whatever interleaving ran, the set {refund, refund_reversed} leaves the purchase standing
        await ctx.services.payments.settleKeptReversals();
        const order = await ctx.services.payments.requireOrder(ordrId);
        expect(order.state).toBe('credited');
        expect(await ctx.services.wallet.balances(m.userId)).toEqual({
          paid: PACK.paid,
          bonus: PACK.firstBonus,
        });
      }
    },
  );

  it(
    'REVOKE racing REVOKE after a refund was reversed: the restored coins are taken back once',
    { timeout: 600_000 },
    async () => {
      const store = await appleStore(ctx);
      for (let round = 0; round < 4; round++) {
        const m = await signInMember(ctx, `RaceRevokeAgain${round}`);
        const ordrId = await registerOrder(ctx, m, 'A');
        const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
        expect(
          (await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })).statusCode,
        ).toBe(200);
        await appleNotify(ctx, bought.transactionId, 'REFUND');
        await appleNotify(ctx, bought.transactionId, 'REFUND_REVERSED');
        expect((await ctx.services.wallet.balances(m.userId)).paid).toBe(PACK.paid);
        const statuses = await Promise.all(
          Array.from({ length: 6 }, () =>
            appleNotify(ctx, bought.transactionId, 'REVOKE').then((r) => r.status),
          ),
        );
        expect(statuses.every((s) => s === 200)).toBe(true);
        await ctx.services.payments.settleKeptReversals();
        expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('refunded');
        expect(await ctx.services.wallet.balances(m.userId)).toEqual({
          paid: 0,
          bonus: PACK.firstBonus,
        });
        // two refunds of credited coins, one restore between them: one transition each
        const moves = (await ctx.services.payments.transitions(ordrId)).map(
          (t) => `${t.fromState}>${t.toState}`,
        );
        expect(moves.filter((x) => x === 'credited>refunded')).toHaveLength(2);
        expect(moves.filter((x) => x === 'refunded>credited')).toHaveLength(1);
      }
    },
  );
});
