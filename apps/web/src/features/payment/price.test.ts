import { describe, expect, it } from 'vitest';
import type { PaymentGoods } from '@snapdrama/contract';
import { displayPrice, formatPrice, gatewayPrice } from './price';

const goods: PaymentGoods = {
  gods_code: 'coin_100',
  paid_coin: 100,
  bons_coin: 10,
  bons_coin_1st: 20,
  use_yn: 'N',
  krw: 13_000,
  usd: 9.99,
  iap: { google: 'coin_100', apple: 'coin_100' },
  iap_price: 9.99,
};

describe('prices (spec §9)', () => {
  it('shows KRW for Korean and USD for every other language', () => {
    expect(displayPrice(goods, 'ko')).toEqual({ currency: 'KRW', amount: 13_000 });
    expect(displayPrice(goods, 'en')).toEqual({ currency: 'USD', amount: 9.99 });
    expect(displayPrice(goods, 'ja')).toEqual({ currency: 'USD', amount: 9.99 });
  });

  it('charges Toss in KRW and Stripe and PayPal in USD', () => {
    expect(gatewayPrice(goods, 'T')).toEqual({ currency: 'KRW', amount: 13_000 });
    expect(gatewayPrice(goods, 'S')).toEqual({ currency: 'USD', amount: 9.99 });
    expect(gatewayPrice(goods, 'P')).toEqual({ currency: 'USD', amount: 9.99 });
  });

  it('formats with the currency sign and thousands separators', () => {
    expect(formatPrice({ currency: 'KRW', amount: 13_000 }, 'ko')).toBe('₩13,000');
    expect(formatPrice({ currency: 'USD', amount: 9.99 }, 'en')).toBe('$9.99');
    expect(formatPrice({ currency: 'USD', amount: 1200 }, 'en')).toBe('$1,200.00');
  });
});
