import { queryOptions } from '@tanstack/react-query';
import type { DictionaryData, Language } from '@snapdrama/contract';
import { takeBootDictionary } from '../boot/handoff';
import { api } from '../api/api';
import { i18n, onMissingKey } from './i18n';
import { pseudoLocaleOn, pseudoLocalize } from './pseudo-locale';

/** Loads one language's dictionary from the server into i18next. */
async function loadDictionary(language: Language, fresh = false): Promise<number> {
  // the boot script asked for it already, unless it chose another language (src/boot)
  const sent = fresh ? undefined : takeBootDictionary(window, language);
  const data = await (sent
    ? api.adopt<DictionaryData>(sent)
    : // a fresh copy passes the browser's 60 s cache of the dictionary
      api.get<DictionaryData>(`/auth/dictionary/${language}${fresh ? `?at=${Date.now()}` : ''}`));
  const entries = Object.fromEntries(data.dictionary.map((e) => [e.lang_key, e.lang_valu]));
  // development builds only (the branch is dropped from production builds)
  if (import.meta.env.DEV && pseudoLocaleOn())
    for (const key of Object.keys(entries)) entries[key] = pseudoLocalize(entries[key] ?? '');
  // flat keys (keySeparator: false): a shallow merge does the same, and `entries` is ours alone,
  // so no deep merge and no copy (each a walk over the whole dictionary on a cold start)
  i18n.addResourceBundle(language, 'translation', entries, false, true, { skipCopy: true });
  return data.dictionary.length;
}

export const dictionaryQuery = (language: Language) =>
  queryOptions({
    queryKey: ['dictionary', language],
    queryFn: () => loadDictionary(language),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

/** Keys that asked for a fresh dictionary already: each asks once, so a key that no dictionary has never loops. */
const refetchedFor = new Set<string>();
let pending: Promise<void> | undefined;

/**
 * A key missing from the loaded dictionary (issue 47): one fresh copy of the dictionary, shared by
 * every key missed meanwhile; i18next shows the language's placeholder until it arrives.
 */
export function refetchDictionaryOnMissingKey(language: Language, key: string): void {
  if (refetchedFor.has(`${language}/${key}`)) return;
  refetchedFor.add(`${language}/${key}`);
  // missed while a copy is on its way: that copy may have it; if not, the key asks once more after
  pending ??= new Promise<void>((resolve) => setTimeout(resolve, 50))
    .then(() => loadDictionary(language, true))
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      pending = undefined;
    });
}

onMissingKey(refetchDictionaryOnMissingKey);
