import { afterAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { users } from '../auth/auth.tables';
import { useTestContext } from '../../test/harness';
import { expectLedgerBalanced, signInMember } from '../wallet/wallet.test-support';

async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('order service', () => {
  const ctx = useTestContext({ seed: false });
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
  });

  it('registers at the server price, credits once with the first-charge bonus, then without it', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Buyer');
    const o1 = await orders.register({
      userId: m.userId,
      authMethod: 'google',
      godsCode: 'coin_500',
      gateway: 'T',
      price: 5900,
    });
    expect(o1).toMatchObject({ state: 'registered', currency: 'KRW', amountMinor: 5900 });
    await orders.recordPaid(o1.id, {
      provider: 'T',
      providerTxnId: 'pk-1',
      amountMinor: 5900,
      currency: 'KRW',
    });
    const first = await orders.credit(o1.id);
    expect(first.alreadyCredited).toBe(false);
    expect(first.order.state).toBe('credited');
    expect(first.order.creditedBonus).toBe(100);
    for (let i = 0; i < 10; i++) expect((await orders.credit(o1.id)).alreadyCredited).toBe(true);
    expect(await wallet.balances(m.userId)).toEqual({ paid: 500, bonus: 100 });
    expect((await orders.goodsList(m.userId)).find((g) => g.gods_code === 'coin_500')?.use_yn).toBe(
      'Y',
    );

    const o2 = await orders.register({
      userId: m.userId,
      authMethod: 'google',
      godsCode: 'coin_500',
      gateway: 'S',
      price: 4.99,
    });
    await orders.confirmPaid(o2.id, {
      provider: 'S',
      providerTxnId: 'pi-2',
      amountMinor: 499,
      currency: 'USD',
    });
    expect(await wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 150 });
    const states = (await orders.transitions(o1.id)).map((t) => t.toState);
    expect(states).toEqual(['registered', 'paid', 'credited']);
  });

  it("a lot already granted under the order's key is not granted again; a different grant under it is refused", async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Early');
    const paid = (key: string) => ({
      provider: 'T' as const,
      providerTxnId: key,
      amountMinor: 5900,
      currency: 'KRW' as const,
    });
    const order = { userId: m.userId, authMethod: 'google' as const, godsCode: 'coin_500' };
    // a grant made outside payment_credit under the paid lot's key (the split steps before 0014)
    const o1 = await orders.register({ ...order, gateway: 'T', price: 5900 });
    await orders.recordPaid(o1.id, paid('pk-early-1'));
    await wallet.grant({
      userId: m.userId,
      kind: 'paid',
      amount: 500,
      source: 'purchase',
      sourceRef: o1.id,
      idempotencyKey: `payment:${o1.id}:paid`,
    });
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
    const o2 = await orders.register({ ...order, gateway: 'T', price: 5900 });
    await orders.recordPaid(o2.id, paid('pk-early-2'));
    await wallet.grant({
      userId: m.userId,
      kind: 'paid',
      amount: 1,
      source: 'purchase',
      sourceRef: o2.id,
      idempotencyKey: `payment:${o2.id}:paid`,
    });
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
    expect(
      await codeOf(
        orders.recordPaid(order.id, {
          provider: 'P',
          providerTxnId: 'cap-x',
          amountMinor: 98,
          currency: 'USD',
        }),
      ),
    ).toBe(ResultCode.PAYMENT_AMOUNT_MISMATCH);
    expect(
      await codeOf(
        orders.recordPaid(order.id, {
          provider: 'S',
          providerTxnId: 'cap-x',
          amountMinor: 99,
          currency: 'USD',
        }),
      ),
    ).toBe(ResultCode.PAYMENT_GATEWAY_MISMATCH);
    expect(await codeOf(orders.credit(order.id))).toBe(ResultCode.PAYMENT_NOT_COMPLETED);
    await orders.confirmPaid(order.id, {
      provider: 'P',
      providerTxnId: 'cap-1',
      amountMinor: 99,
      currency: 'USD',
    });
    // the same capture on a second order of the same user is refused
    const second = await orders.register({ ...base, gateway: 'P', price: 0.99 });
    expect(
      await codeOf(
        orders.recordPaid(second.id, {
          provider: 'P',
          providerTxnId: 'cap-1',
          amountMinor: 99,
          currency: 'USD',
        }),
      ),
    ).toBe(ResultCode.PAYMENT_ALREADY_USED);
    expect((await orders.requireOrder(second.id)).state).toBe('registered');
  });

  it('a refund claws back what remains of the paid lot, never the bonus, once', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Refund');
    const order = await orders.register({
      userId: m.userId,
      authMethod: 'kakao',
      godsCode: 'coin_1000',
      gateway: 'T',
      price: 11000,
    });
    await orders.confirmPaid(order.id, {
      provider: 'T',
      providerTxnId: 'pk-r',
      amountMinor: 11000,
      currency: 'KRW',
    });
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
    const order = await orders.register({
      userId: m.userId,
      authMethod: 'google',
      godsCode: 'coin_300',
      gateway: 'T',
      price: 3600,
    });
    const paid = {
      provider: 'T' as const,
      providerTxnId: 'pk-w',
      amountMinor: 3600,
      currency: 'KRW' as const,
    };
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
