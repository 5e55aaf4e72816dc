import { createHash, randomBytes } from 'node:crypto';
import { base32Encode } from './totp';

/**
 * Secrets an operator is handed once: link tokens and recovery codes. Both are random enough
 * (256 and 60 bits) that a plain SHA-256 is what is kept: nothing to guess offline, unlike a
 * password, so no slow hash is needed.
 */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** 32 random bytes, base64url (43 characters): the token of an invite or reset link. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** `abcd-efgh-jklm`: 12 base32 letters (60 bits), grouped for reading aloud and typing. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const letters = base32Encode(randomBytes(8)).slice(0, 12).toLowerCase();
    return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
  });
}

/** What is hashed of a recovery code: lower case without dashes or spaces, as typed or pasted. */
export const normalizeRecoveryCode = (code: string): string =>
  code.replace(/[\s-]/g, '').toLowerCase();
