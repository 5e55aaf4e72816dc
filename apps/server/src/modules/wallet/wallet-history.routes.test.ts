import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_BASE, type CoinHistoryData, type CoinHistoryDiv } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { confirmedOrder, paidBy } from '../payments/payments.test-support';
import { autoUnlock, setAutoUnlock, undo } from './auto-unlock.test-support';
import {
  addUniformDramas,
  auth,
  signInAgain,
  signInMember,
  type Member,
  grantCoins,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';

/**
 * Issue 40 item 1: every movement of a viewer's coins is an entry, take-backs included, and each
 * entry carries the balance after it, so the history reconciles with the balance.
 */
describe('coin history that explains the balance', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);

  const RANGE = '2026-01-01/2026-01-31';
  async function history(m: Member, div: CoinHistoryDiv, range = RANGE) {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/coin-history/${div}/${range}?count=100`,
      headers: auth(m),
    });
    expect(r.statusCode).toBe(200);
    return r.json<{ code: number; data: CoinHistoryData }>().data;
  }
  /** Every entry of the three lists, oldest first, as (change, balance after). */
  async function allEntries(m: Member) {
    const [a, u, e] = await Promise.all([history(m, 'A'), history(m, 'U'), history(m, 'E')]);
    return [
      ...a.alist.map((x) => ({ at: x.rgst_dtm, change: x.chng_coin, balance: x.blnc_coin })),
      ...u.ulist.map((x) => ({ at: x.rgst_dtm, change: x.chng_coin, balance: x.blnc_coin })),
      ...e.elist.map((x) => ({ at: x.expr_dtm, change: x.chng_coin, balance: x.blnc_coin })),
    ].sort((x, y) => x.at.localeCompare(y.at));
  }
  /**
   * Walks the entries oldest first: each must start from the balance the one before left
   * (entries of one instant in whichever order chains). Returns the last balance.
   */
  function walk(entries: { at: string; change: number; balance: number }[]): number {
    let balance = 0;
    const left = [...entries];
    while (left.length > 0) {
      const at = left[0]?.at;
      const i = left.findIndex((e) => e.at === at && e.balance - e.change === balance);
      expect(i, `an entry at ${at} starting from ${balance}`).toBeGreaterThanOrEqual(0);
      const [next] = left.splice(i, 1);
      balance = next?.balance ?? Number.NaN;
    }
    return balance;
  }

  it('an operator grant, a revocation and a refund each appear once, and the entries sum to the balance', async () => {
    const { payments: orders, wallet } = ctx.services;
    const m = await signInMember(ctx, 'Issue40');
    // a first purchase of the 100-coin pack: 100 paid + its bonus + the first-charge bonus
    const order = await confirmedOrder(
      ctx,
      m,
      { godsCode: 'coin_100', price: 1200 },
      paidBy('T', `pk-${randomUUID()}`, 1200, 'KRW'),
    );
    const start = await wallet.balances(m.userId);
    const startTotal = start.paid + start.bonus;
    ctx.clock.advance(60_000);
    const action = { userId: m.userId, operatorId: 'op-1', reason: 'goodwill' };
    await wallet.grantByOperator({ ...action, amount: 25, actionKey: `g-${randomUUID()}` });
    ctx.clock.advance(60_000);
    await wallet.revokeByOperator({ ...action, amount: 10, actionKey: `r-${randomUUID()}` });
    ctx.clock.advance(60_000);
    await orders.recordRefund(order.id, { provider: 'T', providerRefundId: 'rf-40' });
    const balances = await wallet.balances(m.userId);
    const total = balances.paid + balances.bonus;
    expect(total).toBe(startTotal + 25 - 10 - 100);

    const earned = await history(m, 'A');
    expect(earned.alist.map((e) => [e.memo.source, e.acqs_coin])).toEqual(
      expect.arrayContaining([
        ['admin', 25],
        ['purchase', 100],
      ]),
    );
    const purchase = earned.alist.find((e) => e.memo.source === 'purchase');
    expect(purchase).toMatchObject({ rfnd_coin: 100, remn_coin: 0, memo: { ordrId: order.id } });

    const used = await history(m, 'U');
    // newest first: the refund, then the revocation; each once
    expect(used.ulist).toEqual([
      expect.objectContaining({
        usag_type: 'refund',
        usag_coin: 100,
        chng_coin: -100,
        blnc_coin: total,
        memo: { ordrId: order.id, channel: 'web' },
      }),
      expect.objectContaining({
        usag_type: 'revoke',
        usag_coin: 10,
        chng_coin: -10,
        blnc_coin: total + 100,
      }),
    ]);
    expect(used.totalCount).toBe(2);

    // every entry, oldest first: each balance is the previous one plus its change
    expect(walk(await allEntries(m))).toBe(total);
    expect(used.coin).toBe(total);
    expect(used.smry).toEqual({
      opng_blnc: 0,
      earn_coin: startTotal + 25,
      usag_coin: 0,
      tkbk_coin: 110,
      rtrn_coin: 0,
      expr_coin: 0,
      clsg_blnc: total,
    });
  });

  it('an auto-unlock and its undo are two entries of the use list that cancel out', async () => {
    const [dramaId] = await addUniformDramas(ctx, { count: 1, episodes: 4, free: 1, price: 30 });
    const m = await signInMember(ctx, 'Undo');
    await grantCoins(ctx, m.userId, 100, 'bonus', { idempotencyKey: `h-${m.userId}` });
    await setAutoUnlock(ctx.app, m, { enabled: true });
    const bought = await autoUnlock(ctx.app, m, { dramId: dramaId, epsd: 2 });
    const id = bought.json<{ data: { auto_unlock_id: string } }>().data.auto_unlock_id;
    ctx.clock.advance(2_000);
    expect((await undo(ctx.app, m, { autoUnlockId: id })).json().data.rfnd_coin).toBe(30);
    ctx.clock.advance(1_000);
    await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode/unlock/coin`,
      headers: auth(m),
      payload: { dramId: dramaId, epsd: 2 },
    });
    const used = await history(m, 'U');
    expect(used.ulist.map((e) => [e.usag_type, e.chng_coin, e.blnc_coin, e.memo.epsd])).toEqual([
      ['unlock', -30, 70, 2],
      ['undo', 30, 100, 2],
      ['auto_unlock', -30, 70, 2],
    ]);
    expect(used.ulist[1]?.titl_lang_key).toMatch(/^drama\./);
    expect(used.smry).toMatchObject({ usag_coin: 60, rtrn_coin: 30, clsg_blnc: 70 });
  });

  it('expired coins are an entry with the balance after; an earlier range has its own opening and closing', async () => {
    let m = await signInMember(ctx, 'Expiry');
    ctx.clock.set('2026-02-02T03:00:00Z');
    await grantCoins(ctx, m.userId, 40, 'bonus', { source: 'attendance', validDays: 1 });
    ctx.clock.set('2026-02-10T03:00:00Z');
    await grantCoins(ctx, m.userId, 5, 'bonus', { source: 'mission', sourceRef: 'watch_ad' });
    m = await signInAgain(ctx, m);
    const expired = await history(m, 'E', '2026-02-01/2026-02-28');
    expect(expired.elist).toEqual([
      expect.objectContaining({ remn_coin: 40, chng_coin: -40, blnc_coin: 0 }),
    ]);
    expect(expired.smry).toEqual({
      opng_blnc: 0,
      earn_coin: 45,
      usag_coin: 0,
      tkbk_coin: 0,
      rtrn_coin: 0,
      expr_coin: 40,
      clsg_blnc: 5,
    });
    // a range that ends before the expiry: it closes with the 40 coins held then
    const early = await history(m, 'A', '2026-02-01/2026-02-02');
    expect(early.smry).toMatchObject({ opng_blnc: 0, earn_coin: 40, clsg_blnc: 40 });
    const late = await history(m, 'A', '2026-02-04/2026-02-28');
    expect(late.smry).toMatchObject({ opng_blnc: 0, earn_coin: 5, clsg_blnc: 5 });
    expect(late.alist[0]).toMatchObject({ blnc_coin: 5, memo: { mssnId: 'watch_ad' } });
  });

  it('bad input changes nothing and answers 400001; another user sees only their own entries', async () => {
    const a = await signInMember(ctx, 'Alone');
    const r = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/coin-history/X/2026-01-01/2026-01-31`,
      headers: auth(a),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(400001);
    const mine = await history(a, 'U', '2026-01-01/2026-03-31');
    expect(mine.ulist).toEqual([]);
    expect(mine.smry.clsg_blnc).toBe(0);
  });
});
