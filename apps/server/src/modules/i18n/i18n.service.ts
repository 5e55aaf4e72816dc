import {
  LANGUAGES,
  ResultCode,
  enMessages,
  jaMessages,
  koMessages,
  type Language,
  type Messages,
} from '@snapdrama/contract';
import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { I18nRepository } from './i18n.repository';

const UI_MESSAGES: Record<Language, Messages> = { en: enMessages, ko: koMessages, ja: jaMessages };
const CACHE_MS = 60_000;
/** The change notice's topic (cache/change-notices.ts). */
const DICTIONARY_CHANGED = 'dictionary';

export function createI18nService(deps: {
  repo: I18nRepository;
  clock: Clock;
  /** configured texts (company details) that win over the stored ones in every language */
  overrides?: Partial<Record<string, string>>;
  /** tells other instances of dictionary edits (they drop their copy) and hears theirs */
  notices?: ChangeNotices;
}) {
  const overrides = Object.entries(deps.overrides ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const cache = new Map<
    Language,
    {
      at: number;
      entries: { lang_key: string; lang_valu: string }[];
      /** the same entries by key, made at the first lookup (textsOf) */
      byKey?: Map<string, string>;
    }
  >();
  // a load that began before an edit here or elsewhere must not keep its older text
  let generation = 0;
  const dropCopies = () => {
    generation += 1;
    cache.clear();
  };
  deps.notices?.subscribe(DICTIONARY_CHANGED, dropCopies);
  // Modules that derive data from dictionary text (catalog search) hear about changed keys.
  const listeners: ((keys: string[]) => Promise<void>)[] = [];

  return {
    /** Writes the interface text of every language; run at start so new keys reach the table. */
    async syncInterfaceMessages(): Promise<void> {
      const rows = LANGUAGES.flatMap((lang) =>
        Object.entries(UI_MESSAGES[lang]).map(([key, value]) => ({ lang, key, value })),
      );
      await this.upsert(rows);
    },

    async upsert(rows: { lang: Language; key: string; value: string }[]): Promise<void> {
      await deps.repo.upsert(rows);
      dropCopies();
      await deps.notices?.publish(DICTIONARY_CHANGED);
      const keys = [...new Set(rows.map((r) => r.key))];
      for (const listener of listeners) await listener(keys);
    },

    /** Calls listener with the keys of every later upsert. */
    onEntriesChanged(listener: (keys: string[]) => Promise<void>): void {
      listeners.push(listener);
    },

    /** Every language's text of the given keys. */
    async entriesForKeys(keys: string[]): Promise<{ lang: string; key: string; value: string }[]> {
      return deps.repo.entriesForKeys(keys);
    },

    /**
     * The text of each key in `lang`, falling back to English, from the dictionary this instance
     * keeps (as fresh as the dictionary's answers); '' for a key with no text in either.
     */
    async textsOf<K extends string>(lang: Language, keys: K[]): Promise<Record<K, string>> {
      const byKey = (entries: { lang_key: string; lang_valu: string }[]) =>
        new Map(entries.map((e) => [e.lang_key, e.lang_valu]));
      const lookup = async (l: Language) => {
        const { dictionary } = await this.dictionary(l);
        const kept = cache.get(l);
        // a copy loaded while an edit came in is not kept: its map is made for this call only
        if (kept?.entries !== dictionary) return byKey(dictionary);
        kept.byKey ??= byKey(dictionary);
        return kept.byKey;
      };
      const [own, english] = await Promise.all([lookup(lang), lang === 'en' ? null : lookup('en')]);
      const out = {} as Record<K, string>;
      for (const key of keys) out[key] = own.get(key) ?? english?.get(key) ?? '';
      return out;
    },

    async dictionary(langCode: string) {
      const lang = LANGUAGES.find((l) => l === langCode);
      if (!lang) {
        throw new AppError(
          ResultCode.LANGUAGE_NOT_FOUND,
          `Unknown language "${langCode}"; use one of ${LANGUAGES.join(', ')}`,
        );
      }
      const now = deps.clock.now().getTime();
      const hit = cache.get(lang);
      if (hit && now - hit.at < CACHE_MS) return { lang, dictionary: hit.entries };
      const loadedIn = generation;
      const entries = (await deps.repo.entries(lang)).map((e) => ({
        lang_key: e.key,
        lang_valu: e.value,
      }));
      // Company details are deployment settings, not translations: configuration wins.
      for (const [key, value] of overrides) {
        const entry = entries.find((e) => e.lang_key === key);
        if (entry) entry.lang_valu = value;
        else entries.push({ lang_key: key, lang_valu: value });
      }
      if (loadedIn === generation) cache.set(lang, { at: now, entries });
      return { lang, dictionary: entries };
    },
  };
}

export type I18nService = ReturnType<typeof createI18nService>;
