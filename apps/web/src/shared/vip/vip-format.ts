import { displayCurrency } from '@snapdrama/rules';

/**
 * A plan's price as the viewer reads it (spec §9, issue 47): KRW for any Korean language tag,
 * else USD, through Intl in the page's language (₩6,900, $4.99).
 */
export function formatVipPrice(plan: { usd: number; krw: number }, language: string): string {
  const currency = displayCurrency(language);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: currency === 'KRW' ? 0 : 2,
    minimumFractionDigits: currency === 'KRW' ? 0 : 2,
  }).format(currency === 'KRW' ? plan.krw : plan.usd);
}

/** A US dollar amount in the page's language ($4.99, US$4.99): what the web's gateways charge. */
export function formatUsd(usd: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(usd);
}

/** A pass date in the viewer's locale, e.g. "Nov 30, 2026, 18:05". */
export function formatVipDate(iso: string | null, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
