import { queryOptions } from '@tanstack/react-query';
import type { DictionaryData, Language } from '@snapdrama/contract';
import { takeBootDictionary } from '../../boot/handoff';
import { api } from '../api/api';
import { i18n } from './i18n';

/** Loads one language's dictionary from the server into i18next. */
async function loadDictionary(language: Language): Promise<number> {
  // the boot script asked for it already, unless it chose another language (src/boot)
  const sent = takeBootDictionary(window, language);
  const data = await (sent
    ? api.adopt<DictionaryData>(sent)
    : api.get<DictionaryData>(`/auth/dictionary/${language}`));
  const entries = Object.fromEntries(data.dictionary.map((e) => [e.lang_key, e.lang_valu]));
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
