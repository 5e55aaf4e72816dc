/** Prices of the pass on the web are charged in USD (Stripe, PayPal). */
export const usd = (amount: number) => `$${amount.toFixed(2)}`;

/** A pass date in the viewer's locale, e.g. "Nov 30, 2026, 18:05". */
export function formatVipDate(iso: string | null, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
