import { createHash, randomUUID } from 'node:crypto';
import {
  LANGUAGES,
  ResultCode,
  type AdminCategory,
  type AdminDramaListData,
  type AdminDramaListQuery,
  type AdminDramaDetail,
  type AdminDramaSummary,
  type DramaFormBody,
  type Language,
  type PosterKind,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Storage } from '../../media/storage';
import type { AuditService } from '../audit/audit.service';
import type { I18nService } from '../i18n/i18n.service';
import type { CatalogAdminRepository } from './catalog-admin.repository';
import type { CatalogService } from './catalog.service';
import { createEpisodeAdmin, dramaNotFound } from './catalog-admin-episodes';
import { createPublication, dramaState } from './catalog-admin-publication';
import { resizePoster } from './posters';

type Texts = Record<Language, string>;

/** A drama's settings as the console's form holds them (and its audit entries record them). */
const formFieldsOf = (row: NonNullable<Awaited<ReturnType<CatalogAdminRepository['drama']>>>) => ({
  ageRate: row.ageRate,
  warnings: row.ratingCriteria,
  exclusive: row.exclusive,
  webTag: row.webTag,
  aosTag: row.aosTag,
  iosTag: row.iosTag,
  registeredAt: row.registeredAt.toISOString(),
});

/**
 * The console's catalog (docs/decisions/1203): dramas and their dictionary texts, categories,
 * posters, and episodes with their subtitles (catalog-admin-episodes.ts). Every change is audited in its transaction and drops the
 * catalog caches on every instance (catalog.catalogChanged: shared cache versions + a notice).
 */
export function createCatalogAdminService(deps: {
  db: Db;
  repo: CatalogAdminRepository;
  catalog: Pick<CatalogService, 'catalogChanged' | 'reindexSearch'>;
  i18n: Pick<I18nService, 'upsert' | 'entriesForKeys'>;
  audit: AuditService;
  storage: Storage;
  clock: Clock;
  ffmpegPath: () => string;
}) {
  const { db, repo, catalog, i18n, audit, storage, clock } = deps;

  async function textsOf(keys: string[]): Promise<Map<string, Texts>> {
    const map = new Map<string, Texts>();
    for (const e of await i18n.entriesForKeys(keys)) {
      const texts = map.get(e.key) ?? { ko: '', en: '', ja: '' };
      if ((LANGUAGES as readonly string[]).includes(e.lang)) texts[e.lang as Language] = e.value;
      map.set(e.key, texts);
    }
    return map;
  }
  const writeTexts = (entries: [string, Texts][]) =>
    i18n.upsert(
      entries.flatMap(([key, texts]) =>
        LANGUAGES.map((lang) => ({ lang, key, value: texts[lang] })),
      ),
    );

  async function checkCategories(ids: number[]) {
    const found = new Set(await repo.existingCategoryIds(db, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(
        ResultCode.CATALOG_CATEGORY_NOT_FOUND,
        `categoryIds: no category ${missing.join(', ')}`,
      );
    }
  }

  /** What the audit keeps of a drama (texts included: they are what editors change most). */
  async function snapshot(dramaId: number) {
    const row = await repo.drama(db, dramaId);
    if (!row) throw dramaNotFound(dramaId);
    const texts = await textsOf([row.titleKey, row.descriptionKey]);
    return {
      row,
      audit: {
        title: texts.get(row.titleKey) ?? null,
        description: texts.get(row.descriptionKey) ?? null,
        categoryIds: (await repo.categoryIdsOf(db, [dramaId])).get(dramaId) ?? [],
        ...formFieldsOf(row),
        published: row.published,
        posterVertical: row.posterVerticalPath,
        posterHorizontal: row.posterHorizontalPath,
      },
    };
  }

  const fields = (form: DramaFormBody, now: Date) => ({
    ageRate: form.ageRate,
    ratingCriteria: form.warnings,
    exclusive: form.exclusive,
    webTag: form.webTag,
    aosTag: form.aosTag,
    iosTag: form.iosTag,
    registeredAt: form.registeredAt ? new Date(form.registeredAt) : now,
  });

  const publication = createPublication(deps);
  const service = {
    ...createEpisodeAdmin({ ...deps, impact: (id) => publication.impact(id) }),
    ...publication,
    /** A page of the console's list: search, filters, sort (decision 1541). */
    async listDramas(query: AdminDramaListQuery): Promise<AdminDramaListData> {
      const { rows, total } = await repo.listDramas(query);
      const texts = await textsOf(rows.map((r) => r.titleKey));
      const categories = await repo.categoryIdsOf(
        db,
        rows.map((r) => r.id),
      );
      const dramas: AdminDramaSummary[] = rows.map((r) => ({
        id: r.id,
        title: texts.get(r.titleKey) ?? { ko: '', en: '', ja: '' },
        state: dramaState(r),
        published: r.published,
        publishAt: r.publishAt?.toISOString() ?? null,
        archivedAt: r.archivedAt?.toISOString() ?? null,
        ageRate: r.ageRate,
        viewCount: r.viewCount,
        bookmarkCount: r.bookmarkCount,
        exclusive: r.exclusive,
        episodeCount: r.total,
        videoCount: r.episodeCount,
        posterVertical: r.posterVerticalPath,
        registeredAt: r.registeredAt.toISOString(),
        categoryIds: categories.get(r.id) ?? [],
      }));
      return { dramas, total, page: query.page, size: query.size };
    },

    /**
     * Fills the console's title search of dramas from before it existed (migration 0032), in
     * slices; once at start. Returns how many dramas were looked at.
     */
    async fillTitleSearch(): Promise<number> {
      let seen = 0;
      let after = 0;
      for (;;) {
        const rows = await repo.withoutTitleSearch(after, 1000);
        if (rows.length === 0) return seen;
        seen += rows.length;
        after = rows[rows.length - 1]?.id ?? after;
        await catalog.reindexSearch(rows.map((r) => r.titleKey));
      }
    },

    /** Titles in ko, en and ja of these dramas (the jobs page); unknown ids are left out. */
    async titlesOf(dramaIds: number[]): Promise<Map<number, Texts>> {
      const rows = await repo.titleKeysOf(dramaIds);
      const texts = await textsOf(rows.map((r) => r.titleKey));
      return new Map(rows.map((r) => [r.id, texts.get(r.titleKey) ?? { ko: '', en: '', ja: '' }]));
    },

    async dramaDetail(dramaId: number): Promise<AdminDramaDetail> {
      const { row, audit: s } = await snapshot(dramaId);
      const episodes = await repo.episodes(db, dramaId);
      return {
        id: row.id,
        published: row.published,
        state: dramaState(row),
        publishAt: row.publishAt?.toISOString() ?? null,
        archivedAt: row.archivedAt?.toISOString() ?? null,
        form: {
          title: s.title ?? { ko: '', en: '', ja: '' },
          description: s.description ?? { ko: '', en: '', ja: '' },
          categoryIds: s.categoryIds,
          ...formFieldsOf(row),
        },
        posterVertical: row.posterVerticalPath,
        posterHorizontal: row.posterHorizontalPath,
        episodes: episodes.map((e) => ({
          number: e.number,
          coin: e.coin,
          free: e.coin === 0,
          hasVideo: e.mediaPrefix !== '',
          durationSeconds: e.durationSeconds,
          subtitleLanguages: e.subtitleLanguages,
        })),
      };
    },

    /** A new drama, unpublished, with its texts in the dictionary. */
    async createDrama(operatorId: string, form: DramaFormBody): Promise<number> {
      await checkCategories(form.categoryIds);
      const slug = `console-${randomUUID().slice(0, 12)}`;
      const titleKey = `drama.${slug}.title`;
      const descriptionKey = `drama.${slug}.description`;
      await writeTexts([
        [titleKey, form.title],
        [descriptionKey, form.description],
      ]);
      const id = await db.transaction(async (tx) => {
        const dramaId = await repo.insertDrama(tx, {
          slug,
          titleKey,
          descriptionKey,
          posterVerticalPath: '',
          posterHorizontalPath: '',
          published: false,
          ...fields(form, clock.now()),
        });
        await repo.setCategories(tx, dramaId, form.categoryIds);
        await audit.record(tx, {
          operatorId,
          action: 'drama.create',
          targetType: 'drama',
          targetId: dramaId,
          before: null,
          after: { ...form, published: false },
        });
        return dramaId;
      });
      await catalog.reindexSearch([titleKey]);
      await catalog.catalogChanged();
      return id;
    },

    async updateDrama(operatorId: string, dramaId: number, form: DramaFormBody): Promise<void> {
      await checkCategories(form.categoryIds);
      const before = await snapshot(dramaId);
      await writeTexts([
        [before.row.titleKey, form.title],
        [before.row.descriptionKey, form.description],
      ]);
      await db.transaction(async (tx) => {
        if (!(await repo.drama(tx, dramaId, true))) throw dramaNotFound(dramaId);
        await repo.updateDrama(tx, dramaId, fields(form, before.row.registeredAt));
        await repo.setCategories(tx, dramaId, form.categoryIds);
        await audit.record(tx, {
          operatorId,
          action: 'drama.update',
          targetType: 'drama',
          targetId: dramaId,
          before: before.audit,
          after: {
            ...before.audit,
            ...form,
            warnings: form.warnings,
            registeredAt: fields(form, before.row.registeredAt).registeredAt.toISOString(),
          },
        });
      });
      await catalog.catalogChanged();
    },

    async setPoster(
      operatorId: string,
      dramaId: number,
      kind: PosterKind,
      image: Buffer,
    ): Promise<string> {
      if (!(await repo.drama(db, dramaId))) throw dramaNotFound(dramaId);
      const jpeg = await resizePoster(deps.ffmpegPath(), image, kind);
      const name = `${dramaId}-${kind}-${createHash('sha256').update(jpeg).digest('hex').slice(0, 12)}.jpg`;
      await storage.write(`resources/posters/console/${name}`, jpeg);
      const publicPath = `/resources/posters/console/${name}`;
      await db.transaction(async (tx) => {
        const current = await repo.drama(tx, dramaId, true);
        if (!current) throw dramaNotFound(dramaId);
        const column = kind === 'vertical' ? 'posterVerticalPath' : 'posterHorizontalPath';
        await repo.updateDrama(tx, dramaId, { [column]: publicPath });
        await audit.record(tx, {
          operatorId,
          action: 'drama.poster',
          targetType: 'drama',
          targetId: dramaId,
          before: { [kind]: current[column] || null },
          after: { [kind]: publicPath },
        });
      });
      await catalog.catalogChanged();
      return publicPath;
    },

    async categories(): Promise<AdminCategory[]> {
      const rows = await repo.categories();
      const texts = await textsOf(rows.map((r) => r.langKey));
      return rows.map((r) => ({
        id: r.id,
        name: texts.get(r.langKey) ?? { ko: r.langKey, en: r.langKey, ja: r.langKey },
        sortOrder: r.sortOrder,
      }));
    },

    async createCategory(operatorId: string, name: Texts): Promise<number> {
      const langKey = `category.console-${randomUUID().slice(0, 12)}`;
      await writeTexts([[langKey, name]]);
      const id = await db.transaction(async (tx) => {
        const last = (await repo.categories(tx)).reduce((m, c) => Math.max(m, c.sortOrder), 0);
        const categoryId = await repo.insertCategory(tx, langKey, last + 1);
        await audit.record(tx, {
          operatorId,
          action: 'category.create',
          targetType: 'category',
          targetId: categoryId,
          before: null,
          after: { name },
        });
        return categoryId;
      });
      await catalog.catalogChanged();
      return id;
    },

    /** The viewers' category chips follow this order (every category, each once). */
    async orderCategories(operatorId: string, ids: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.categories(tx);
        const known = new Set(current.map((c) => c.id));
        if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
          throw new AppError(ResultCode.BAD_REQUEST, 'ids: must list every category once');
        }
        await repo.setCategoryOrder(tx, ids);
        await audit.record(tx, {
          operatorId,
          action: 'category.order',
          targetType: 'category',
          targetId: 'all',
          before: { ids: current.map((c) => c.id) },
          after: { ids },
        });
      });
      await catalog.catalogChanged();
    },
  };
  return service;
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
