import type { TFunction } from 'i18next';
import type {
  MessageKey,
  PaymentGateway,
  PaymentOrderData,
  VipChargeData,
  VipPlanCode,
} from '@snapdrama/contract';
import { formatPrice } from '../price';

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

/** A pass plan's name in a charge's title ("VIP pass (Weekly)"). */
export const VIP_PLAN_LABEL: Record<VipPlanCode, MessageKey> = {
  vip_weekly: 'vip.weekly',
  vip_monthly: 'vip.monthly',
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A pass period's first and last day, as the page's language writes a range of dates. */
export function formatPeriod(fromIso: string, toIso: string, language: string): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    dayFormats.set(language, format);
  }
  return format.formatRange(new Date(fromIso), new Date(toIso));
}

/** What a pass charge cost, or where to find it: a store keeps its own price and receipt. */
export function chargeAmount(charge: VipChargeData, language: string, t: TFunction): string {
  return charge.amnt !== null && charge.crncy !== null
    ? formatPrice({ currency: charge.crncy, amount: charge.amnt }, language)
    : t('orders.store_price');
}
