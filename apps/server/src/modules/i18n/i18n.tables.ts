import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);
