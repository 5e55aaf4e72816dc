import { describe, expect, it } from 'vitest';
import { readVipReturn } from './vip-return-params';

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
  ])('%s ?%s', (gateway, query, want) => {
    expect(readVipReturn(gateway, q(query))).toEqual(want);
  });
});
