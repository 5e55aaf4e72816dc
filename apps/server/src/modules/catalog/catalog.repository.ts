import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, dramaCategories, dramas, episodes } from './catalog.tables';

export type DramaRow = typeof dramas.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;

export function createCatalogRepository(db: Db) {
  return {
    async findDrama(id: number): Promise<DramaRow | undefined> {
      const [row] = await db.select().from(dramas).where(eq(dramas.id, id));
      return row;
    },

    async episodesOf(dramaId: number): Promise<EpisodeRow[]> {
      return db.select().from(episodes).where(eq(episodes.dramaId, dramaId)).orderBy(asc(episodes.number));
    },

    async findEpisode(dramaId: number, number: number): Promise<EpisodeRow | undefined> {
      const [row] = await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, number)));
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

    async latest(limit: number, offset: number): Promise<{ total: number; rows: DramaRow[] }> {
      const [rows, [totalRow]] = await Promise.all([
        db.select().from(dramas).orderBy(desc(dramas.registeredAt), desc(dramas.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(dramas),
      ]);
      return { total: totalRow?.n ?? 0, rows };
    },

    async countDramas(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(dramas);
      return row?.n ?? 0;
    },

    async categories() {
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
      values: Omit<typeof dramas.$inferInsert, 'id'>,
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
              },
            });
        }
        return row.id;
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
