import type { MessageKey, PaymentGateway, PaymentOrderData } from '@snapdrama/contract';

/** The gateway's name as the checkout shows it. */
export const GATEWAY_LABEL: Record<PaymentGateway, MessageKey> = {
  T: 'payment.gateway_toss',
  S: 'payment.gateway_stripe',
  P: 'payment.gateway_paypal',
  G: 'payment.gateway_google',
  A: 'payment.gateway_apple',
};

/** What a viewer is told of an order's state: paid (credited or not yet), refunded, failed. */
export function stateLabel(state: PaymentOrderData['stts']): MessageKey {
  if (state === 'refunded') return 'orders.state_refunded';
  if (state === 'failed' || state === 'canceled') return 'orders.state_failed';
  if (state === 'registered') return 'orders.state_open';
  return 'orders.state_paid';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the page's language and the viewer's time zone. */
export function formatOrderTime(iso: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}
