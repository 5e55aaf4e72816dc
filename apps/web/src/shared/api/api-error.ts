import { ResultCode } from '@snapdrama/contract';

/** Why a call failed: the server answered with an error, it timed out, or it never arrived. */
export type ApiErrorKind = 'server' | 'timeout' | 'network';

/** A failed API call. `code` is the server's result code (0 when there was none). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly code: number;
  /** The server's `message`, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(init: { kind: ApiErrorKind; status: number; code: number; serverMessage?: string }) {
    super(init.serverMessage ?? `${init.kind} error (HTTP ${init.status}, code ${init.code})`);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for a failure: the server's message first, else the caller's fallback (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return fallback;
}

/**
 * A failure that is nobody's choice and no refusal: the call never arrived, timed out, or the
 * server (or a provider behind it) failed. The same call may simply be sent again (issue 40: a
 * payment's confirmation is replay-safe on the server).
 */
export function isTechnicalFailure(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'server') return true;
  return error.status >= 500 || error.code === ResultCode.PAYMENT_PROVIDER_UNAVAILABLE;
}
