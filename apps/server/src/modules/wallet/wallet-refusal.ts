import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../../errors';

/** The SQLSTATE of a database error (both drivers expose it as `code`, maybe on `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The message of the innermost database error (the RAISE text of wallet_grant). */
function databaseMessage(error: unknown): string {
  let e: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if (typeof (e as { code?: unknown }).code === 'string' && e instanceof Error)
      message = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * wallet_grant's refusals (migration 0014) as the wallet's result codes; undefined for any other
 * error. Every caller of wallet_grant, in TypeScript or through another module's SQL function,
 * passes its errors through this.
 */
export function walletRefusal(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  const message = () => databaseMessage(error);
  switch (state) {
    case 'WA400':
      return new AppError(ResultCode.BAD_REQUEST, message());
    case 'WA403':
      return new AppError(ResultCode.GUEST_NOT_ALLOWED, message());
    case 'WA404':
      return new AppError(ResultCode.NOT_FOUND, message());
    case 'WA409':
      return new AppError(ResultCode.IDEMPOTENCY_KEY_REUSED, message());
    case undefined:
    default:
      return undefined;
  }
}
