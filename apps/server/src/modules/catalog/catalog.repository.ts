import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callerPlaceholders, preparedRows, readPart, type ReadPart } from '../../db/read-parts';
import {
  categories,
  dramaCategories,
  dramas,
  episodes,
  SEARCH_GRAM_MARKER,
  type CategoryRow,
  type EpisodeRow,
} from './catalog.tables';

// Lists never need the (long) search columns.
const {
  searchText: _searchText,
  searchGrams: _searchGrams,
  titleSearch: _titleSearch,
  titleGrams: _titleGrams,
  ...dramaColumns
} = getTableColumns(dramas);
export { dramaColumns };

export type DramaRow = Omit<
  typeof dramas.$inferSelect,
  'searchText' | 'searchGrams' | 'titleSearch' | 'titleGrams'
>;
/** A drama of a search result with its category ids, read in the same statement. */
export type SearchRow = DramaRow & { categoryIds: number[] };
export type NewDrama = Omit<typeof dramas.$inferInsert, 'id'>;
/** The counts of a drama that change with every bookmark and view (the rest changes with the catalog). */
export interface DramaCounters {
  bkmk_cnt: number;
  view_cnt: number;
}

function toCounters(raw: unknown): DramaCounters | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  return { bkmk_cnt: Number(r.bkmk_cnt), view_cnt: Number(r.view_cnt) };
}

const countersOfDrama = sql`(select json_build_object('bkmk_cnt', ${dramas.bookmarkCount}, 'view_cnt', ${dramas.viewCount})
  from ${dramas} where ${dramas.id} = ${callerPlaceholders.dramaId})`;

export interface Page {
  limit: number;
  offset: number;
}
export interface CountedRows<Row = DramaRow> {
  total: number;
  rows: Row[];
}

/** `%term%` for LIKE with the term's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The category ids of the row's drama, in the row itself (one statement instead of two). */
const categoryIdsOfDrama = sql<number[]>`array(
  select ${dramaCategories.categoryId} from ${dramaCategories}
  where ${dramaCategories.dramaId} = ${dramas.id} order by 1)`;

/** Three letters or digits in a row: a trigram of the term itself (pg_trgm reads words only). */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Which index and LIKE pattern a search for a normalised term (or the driving part of one) uses
 * (docs/decisions/0300-search.md):
 * - with three letters or digits in a row, `search_text LIKE`: its own trigrams are the most
 *   selective;
 * - else, with a letter or digit (one- and two-character words, short words between spaces or
 *   punctuation), `search_grams LIKE` with the characters joined by the marker: "ab" is `%aQb%`,
 *   whose trigram "aqb" stands for the pair, and "a" is `%QaQ%`. LIKE is case-sensitive and the
 *   text is lower case, so a marker only ever meets a marker and the match stays exact;
 * - else (punctuation only) nothing gives a trigram, and no index serves it: every drama's text is
 *   read (`scan`).
 */
export function searchTarget(normalizedTerm: string): {
  column: 'text' | 'grams' | 'scan';
  pattern: string;
} {
  if (!HAS_WORD_CHARACTER.test(normalizedTerm)) return { column: 'scan', pattern: '' };
  if (HAS_TRIGRAM.test(normalizedTerm)) {
    return { column: 'text', pattern: containsPattern(normalizedTerm) };
  }
  // by code point, as regexp_replace reads the text
  const characters = Array.from(normalizedTerm);
  const grams =
    characters.length === 1
      ? `${SEARCH_GRAM_MARKER}${normalizedTerm}${SEARCH_GRAM_MARKER}`
      : characters.join(SEARCH_GRAM_MARKER);
  return { column: 'grams', pattern: containsPattern(grams) };
}

/** A page of search matches: the catalog_search_page function's rows (migration 0007). */
const searchPage = sql`catalog_search_page(${sql.placeholder('column')}, ${sql.placeholder(
  'pattern',
)}, ${sql.placeholder('term')}, ${sql.placeholder('limit')}, ${sql.placeholder('offset')}) as page`;

/** What viewers see: published dramas (docs/decisions/1203). */
const isPublished = eq(dramas.published, true);
/** Episodes with a video (an episode made in the console has none until its upload is encoded). */
const hasVideo = ne(episodes.mediaPrefix, '');

export function createCatalogRepository(db: Db) {
  /**
   * The search as one prepared statement (searches that miss the cache run it; building the query
   * each time cost more Node time than PostgreSQL spent answering a rare keyword): the function
   * finds the page's ids and the number of matches, then only the page's dramas are read whole,
   * with their category ids.
   */
  const searchStatement = db
    .select({
      ...dramaColumns,
      categoryIds: categoryIdsOfDrama,
      total: sql<number>`page.total`.mapWith(Number),
    })
    .from(searchPage)
    .innerJoin(dramas, sql`${dramas.id} = page.id`)
    .orderBy(sql`page.registered_at desc, page.id desc`)
    .prepare('catalog_search');

  const countersStatement = preparedRows(
    db,
    'catalog_drama_counters',
    db.select({ counters: countersOfDrama }).from(sql`(select 1) as one`),
    ['counters'],
  );

  return {
    /** The drama's live counts as a part of a caller's statement (undefined: no such drama). */
    countersPart(): ReadPart<DramaCounters | undefined> {
      return readPart(countersOfDrama, toCounters);
    },

    /** The drama's live counts alone (undefined: no such drama). */
    async counters(dramaId: number): Promise<DramaCounters | undefined> {
      const [row] = await countersStatement({ dramaId });
      return toCounters(row?.counters);
    },

    async findDrama(id: number): Promise<DramaRow | undefined> {
      const [row] = await db
        .select(dramaColumns)
        .from(dramas)
        .where(and(eq(dramas.id, id), isPublished));
      return row;
    },

    /**
     * An archived drama (decision 1540): out of every list, but its viewers who unlocked episodes
     * keep playing those. Undefined for any other drama.
     */
    async findArchivedDrama(id: number): Promise<DramaRow | undefined> {
      const [row] = await db
        .select(dramaColumns)
        .from(dramas)
        .where(and(eq(dramas.id, id), isNotNull(dramas.archivedAt)));
      return row;
    },

    /** The dramas of these ids, in the order of the ids; unknown ids are left out. */
    async dramasByIds(ids: number[]): Promise<DramaRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(dramaColumns)
        .from(dramas)
        .where(and(inArray(dramas.id, ids), isPublished));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is DramaRow => r !== undefined);
    },

    /** The title keys of these dramas, published or not (reports name dramas that left the catalog). */
    async titleKeysOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: dramas.id, titleKey: dramas.titleKey })
        .from(dramas)
        .where(inArray(dramas.id, ids));
      return new Map(rows.map((r) => [r.id, r.titleKey]));
    },

    async episodesOf(dramaId: number): Promise<EpisodeRow[]> {
      return db
        .select()
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), hasVideo))
        .orderBy(asc(episodes.number));
    },

    async findEpisode(dramaId: number, number: number): Promise<EpisodeRow | undefined> {
      const [row] = await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, number), hasVideo));
      return row;
    },

    /** Category ids of each drama, in one query. */
    async categoryIdsOf(dramaIds: number[]): Promise<Map<number, number[]>> {
      const map = new Map<number, number[]>();
      if (dramaIds.length === 0) return map;
      const rows = await db
        .select()
        .from(dramaCategories)
        .where(inArray(dramaCategories.dramaId, dramaIds))
        .orderBy(asc(dramaCategories.categoryId));
      for (const r of rows) map.set(r.dramaId, [...(map.get(r.dramaId) ?? []), r.categoryId]);
      return map;
    },

    /** Newest registered first (dramas_registered_at_idx). */
    async latest({ limit, offset }: Page): Promise<CountedRows> {
      const rows = await db
        .select(dramaColumns)
        .from(dramas)
        .where(isPublished)
        .orderBy(desc(dramas.registeredAt), desc(dramas.id))
        .limit(limit)
        .offset(offset);
      return { total: await this.countDramas(), rows };
    },

    /** Every drama, most recently added first (primary key order). */
    async all({ limit, offset }: Page): Promise<CountedRows> {
      const rows = await db
        .select(dramaColumns)
        .from(dramas)
        .where(isPublished)
        .orderBy(desc(dramas.id))
        .limit(limit)
        .offset(offset);
      return { total: await this.countDramas(), rows };
    },

    /** Dramas of one category, most recently added first (drama_categories_category_idx). */
    async inCategory(categoryId: number, { limit, offset }: Page): Promise<CountedRows> {
      const rows = await db
        .select(dramaColumns)
        .from(dramaCategories)
        .innerJoin(dramas, eq(dramas.id, dramaCategories.dramaId))
        .where(and(eq(dramaCategories.categoryId, categoryId), isPublished))
        .orderBy(desc(dramaCategories.dramaId))
        .limit(limit)
        .offset(offset);
      const [totalRow] = await db
        .select({ n: count() })
        .from(dramaCategories)
        .innerJoin(dramas, eq(dramas.id, dramaCategories.dramaId))
        .where(and(eq(dramaCategories.categoryId, categoryId), isPublished));
      return { total: totalRow?.n ?? 0, rows };
    },

    /** Most viewed first (dramas_view_count_idx). */
    async mostViewed({ limit, offset }: Page): Promise<DramaRow[]> {
      return db
        .select(dramaColumns)
        .from(dramas)
        .where(isPublished)
        .orderBy(desc(dramas.viewCount), desc(dramas.id))
        .limit(limit)
        .offset(offset);
    },

    /** Exclusive dramas, newest registered first (partial index dramas_exclusive_idx). */
    async exclusive({ limit, offset }: Page): Promise<DramaRow[]> {
      return db
        .select(dramaColumns)
        .from(dramas)
        .where(and(eq(dramas.exclusive, true), isPublished))
        .orderBy(desc(dramas.registeredAt), desc(dramas.id))
        .limit(limit)
        .offset(offset);
    },

    /**
     * Dramas whose search text contains the normalised term, newest registered first, with their
     * category ids, and the number of matches, in one statement: the matches are read once as
     * (id, registered_at) pairs for the count and the page, then only the page's dramas are
     * read whole. The driving part (search-plan.ts) is served by a trigram GIN index, the whole term
     * is checked on what it yields (docs/decisions/0300-search.md).
     */
    async search(
      normalizedTerm: string,
      { limit, offset }: Page,
      drivingPart = normalizedTerm,
    ): Promise<CountedRows<SearchRow>> {
      const { column, pattern } = searchTarget(drivingPart);
      const found = await searchStatement.execute({
        column,
        pattern,
        term: normalizedTerm,
        limit,
        offset,
      });
      const rows = found.map(({ total: _total, ...row }) => row);
      if (found[0]) return { total: found[0].total, rows };
      if (offset === 0) return { total: 0, rows };
      // a page beyond the last: the first page still carries the number of matches
      const [first] = await searchStatement.execute({
        column,
        pattern,
        term: normalizedTerm,
        limit: 1,
        offset: 0,
      });
      return { total: first?.total ?? 0, rows };
    },

    /**
     * Locks the rows of these dramas in id order (so two transactions locking overlapping sets
     * never deadlock) and returns the ids that exist. Bookmark changes hold these locks while they
     * change bookmark_count, so the count stays exact under concurrent adds and deletes.
     */
    async lockDramas(tx: Tx, dramaIds: number[]): Promise<number[]> {
      if (dramaIds.length === 0) return [];
      const rows = await tx
        .select({ id: dramas.id })
        .from(dramas)
        .where(inArray(dramas.id, dramaIds))
        .orderBy(asc(dramas.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Moves bookmark_count of locked dramas by delta; the new counts. */
    async adjustBookmarkCount(tx: Tx, dramaIds: number[], delta: number) {
      if (dramaIds.length === 0) return [];
      return tx
        .update(dramas)
        .set({ bookmarkCount: sql`${dramas.bookmarkCount} + ${delta}` })
        .where(inArray(dramas.id, dramaIds))
        .returning({ dramaId: dramas.id, bookmarkCount: dramas.bookmarkCount });
    },

    /** Adds one view; the new count, or undefined for an unknown drama. */
    async addView(dramaId: number): Promise<number | undefined> {
      const [row] = await db
        .update(dramas)
        .set({ viewCount: sql`${dramas.viewCount} + 1` })
        .where(eq(dramas.id, dramaId))
        .returning({ viewCount: dramas.viewCount });
      return row?.viewCount;
    },

    /** Title and description keys of the dramas using any of these dictionary keys (all when undefined). */
    async textKeysOf(dictionaryKeys?: string[]) {
      const columns = {
        id: dramas.id,
        titleKey: dramas.titleKey,
        descriptionKey: dramas.descriptionKey,
        published: dramas.published,
        archivedAt: dramas.archivedAt,
      };
      if (!dictionaryKeys) return db.select(columns).from(dramas);
      if (dictionaryKeys.length === 0) return [];
      return db
        .select(columns)
        .from(dramas)
        .where(
          or(
            inArray(dramas.titleKey, dictionaryKeys),
            inArray(dramas.descriptionKey, dictionaryKeys),
          ),
        );
    },

    /** Stores the search text of several dramas in one statement. */
    async setSearchTexts(rows: { id: number; text: string; titles: string }[]): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::int, ${r.text}::text, ${r.titles}::text)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${dramas} set search_text = v.text, title_search = v.titles from (values ${values}) as v(id, text, titles) where ${dramas.id} = v.id and (${dramas.searchText} <> v.text or ${dramas.titleSearch} <> v.titles)`,
      );
    },

    /** Bulk load for synthetic catalogs: many dramas with their categories and episodes. */
    async insertDramasBulk(
      items: {
        drama: NewDrama;
        categoryIds: number[];
        episodes: Omit<typeof episodes.$inferInsert, 'dramaId'>[];
      }[],
    ): Promise<number[]> {
      if (items.length === 0) return [];
      return db.transaction(async (tx) => {
        const ids = await tx
          .insert(dramas)
          .values(items.map((i) => i.drama))
          .returning({ id: dramas.id });
        const links = items.flatMap((item, k) =>
          item.categoryIds.map((categoryId) => ({ dramaId: ids[k]?.id ?? 0, categoryId })),
        );
        if (links.length) await tx.insert(dramaCategories).values(links).onConflictDoNothing();
        const eps = items.flatMap((item, k) =>
          item.episodes.map((e) => ({ ...e, dramaId: ids[k]?.id ?? 0 })),
        );
        for (let i = 0; i < eps.length; i += 2000)
          await tx.insert(episodes).values(eps.slice(i, i + 2000));
        return ids.map((r) => r.id);
      });
    },

    async category(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      return row;
    },

    /**
     * About `size` search texts picked at random by page (TABLESAMPLE SYSTEM: cheap at any
     * catalog size), for search-plan.ts; every one when the catalog is no larger.
     */
    async searchTextSample(size: number): Promise<string[]> {
      const total = await this.countDramas();
      if (total === 0) return [];
      const percent = Math.min(100, (100 * size) / total);
      const rows = await db
        // a FROM of raw SQL: Drizzle would refuse the column object of a table not in the query
        .select({ text: sql<string>`${sql.identifier(dramas.searchText.name)}` })
        .from(sql`${dramas} tablesample system (${percent}::real)`)
        .limit(size);
      return rows.map((r) => r.text);
    },

    /** Every published drama's id, title key and age rating, most viewed first (title suggestions). */
    async publishedTitleKeys(): Promise<{ id: number; titleKey: string; ageRate: string }[]> {
      return db
        .select({ id: dramas.id, titleKey: dramas.titleKey, ageRate: dramas.ageRate })
        .from(dramas)
        .where(isPublished)
        .orderBy(desc(dramas.viewCount), desc(dramas.id));
    },

    async countDramas(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(dramas).where(isPublished);
      return row?.n ?? 0;
    },

    async categories(): Promise<CategoryRow[]> {
      return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** Seeding: insert or update a category by its key. */
    async upsertCategory(langKey: string, sortOrder: number): Promise<number> {
      const [row] = await db
        .insert(categories)
        .values({ langKey, sortOrder })
        .onConflictDoUpdate({ target: categories.langKey, set: { sortOrder } })
        .returning({ id: categories.id });
      if (!row) throw new Error('category upsert returned nothing');
      return row.id;
    },

    /** Seeding: a drama with its categories and episodes, in one transaction; idempotent by slug. */
    async upsertDrama(
      values: NewDrama,
      categoryIds: number[],
      episodeRows: Omit<typeof episodes.$inferInsert, 'dramaId'>[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dramas)
          .values(values)
          .onConflictDoUpdate({
            target: dramas.slug,
            set: {
              titleKey: sql`excluded.title_key`,
              descriptionKey: sql`excluded.description_key`,
              posterVerticalPath: sql`excluded.poster_vertical_path`,
              posterHorizontalPath: sql`excluded.poster_horizontal_path`,
              episodeCount: sql`excluded.episode_count`,
            },
          })
          .returning({ id: dramas.id });
        if (!row) throw new Error('drama upsert returned nothing');
        if (categoryIds.length) {
          await tx
            .insert(dramaCategories)
            .values(categoryIds.map((categoryId) => ({ dramaId: row.id, categoryId })))
            .onConflictDoNothing();
        }
        if (episodeRows.length) {
          await tx
            .insert(episodes)
            .values(episodeRows.map((e) => ({ ...e, dramaId: row.id })))
            .onConflictDoUpdate({
              target: [episodes.dramaId, episodes.number],
              set: {
                coin: sql`excluded.coin`,
                mediaPrefix: sql`excluded.media_prefix`,
                durationSeconds: sql`excluded.duration_seconds`,
                subtitleLanguages: sql`excluded.subtitle_languages`,
              },
            });
        }
        return row.id;
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
