import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  displayCurrency,
  fromMinorUnits,
  gatewayCharge,
  hasFirstChargeBonus,
  purchaseBonusCoins,
  toMinorUnits,
  useYn,
} from './first-charge';

describe('first-charge bonus (spec §9)', () => {
  it.each([
    { bons: 0, first: 10, before: false, bonus: 10, badge: true },
    { bons: 0, first: 10, before: true, bonus: 0, badge: false },
    { bons: 50, first: 50, before: false, bonus: 100, badge: true },
    { bons: 50, first: 50, before: true, bonus: 50, badge: false },
    { bons: 3000, first: 0, before: false, bonus: 3000, badge: false },
    { bons: 0, first: 0, before: false, bonus: 0, badge: false },
  ])('bons_coin $bons, 1st $first, bought before $before → $bonus', (c) => {
    const pack = { bons_coin: c.bons, bons_coin_1st: c.first };
    expect(purchaseBonusCoins(pack, c.before)).toBe(c.bonus);
    expect(hasFirstChargeBonus(pack, c.before)).toBe(c.badge);
  });

  it('the first purchase never brings less than a later one, and a later one brings bons_coin', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (bons, first) => {
        const pack = { bons_coin: bons, bons_coin_1st: first };
        expect(purchaseBonusCoins(pack, false)).toBeGreaterThanOrEqual(
          purchaseBonusCoins(pack, true),
        );
        expect(purchaseBonusCoins(pack, true)).toBe(bons);
        expect(purchaseBonusCoins(pack, false) - bons).toBe(first);
      }),
    );
  });

  it('use_yn is Y once bought', () => {
    expect(useYn(true)).toBe('Y');
    expect(useYn(false)).toBe('N');
  });
});

describe('gateway charge (spec §9)', () => {
  const prices = { krw: 5900, usdCents: 499, iapPriceCents: 599 };
  it.each([
    { gateway: 'T' as const, currency: 'KRW', amountMinor: 5900 },
    { gateway: 'S' as const, currency: 'USD', amountMinor: 499 },
    { gateway: 'P' as const, currency: 'USD', amountMinor: 499 },
    { gateway: 'G' as const, currency: 'USD', amountMinor: 599 },
    { gateway: 'A' as const, currency: 'USD', amountMinor: 599 },
  ])('$gateway charges $amountMinor $currency', (c) => {
    expect(gatewayCharge(prices, c.gateway)).toEqual({
      currency: c.currency,
      amountMinor: c.amountMinor,
    });
  });
  it('a price of 0 is not for sale through that gateway', () => {
    const krwOnly = { krw: 1200, usdCents: 0, iapPriceCents: 0 };
    expect(gatewayCharge(krwOnly, 'T')).toBeDefined();
    for (const g of ['S', 'P', 'G', 'A'] as const)
      expect(gatewayCharge(krwOnly, g)).toBeUndefined();
  });
  it('minor units round-trip for every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(toMinorUnits(fromMinorUnits(cents, 'USD'), 'USD')).toBe(cents);
        expect(toMinorUnits(fromMinorUnits(cents, 'KRW'), 'KRW')).toBe(cents);
      }),
    );
  });
  it('Korean sees KRW, every other language USD', () => {
    expect(displayCurrency('ko')).toBe('KRW');
    expect(displayCurrency('en')).toBe('USD');
    expect(displayCurrency('ja')).toBe('USD');
  });
});
