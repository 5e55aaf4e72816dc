import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    langKey: text('lang_key').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_lang_key_key').on(t.langKey)],
);
export type CategoryRow = typeof categories.$inferSelect;

/**
 * Interleaved with the characters of the search text in dramas.search_grams. Upper case, and
 * search text is lower case, so it never stands for a character of the text.
 */
export const SEARCH_GRAM_MARKER = 'Q';

export const dramas = pgTable(
  'dramas',
  {
    id: serial('id').primaryKey(),
    /** stable name of seeded content, so seeding is idempotent */
    slug: text('slug').notNull(),
    titleKey: text('title_key').notNull(),
    descriptionKey: text('description_key').notNull(),
    posterVerticalPath: text('poster_vertical_path').notNull(),
    posterHorizontalPath: text('poster_horizontal_path').notNull(),
    ageRate: text('age_rate').notNull().default('all'),
    ratingCriteria: jsonb('rating_criteria').$type<string[]>().notNull().default([]),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    episodeCount: integer('episode_count').notNull().default(0),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    exclusive: boolean('exclusive').notNull().default(false),
    /**
     * Shown to viewers. Dramas made in the console start unpublished (docs/decisions/1203); an
     * unpublished drama is in no list, has no search text, and its info and episodes answer 404.
     */
    published: boolean('published').notNull().default(true),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    /**
     * A scheduled publication: the publish job makes the drama published at this instant and
     * clears it (docs/decisions/1540). Null: none.
     */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /**
     * Archived (decision 1540): unpublished and out of every list and search; a viewer who
     * unlocked episodes keeps playing exactly those. Null: not archived.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Every language's title, normalised, whether published or not: the console's search
     * (decision 1541). search_text stays empty for unpublished dramas (viewers' search).
     */
    titleSearch: text('title_search').notNull().default(''),
    /** title_search with SEARCH_GRAM_MARKER around every character (short keywords, as search_grams). */
    titleGrams: text('title_grams')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`'Q' || regexp_replace(${dramas.titleSearch}, '(.)', '\\1Q', 'g')`,
      ),
    webTag: text('web_tag'),
    aosTag: text('aos_tag'),
    iosTag: text('ios_tag'),
    /**
     * Normalised titles and descriptions in every language (from the dictionary), the target of
     * search through a trigram index (docs/decisions/0300-search.md).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The search text with SEARCH_GRAM_MARKER before, between and after every character, so that
     * keywords of one or two characters have trigrams too (docs/decisions/0300-search.md).
     */
    searchGrams: text('search_grams')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`'Q' || regexp_replace(${dramas.searchText}, '(.)', '\\1Q', 'g')`,
      ),
  },
  (t) => [
    uniqueIndex('dramas_slug_key').on(t.slug),
    index('dramas_registered_at_idx').on(t.registeredAt.desc(), t.id.desc()),
    index('dramas_view_count_idx').on(t.viewCount.desc(), t.id.desc()),
    index('dramas_exclusive_idx')
      .on(t.registeredAt.desc(), t.id.desc())
      .where(sql`${t.exclusive}`),
    // No pending list (fastupdate): every search would read it whole, and the catalog is written
    // rarely (docs/decisions/0300-search.md).
    index('dramas_search_text_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('dramas_search_grams_trgm_idx')
      .using('gin', t.searchGrams.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // the console's title search (decision 1541)
    index('dramas_title_search_trgm_idx')
      .using('gin', t.titleSearch.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('dramas_title_grams_trgm_idx')
      .using('gin', t.titleGrams.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // the publish job's scan: only scheduled dramas are in it
    index('dramas_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index('dramas_archived_idx')
      .on(t.archivedAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
    check('dramas_counts_check', sql`${t.bookmarkCount} >= 0 and ${t.viewCount} >= 0`),
  ],
);

/** A drama's id as another table's foreign key, required. */
export const dramaIdRef = () =>
  integer('drama_id')
    .notNull()
    .references(() => dramas.id);

export const dramaCategories = pgTable(
  'drama_categories',
  {
    dramaId: integer('drama_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.categoryId] }),
    index('drama_categories_category_idx').on(t.categoryId, t.dramaId),
  ],
);

export const episodes = pgTable(
  'episodes',
  {
    dramaId: integer('drama_id')
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    coin: integer('coin').notNull().default(0),
    durationSeconds: real('duration_seconds').notNull().default(0),
    /**
     * storage folder of this episode's HLS ladder (may be shared by several episodes); '' while the
     * episode has no video yet (made in the console): such an episode is not shown to viewers
     */
    mediaPrefix: text('media_prefix').notNull(),
    /** languages of the episode's subtitle file (resources/subtitles/{dramaId}/ep{n}.json) */
    subtitleLanguages: jsonb('subtitle_languages').$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.dramaId, t.number] }),
    check('episodes_number_check', sql`${t.number} >= 1`),
    check('episodes_coin_check', sql`${t.coin} >= 0`),
  ],
);
export type EpisodeRow = typeof episodes.$inferSelect;
