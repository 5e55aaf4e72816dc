import { describe, expect, it } from 'vitest';
import { ResultCode, type MessageKey } from '@snapdrama/contract';
import { ApiError } from '../../shared/api/api-error';
import { paymentErrorText, providerErrorText } from './payment-errors';

const t = (key: MessageKey) => `<${key}>`;
const serverError = (code: number, serverMessage?: string) =>
  new ApiError({ kind: 'server', status: Math.floor(code / 1000), code, serverMessage });

describe('providerErrorText (spec §8 Toss codes)', () => {
  it.each([
    ['PAY_PROCESS_CANCELED', 'payment.msg_cancel'],
    ['INVALID_CARD_COMPANY', 'payment.msg_reject'],
    ['PAY_PROCESS_ABORTED', 'payment.msg_abort'],
    ['NOT_SUPPORTED_EASYPAY_METHOD', 'payment.msg_not_support'],
    ['REJECT_CARD_COMPANY', 'payment.msg_invaild_card'],
  ])('%s shows %s', (code, key) => {
    expect(providerErrorText(code, 'raw text', t)).toBe(`<${key}>`);
  });

  it('shows the raw message of any other code', () => {
    expect(providerErrorText('EXCEED_MAX_DAILY_PAYMENT_COUNT', 'Too many today', t)).toBe(
      'Too many today',
    );
  });

  it('falls back to the caller key without a message', () => {
    expect(providerErrorText(undefined, ' ', t)).toBe('<payment.msg_fail>');
  });
});

describe('paymentErrorText', () => {
  it('maps a declined Toss confirmation by its provider code', () => {
    const error = serverError(ResultCode.PAYMENT_DECLINED, 'REJECT_CARD_COMPANY: card refused');
    expect(paymentErrorText(error, t, 'payment.msg_fail')).toBe('<payment.msg_invaild_card>');
  });

  it('shows the provider text of an unmapped decline without its code', () => {
    const error = serverError(
      ResultCode.PAYMENT_DECLINED,
      'card_declined: Your card was declined.',
    );
    expect(paymentErrorText(error, t, 'payment.msg_fail')).toBe(
      'card_declined: Your card was declined.',
    );
    const upper = serverError(ResultCode.PAYMENT_DECLINED, 'CARD_DECLINED: Declined by issuer');
    expect(paymentErrorText(upper, t, 'payment.msg_fail')).toBe('Declined by issuer');
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

  it('a decline without any text says declined', () => {
    expect(
      paymentErrorText(serverError(ResultCode.PAYMENT_DECLINED, 'X: '), t, 'payment.msg_fail'),
    ).toBe('<payment.msg_declined>');
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
