import { describe, expect, it } from 'vitest';
import { readVipReturn, vipDeclineText } from './vip-return-params';

describe('readVipReturn', () => {
  const q = (s: string) => new URLSearchParams(s);
  it.each([
    [
      'stripe',
      'session_id=cs_1&vipId=v1',
      { kind: 'stripe', body: { vipId: 'v1', sessionId: 'cs_1' } },
    ],
    [
      'paypal',
      'vipId=v1&subscription_id=I-1&ba_token=BA-1',
      { kind: 'paypal', body: { vipId: 'v1', subscriptionId: 'I-1' } },
    ],
    ['stripe', 'vipId=v1&canceled=1', { kind: 'canceled' }],
    ['paypal', 'vipId=v1&canceled=1&subscription_id=I-1', { kind: 'canceled' }],
    ['stripe', 'vipId=v1', { kind: 'invalid' }],
    ['stripe', 'session_id=cs_1', { kind: 'invalid' }],
    ['toss', 'session_id=cs_1&vipId=v1', { kind: 'invalid' }],
    [
      'toss',
      'vipId=v1&customerKey=ck_1&authKey=bln_1',
      { kind: 'toss', body: { vipId: 'v1', customerKey: 'ck_1', authKey: 'bln_1' } },
    ],
    ['toss', 'vipId=v1&customerKey=ck_1', { kind: 'invalid' }],
    ['toss', 'vipId=v1&code=PAY_PROCESS_CANCELED&message=x', { kind: 'canceled' }],
    ['toss', 'vipId=v1&code=USER_CANCEL', { kind: 'canceled' }],
    [
      'toss',
      'vipId=v1&code=REJECT_CARD_COMPANY&message=x',
      { kind: 'declined', code: 'REJECT_CARD_COMPANY' },
    ],
  ])('%s ?%s', (gateway, query, want) => {
    expect(readVipReturn(gateway, q(query))).toEqual(want);
  });
});

describe('vipDeclineText', () => {
  const t = (key: string) => `<${key}>`;
  it('tells a decline in our words: the mapped Toss codes, else our own message', () => {
    expect(vipDeclineText('REJECT_CARD_COMPANY', t)).toBe('<payment.msg_invaild_card>');
    expect(vipDeclineText('NOT_ENOUGH_BALANCE', t)).toBe('<vip.msg_declined>');
    expect(vipDeclineText(undefined, t)).toBe('<vip.msg_declined>');
  });

  it("tells Stripe's and PayPal's declines in our words too (issue 40)", () => {
    expect(vipDeclineText('card_declined', t)).toBe('<payment.msg_card_declined>');
    expect(vipDeclineText('insufficient_funds', t)).toBe('<payment.msg_insufficient_funds>');
    expect(vipDeclineText('INSTRUMENT_DECLINED', t)).toBe('<payment.msg_instrument_declined>');
    // a look-alike of another code is not that code
    expect(vipDeclineText('CARD_DECLINED', t)).toBe('<vip.msg_declined>');
    expect(vipDeclineText('toString', t)).toBe('<vip.msg_declined>');
  });
});
