import { z } from 'zod';

/**
 * Identity checks for the age gate (issue 40 item 4, decision 1490): an adult check through
 * PortOne's identity verification (V2), or its local stand-in outside production. The browser
 * runs the provider's step with an id the server handed out; the server then asks the provider
 * and keeps only the birth year and the time of the check.
 */

export const IDENTITY_CHECK_PATH = '/user/identity-check';
export const IDENTITY_CHECK_CONFIRM_PATH = '/user/identity-check/confirm';
/** The local stand-in's page (never in production): a tester enters a birth date. */
export const IDENTITY_SANDBOX_PAGE = '/sandbox/identity';

/** PortOne's identityVerificationId: ours, handed out by the server for one member. */
export const identityVerificationId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be letters, digits, - or _' });

export const identityCheckStartBody = z.object({
  /** the page of ours the provider's step returns to (the episode), e.g. /10/1 */
  returnPath: z
    .string()
    .max(512)
    .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'must be a path of this site' }),
});
export type IdentityCheckStartBody = z.infer<typeof identityCheckStartBody>;

export const identityCheckStartData = z.object({
  identityVerificationId,
  /** portone: the PortOne browser SDK runs the step; sandbox: the local stand-in's page */
  mode: z.enum(['portone', 'sandbox']),
  /** the PortOne store and identity channel (portone mode) */
  storeId: z.string().nullable(),
  channelKey: z.string().nullable(),
  /** the stand-in's page for this check (sandbox mode), else null */
  sandboxUrl: z.string().nullable(),
});
export type IdentityCheckStartData = z.infer<typeof identityCheckStartData>;

export const identityCheckConfirmBody = z.object({ identityVerificationId });
export type IdentityCheckConfirmBody = z.infer<typeof identityCheckConfirmBody>;

/** The member's age check: adult or not (by the year of the check's service day), and when. */
export const ageCheck = z.object({
  /** Y when the check says 19 or over this year (decision 1490) */
  adult_yn: z.enum(['Y', 'N']),
  /** when the check was made (ISO 8601) */
  vrfc_dtm: z.string(),
});
export type AgeCheck = z.infer<typeof ageCheck>;

export const identityCheckConfirmData = z.object({ age_check: ageCheck });
export type IdentityCheckConfirmData = z.infer<typeof identityCheckConfirmData>;
