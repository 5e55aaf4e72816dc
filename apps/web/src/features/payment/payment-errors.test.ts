import { describe, expect, it } from 'vitest';
import {
  DECLINE_MESSAGE_KEYS,
  ResultCode,
  STORE_REFUSAL_MESSAGE_KEYS,
  storeFailureOf,
  enMessages,
  jaMessages,
  koMessages,
  type MessageKey,
} from '@snapdrama/contract';
import { ApiError, isTechnicalFailure } from '../../shared/api/api-error';
import { declineText, paymentErrorText } from './payment-errors';

const t = (key: MessageKey) => `<${key}>`;
const serverError = (code: number, serverMessage?: string) =>
  new ApiError({ kind: 'server', status: Math.floor(code / 1000), code, serverMessage });

describe('declineText (spec §8 Toss codes, issue 40 for Stripe and PayPal)', () => {
  it.each([
    ['PAY_PROCESS_CANCELED', 'payment.msg_cancel'],
    ['INVALID_CARD_COMPANY', 'payment.msg_reject'],
    ['PAY_PROCESS_ABORTED', 'payment.msg_abort'],
    ['NOT_SUPPORTED_EASYPAY_METHOD', 'payment.msg_not_support'],
    ['REJECT_CARD_COMPANY', 'payment.msg_invaild_card'],
    // Stripe, lower case as its API reports them
    ['card_declined', 'payment.msg_card_declined'],
    ['insufficient_funds', 'payment.msg_insufficient_funds'],
    ['expired_card', 'payment.msg_expired_card'],
    ['incorrect_cvc', 'payment.msg_reject'],
    ['authentication_required', 'payment.msg_authentication_required'],
    // PayPal capture issues
    ['INSTRUMENT_DECLINED', 'payment.msg_instrument_declined'],
    ['PAYER_ACTION_REQUIRED', 'payment.msg_payer_action_required'],
    ['PAYER_CANNOT_PAY', 'payment.msg_payer_cannot_pay'],
    ['MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED', 'payment.msg_too_many_attempts'],
  ])('%s shows %s', (code, key) => {
    expect(declineText(code, t)).toBe(`<${key}>`);
  });

  it('any other code, or none, is the generic decline (or the caller key), never raw text', () => {
    expect(declineText('EXCEED_MAX_DAILY_PAYMENT_COUNT', t)).toBe('<payment.msg_declined>');
    expect(declineText('__proto__', t)).toBe('<payment.msg_declined>');
    expect(declineText(undefined, t, 'payment.msg_fail')).toBe('<payment.msg_fail>');
  });

  it('every mapped message exists in ko, en and ja, and the Korean and Japanese differ from English', () => {
    for (const key of new Set(Object.values(DECLINE_MESSAGE_KEYS))) {
      expect(enMessages[key]).toBeTruthy();
      expect(koMessages[key]).toBeTruthy();
      expect(jaMessages[key]).toBeTruthy();
      expect(koMessages[key]).not.toBe(enMessages[key]);
      expect(jaMessages[key]).not.toBe(enMessages[key]);
    }
  });
});

describe('storeFailureOf (an app store purchase that failed, issue 40)', () => {
  it.each([
    ['billing-unavailable', 'refused', 'payment.msg_store_not_allowed'],
    ['user-error', 'refused', 'payment.msg_store_not_allowed'],
    ['item-unavailable', 'refused', 'payment.msg_store_item_unavailable'],
    ['sku-not-found', 'refused', 'payment.msg_store_item_unavailable'],
    ['already-owned', 'refused', 'payment.msg_store_already_owned'],
    ['pending', 'waiting', 'payment.msg_store_pending'],
    ['deferred-payment', 'waiting', 'payment.msg_store_pending'],
    // technical: asked again for the same order
    ['network-error', 'technical', 'payment.msg_store_error'],
    ['service-error', 'technical', 'payment.msg_store_error'],
    ['service-timeout', 'technical', 'payment.msg_store_error'],
    ['unknown', 'technical', 'payment.msg_store_error'],
    ['__proto__', 'technical', 'payment.msg_store_error'],
    [undefined, 'technical', 'payment.msg_store_error'],
  ])('%s is %s (%s)', (reason, kind, messageKey) => {
    expect(storeFailureOf(reason)).toEqual({ kind, messageKey });
  });

  it('every store message exists in ko, en and ja, and the Korean and Japanese differ from English', () => {
    const keys = [
      ...Object.values(STORE_REFUSAL_MESSAGE_KEYS),
      'payment.msg_store_pending',
      'payment.msg_store_error',
    ] as const;
    for (const key of new Set(keys)) {
      expect(enMessages[key]).toBeTruthy();
      expect(koMessages[key]).toBeTruthy();
      expect(jaMessages[key]).toBeTruthy();
      expect(koMessages[key]).not.toBe(enMessages[key]);
      expect(jaMessages[key]).not.toBe(enMessages[key]);
    }
  });
});

describe('paymentErrorText', () => {
  it('maps a declined Toss confirmation by its provider code', () => {
    const error = serverError(ResultCode.PAYMENT_DECLINED, 'REJECT_CARD_COMPANY: card refused');
    expect(paymentErrorText(error, t, 'payment.msg_fail')).toBe('<payment.msg_invaild_card>');
  });

  it('maps Stripe and PayPal declines as the server forwards them', () => {
    const stripe = serverError(
      ResultCode.PAYMENT_DECLINED,
      'card_declined: Your card was declined.',
    );
    expect(paymentErrorText(stripe, t, 'payment.msg_fail')).toBe('<payment.msg_card_declined>');
    const paypal = serverError(
      ResultCode.PAYMENT_DECLINED,
      'INSTRUMENT_DECLINED: The instrument presented was either declined by the processor or bank.',
    );
    expect(paymentErrorText(paypal, t, 'payment.msg_fail')).toBe(
      '<payment.msg_instrument_declined>',
    );
  });

  it('an unmapped or uncoded decline is the generic one, never the provider text', () => {
    const coded = serverError(ResultCode.PAYMENT_DECLINED, 'CARD_DECLINED: Declined by issuer');
    expect(paymentErrorText(coded, t, 'payment.msg_fail')).toBe('<payment.msg_declined>');
    const bare = serverError(ResultCode.PAYMENT_DECLINED, 'Declined by issuer');
    expect(paymentErrorText(bare, t, 'payment.msg_fail')).toBe('<payment.msg_declined>');
    expect(paymentErrorText(serverError(ResultCode.PAYMENT_DECLINED), t, 'payment.msg_fail')).toBe(
      '<payment.msg_declined>',
    );
  });

  it.each([
    [ResultCode.PAYPAL_ORDER_ID_MISMATCH, 'payment.msg_paypal_order_id_not_match'],
    [ResultCode.STRIPE_SESSION_NOT_FOUND, 'payment.msg_stripe_session_not_found'],
    [ResultCode.PAYMENT_PRICE_MISMATCH, 'payment.msg_price_changed'],
    [ResultCode.PAYMENT_ALREADY_USED, 'payment.msg_already_used'],
  ])('code %i shows %s (spec §5)', (code, key) => {
    expect(paymentErrorText(serverError(code, 'server text'), t, 'payment.msg_fail')).toBe(
      `<${key}>`,
    );
  });

  it('prefers the server message, else the fallback (spec §8)', () => {
    const withText = serverError(ResultCode.PAYMENT_ORDER_CLOSED, 'Order is closed');
    expect(paymentErrorText(withText, t, 'payment.msg_fail')).toBe('Order is closed');
    expect(paymentErrorText(serverError(500000), t, 'payment.msg_regist_fail')).toBe(
      '<payment.msg_regist_fail>',
    );
    expect(paymentErrorText(new Error('network'), t, 'payment.msg_fail')).toBe(
      '<payment.msg_fail>',
    );
  });
});

describe('isTechnicalFailure (a retry, not a refusal)', () => {
  it('a lost call, a timeout, a 5xx and an unavailable provider are technical', () => {
    expect(isTechnicalFailure(new ApiError({ kind: 'network', status: 0, code: 0 }))).toBe(true);
    expect(isTechnicalFailure(new ApiError({ kind: 'timeout', status: 0, code: 0 }))).toBe(true);
    expect(isTechnicalFailure(serverError(500000))).toBe(true);
    expect(isTechnicalFailure(new ApiError({ kind: 'server', status: 502, code: 0 }))).toBe(true);
    expect(isTechnicalFailure(serverError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE))).toBe(true);
    expect(isTechnicalFailure(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('a decline, a cancel-like closed order or a bad request is not', () => {
    expect(isTechnicalFailure(serverError(ResultCode.PAYMENT_DECLINED, 'X: y'))).toBe(false);
    expect(isTechnicalFailure(serverError(ResultCode.PAYMENT_ORDER_CLOSED))).toBe(false);
    expect(isTechnicalFailure(serverError(ResultCode.PAYPAL_ORDER_ID_MISMATCH))).toBe(false);
  });
});
