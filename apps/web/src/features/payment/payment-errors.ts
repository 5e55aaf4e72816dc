import {
  PAYMENT_ERROR_MESSAGE_KEYS,
  ResultCode,
  isTossCancelCode,
  providerCodeOf,
  tossErrorMessageKey,
  type MessageKey,
} from '@snapdrama/contract';
import { isApiError } from '../../shared/api/api-error';

type Translate = (key: MessageKey) => string;

/** A viewer who backed out at Toss: told the same way as every gateway's cancel (payment-flow.tsx). */
export const isCancelCode = isTossCancelCode;

/**
 * A provider's own error (a Toss failUrl's code and message, or a declined confirmation): the
 * five Toss codes of spec §8 have their message; any other code shows the provider's raw text.
 */
export function providerErrorText(
  code: string | undefined,
  rawMessage: string | undefined,
  t: Translate,
  fallback: MessageKey = 'payment.msg_fail',
): string {
  const key = code ? tossErrorMessageKey(code) : undefined;
  if (key) return t(key);
  return rawMessage?.trim() ? rawMessage : t(fallback);
}

/**
 * What the error popup says when a payment call failed (spec §8: the server message first, else
 * the caller's fallback; payment.msg_regist_fail for the order, payment.msg_fail after it).
 */
export function paymentErrorText(error: unknown, t: Translate, fallback: MessageKey): string {
  if (!isApiError(error)) return t(fallback);
  if (error.code === ResultCode.PAYMENT_DECLINED && error.serverMessage) {
    // "<PROVIDER_CODE>: <provider message>" (contract): map Toss codes, else the raw text
    const code = providerCodeOf(error.serverMessage);
    const raw = code ? error.serverMessage.slice(code.length + 2) : error.serverMessage;
    return providerErrorText(code, raw, t, 'payment.msg_declined');
  }
  const key: MessageKey | undefined = (
    PAYMENT_ERROR_MESSAGE_KEYS as Partial<Record<number, MessageKey>>
  )[error.code];
  if (key) return t(key);
  return error.serverMessage ?? t(fallback);
}
