/** What the provider's return URL says: confirm with these ids, or the buyer backed out. */
export function readVipReturn(gateway: string | undefined, params: URLSearchParams) {
  const vipId = params.get('vipId') ?? '';
  if (params.get('canceled') === '1') return { kind: 'canceled' as const };
  if (gateway === 'stripe' && vipId && params.get('session_id'))
    return { kind: 'stripe' as const, body: { vipId, sessionId: params.get('session_id') ?? '' } };
  if (gateway === 'paypal' && vipId && params.get('subscription_id'))
    return {
      kind: 'paypal' as const,
      body: { vipId, subscriptionId: params.get('subscription_id') ?? '' },
    };
  return { kind: 'invalid' as const };
}
