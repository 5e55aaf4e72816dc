import { fromMinorUnits } from '@snapdrama/rules';

/** An amount in minor units (won, cents) as the console's reader writes money. */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const value = currency === 'KRW' || currency === 'USD' ? fromMinorUnits(minor, currency) : minor;
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(value);
}

/** A time as a short date and time in the reader's language. */
export const formatWhen = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });

/** The first block of an id: enough to tell orders apart on screen (the full id is its title). */
export const shortId = (id: string) => id.slice(0, 8);
