import { describe, expect, it } from 'vitest';
import type { MessageKey } from '@snapdrama/contract';
import { readReturn } from './return-params';
import type { PendingOrder } from './pending-order';
import { stripeSessionIdOf } from './pending-order';

const t = (key: MessageKey) => `<${key}>`;
const q = (query: string) => new URLSearchParams(query);
const pending = (over: Partial<PendingOrder> = {}): PendingOrder => ({
  ordrId: 'ord_1',
  gateway: 'P',
  backTo: '/1/9',
  ...over,
});

describe('readReturn: Toss successUrl / failUrl', () => {
  it('confirms with paymentKey, orderId and amount', () => {
    expect(readReturn('toss', q('paymentKey=pk_1&orderId=ord_1&amount=13000'), null, t)).toEqual({
      kind: 'toss',
      body: { ordrId: 'ord_1', amnt: 13000, pymnKey: 'pk_1' },
    });
  });

  it('maps a failUrl code (spec §8), and never shows the provider text of others', () => {
    expect(readReturn('toss', q('code=REJECT_CARD_COMPANY&message=x&orderId=o'), null, t)).toEqual({
      kind: 'error',
      message: '<payment.msg_invaild_card>',
    });
    // the viewer's own cancel is not an error (issue 40): the page tells it as a notice
    expect(readReturn('toss', q('code=PAY_PROCESS_CANCELED&orderId=o'), null, t)).toEqual({
      kind: 'canceled',
    });
    expect(readReturn('toss', q('code=USER_CANCEL&orderId=o'), null, t)).toEqual({
      kind: 'canceled',
    });
    expect(readReturn('toss', q('code=OTHER&message=Limit%20reached'), null, t)).toEqual({
      kind: 'error',
      message: '<payment.msg_fail>',
    });
  });

  it('refuses a return without a whole positive amount', () => {
    for (const query of [
      'paymentKey=k&orderId=o',
      'paymentKey=k&orderId=o&amount=1.5',
      'orderId=o&amount=5',
    ])
      expect(readReturn('toss', q(query), null, t).kind).toBe('error');
  });
});

describe('readReturn: Stripe return_url', () => {
  it('confirms with session_id and the order', () => {
    expect(readReturn('stripe', q('session_id=cs_1&ordrId=ord_1'), null, t)).toEqual({
      kind: 'stripe',
      body: { ordrId: 'ord_1', sessionId: 'cs_1' },
    });
  });

  it('falls back to the client secret before "_secret_" (spec §5)', () => {
    const order = pending({ gateway: 'S', clientSecret: 'cs_9_secret_abc' });
    expect(readReturn('stripe', q(''), order, t)).toEqual({
      kind: 'stripe',
      body: { ordrId: 'ord_1', sessionId: 'cs_9' },
    });
    expect(readReturn('stripe', q('ordrId=o'), null, t)).toEqual({
      kind: 'error',
      message: '<payment.msg_stripe_session_not_found>',
    });
    expect(stripeSessionIdOf('_secret_x')).toBeUndefined();
  });

  it('a canceled checkout says canceled', () => {
    expect(readReturn('stripe', q('ordrId=o&canceled=1'), null, t)).toEqual({ kind: 'canceled' });
  });
});

describe('readReturn: PayPal approval', () => {
  it('confirms the approved PayPal order', () => {
    const order = pending({ paypalOrderId: 'PP1' });
    expect(readReturn('paypal', q('ordrId=ord_1&token=PP1&PayerID=X'), order, t)).toEqual({
      kind: 'paypal',
      body: { ordrId: 'ord_1', paypalOrderId: 'PP1' },
    });
  });

  it('refuses an approval of another PayPal order (spec §5)', () => {
    const order = pending({ paypalOrderId: 'PP1' });
    expect(readReturn('paypal', q('ordrId=ord_1&token=PP2'), order, t)).toEqual({
      kind: 'error',
      message: '<payment.msg_paypal_order_id_not_match>',
    });
  });

  it('a canceled approval says canceled', () => {
    expect(readReturn('paypal', q('ordrId=o&token=PP1&canceled=1'), null, t)).toEqual({
      kind: 'canceled',
    });
  });
});
