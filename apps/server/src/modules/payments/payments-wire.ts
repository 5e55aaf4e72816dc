/**
 * Orders as receipts show them, the refusal of an unknown order, and where coins paid through a
 * gateway were bought.
 */
import {
  ResultCode,
  type OrderState,
  type PaymentCurrency,
  type PaymentGateway,
  type PaymentOrderData,
} from '@snapdrama/contract';
import { fromMinorUnits, type CoinPurchaseChannel } from '@snapdrama/rules';
import { AppError } from '../../errors';
import type { OrderRow, TransitionRow } from './payments.tables';

/** Where coins paid through a gateway were bought: Apple and Google in their stores, the rest on the web. */
export function channelOfGateway(gateway: string | undefined): CoinPurchaseChannel {
  if (gateway === 'A') return 'app_store';
  if (gateway === 'G') return 'google_play';
  return 'web';
}

export const orderNotFound = () =>
  new AppError(ResultCode.PAYMENT_ORDER_NOT_FOUND, 'No such payment order');

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order as "My orders" and its receipt show it; `transitions` are the order's, oldest first. */
export function toReceipt(order: OrderRow, transitions: TransitionRow[]): PaymentOrderData {
  const paid = transitions.find((t) => t.toState === 'paid' || t.toState === 'credited');
  const refunds = transitions.filter((t) => t.toState === 'refunded');
  const restores = transitions.filter((t) => t.fromState === 'refunded');
  const refunded = order.state === 'refunded' ? refunds.at(-1) : undefined;
  const took = (list: TransitionRow[], field: 'refunded_coin' | 'granted_coin') =>
    list.reduce(
      (sum, t) => sum + Number((t.detail as Record<string, unknown> | null)?.[field] ?? 0),
      0,
    );
  return {
    ordrId: order.id,
    stts: order.state as OrderState,
    gods_code: order.godsCode,
    pymn_gtwy: order.gateway as PaymentGateway,
    amnt: fromMinorUnits(order.amountMinor, order.currency as PaymentCurrency),
    crncy: order.currency as PaymentCurrency,
    rgst_dtm: order.createdAt.toISOString(),
    paid_coin: order.paidCoin,
    bons_coin: order.creditedBonus ?? 0,
    paid_dtm: paid ? paid.at.toISOString() : null,
    rfnd_dtm: refunded ? refunded.at.toISOString() : null,
    // what the refunds took back, less what restores gave back
    rfnd_coin: Math.max(0, took(refunds, 'refunded_coin') - took(restores, 'granted_coin')),
  };
}
