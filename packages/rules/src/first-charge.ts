import { matchLanguage } from './language';
/**
 * Coin-pack rules shared by the server (authoritative) and the payment page (display):
 * the first-charge bonus (spec §9) and which price a gateway charges (spec §9).
 */

/** The part of a coin pack (spec §3 wire names) these rules read. */
export interface PackBonusTerms {
  bons_coin: number;
  bons_coin_1st: number;
}

/**
 * Whether the first-charge bonus applies: the pack has one (bons_coin_1st > 0) and the user has
 * not bought this pack before (use_yn N).
 */
export function hasFirstChargeBonus(pack: PackBonusTerms, boughtBefore: boolean): boolean {
  return pack.bons_coin_1st > 0 && !boughtBefore;
}

/** The bonus coins a purchase brings: bons_coin, plus bons_coin_1st on the first purchase (§9). */
export function purchaseBonusCoins(pack: PackBonusTerms, boughtBefore: boolean): number {
  return pack.bons_coin + (hasFirstChargeBonus(pack, boughtBefore) ? pack.bons_coin_1st : 0);
}

/** use_yn of the goods list: Y once the user has bought the pack. */
export const useYn = (boughtBefore: boolean): 'Y' | 'N' => (boughtBefore ? 'Y' : 'N');

export type PriceGateway = 'T' | 'S' | 'P' | 'G' | 'A';
export type PriceCurrency = 'KRW' | 'USD';

/** A pack's prices in minor units: won, and cents for USD and the store price. */
export interface PackPrices {
  krw: number;
  usdCents: number;
  iapPriceCents: number;
}

/**
 * What a gateway charges for a pack (§9): Toss in KRW from krw; Stripe and PayPal in USD from usd;
 * Google and Apple the store price. Undefined when that price is 0 (purchase not available).
 */
export function gatewayCharge(
  prices: PackPrices,
  gateway: PriceGateway,
): { currency: PriceCurrency; amountMinor: number } | undefined {
  let charge: { currency: PriceCurrency; amountMinor: number };
  switch (gateway) {
    case 'T':
      charge = { currency: 'KRW', amountMinor: prices.krw };
      break;
    case 'S':
    case 'P':
      charge = { currency: 'USD', amountMinor: prices.usdCents };
      break;
    case 'G':
    case 'A':
      charge = { currency: 'USD', amountMinor: prices.iapPriceCents };
      break;
    default: {
      const never: never = gateway;
      throw new Error(`unknown gateway ${String(never)}`);
    }
  }
  return charge.amountMinor > 0 ? charge : undefined;
}

/** A wire price (won, or dollars with cents) in minor units; NaN-safe rounding to whole cents. */
export function toMinorUnits(price: number, currency: PriceCurrency): number {
  return currency === 'KRW' ? price : Math.round(price * 100);
}

/** Minor units back to the wire price: won, or dollars with two decimals. */
export function fromMinorUnits(amountMinor: number, currency: PriceCurrency): number {
  return currency === 'KRW' ? amountMinor : amountMinor / 100;
}

/**
 * The price shown on the web (§9): KRW for Korean, USD for every other language. Any Korean tag
 * counts ("ko-KR" is what Korean browsers send, issue 47).
 */
export function displayCurrency(language: string): PriceCurrency {
  return matchLanguage(language) === 'ko' ? 'KRW' : 'USD';
}
