import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, LANG_COOKIE, type Language } from '@snapdrama/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The language this browser chose before (local storage, then the 'lang' cookie).
 *
 * Why this exists: the spec's detection order puts `navigator` first, so the detector alone would
 * let the browser language override a choice the user made. We therefore pass a stored choice as
 * `lng` (which skips detection entirely) and only let the detector run, in the spec's order, when
 * nothing was chosen yet. The detector still caches its result in local storage and the cookie.
 */
export function storedLanguage(): Language | undefined {
  try {
    const fromStorage = window.localStorage.getItem(LANG_COOKIE);
    if (isLanguage(fromStorage)) return fromStorage;
  } catch {
    // storage unavailable
  }
  const fromCookie = readCookie(LANG_COOKIE);
  return isLanguage(fromCookie) ? fromCookie : undefined;
}

const ONE_YEAR_MINUTES = 60 * 24 * 365;

/** Remembers a language choice where start-up looks for it. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANG_COOKIE, language);
  } catch {
    // storage unavailable: the cookie still keeps it
  }
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_MINUTES * 60}; samesite=lax`;
}

export const i18n = i18next.createInstance();

/** Resources are added per language from the server dictionary (see dictionary.ts). */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    keySeparator: false,
    nsSeparator: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['navigator', 'htmlTag', 'cookie', 'localStorage', 'path', 'subdomain'],
      caches: ['localStorage', 'cookie'],
      lookupCookie: LANG_COOKIE,
      lookupLocalStorage: LANG_COOKIE,
      cookieMinutes: ONE_YEAR_MINUTES,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
    react: { useSuspense: false },
  });

/** The supported language in use (ko-KR resolves to ko; anything else to en). */
export function currentLanguage(): Language {
  const candidates = [i18n.resolvedLanguage, i18n.language, i18n.language?.split('-')[0]];
  return candidates.find(isLanguage) ?? FALLBACK_LANGUAGE;
}
