import {
  PAYMENT_ERROR_MESSAGE_KEYS,
  ResultCode,
  declineMessageKey,
  isTossCancelCode,
  providerCodeOf,
  type MessageKey,
} from '@snapdrama/contract';
import { isApiError } from '../../shared/api/api-error';

type Translate = (key: MessageKey) => string;

/** A viewer who backed out at Toss: told the same way as every gateway's cancel (payment-flow.tsx). */
export const isCancelCode = isTossCancelCode;

/**
 * A provider's refusal (a Toss failUrl's code, a declined confirmation at any gateway) in our
 * words: the code's own message when it has one (spec §8 for Toss, contract for Stripe and PayPal),
 * else the caller's generic one. The provider's own text is never shown (issue 40): it is in the
 * provider's language, not the reader's.
 */
export function declineText(
  code: string | undefined,
  t: Translate,
  fallback: MessageKey = 'payment.msg_declined',
): string {
  return t(declineMessageKey(code) ?? fallback);
}

/**
 * What the error popup says when a payment call failed (spec §8: the server message first, else
 * the caller's fallback; payment.msg_regist_fail for the order, payment.msg_fail after it). A
 * decline is told by its provider code in our words.
 */
export function paymentErrorText(error: unknown, t: Translate, fallback: MessageKey): string {
  if (!isApiError(error)) return t(fallback);
  if (error.code === ResultCode.PAYMENT_DECLINED)
    return declineText(providerCodeOf(error.serverMessage ?? ''), t);
  const key: MessageKey | undefined = (
    PAYMENT_ERROR_MESSAGE_KEYS as Partial<Record<number, MessageKey>>
  )[error.code];
  if (key) return t(key);
  return error.serverMessage ?? t(fallback);
}
