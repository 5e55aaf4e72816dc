import { useSyncExternalStore } from 'react';
import { LANGUAGES, LANG_COOKIE, type Language } from '@snapdrama/contract';
import { negotiateLanguage } from '@snapdrama/rules';
import { pseudoLocaleOn, pseudoLocalize } from '../i18n/pseudo-locale';

/**
 * Console text (docs/decisions/1202): each console page owns its strings in en, ko and ja,
 * declared with `defineConsoleMessages`, and the compiler refuses a key missing in any language.
 * They ship in the console's own bundle, never in the viewers' dictionary.
 */
export type ConsoleMessages<K extends string> = {
  en: Record<K, string>;
  ko: Record<K, string>;
  ja: Record<K, string>;
};

export function defineConsoleMessages<const E extends Record<string, string>>(messages: {
  en: E;
  ko: Record<keyof E, string>;
  ja: Record<keyof E, string>;
}): ConsoleMessages<Extract<keyof E, string>> {
  return messages;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(`console_${LANG_COOKIE}`);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable
  }
  return negotiateLanguage([...navigator.languages, navigator.language]) ?? 'en';
}

let language: Language = typeof window === 'undefined' ? 'en' : initialLanguage();
const listeners = new Set<() => void>();

/** The console's language now (sent as Accept-Language: the server refuses in it). */
export const consoleLanguage = (): Language => language;

export function setConsoleLanguage(next: Language): void {
  language = next;
  try {
    window.localStorage.setItem(`console_${LANG_COOKIE}`, next);
  } catch {
    // storage unavailable: the choice lasts until reload
  }
  document.documentElement.lang = next;
  listeners.forEach((l) => l());
}

export function useConsoleLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => language,
    () => 'en',
  );
}

/** `{{name}}` placeholders filled from vars. */
export function fillText(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** `const t = useConsoleText(messages); t('catalog.title')`: typed to the page's own keys. */
export function useConsoleText<K extends string>(messages: ConsoleMessages<K>) {
  const lang = useConsoleLanguage();
  // the pseudo-locale of development builds (shared/i18n/pseudo-locale.ts)
  const pseudo = import.meta.env.DEV && pseudoLocaleOn();
  return (key: K, vars?: Record<string, string | number>) =>
    fillText(pseudo ? pseudoLocalize(messages[lang][key]) : messages[lang][key], vars);
}

/** Text of the three languages for a language (registry labels). */
export const pick = (text: Record<Language, string>, lang: Language) => text[lang];
