import { LANGUAGES, LANG_COOKIE, type Language } from '@snapdrama/contract';
import { matchLanguage } from '@snapdrama/rules';

/*
 * The language choice a browser keeps, read without i18next: the boot script reads it too
 * (src/boot), long before the app's code has loaded.
 */

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readCookie(doc: Pick<Document, 'cookie'>, name: string): string | undefined {
  const match = doc.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The language this browser chose before (local storage, then the 'lang' cookie).
 *
 * Why this exists: the spec's detection order puts `navigator` first, so the detector alone would
 * let the browser language override a choice the user made. i18n.ts therefore passes a stored
 * choice as `lng` (which skips detection entirely) and only lets the detector run, in the spec's
 * order, when nothing was chosen yet. The detector still caches its result in local storage and
 * the cookie.
 */
export function storedLanguage(
  win: Pick<Window, 'localStorage' | 'document'> = window,
): Language | undefined {
  try {
    // "ko-KR" was cached before issue 47: it is the Korean choice all the same
    const fromStorage = matchLanguage(win.localStorage.getItem(LANG_COOKIE));
    if (fromStorage) return fromStorage;
  } catch {
    // storage unavailable
  }
  return matchLanguage(readCookie(win.document, LANG_COOKIE));
}
