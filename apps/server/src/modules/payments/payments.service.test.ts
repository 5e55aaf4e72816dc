import { describe, expect, it } from 'vitest';
import { ResultCode, type PaymentGateway } from '@snapdrama/contract';
import { eq } from 'drizzle-orm';
import { users } from '../auth/auth.tables';
import { codeOf, useTestContext } from '../../test/harness';
import {
  signInMember,
  type Member,
  expectLedgerBalancedAfterAll,
} from '../wallet/wallet.test-support';
import { confirmedOrder, paidBy } from './payments.test-support';

describe('order service', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);
  /** An order a Google member registers for the goods, through the gateway, at the price seen. */
  const registered = (m: Member, godsCode: string, gateway: PaymentGateway, price: number) =>
    ctx.services.payments.register({
      userId: m.userId,
      authMethod: 'google',
      godsCode,
      gateway,
      price,
    });

  it('registers at the server price, credits once with the first-charge bonus, then without it', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Buyer');
    const o1 = await registered(m, 'coin_500', 'T', 5900);
    expect(o1).toMatchObject({ state: 'registered', currency: 'KRW', amountMinor: 5900 });
    await orders.recordPaid(o1.id, paidBy('T', 'pk-1', 5900, 'KRW'));
    const first = await orders.credit(o1.id);
    expect(first.alreadyCredited).toBe(false);
    expect(first.order.state).toBe('credited');
    expect(first.order.creditedBonus).toBe(100);
    for (let i = 0; i < 10; i++) expect((await orders.credit(o1.id)).alreadyCredited).toBe(true);
    expect(await wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
    expect((await orders.goodsList(m.userId)).find((g) => g.gods_code === 'coin_500')?.use_yn).toBe(
      'Y',
    );

    await confirmedOrder(
      ctx,
      m,
      { godsCode: 'coin_500', price: 4.99 },
      paidBy('S', 'pi-2', 499, 'USD'),
    );
    expect(await wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 150 });
    const states = (await orders.transitions(o1.id)).map((t) => t.toState);
    expect(states).toEqual(['registered', 'paid', 'credited']);
  });

  it("a lot already granted under the order's key is not granted again; a different grant under it is refused", async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Early');
    /** A paid order whose paid lot's key already holds a grant of `amount` coins. */
    const paidWithEarlyGrant = async (providerTxnId: string, amount: number) => {
      const order = await registered(m, 'coin_500', 'T', 5900);
      await orders.recordPaid(order.id, paidBy('T', providerTxnId, 5900, 'KRW'));
      await wallet.grant({
        userId: m.userId,
        kind: 'paid',
        amount,
        source: 'purchase',
        sourceRef: order.id,
        idempotencyKey: `payment:${order.id}:paid`,
      });
      return order;
    };
    // a grant made outside payment_credit under the paid lot's key (the split steps before 0014)
    const o1 = await paidWithEarlyGrant('pk-early-1', 500);
    const done = await orders.credit(o1.id);
    expect(done.order.state).toBe('credited');
    expect(done.alreadyCredited).toBe(true);
    expect(done.balances).toEqual({ paid: 500, bonus: 100 });
    expect(await wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
    expect((await orders.transitions(o1.id)).map((t) => t.toState)).toEqual([
      'registered',
      'paid',
      'credited',
    ]);
    // the key used for another amount: refused, the order stays paid and nothing is granted
    const o2 = await paidWithEarlyGrant('pk-early-2', 1);
    expect(await codeOf(orders.credit(o2.id))).toBe(ResultCode.IDEMPOTENCY_KEY_REUSED);
    expect((await orders.findForUser(o2.id, m.userId)).state).toBe('paid');
    expect(await wallet.balances(m.userId)).toEqual({ paid: 501, bonus: 100 });
  });

  it('refuses a wrong price, a guest, a foreign order, a wrong amount and a reused provider payment', async () => {
    const { payments: orders } = ctx.services;
    const a = await signInMember(ctx, 'Alice');
    const b = await signInMember(ctx, 'Bob');
    const base = { userId: a.userId, authMethod: 'google' as const, godsCode: 'coin_100' };
    expect(await codeOf(orders.register({ ...base, gateway: 'T', price: 1100 }))).toBe(
      ResultCode.PAYMENT_PRICE_MISMATCH,
    );
    expect(await codeOf(orders.register({ ...base, gateway: 'S', price: 1200 }))).toBe(
      ResultCode.PAYMENT_PRICE_MISMATCH,
    );
    expect(
      await codeOf(orders.register({ ...base, authMethod: 'guest', gateway: 'T', price: 1200 })),
    ).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(
      await codeOf(orders.register({ ...base, godsCode: 'nope', gateway: 'T', price: 1 })),
    ).toBe(ResultCode.PAYMENT_GOODS_NOT_FOUND);
    const order = await orders.register({ ...base, gateway: 'P', price: 0.99 });
    expect(await codeOf(orders.findForUser(order.id, b.userId))).toBe(
      ResultCode.PAYMENT_ORDER_NOT_FOUND,
    );
    expect(await codeOf(orders.findForUser('not-a-uuid', a.userId))).toBe(
      ResultCode.PAYMENT_ORDER_NOT_FOUND,
    );
    expect(await codeOf(orders.recordPaid(order.id, paidBy('P', 'cap-x', 98, 'USD')))).toBe(
      ResultCode.PAYMENT_AMOUNT_MISMATCH,
    );
    expect(await codeOf(orders.recordPaid(order.id, paidBy('S', 'cap-x', 99, 'USD')))).toBe(
      ResultCode.PAYMENT_GATEWAY_MISMATCH,
    );
    expect(await codeOf(orders.credit(order.id))).toBe(ResultCode.PAYMENT_NOT_COMPLETED);
    await orders.confirmPaid(order.id, paidBy('P', 'cap-1', 99, 'USD'));
    // the same capture on a second order of the same user is refused
    const second = await orders.register({ ...base, gateway: 'P', price: 0.99 });
    expect(await codeOf(orders.recordPaid(second.id, paidBy('P', 'cap-1', 99, 'USD')))).toBe(
      ResultCode.PAYMENT_ALREADY_USED,
    );
    expect((await orders.requireOrder(second.id)).state).toBe('registered');
  });

  it('a refund claws back what remains of the paid lot, never the bonus, once', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Refund');
    const order = await confirmedOrder(
      ctx,
      { userId: m.userId, authMethod: 'kakao' },
      { godsCode: 'coin_1000', price: 11000 },
      paidBy('T', 'pk-r', 11000, 'KRW'),
    );
    expect(await wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 250 });
    for (let i = 0; i < 10; i++) {
      const r = await orders.recordRefund(order.id, { provider: 'T', providerRefundId: 'rf-1' });
      expect(r.order.state).toBe('refunded');
      expect(r.refundedCoins).toBe(1000);
    }
    expect(await wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 250 });
    expect(await codeOf(orders.recordFailed(order.id, { provider: 'T', reason: 'x' }))).toBe(
      undefined,
    );
    expect((await orders.requireOrder(order.id)).state).toBe('refunded');
  });

  it('a credit the wallet refuses rolls back alone: the payment stays recorded and is credited once later', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Withdrawn');
    const order = await registered(m, 'coin_300', 'T', 3600);
    const paid = paidBy('T', 'pk-w', 3600, 'KRW');
    // the buyer withdrew between paying and the confirmation: the wallet grants nothing
    await ctx.database.db
      .update(users)
      .set({ deletedAt: ctx.clock.now() })
      .where(eq(users.id, m.userId));
    expect(await codeOf(orders.confirmPaid(order.id, paid))).toBe(ResultCode.NOT_FOUND);
    const after = await orders.requireOrder(order.id);
    expect(after).toMatchObject({ state: 'paid', providerTxnId: 'pk-w', creditedBonus: null });
    expect((await orders.transitions(order.id)).map((t) => t.toState)).toEqual([
      'registered',
      'paid',
    ]);
    expect(await wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    // back (an operator restores the account): the next confirm credits it, once
    await ctx.database.db.update(users).set({ deletedAt: null }).where(eq(users.id, m.userId));
    const done = await orders.confirmPaid(order.id, paid);
    expect(done).toMatchObject({ alreadyCredited: false, balances: { paid: 300, bonus: 45 } });
    expect((await orders.confirmPaid(order.id, paid)).alreadyCredited).toBe(true);
    expect((await orders.transitions(order.id)).map((t) => t.toState)).toEqual([
      'registered',
      'paid',
      'credited',
    ]);
    expect(await wallet.balances(m.userId)).toEqual({ paid: 300, bonus: 45 });
  });
});
