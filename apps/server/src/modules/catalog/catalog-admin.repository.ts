import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AdminDramaListQuery } from '@snapdrama/contract';
import { normalizeSearchText } from '@snapdrama/rules';
import type { Db, Tx } from '../../db/client';
import { searchTarget } from './catalog.repository';
import { categories, dramaCategories, dramas, episodes } from './catalog.tables';

/**
 * The console list's conditions (decision 1541): a title in any language (title_search through
 * its trigram indexes, as the viewers' search picks them), the state, a category, an age rating.
 */
function listConditions(query: AdminDramaListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const term = normalizeSearchText(query.q);
  if (term) {
    const { column, pattern } = searchTarget(term);
    conditions.push(
      column === 'text'
        ? sql`${dramas.titleSearch} like ${pattern}`
        : column === 'grams'
          ? sql`${dramas.titleGrams} like ${pattern}`
          : sql`strpos(${dramas.titleSearch}, ${term}) > 0`,
    );
  }
  switch (query.state) {
    case 'all':
      conditions.push(isNull(dramas.archivedAt));
      break;
    case 'published':
      conditions.push(eq(dramas.published, true), isNull(dramas.archivedAt));
      break;
    case 'draft':
      conditions.push(
        eq(dramas.published, false),
        isNull(dramas.publishAt),
        isNull(dramas.archivedAt),
      );
      break;
    case 'scheduled':
      conditions.push(isNotNull(dramas.publishAt), isNull(dramas.archivedAt));
      break;
    case 'archived':
      conditions.push(isNotNull(dramas.archivedAt));
      break;
  }
  if (query.categoryId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${dramaCategories} where ${dramaCategories.dramaId} = ${dramas.id} and ${dramaCategories.categoryId} = ${query.categoryId})`,
    );
  }
  if (query.ageRate !== undefined) conditions.push(eq(dramas.ageRate, query.ageRate));
  return and(...conditions);
}

/**
 * Each sort is served by an index of dramas (the primary key, registered_at, view_count). Those
 * indexes are `desc nulls last` (drizzle's default): an `order by ... desc` (nulls first) would
 * not match them, and the planner would sort the whole table.
 */
const SORTS: Record<AdminDramaListQuery['sort'], SQL[]> = {
  newest: [desc(dramas.id)],
  oldest: [asc(dramas.id)],
  released: [sql`${dramas.registeredAt} desc nulls last`, sql`${dramas.id} desc nulls last`],
  views: [sql`${dramas.viewCount} desc nulls last`, sql`${dramas.id} desc nulls last`],
};

/** The console's reads and writes of the catalog's tables (published or not). */
/**
 * The archive newest archived first, the schedule soonest first (their partial indexes) when the
 * default sort is asked; any other sort as asked.
 */
function orderOf(query: AdminDramaListQuery): SQL[] {
  if (query.sort === 'newest' && query.state === 'archived')
    return [sql`${dramas.archivedAt} desc nulls last`, sql`${dramas.id} desc nulls last`];
  if (query.sort === 'newest' && query.state === 'scheduled') return [asc(dramas.publishAt)];
  return SORTS[query.sort];
}

export function createCatalogAdminRepository(db: Db) {
  const dramaFields = {
    id: dramas.id,
    titleKey: dramas.titleKey,
    descriptionKey: dramas.descriptionKey,
    posterVerticalPath: dramas.posterVerticalPath,
    posterHorizontalPath: dramas.posterHorizontalPath,
    ageRate: dramas.ageRate,
    ratingCriteria: dramas.ratingCriteria,
    exclusive: dramas.exclusive,
    published: dramas.published,
    registeredAt: dramas.registeredAt,
    webTag: dramas.webTag,
    aosTag: dramas.aosTag,
    iosTag: dramas.iosTag,
    episodeCount: dramas.episodeCount,
    publishAt: dramas.publishAt,
    archivedAt: dramas.archivedAt,
    viewCount: dramas.viewCount,
    bookmarkCount: dramas.bookmarkCount,
  };
  return {
    /** One page of the console's list and the number of matches (decision 1541). */
    async listDramas(query: AdminDramaListQuery) {
      const where = listConditions(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            ...dramaFields,
            total:
              sql<number>`(select count(*) from ${episodes} e where e.drama_id = ${dramas.id})`.mapWith(
                Number,
              ),
          })
          .from(dramas)
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(dramas).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Scheduled dramas whose time has come, locked (skip locked: instances share the job). */
    async dueForPublishing(tx: Tx, now: Date) {
      return tx
        .select(dramaFields)
        .from(dramas)
        .where(and(lte(dramas.publishAt, now), isNull(dramas.archivedAt)))
        .orderBy(asc(dramas.publishAt), asc(dramas.id))
        .limit(100)
        .for('update', { skipLocked: true });
    },

    /** The next scheduled publication (the publish job sleeps until then). */
    async nextPublishAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: dramas.publishAt })
        .from(dramas)
        .where(and(isNotNull(dramas.publishAt), isNull(dramas.archivedAt)))
        .orderBy(asc(dramas.publishAt))
        .limit(1);
      return row?.at ?? null;
    },

    /** Viewers who unlocked an episode of the drama (the holders' queries are the wallet's and events'). */
    async countDistinctUsers(parts: SQL[]): Promise<number> {
      if (parts.length === 0) return 0;
      const union = sql.join(parts, sql` union `);
      const result: unknown = await db.execute(
        sql`select count(*)::int as n from (${union}) as holders`,
      );
      const rows = (result as { rows: { n: number }[] }).rows;
      return Number(rows[0]?.n ?? 0);
    },

    /** Moves the episodes to new numbers: `order[k]` becomes number k + 1 (in one transaction). */
    async renumberEpisodes(tx: Tx, dramaId: number, order: number[]) {
      // out of the way first (the primary key is drama and number), then into place
      const shift = 100_000;
      await tx
        .update(episodes)
        .set({ number: sql`${episodes.number} + ${shift}` })
        .where(eq(episodes.dramaId, dramaId));
      for (const [index, old] of order.entries()) {
        await tx
          .update(episodes)
          .set({ number: index + 1 })
          .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, old + shift)));
      }
    },

    /** Dramas made before migration 0032 whose console title search is still empty. */
    async withoutTitleSearch(afterId: number, limit: number) {
      return db
        .select({ id: dramas.id, titleKey: dramas.titleKey })
        .from(dramas)
        .where(and(eq(dramas.titleSearch, ''), sql`${dramas.id} > ${afterId}`))
        .orderBy(asc(dramas.id))
        .limit(limit);
    },

    async titleKeysOf(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: dramas.id, titleKey: dramas.titleKey })
        .from(dramas)
        .where(inArray(dramas.id, ids));
    },

    async drama(executor: Db | Tx, id: number, lock = false) {
      const query = executor.select(dramaFields).from(dramas).where(eq(dramas.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async categoryIdsOf(executor: Db | Tx, dramaIds: number[]) {
      if (dramaIds.length === 0) return new Map<number, number[]>();
      const rows = await executor
        .select()
        .from(dramaCategories)
        .where(inArray(dramaCategories.dramaId, dramaIds))
        .orderBy(asc(dramaCategories.categoryId));
      const map = new Map<number, number[]>();
      for (const r of rows) map.set(r.dramaId, [...(map.get(r.dramaId) ?? []), r.categoryId]);
      return map;
    },

    async existingCategoryIds(executor: Db | Tx, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids));
      return rows.map((r) => r.id);
    },

    async insertDrama(tx: Tx, values: typeof dramas.$inferInsert): Promise<number> {
      const [row] = await tx.insert(dramas).values(values).returning({ id: dramas.id });
      if (!row) throw new Error('drama insert returned nothing');
      return row.id;
    },

    async updateDrama(tx: Tx, id: number, values: Partial<typeof dramas.$inferInsert>) {
      await tx.update(dramas).set(values).where(eq(dramas.id, id));
    },

    async setCategories(tx: Tx, dramaId: number, categoryIds: number[]) {
      await tx.delete(dramaCategories).where(eq(dramaCategories.dramaId, dramaId));
      if (categoryIds.length > 0) {
        await tx
          .insert(dramaCategories)
          .values(categoryIds.map((categoryId) => ({ dramaId, categoryId })));
      }
    },

    async episodes(executor: Db | Tx, dramaId: number) {
      return executor
        .select()
        .from(episodes)
        .where(eq(episodes.dramaId, dramaId))
        .orderBy(asc(episodes.number));
    },

    async episode(executor: Db | Tx, dramaId: number, number: number) {
      const [row] = await executor
        .select()
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, number)));
      return row;
    },

    async lastEpisodeNumber(tx: Tx, dramaId: number): Promise<number> {
      const [row] = await tx
        .select({ n: max(episodes.number) })
        .from(episodes)
        .where(eq(episodes.dramaId, dramaId));
      return row?.n ?? 0;
    },

    async insertEpisodes(tx: Tx, rows: (typeof episodes.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(episodes).values(rows);
    },

    async updateEpisode(
      tx: Tx,
      dramaId: number,
      number: number,
      values: Partial<
        Pick<
          typeof episodes.$inferInsert,
          'coin' | 'mediaPrefix' | 'durationSeconds' | 'subtitleLanguages'
        >
      >,
    ) {
      await tx
        .update(episodes)
        .set(values)
        .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, number)));
    },

    /** Viewers' episode count: the episodes with video (drama.epsd_cnt). */
    async refreshEpisodeCount(tx: Tx, dramaId: number): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), ne(episodes.mediaPrefix, '')));
      const n = row?.n ?? 0;
      await tx.update(dramas).set({ episodeCount: n }).where(eq(dramas.id, dramaId));
      return n;
    },

    async categories(executor: Db | Tx = db) {
      return executor
        .select()
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    async insertCategory(tx: Tx, langKey: string, sortOrder: number): Promise<number> {
      const [row] = await tx
        .insert(categories)
        .values({ langKey, sortOrder })
        .returning({ id: categories.id });
      if (!row) throw new Error('category insert returned nothing');
      return row.id;
    },

    async setCategoryOrder(tx: Tx, ids: number[]) {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(categories)
          .set({ sortOrder: index + 1 })
          .where(eq(categories.id, id));
      }
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
