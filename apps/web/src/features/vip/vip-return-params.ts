import { declineMessageKey, isTossCancelCode, type MessageKey } from '@snapdrama/contract';

/**
 * What the provider's return URL says: confirm with these ids, the buyer backed out, or Toss's
 * failUrl named why the card registration failed (its code, told in our words by the page).
 */
export function readVipReturn(gateway: string | undefined, params: URLSearchParams) {
  const vipId = params.get('vipId') ?? '';
  if (params.get('canceled') === '1') return { kind: 'canceled' as const };
  if (gateway === 'toss') {
    const code = params.get('code');
    if (code) {
      return isTossCancelCode(code)
        ? { kind: 'canceled' as const }
        : { kind: 'declined' as const, code };
    }
    const customerKey = params.get('customerKey');
    const authKey = params.get('authKey');
    if (vipId && customerKey && authKey)
      return { kind: 'toss' as const, body: { vipId, customerKey, authKey } };
  }
  if (gateway === 'stripe' && vipId && params.get('session_id'))
    return { kind: 'stripe' as const, body: { vipId, sessionId: params.get('session_id') ?? '' } };
  if (gateway === 'paypal' && vipId && params.get('subscription_id'))
    return {
      kind: 'paypal' as const,
      body: { vipId, subscriptionId: params.get('subscription_id') ?? '' },
    };
  return { kind: 'invalid' as const };
}

/**
 * A provider's refusal in our words: the codes the contract maps (Toss's of spec §8, Stripe's,
 * PayPal's) have their message, any other decline our own (never the provider's raw text).
 */
export function vipDeclineText(code: string | undefined, t: (key: MessageKey) => string) {
  return t(declineMessageKey(code) ?? 'vip.msg_declined');
}
