/** Nickname limits (spec §5, §9). */
export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 10;

/** Latin letters, Hangul syllables (가-힣) and digits; nothing else. */
const ALLOWED = /^[A-Za-z0-9\uAC00-\uD7A3]+$/u;

export type NicknameProblem = 'too_short' | 'too_long' | 'invalid_character' | 'same_as_current';

/** Characters as a person counts them (code points), so a Hangul syllable is one. */
export function nicknameLength(value: string): number {
  return Array.from(value).length;
}

/** What the input box keeps: at most 10 characters (spec §5: the input is truncated at 10). */
export function truncateNickname(value: string): string {
  return Array.from(value).slice(0, NICKNAME_MAX_LENGTH).join('');
}

/**
 * The nickname rule, shared by the server (authoritative) and the edit page (save button and
 * guide text). Null means the nickname may be saved.
 */
export function checkNickname(value: string, current?: string | null): NicknameProblem | null {
  const length = nicknameLength(value);
  if (length < NICKNAME_MIN_LENGTH) return 'too_short';
  if (length > NICKNAME_MAX_LENGTH) return 'too_long';
  if (!ALLOWED.test(value)) return 'invalid_character';
  if (current !== undefined && current !== null && value === current) return 'same_as_current';
  return null;
}
