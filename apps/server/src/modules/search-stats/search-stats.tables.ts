import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How often a normalised keyword that found dramas was searched on one service day. Written in
 * batches from an in-process counter, never on the search path itself.
 */
export const searchKeywordDays = pgTable(
  'search_keyword_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    keyword: text('keyword').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyword] })],
);
