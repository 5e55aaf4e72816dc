import {
  ALL_CATEGORIES_ID,
  ASSET_VERSION,
  LANGUAGES,
  ResultCode,
  type CategoryListData,
  type Drama,
  type DramaListData,
  type DramaOnlyListData,
  type ViewCountData,
} from '@snapdrama/contract';
import { POPULAR_LIMIT, normalizeSearchText } from '@snapdrama/rules';
import { createMemoryCache, type Cache } from '../../cache/cache';
import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import { isDatabaseUnavailable } from '../../db/client';
import { AppError } from '../../errors';
import type {
  CatalogRepository,
  CountedRows,
  DramaCounters,
  DramaRow,
  Page,
} from './catalog.repository';
import { createSearchPlanner, SEARCH_SAMPLE_SIZE } from './search-plan';
import type { EpisodeRow } from './catalog.tables';

/** Where the catalog reads the dictionary text of titles and descriptions (the i18n module). */
export interface DramaTextSource {
  entriesForKeys(keys: string[]): Promise<{ lang: string; key: string; value: string }[]>;
}

/** Cache namespaces: view counts only reorder `popular`; catalog changes drop them all. */
const NS = {
  categories: 'catalog:categories',
  lists: 'catalog:lists',
  popular: 'catalog:popular',
  search: 'catalog:search',
  episodes: 'catalog:episodes',
};
const ALL_NAMESPACES = Object.values(NS);
/** The change notice's topic (cache/change-notices.ts). */
export const CATALOG_CHANGED = 'catalog';
const LIST_TTL_SECONDS = 60;
/** In-process: what drama info shows of a drama besides its counts. */
const DRAMA_INFO_NS = 'catalog:drama-info';

/** Drama info's part that is the same for every viewer: cached, dropped with catalog changes. */
export interface DramaInfoCatalogPart {
  /** the drama's bkmk_cnt and view_cnt are those of when it was read: callers put live ones in */
  drama: Drama;
  episodeList: { epsd: number; coin: number }[];
}
const SEARCH_TTL_SECONDS = 30;

/**
 * The text search runs on: every language's title and description, normalised, one part per
 * line (a keyword never matches across two parts).
 */
export function searchTextOf(parts: string[]): string {
  return parts
    .map(normalizeSearchText)
    .filter((p) => p.length > 0)
    .join('\n');
}

/** Wire shape of a drama (spec §3), mapped in this one place. */
export function toWireDrama(row: DramaRow, categoryIds: number[]): Drama {
  const versioned = (p: string) => `${p}?v=${ASSET_VERSION}`;
  return {
    dram_id: row.id,
    titl_lang_key: row.titleKey,
    dscr_lang_key: row.descriptionKey,
    pstr_vrtc_path: versioned(row.posterVerticalPath),
    pstr_hrzt_path: versioned(row.posterHorizontalPath),
    age_rate: row.ageRate,
    rate_clsf_crtr: row.ratingCriteria,
    bkmk_cnt: row.bookmarkCount,
    epsd_cnt: row.episodeCount,
    view_cnt: row.viewCount,
    excl_yn: row.exclusive ? 'Y' : 'N',
    rgst_dtm: row.registeredAt.toISOString(),
    ctgr_list: categoryIds,
    web_tag: row.webTag,
    aos_tag: row.aosTag,
    ios_tag: row.iosTag,
  };
}

const page = (count: number, pageNumber: number): Page => ({
  limit: count,
  offset: (pageNumber - 1) * count,
});

export function createCatalogService(deps: {
  repo: CatalogRepository;
  /**
   * The same repository on a read replica (DATABASE_READ_URL), for what viewers browse: lists,
   * search, drama info. Everything that writes, and what prices an unlock, stays on `repo`.
   */
  reads?: CatalogRepository;
  cache: Cache;
  texts: DramaTextSource;
  clock: Clock;
  /** hears each first-page search and how many dramas it found (top searches); must not block */
  onSearched?: (keyword: string, total: number) => void;
  /** tells other instances of a catalog change (what they keep in memory) and hears theirs */
  notices?: ChangeNotices;
  /** hears a replica read that fell back to the primary */
  onReplicaUnavailable?: (error: unknown) => void;
}) {
  const { repo, cache, clock } = deps;
  /**
   * A read on the replica; on the primary when there is none, or when the replica cannot be
   * reached (a replica outage slows browsing down instead of stopping it).
   */
  const read = async <T>(run: (r: CatalogRepository) => Promise<T>): Promise<T> => {
    const replica = deps.reads;
    if (!replica) return run(repo);
    try {
      return await run(replica);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      deps.onReplicaUnavailable?.(error);
      return run(repo);
    }
  };
  // which part of a keyword drives the index: a sample of this catalog's search texts decides
  const planner = createSearchPlanner(
    () => read((r) => r.searchTextSample(SEARCH_SAMPLE_SIZE)),
    () => clock.now().getTime(),
  );
  // Drama info is read at every player open: its catalog part stays in this instance's memory
  // (no Redis round trip either), dropped here and, through the notice, on every other instance
  // when the catalog changes; the TTL bounds what an instance cut off from the notices keeps.
  const local = createMemoryCache({ clock });
  // what others keep in memory about episodes (the media routes' folder cache) hears every change
  const changeListeners: (() => void)[] = [];
  const dropLocalCopies = async () => {
    planner.invalidate();
    for (const listener of changeListeners) listener();
    await local.invalidate(DRAMA_INFO_NS);
  };
  deps.notices?.subscribe(CATALOG_CHANGED, () => void dropLocalCopies());

  async function withCategories(rows: DramaRow[]): Promise<Drama[]> {
    const cats = await read((r) => r.categoryIdsOf(rows.map((row) => row.id)));
    return rows.map((r) => toWireDrama(r, cats.get(r.id) ?? []));
  }

  async function counted(result: Promise<CountedRows>): Promise<DramaListData> {
    const { total, rows } = await result;
    return { totalCount: total, dramaList: await withCategories(rows) };
  }

  return {
    /** Drama info's catalog part (a read for viewers: the replica when there is one). */
    async drama(dramaId: number): Promise<{ drama: Drama; episodes: EpisodeRow[] }> {
      const row = await read((r) => r.findDrama(dramaId));
      if (!row) throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
      const [[drama], episodes] = await Promise.all([
        withCategories([row]),
        read((r) => r.episodesOf(dramaId)),
      ]);
      if (!drama) throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
      return { drama, episodes };
    },

    /**
     * Drama info's catalog part (the drama, its episodes and prices): the same for every viewer,
     * kept in memory. 404002 for an unknown drama.
     */
    async dramaInfoPart(dramaId: number): Promise<DramaInfoCatalogPart> {
      return local.getOrLoad(DRAMA_INFO_NS, String(dramaId), LIST_TTL_SECONDS, async () => {
        const { drama, episodes } = await this.drama(dramaId);
        return { drama, episodeList: episodes.map((e) => ({ epsd: e.number, coin: e.coin })) };
      });
    },

    /**
     * An archived drama's catalog part (decision 1540), for the viewers who unlocked episodes of
     * it: kept in memory like drama info, dropped with catalog changes. Undefined for any drama
     * that is not archived.
     */
    async archivedPart(
      dramaId: number,
    ): Promise<(DramaInfoCatalogPart & { ageRate: string }) | undefined> {
      const part = await local.getOrLoad(
        DRAMA_INFO_NS,
        `archived:${dramaId}`,
        LIST_TTL_SECONDS,
        async () => {
          const row = await repo.findArchivedDrama(dramaId);
          if (!row) return { archived: null };
          const [[drama], episodes] = await Promise.all([
            withCategories([row]),
            repo.episodesOf(dramaId),
          ]);
          if (!drama) return { archived: null };
          return {
            archived: {
              drama,
              ageRate: row.ageRate,
              episodeList: episodes.map((e) => ({ epsd: e.number, coin: e.coin })),
            },
          };
        },
      );
      return part.archived ?? undefined;
    },

    /** A drama's live counts as a part of a caller's statement (on the primary). */
    dramaCountersPart: () => repo.countersPart(),

    /** A drama's live counts (a read for viewers: the replica when there is one). */
    async dramaCounters(dramaId: number): Promise<DramaCounters | undefined> {
      return read((r) => r.counters(dramaId));
    },

    /**
     * What pricing and playback rules need of a drama: its title key, age rating (the age gate)
     * and episodes. Cached, since
     * every unlock and every episode start reads it; dropped with any catalog change.
     */
    async pricing(
      dramaId: number,
    ): Promise<{ titleKey: string; ageRate: string; episodes: EpisodeRow[] }> {
      return cache.getOrLoad(NS.episodes, String(dramaId), LIST_TTL_SECONDS, async () => {
        const [row, episodes] = await Promise.all([
          repo.findDrama(dramaId),
          repo.episodesOf(dramaId),
        ]);
        if (!row) throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
        return { titleKey: row.titleKey, ageRate: row.ageRate, episodes };
      });
    },

    async episode(dramaId: number, epsd: number): Promise<EpisodeRow> {
      const episode = await repo.findEpisode(dramaId, epsd);
      if (!episode) {
        if (!(await repo.findDrama(dramaId))) {
          throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
        }
        throw new AppError(ResultCode.EPISODE_NOT_FOUND, `Drama ${dramaId} has no episode ${epsd}`);
      }
      return episode;
    },

    /** Dramas in wire shape, in the order of the ids (for lists other modules own, e.g. recent views). */
    async dramasByIds(ids: number[]): Promise<Drama[]> {
      return withCategories(await read((r) => r.dramasByIds(ids)));
    },

    /** The title keys of these dramas in one read, published or not (for reports over many). */
    async titleKeysOf(ids: number[]): Promise<Map<number, string>> {
      return read((r) => r.titleKeysOf(ids));
    },

    async categoryList(): Promise<CategoryListData> {
      return cache.getOrLoad(NS.categories, 'all', LIST_TTL_SECONDS, async () => ({
        categoryList: (await read((r) => r.categories())).map((c) => ({
          ctgr_id: c.id,
          ctgr_lang_key: c.langKey,
        })),
      }));
    },

    /** GET /drama/list: every drama for ALL_CATEGORIES_ID, else one category's (an unknown one is empty). */
    async listByCategory(
      categoryId: number,
      count: number,
      pageNumber: number,
    ): Promise<DramaListData> {
      return cache.getOrLoad(
        NS.lists,
        `c:${categoryId}:${count}:${pageNumber}`,
        LIST_TTL_SECONDS,
        () =>
          counted(
            read((r) =>
              categoryId === ALL_CATEGORIES_ID
                ? r.all(page(count, pageNumber))
                : r.inCategory(categoryId, page(count, pageNumber)),
            ),
          ),
      );
    },

    async latest(count: number, pageNumber: number): Promise<DramaListData> {
      return cache.getOrLoad(NS.lists, `latest:${count}:${pageNumber}`, LIST_TTL_SECONDS, () =>
        counted(read((r) => r.latest(page(count, pageNumber)))),
      );
    },

    /** The top POPULAR_LIMIT by view count (spec §9); pages beyond it are empty. */
    async popular(count: number, pageNumber: number): Promise<DramaOnlyListData> {
      return cache.getOrLoad(NS.popular, `${count}:${pageNumber}`, LIST_TTL_SECONDS, async () => {
        const { offset } = page(count, pageNumber);
        const limit = Math.min(count, POPULAR_LIMIT - offset);
        if (limit <= 0) return { dramaList: [] };
        return {
          dramaList: await withCategories(await read((r) => r.mostViewed({ limit, offset }))),
        };
      });
    },

    async exclusive(count: number, pageNumber: number): Promise<DramaOnlyListData> {
      return cache.getOrLoad(
        NS.lists,
        `exclusive:${count}:${pageNumber}`,
        LIST_TTL_SECONDS,
        async () => ({
          dramaList: await withCategories(await read((r) => r.exclusive(page(count, pageNumber)))),
        }),
      );
    },

    /** Case-insensitive partial match on titles and descriptions in every language. */
    async search(keyword: string, count: number, pageNumber: number): Promise<DramaListData> {
      const term = normalizeSearchText(keyword);
      if (!term) return { totalCount: 0, dramaList: [] };
      const result = await cache.getOrLoad(
        NS.search,
        `${count}:${pageNumber}:${term}`,
        SEARCH_TTL_SECONDS,
        async () => {
          // the rows carry their category ids (read in the same statement)
          const driving = await planner.drivingPart(term);
          const { total, rows } = await read((r) =>
            r.search(term, page(count, pageNumber), driving),
          );
          return {
            totalCount: total,
            dramaList: rows.map((r) => toWireDrama(r, r.categoryIds)),
          };
        },
      );
      // one count per search, not per page turned
      if (pageNumber === 1) deps.onSearched?.(term, result.totalCount);
      return result;
    },

    /** PUT /drama/view-count: one more view; reorders the popular list at once. */
    async addView(dramaId: number): Promise<ViewCountData> {
      const viewCount = await repo.addView(dramaId);
      if (viewCount === undefined)
        throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
      await cache.invalidate(NS.popular);
      return { dramId: dramaId, view_cnt: viewCount };
    },

    /**
     * Rebuilds the search text of the dramas whose title or description uses one of these
     * dictionary keys (every drama when undefined), then drops the cached lists.
     */
    async reindexSearch(dictionaryKeys?: string[]): Promise<number> {
      const dramaKeys = [];
      if (dictionaryKeys) {
        for (let i = 0; i < dictionaryKeys.length; i += 1000) {
          dramaKeys.push(...(await repo.textKeysOf(dictionaryKeys.slice(i, i + 1000))));
        }
      } else {
        dramaKeys.push(...(await repo.textKeysOf()));
      }
      for (let i = 0; i < dramaKeys.length; i += 500) {
        const chunk = dramaKeys.slice(i, i + 500);
        const entries = await deps.texts.entriesForKeys(
          chunk.flatMap((d) => [d.titleKey, d.descriptionKey]),
        );
        const text = new Map<string, string>();
        for (const e of entries) text.set(`${e.lang}\u0000${e.key}`, e.value);
        await repo.setSearchTexts(
          chunk.map((d) => ({
            id: d.id,
            // the console finds every drama by any language's title (decision 1541)
            titles: searchTextOf(
              LANGUAGES.map((lang) => text.get(`${lang}\u0000${d.titleKey}`) ?? ''),
            ),
            // an unpublished (or archived) drama has no search text: no viewer's search finds it
            // (decisions 1203, 1540)
            text:
              !d.published || d.archivedAt
                ? ''
                : searchTextOf(
                    LANGUAGES.flatMap((lang) => [
                      text.get(`${lang}\u0000${d.titleKey}`) ?? '',
                      text.get(`${lang}\u0000${d.descriptionKey}`) ?? '',
                    ]),
                  ),
          })),
        );
      }
      if (dramaKeys.length > 0) await this.catalogChanged();
      return dramaKeys.length;
    },

    /** Calls `listener` on every catalog change, made here or on another instance. */
    onChanged(listener: () => void): void {
      changeListeners.push(listener);
    },

    /**
     * Call after any change of dramas or categories (seeding, operators): drops every cached list
     * on every instance (shared versions), and what other instances keep in memory (a notice).
     */
    async catalogChanged(): Promise<void> {
      await dropLocalCopies();
      await cache.invalidate(...ALL_NAMESPACES);
      await deps.notices?.publish(CATALOG_CHANGED);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
