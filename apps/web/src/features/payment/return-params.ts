import type {
  MessageKey,
  PaypalConfirmBody,
  StripeConfirmBody,
  TossConfirmBody,
} from '@snapdrama/contract';
import { declineText, isCancelCode } from './payment-errors';
import { stripeSessionIdOf, type PendingOrder } from './pending-order';

/** The web gateways' return routes: /payment/return/{toss|stripe|paypal}. */
export const RETURN_GATEWAYS = ['toss', 'stripe', 'paypal'] as const;
export type ReturnGateway = (typeof RETURN_GATEWAYS)[number];

export const returnPath = (gateway: ReturnGateway) => `/payment/return/${gateway}`;

type Translate = (key: MessageKey) => string;

/**
 * What a provider's return asks for: a confirmation call, an error to show, or the viewer's cancel
 * to acknowledge (nothing charged either way).
 */
export type ReturnAction =
  | { kind: 'toss'; body: TossConfirmBody }
  | { kind: 'stripe'; body: StripeConfirmBody }
  | { kind: 'paypal'; body: PaypalConfirmBody }
  | { kind: 'error'; message: string }
  /** the viewer backed out at the provider: nothing charged, nothing wrong */
  | { kind: 'canceled' };

const canceledReturn: ReturnAction = { kind: 'canceled' };
const fail = (message: string): ReturnAction => ({ kind: 'error', message });

/**
 * Reads a provider's return the way each provider sends it (the local stand-ins send the same):
 * Toss's successUrl (paymentKey, orderId, amount) or failUrl (code, message); Stripe's return_url
 * (session_id); PayPal's approval (token = the PayPal order id). The order comes from the URL or
 * from the order this tab left for; nothing from the URL is trusted beyond choosing the call:
 * the server checks amounts, sessions and orders against its own records (spec §5).
 */
export function readReturn(
  gateway: ReturnGateway,
  params: URLSearchParams,
  pending: PendingOrder | null,
  t: Translate,
): ReturnAction {
  const canceled = params.get('canceled') === '1' || params.get('cancel') === '1';
  switch (gateway) {
    case 'toss': {
      const code = params.get('code') ?? undefined;
      if (isCancelCode(code)) return canceledReturn;
      // Toss's failUrl message is Toss's Korean text: told in our words by its code instead
      if (code) return fail(declineText(code, t, 'payment.msg_fail'));
      const ordrId = params.get('orderId') ?? pending?.ordrId;
      const pymnKey = params.get('paymentKey');
      const amnt = Number(params.get('amount'));
      if (!ordrId || !pymnKey || !Number.isInteger(amnt) || amnt <= 0)
        return fail(t('payment.msg_fail'));
      return { kind: 'toss', body: { ordrId, amnt, pymnKey } };
    }
    case 'stripe': {
      if (canceled) return canceledReturn;
      const ordrId = params.get('ordrId') ?? pending?.ordrId;
      const sessionId = params.get('session_id') ?? stripeSessionIdOf(pending?.clientSecret);
      if (!sessionId) return fail(t('payment.msg_stripe_session_not_found'));
      if (!ordrId) return fail(t('payment.msg_fail'));
      return { kind: 'stripe', body: { ordrId, sessionId } };
    }
    case 'paypal': {
      if (canceled) return canceledReturn;
      const ordrId = params.get('ordrId') ?? pending?.ordrId;
      const paypalOrderId = params.get('token');
      if (!ordrId || !paypalOrderId) return fail(t('payment.msg_fail'));
      // spec §5: the approval must be the PayPal order this tab created
      if (pending?.paypalOrderId && pending.paypalOrderId !== paypalOrderId)
        return fail(t('payment.msg_paypal_order_id_not_match'));
      return { kind: 'paypal', body: { ordrId, paypalOrderId } };
    }
  }
}
