import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, LANG_COOKIE, type Language } from '@snapdrama/contract';
import { isLanguage, storedLanguage } from './stored-language';

export { isLanguage, storedLanguage };

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
