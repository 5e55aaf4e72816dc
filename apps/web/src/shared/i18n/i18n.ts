import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, LANG_COOKIE, type Language } from '@snapdrama/contract';
import { matchLanguage } from '@snapdrama/rules';
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

/*
 * No raw key, ever (issue 47): a key the loaded dictionary lacks (a drama added after it was
 * loaded) shows the language's placeholder and asks dictionary.ts for one fresh copy.
 */
const PLACEHOLDER: Record<Language, string> = {
  ko: '불러오는 중',
  en: 'Loading',
  ja: '読み込み中',
};
let missingKeyListener: (language: Language, key: string) => void = () => undefined;

/** Who fetches the dictionary again when a key is missing (dictionary.ts). */
export function onMissingKey(listener: (language: Language, key: string) => void): void {
  missingKeyListener = listener;
}

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
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missingKeyListener(currentLanguage(), key),
    parseMissingKeyHandler: () => PLACEHOLDER[currentLanguage()],
    detection: {
      order: ['navigator', 'htmlTag', 'cookie', 'localStorage', 'path', 'subdomain'],
      caches: ['localStorage', 'cookie'],
      lookupCookie: LANG_COOKIE,
      lookupLocalStorage: LANG_COOKIE,
      cookieMinutes: ONE_YEAR_MINUTES,
      cookieOptions: { path: '/', sameSite: 'lax' },
      // BCP 47 (issue 47): "ko-KR" is ko, so i18next settles on and caches "ko", never "ko-KR"
      convertDetectedLanguage: (tag: string) => matchLanguage(tag) ?? tag,
    },
    // a dictionary fetched again re-renders what it translates
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

/** The supported language in use (any ko-* tag is ko, ja-* ja; anything else the fallback). */
export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage) ?? matchLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
}
