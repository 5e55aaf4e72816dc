import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictionaryEntries } from './i18n.tables';

export function createI18nRepository(db: Db) {
  return {
    async entries(lang: string) {
      return db
        .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .where(eq(dictionaryEntries.lang, lang))
        .orderBy(asc(dictionaryEntries.key));
    },
    /** Entries of the given keys in every language. */
    async entriesForKeys(keys: string[]) {
      if (keys.length === 0) return [];
      return db
        .select({
          lang: dictionaryEntries.lang,
          key: dictionaryEntries.key,
          value: dictionaryEntries.value,
        })
        .from(dictionaryEntries)
        .where(inArray(dictionaryEntries.key, keys));
    },
    async upsert(rows: { lang: string; key: string; value: string }[]) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(dictionaryEntries)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [dictionaryEntries.lang, dictionaryEntries.key],
            set: { value: sql`excluded.value` },
          });
      }
    },
  };
}

export type I18nRepository = ReturnType<typeof createI18nRepository>;
