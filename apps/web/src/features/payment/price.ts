import type { PaymentCurrency, PaymentGoods, PaymentGateway } from '@snapdrama/contract';
import { displayCurrency } from '@snapdrama/rules';

export interface Price {
  currency: PaymentCurrency;
  amount: number;
}

/** Spec §9: prices show in KRW for Korean, otherwise in USD. */
export function displayPrice(goods: PaymentGoods, language: string): Price {
  return displayCurrency(language) === 'KRW'
    ? { currency: 'KRW', amount: goods.krw }
    : { currency: 'USD', amount: goods.usd };
}

/** What a web gateway charges (spec §9): Toss in KRW, Stripe and PayPal in USD. */
export function gatewayPrice(goods: PaymentGoods, gateway: 'T' | 'S' | 'P'): Price {
  return gateway === 'T'
    ? { currency: 'KRW', amount: goods.krw }
    : { currency: 'USD', amount: goods.usd };
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** A price with its currency sign and thousands separators (₩1,200, $0.99). */
export function formatPrice(price: Price, language: string): string {
  const key = `${language}/${price.currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: price.currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: price.currency === 'KRW' ? 0 : 2,
      maximumFractionDigits: price.currency === 'KRW' ? 0 : 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(price.amount);
}

/** Web gateways in the chooser's order. */
export type WebGateway = Extract<PaymentGateway, 'T' | 'S' | 'P'>;
