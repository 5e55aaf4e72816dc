import { ResultCode, httpStatusOf, type ErrorCode } from '@snapdrama/contract';

/** An error a client may see: a contract code and a plain message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = httpStatusOf(code);
  }
}

export const notFound = (what: string) => new AppError(ResultCode.NOT_FOUND, `${what} not found`);
