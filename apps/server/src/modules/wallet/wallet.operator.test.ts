import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import type { AppError } from '../../errors';
import { codeOf, joinGuest, useTestContext } from '../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from './wallet.test-support';
import { servicesPresent } from '../../test/services';

/** Operators' grants and revocations (issue 13 item 5), through the wallet service only. */
describe('wallet: operator grant and revoke', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);
  const key = () => `act-${randomUUID()}`;

  it('a grant credits bonus coins once per action key, with its hook in the same transaction', async () => {
    const m = await signInMember(ctx, 'Granted');
    const wallet = ctx.services.wallet;
    const seen: unknown[] = [];
    const action = {
      userId: m.userId,
      amount: 300,
      reason: 'outage compensation',
      operatorId: 'op-1',
      actionKey: key(),
    };
    const first = await wallet.grantByOperator(action, async (_tx, r) => {
      seen.push(r);
    });
    expect(first).toMatchObject({
      created: true,
      amount: 300,
      before: { paid: 0, bonus: 0 },
      after: { paid: 0, bonus: 300 },
    });
    // a double click: the same key credits nothing more and is not audited twice
    const again = await wallet.grantByOperator(action, async (_tx, r) => {
      seen.push(r);
    });
    expect(again).toMatchObject({ created: false, id: first.id });
    expect(seen).toHaveLength(1);
    expect(await wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 300 });
    const view = await wallet.walletForOperator(m.userId);
    expect(view.lots).toMatchObject([
      { kind: 'bonus', source: 'admin', amount: 300, remaining: 300 },
    ]);
  });

  it('a failing hook (the audit entry) rolls the grant back', async () => {
    const m = await signInMember(ctx, 'Rollback');
    await expect(
      ctx.services.wallet.grantByOperator(
        {
          userId: m.userId,
          amount: 50,
          reason: 'test rollback',
          operatorId: 'op-1',
          actionKey: key(),
        },
        () => Promise.reject(new Error('audit down')),
      ),
    ).rejects.toThrow('audit down');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('a revocation takes coins in spend order (earliest expiry, bonus first) and once per key', async () => {
    const m = await signInMember(ctx, 'Revoked');
    const wallet = ctx.services.wallet;
    await wallet.grant({
      userId: m.userId,
      kind: 'paid',
      amount: 100,
      source: 'purchase',
      idempotencyKey: key(),
      validDays: 3,
    });
    await wallet.grant({
      userId: m.userId,
      kind: 'bonus',
      amount: 40,
      source: 'event',
      idempotencyKey: key(),
      validDays: 3,
    });
    await wallet.grant({
      userId: m.userId,
      kind: 'bonus',
      amount: 60,
      source: 'event',
      idempotencyKey: key(),
      validDays: 9,
    });
    const action = {
      userId: m.userId,
      amount: 70,
      reason: 'granted by mistake',
      operatorId: 'op-2',
      actionKey: key(),
    };
    const done = await wallet.revokeByOperator(action);
    // 40 bonus (3 days) first, then 30 of the paid lot that expires with it
    expect(done).toMatchObject({
      created: true,
      before: { paid: 100, bonus: 100 },
      after: { paid: 70, bonus: 60 },
    });
    expect(await wallet.revokeByOperator(action)).toMatchObject({ created: false, id: done.id });
    expect(await wallet.balances(m.userId)).toEqual({ paid: 70, bonus: 60 });
    // the same key for another amount is a caller's bug, refused
    expect(await codeOf(wallet.revokeByOperator({ ...action, amount: 5 }))).toBe(
      ResultCode.IDEMPOTENCY_KEY_REUSED,
    );
    const view = await wallet.walletForOperator(m.userId);
    expect(view.revocations).toMatchObject([
      { amount: 70, reason: 'granted by mistake', operatorId: 'op-2' },
    ]);
    expect((await wallet.checkInvariant()).violations).toEqual([]);
  });

  it('refuses more than the valid balance, bad amounts, missing reasons and bad keys, changing nothing', async () => {
    const m = await signInMember(ctx, 'Refused');
    const wallet = ctx.services.wallet;
    await wallet.grantByOperator({
      userId: m.userId,
      amount: 10,
      reason: 'start',
      operatorId: 'op',
      actionKey: key(),
    });
    const base = { userId: m.userId, reason: 'a reason', operatorId: 'op' };
    expect(await codeOf(wallet.revokeByOperator({ ...base, amount: 11, actionKey: key() }))).toBe(
      ResultCode.INSUFFICIENT_COINS,
    );
    for (const amount of [0, -5, 1.5, 100_001]) {
      expect(await codeOf(wallet.grantByOperator({ ...base, amount, actionKey: key() }))).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect(await codeOf(wallet.revokeByOperator({ ...base, amount, actionKey: key() }))).toBe(
        ResultCode.BAD_REQUEST,
      );
    }
    expect(
      await codeOf(wallet.grantByOperator({ ...base, amount: 5, reason: ' ', actionKey: key() })),
    ).toBe(ResultCode.BAD_REQUEST);
    expect(await codeOf(wallet.grantByOperator({ ...base, amount: 5, actionKey: 'short' }))).toBe(
      ResultCode.BAD_REQUEST,
    );
    expect(await wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 10 });
    // a guest holds no coins; an unknown user is not found
    const guest = await joinGuest(ctx.app);
    const guestId = (await ctx.services.auth.searchViewers(guest.guestId))[0]?.userId ?? '';
    expect(guestId).not.toBe('');
    expect(
      await codeOf(
        wallet.grantByOperator({ ...base, userId: guestId, amount: 5, actionKey: key() }),
      ),
    ).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(
      await codeOf(
        wallet.grantByOperator({ ...base, userId: 'not-a-user', amount: 5, actionKey: key() }),
      ),
    ).toBe(ResultCode.BAD_REQUEST);
    expect(
      await codeOf(
        wallet.grantByOperator({ ...base, userId: randomUUID(), amount: 5, actionKey: key() }),
      ),
    ).toBe(ResultCode.NOT_FOUND);
  });
});

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('wallet: operator actions race on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);

  it('50 parallel grants of one action (a double click, retries) credit once and hook once', async () => {
    const m = await signInMember(ctx, 'GrantRace');
    let hooks = 0;
    const action = {
      userId: m.userId,
      amount: 500,
      reason: 'compensation',
      operatorId: 'op',
      actionKey: `race-${randomUUID()}`,
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.services.wallet.grantByOperator(action, async () => {
          hooks += 1;
        }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(hooks).toBe(1);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 500 });
  });

  it('40 parallel revocations of 30 from 300 coins: exactly 10 succeed, the balance reaches 0', async () => {
    const m = await signInMember(ctx, 'RevokeRace');
    await ctx.services.wallet.grantByOperator({
      userId: m.userId,
      amount: 300,
      reason: 'start',
      operatorId: 'op',
      actionKey: `start-${randomUUID()}`,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ctx.services.wallet.revokeByOperator({
          userId: m.userId,
          amount: 30,
          reason: 'race',
          operatorId: 'op',
          actionKey: `rv-${i}-${randomUUID()}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as AppError).code).toBe(ResultCode.INSUFFICIENT_COINS);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });
});
