import { describe, expect, it } from 'vitest';
import { coinTimeline, summarizeTimeline, type TimelineLot } from './wallet-history-ledger';

const lot = (
  id: string,
  amount: number,
  remaining: number,
  grantedAt: number,
  expiresAt: number,
): TimelineLot => ({
  id,
  kind: 'bonus',
  source: 'event',
  sourceRef: null,
  channel: null,
  amount,
  remaining,
  grantedAt,
  expiresAt,
});
const none = { unlocks: [], undos: [], refunds: [], revocations: [] };

describe('coinTimeline', () => {
  it('orders movements by time with the balance after each; an expiry at an instant comes first', () => {
    const t = coinTimeline({
      ...none,
      lots: [lot('a', 50, 20, 0, 100), lot('b', 10, 10, 100, 1000)],
      unlocks: [
        { id: 'u', dramaId: 1, epsd: 2, titleKey: 'k', coins: 30, unlockedAt: 50, auto: false },
      ],
      now: 500,
    });
    expect(t.map((e) => [e.type, e.at, e.change, e.balanceAfter])).toEqual([
      ['grant', 0, 50, 50],
      ['unlock', 50, -30, 20],
      ['expire', 100, -20, 0],
      ['grant', 100, 10, 10],
    ]);
  });

  it('a lot not yet expired has no expiry entry; the last balance is the valid balance', () => {
    const t = coinTimeline({ ...none, lots: [lot('a', 50, 50, 0, 100)], now: 99 });
    expect(t.map((e) => e.type)).toEqual(['grant']);
    expect(t.at(-1)?.balanceAfter).toBe(50);
  });

  it('coins an undo gives back to a lot that expired meanwhile expire again at the undo', () => {
    // 30 of lot a (expires at 100) paid an auto-unlock at 95, undone at 103: a holds 30 again, expired
    const t = coinTimeline({
      ...none,
      lots: [lot('a', 30, 30, 0, 100), lot('b', 10, 10, 0, 1000)],
      undos: [
        {
          id: 'x',
          dramaId: 1,
          epsd: 3,
          titleKey: 'k',
          coins: 30,
          unlockedAt: 95,
          undoneAt: 103,
          returned: [{ lotId: 'a', amount: 30 }],
        },
      ],
      now: 200,
    });
    expect(t.map((e) => [e.type, e.at, e.change, e.balanceAfter])).toEqual([
      ['grant', 0, 30, 30],
      ['grant', 0, 10, 40],
      ['auto_unlock', 95, -30, 10],
      ['undo', 103, 30, 40],
      ['expire', 103, -30, 10],
    ]);
    expect(t.reduce((s, e) => s + e.change, 0)).toBe(10);
  });

  it('refunds and revocations take coins back and the summary reconciles', () => {
    const paid = { ...lot('p', 100, 0, 0, 1000), kind: 'paid' as const, source: 'purchase' };
    const t = coinTimeline({
      ...none,
      lots: [paid, lot('g', 25, 15, 10, 1000)],
      refunds: [{ id: 'r', lotId: 'p', amount: 100, refundedAt: 30 }],
      revocations: [{ id: 'v', amount: 10, revokedAt: 20 }],
      now: 40,
    });
    const grant = t.find((e) => e.type === 'grant' && e.lot.id === 'p');
    expect(grant?.type === 'grant' && grant.refunded).toBe(100);
    expect(summarizeTimeline(t, 15, 100)).toEqual({
      opening: 125,
      earned: 0,
      used: 0,
      takenBack: 110,
      returned: 0,
      expired: 0,
      closing: 15,
    });
    expect(summarizeTimeline(t, 0, 25)).toMatchObject({ opening: 0, earned: 125, closing: 115 });
  });
});
