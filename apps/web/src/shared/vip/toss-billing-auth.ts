import { isTossCancelCode, type VipSubscribeData } from '@snapdrama/contract';

/**
 * Live Toss: the SDK's card registration for automatic payment (requestBillingAuth), loaded only
 * when a viewer picks Toss. Toss then sends the buyer to successUrl?customerKey&authKey, or to
 * failUrl?code&message; the return page confirms with the server, which issues the billing key.
 */
export async function requestTossBillingAuth(
  toss: NonNullable<VipSubscribeData['toss']>,
): Promise<void> {
  if (!toss.clientKey) throw new Error('Toss has no client key');
  const { loadTossPayments } = await import('@tosspayments/tosspayments-sdk');
  const payments = await loadTossPayments(toss.clientKey);
  await payments.payment({ customerKey: toss.customerKey }).requestBillingAuth({
    method: 'CARD',
    successUrl: toss.successUrl,
    failUrl: toss.failUrl,
  });
}

/** The buyer closed Toss's registration window: a choice, not an error. */
export function isTossCancel(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && isTossCancelCode(code);
}
