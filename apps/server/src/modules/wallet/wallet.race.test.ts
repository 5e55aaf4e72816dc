import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../../errors';
import { useTestContext } from '../../test/harness';
import {
  addUniformDramas,
  expectLedgerBalanced,
  signInMember,
  unlockRequest,
  grantCoins,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';
import { coinAllocations, coinLots, coinUnlocks } from './wallet.tables';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('wallet races on PostgreSQL', () => {
  const PRICE = 40;
  const FREE = 3;
  const ctx = useTestContext({ seed: false });
  let dramaIds: number[] = [];

  beforeAll(async () => {
    dramaIds = await addUniformDramas(ctx, { count: 12, episodes: 10, free: FREE, price: PRICE });
  });
  expectLedgerBalancedAfterAll(ctx);

  it('200 parallel unlocks from one user whose coins cover 10 episodes: exactly 10 done, balance exact', async () => {
    const member = await signInMember(ctx, 'Racer');
    // 400 coins in lots of both kinds and different expiries, so spends cross lots
    const lots = [
      { kind: 'bonus' as const, amount: 130, validDays: 2 },
      { kind: 'paid' as const, amount: 150, validDays: 7 },
      { kind: 'bonus' as const, amount: 120, validDays: 7 },
    ];
    for (const [i, l] of lots.entries()) {
      await ctx.services.wallet.grant({
        userId: member.userId,
        kind: l.kind,
        amount: l.amount,
        source: l.kind === 'paid' ? 'purchase' : 'event',
        idempotencyKey: `race-200-${i}`,
        validDays: l.validDays,
      });
    }
    // Only unlock+1 can be bought, so the 200 requests target the next episode of 12 dramas,
    // each sent 16 or 17 times: 12 different purchases worth 480 coins for 400 coins.
    const targets = Array.from({ length: 200 }, (_, i) => dramaIds[i % dramaIds.length] ?? 0);
    const replies = await Promise.all(
      targets.map((dramId) => unlockRequest(ctx.app, member, { dramId, epsd: FREE + 1 })),
    );

    const bodies = replies.map((r) => ({
      status: r.statusCode,
      body: r.json<{
        code: number;
        data: { usag_coin: number; already_unlocked: boolean } | null;
      }>(),
    }));
    for (const b of bodies) {
      expect([0, ResultCode.INSUFFICIENT_COINS]).toContain(b.body.code);
    }
    const charged = bodies.filter(
      (b) => b.body.code === 0 && b.body.data?.already_unlocked === false,
    );
    expect(charged).toHaveLength(10);
    expect(charged.every((b) => b.body.data?.usag_coin === PRICE)).toBe(true);
    const totalCharged = bodies.reduce((s, b) => s + (b.body.data?.usag_coin ?? 0), 0);
    expect(totalCharged).toBe(400);

    const unlocked = await ctx.database.db
      .select()
      .from(coinUnlocks)
      .where(eq(coinUnlocks.userId, member.userId));
    expect(unlocked).toHaveLength(10);
    expect(new Set(unlocked.map((u) => u.dramaId)).size).toBe(10);
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 0, bonus: 0 });
    // the two dramas left unbought answered 409050 every time, and nothing else failed
    const refusedDramas = new Set(
      targets.filter((_, i) => bodies[i]?.body.code === ResultCode.INSUFFICIENT_COINS),
    );
    expect(refusedDramas.size).toBe(2);
    for (const d of refusedDramas) expect(unlocked.some((u) => u.dramaId === d)).toBe(false);
    await expectLedgerBalanced(ctx);
  });

  it('the same unlock sent 50 times at once charges once', async () => {
    const member = await signInMember(ctx, 'Twin');
    await grantCoins(ctx, member.userId, 100, 'paid', { idempotencyKey: 'race-50' });
    const dramId = dramaIds[0] ?? 0;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => unlockRequest(ctx.app, member, { dramId, epsd: FREE + 1 })),
    );
    const data = replies.map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json<{ data: { usag_coin: number; already_unlocked: boolean } }>().data;
    });
    expect(data.filter((d) => !d.already_unlocked)).toHaveLength(1);
    expect(data.reduce((s, d) => s + d.usag_coin, 0)).toBe(PRICE);
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({
      paid: 100 - PRICE,
      bonus: 0,
    });
    await expectLedgerBalanced(ctx);
  });

  it('grants with one idempotency key sent at once credit once', async () => {
    const member = await signInMember(ctx, 'Payer');
    const request = {
      userId: member.userId,
      kind: 'paid' as const,
      amount: 300,
      source: 'purchase' as const,
      sourceRef: 'order-race',
      idempotencyKey: 'order-race-credit',
    };
    const grants = await Promise.all(
      Array.from({ length: 20 }, () => ctx.services.wallet.grant(request)),
    );
    expect(grants.filter((g) => g.created)).toHaveLength(1);
    expect(new Set(grants.map((g) => g.lotId)).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(coinLots)
      .where(eq(coinLots.userId, member.userId));
    expect(rows).toHaveLength(1);
    expect(await ctx.services.wallet.balances(member.userId)).toEqual({ paid: 300, bonus: 0 });
  });

  it('grants, unlocks and refunds of one user racing each other keep the books balanced', async () => {
    const member = await signInMember(ctx, 'Mixed');
    await grantCoins(ctx, member.userId, 200, 'paid', { idempotencyKey: 'mixed-paid' });
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      work.push(
        ctx.services.wallet.grant({
          userId: member.userId,
          kind: 'bonus',
          amount: 10,
          source: 'mission',
          idempotencyKey: `mixed-bonus-${i % 15}`,
        }),
      );
      const dramId = dramaIds[i % dramaIds.length] ?? 0;
      work.push(unlockRequest(ctx.app, member, { dramId, epsd: FREE + 1 }));
    }
    // the refund races the unlocks for the paid lot: it gives back what they left, or is refused
    // because they took it all; any other error (a deadlock, a broken invariant) fails the test
    const refund = ctx.services.wallet
      .refundPurchase({
        userId: member.userId,
        grantIdempotencyKey: 'mixed-paid',
        idempotencyKey: 'mixed-refund',
        reason: 'race',
      })
      .then(
        (done) => done.amount,
        (error: unknown) => {
          if (error instanceof AppError && error.code === ResultCode.REFUND_NOT_ALLOWED) return 0;
          throw error;
        },
      );
    const [refunded] = await Promise.all([refund, ...work]);
    const check = await expectLedgerBalanced(ctx);
    expect(check.violations).toEqual([]);
    // the paid lot ends empty, its 200 coins split exactly between the unlocks and the refund
    const [paidLot] = await ctx.database.db
      .select()
      .from(coinLots)
      .where(eq(coinLots.idempotencyKey, 'mixed-paid'));
    if (!paidLot) throw new Error('the paid grant is missing');
    expect(paidLot.remaining).toBe(0);
    const spent = await ctx.database.db
      .select({ amount: coinAllocations.amount })
      .from(coinAllocations)
      .where(eq(coinAllocations.lotId, paidLot.id));
    expect(spent.reduce((sum, a) => sum + a.amount, 0) + refunded).toBe(200);
    const balances = await ctx.services.wallet.balances(member.userId);
    expect(balances.paid).toBeGreaterThanOrEqual(0);
    expect(balances.bonus).toBeGreaterThanOrEqual(0);
  });
});
