import type { Language, SearchSuggestData } from '@snapdrama/contract';
import { suggestTitles, typedLetters } from '@snapdrama/rules';
import type { Clock } from '../../clock';

/** How long an instance keeps a language's titles without a catalog change (other servers). */
const TITLES_MAX_AGE_MS = 60_000;

interface Title {
  id: number;
  titleKey: string;
  ageRate: string;
  text: string;
  letters: string;
}

/**
 * Suggestions while a viewer types in a search box (issue 46): published titles in the viewer's
 * language holding what was typed (packages/rules, title-suggestions.ts), the most watched first.
 * Each language's titles are read once into this instance's memory and matched there: a keystroke
 * costs no query, and a catalog change (here or, through its notice, elsewhere) drops them.
 */
export function createTitleSuggestions(deps: {
  /** published dramas' ids, title keys and age ratings, most viewed first */
  titleKeys: () => Promise<{ id: number; titleKey: string; ageRate: string }[]>;
  /** each key's text in the language, English when it has none (the i18n module) */
  textsOf: (lang: Language, keys: string[]) => Promise<Record<string, string>>;
  clock: Clock;
}) {
  const kept = new Map<Language, { at: number; titles: Promise<Title[]> }>();

  const load = async (lang: Language): Promise<Title[]> => {
    const rows = await deps.titleKeys();
    const texts = await deps.textsOf(
      lang,
      rows.map((r) => r.titleKey),
    );
    return rows.flatMap((r) => {
      const text = texts[r.titleKey] ?? '';
      return text ? [{ ...r, text, letters: typedLetters(text) }] : [];
    });
  };

  const titlesIn = (lang: Language): Promise<Title[]> => {
    const now = deps.clock.now().getTime();
    const hit = kept.get(lang);
    if (hit && now - hit.at < TITLES_MAX_AGE_MS) return hit.titles;
    const titles = load(lang);
    // one load per language for every keystroke meanwhile; a change meanwhile drops it (forget)
    kept.set(lang, { at: now, titles });
    // a failed load is not kept: the next keystroke tries again
    titles.catch(() => {
      if (kept.get(lang)?.titles === titles) kept.delete(lang);
    });
    return titles;
  };

  return {
    async suggest(lang: Language, keyword: string): Promise<SearchSuggestData> {
      const found = suggestTitles(await titlesIn(lang), keyword);
      return {
        suggestionList: found.map((t) => ({
          dram_id: t.id,
          titl_lang_key: t.titleKey,
          titl: t.text,
          age_rate: t.ageRate,
        })),
      };
    },

    /** Drops every language's titles (a catalog or dictionary change). */
    forget(): void {
      kept.clear();
    },
  };
}

export type TitleSuggestions = ReturnType<typeof createTitleSuggestions>;
