import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CoinLedgerModel,
  allocateSpend,
  compareSpendOrder,
  refundableAmount,
  spendableBalance,
  type SpendableLot,
} from './wallet-ledger';

const DAY = 86_400_000;
const lot = (
  id: string,
  kind: 'paid' | 'bonus',
  remaining: number,
  expiresAt: number,
  grantedAt = 0,
): SpendableLot => ({
  id,
  kind,
  remaining,
  expiresAt,
  grantedAt,
});

describe('allocateSpend', () => {
  it.each([
    {
      name: 'earliest expiry first',
      lots: [
        lot('a', 'paid', 10, 3 * DAY),
        lot('b', 'bonus', 10, 5 * DAY),
        lot('c', 'paid', 10, 2 * DAY),
      ],
      price: 15,
      want: [
        { lotId: 'c', amount: 10 },
        { lotId: 'a', amount: 5 },
      ],
    },
    {
      name: 'same expiry: bonus before paid',
      lots: [lot('p', 'paid', 10, DAY), lot('b', 'bonus', 10, DAY)],
      price: 12,
      want: [
        { lotId: 'b', amount: 10 },
        { lotId: 'p', amount: 2 },
      ],
    },
    {
      name: 'expired and empty lots are skipped',
      lots: [
        lot('old', 'bonus', 50, 10),
        lot('empty', 'bonus', 0, DAY),
        lot('ok', 'paid', 30, DAY),
      ],
      price: 30,
      want: [{ lotId: 'ok', amount: 30 }],
    },
    { name: 'price 0 takes nothing', lots: [lot('a', 'paid', 5, DAY)], price: 0, want: [] },
  ])('$name', ({ lots, price, want }) => {
    expect(allocateSpend(lots, price, 100)).toEqual(want);
  });

  it('too little valid balance: undefined (expired coins do not count)', () => {
    expect(
      allocateSpend([lot('a', 'paid', 10, DAY), lot('x', 'bonus', 100, 50)], 11, 100),
    ).toBeUndefined();
  });

  it('a lot expiring exactly now is expired', () => {
    expect(allocateSpend([lot('a', 'paid', 10, 100)], 1, 100)).toBeUndefined();
    expect(spendableBalance([lot('a', 'paid', 10, 100)], 99)).toEqual({ paid: 10, bonus: 0 });
  });

  it('rejects a negative or fractional price', () => {
    expect(() => allocateSpend([], -1, 0)).toThrow(RangeError);
    expect(() => allocateSpend([], 1.5, 0)).toThrow(RangeError);
  });
});

describe('refundableAmount', () => {
  it('only valid paid coins are refundable', () => {
    expect(refundableAmount(lot('p', 'paid', 7, DAY), 0)).toBe(7);
    expect(refundableAmount(lot('b', 'bonus', 7, DAY), 0)).toBe(0);
    expect(refundableAmount(lot('p', 'paid', 7, DAY), DAY)).toBe(0);
  });
});

type Command =
  | { type: 'grant'; kind: 'paid' | 'bonus'; amount: number; validDays: number }
  | { type: 'spend'; price: number }
  | { type: 'refund'; pick: number }
  | { type: 'advance'; hours: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    type: fc.constant('grant' as const),
    kind: fc.constantFrom('paid' as const, 'bonus' as const),
    amount: fc.integer({ min: 1, max: 200 }),
    validDays: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({ type: fc.constant('spend' as const), price: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ type: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 72 }) }),
);

describe('CoinLedgerModel (property)', () => {
  it('keeps the invariant, never goes negative, spends earliest expiry first, balance = valid remaining', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const model = new CoinLedgerModel(Date.UTC(2026, 0, 1));
        for (const c of commands) {
          const before = model.lots.map((l) => ({ ...l }));
          switch (c.type) {
            case 'grant':
              model.grant(c.kind, c.amount, c.validDays * DAY);
              break;
            case 'spend': {
              const validBefore = spendableBalance(before, model.now);
              const allocations = model.spend(c.price);
              if (validBefore.paid + validBefore.bonus < c.price) {
                expect(allocations).toBeUndefined();
                expect(model.lots).toEqual(before);
              } else {
                expect(allocations?.reduce((s, a) => s + a.amount, 0)).toBe(c.price);
                // every lot that comes earlier in spend order than a lot touched was emptied
                const touched = new Set(allocations?.map((a) => a.lotId));
                for (const t of touched) {
                  const tLot = before.find((l) => l.id === t);
                  if (!tLot) throw new Error('touched an unknown lot');
                  expect(tLot.expiresAt).toBeGreaterThan(model.now);
                  for (const other of model.lots) {
                    if (other.expiresAt > model.now && compareSpendOrder(other, tLot) < 0) {
                      expect(other.remaining).toBe(0);
                    }
                  }
                }
              }
              break;
            }
            case 'refund': {
              const target = model.lots[c.pick % Math.max(1, model.lots.length)];
              if (target) {
                const refunded = model.refund(target.id);
                if (target.kind === 'bonus') expect(refunded).toBe(0);
              }
              break;
            }
            case 'advance':
              model.advance(c.hours * 3_600_000);
              break;
          }
          expect(model.invariantViolations()).toEqual([]);
          for (const l of model.lots) expect(l.remaining).toBeGreaterThanOrEqual(0);
          const validRemaining = model.lots
            .filter((l) => l.expiresAt > model.now)
            .reduce((s, l) => s + l.remaining, 0);
          const balance = model.balance();
          expect(balance.paid + balance.bonus).toBe(validRemaining);
        }
      }),
      { numRuns: 300 },
    );
  });
});
