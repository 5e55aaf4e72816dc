import type { AnalyticsMoney } from '@snapdrama/contract';
import { formatMoney } from '../../shared/console/money-format';

/** Numbers, shares and money of the analytics pages in the reader's language (Intl). */
export function analyticsFormat(lang: string, none: string) {
  const count = new Intl.NumberFormat(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  return {
    count: (n: number) => count.format(n),
    /** a share (0..1), or the word for "no figure" when there is nothing to divide by */
    rate: (r: number | null) => (r === null || !Number.isFinite(r) ? none : percent.format(r)),
    /** part / whole as a share, none when the whole is 0 */
    share: (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : none),
    money: (minor: number, currency: string) => formatMoney(minor, currency, lang),
    /** one currency's gross of a list of amounts (0 when that currency has none) */
    moneyIn: (list: AnalyticsMoney[], currency: string, field: 'gross' | 'net' = 'gross') =>
      formatMoney(list.find((m) => m.currency === currency)?.[field] ?? 0, currency, lang),
    /** every currency's gross, "₩12,000 · $3.00"; none when there is no money */
    moneyAll: (list: AnalyticsMoney[], field: 'gross' | 'net' = 'gross') =>
      list.length === 0
        ? none
        : list.map((m) => formatMoney(m[field], m.currency, lang)).join(' · '),
    /** a service day (YYYY-MM-DD) as a month and day */
    monthDay: (day: string) =>
      new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    /** a service day (YYYY-MM-DD) as a date */
    day: (day: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
  };
}

/** A drama's title in the reader's language, else English, else its number. */
export const titleOf = (title: Record<string, string>, lang: string, dramId: number) =>
  title[lang] || title.en || `#${dramId}`;
