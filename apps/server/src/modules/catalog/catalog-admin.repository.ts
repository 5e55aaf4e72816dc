import { and, asc, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, dramaCategories, dramas, episodes } from './catalog.tables';

/** The console's reads and writes of the catalog's tables (published or not). */
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
  };
  return {
    async listDramas() {
      const rows = await db
        .select({
          ...dramaFields,
          total:
            sql<number>`(select count(*) from ${episodes} e where e.drama_id = ${dramas.id})`.mapWith(
              Number,
            ),
        })
        .from(dramas)
        .orderBy(desc(dramas.id));
      return rows;
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
