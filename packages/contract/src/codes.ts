/**
 * Result codes. Success is 0; every error code has six digits whose first three are the HTTP
 * status it travels with (ARCHITECTURE.md "Responses").
 */
export const ResultCode = {
  OK: 0,
  BAD_REQUEST: 400001,
  INVALID_SESSION: 401001,
  REFRESH_TOKEN_INVALID: 401002,
  FORBIDDEN: 403001,
  MEDIA_SIGNATURE_INVALID: 403002,
  GUEST_NOT_FOUND: 403003,
  EPISODE_LOCKED: 403004,
  NOT_FOUND: 404001,
  DRAMA_NOT_FOUND: 404002,
  EPISODE_NOT_FOUND: 404003,
  LANGUAGE_NOT_FOUND: 404004,
  WATCH_LOG_NOT_FOUND: 404005,
  ALREADY_BOOKMARKED: 409001,
  REFRESH_TOKEN_REUSED: 409002,
  ALREADY_JOINED: 409003,
  ACCESS_TOKEN_EXPIRED: 419001,
  RATE_LIMITED: 429001,
  INTERNAL: 500001,
  UNAVAILABLE: 503001,
  // wallet: signed-in only; coin unlock and coin ledger refusals (409 05x)
  /** a guest tried something that needs a signed-in account; the client opens login */
  GUEST_NOT_ALLOWED: 403005,
  /** the valid balance is below the price; the client opens the payment popup */
  INSUFFICIENT_COINS: 409050,
  /** the episode is already playable (viewed or unlocked another way): nothing to buy */
  EPISODE_ALREADY_UNLOCKED: 409051,
  /** only the next locked episode (unlock number + 1) can be bought */
  EPISODE_NOT_NEXT: 409052,
  /** a free episode (coin 0) is never bought */
  EPISODE_FREE: 409053,
  /** an idempotency key was reused for a different grant or refund */
  IDEMPOTENCY_KEY_REUSED: 409054,
  /** bonus coins, expired or spent coins cannot be refunded */
  REFUND_NOT_ALLOWED: 409055,
  // accounts: social sign-in, consent, nickname, inquiry (x01x)
  /** nickname outside 2-10 Latin letters, Hangul syllables and digits */
  NICKNAME_INVALID: 400010,
  /** the new nickname equals the current one */
  NICKNAME_UNCHANGED: 400011,
  /** sign-up without age 14+, terms of service and privacy policy */
  CONSENT_REQUIRED: 400012,
  /** a customer inquiry shorter than 20 characters */
  INQUIRY_TOO_SHORT: 400013,
  /** the sign-in return address is not one of ours */
  REDIRECT_URI_NOT_ALLOWED: 400014,
  /** the provider's code or token could not be verified (state, nonce, signature, expiry...) */
  SOCIAL_AUTH_FAILED: 401010,
  /** a sign-in ticket that is forged, expired, already used or for another method */
  SIGN_IN_TICKET_INVALID: 401011,
  /** social login for an identity that has no account yet: the client shows the terms and joins */
  ACCOUNT_NOT_FOUND: 404010,
  /** the provider is not configured (and the sandbox is off) or did not answer */
  PROVIDER_UNAVAILABLE: 503010,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ErrorCode = Exclude<(typeof ResultCode)[ResultCodeName], 0>;

/** The HTTP status an error code travels with: its first three digits. */
export function httpStatusOf(code: number): number {
  if (code === 0) return 200;
  return Math.floor(code / 1000);
}

/** The spec's "default code 000000". */
export const DEFAULT_CODE = '000000';
/** The spec's all-zero id constant. */
export const ZERO_ID = '00000000-0000-0000-0000-000000000000';
