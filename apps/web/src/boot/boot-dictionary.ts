import { FALLBACK_LANGUAGE, type Language } from '@snapdrama/contract';
import { negotiateLanguage } from '@snapdrama/rules';
import { storedLanguage } from '../shared/i18n/stored-language';
import { bootSend } from './boot-send';
import type { BootDictionary } from '../shared/boot/handoff';

type BootWindow = Pick<Window, 'localStorage' | 'document' | 'navigator' | 'fetch'> & {
  snapdramaBootDictionary?: BootDictionary;
};

/**
 * The language the app will start in, as i18n.ts settles it: a stored choice; else the first of
 * the browser's languages whose primary part the app speaks (i18next's `languageOnly`); else the
 * page's own `lang`; else the fallback. Should i18next ever settle otherwise, the app takes
 * nothing from the boot (`takeBootDictionary` is keyed by the language) and sends its own request.
 */
export function bootLanguage(
  win: Pick<Window, 'localStorage' | 'document' | 'navigator'>,
): Language {
  const stored = storedLanguage(win);
  if (stored) return stored;
  return (
    negotiateLanguage([
      ...(win.navigator.languages ?? []),
      win.navigator.language,
      win.document.documentElement.lang,
    ]) ?? FALLBACK_LANGUAGE
  );
}

/**
 * Every start asks for the dictionary of its language at once (decision 0500, "The dictionary
 * and the user info from the boot script"): the app's gate waits for it, and the app would ask
 * only once its code has run. It needs no session.
 */
export function startBootDictionary(win: BootWindow): void {
  const language = bootLanguage(win);
  win.snapdramaBootDictionary = { language, reply: bootSend(win, `/auth/dictionary/${language}`) };
}
