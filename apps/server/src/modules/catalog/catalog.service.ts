import { ASSET_VERSION, ResultCode, type Drama, type DramaListData } from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { CatalogRepository, DramaRow, EpisodeRow } from './catalog.repository';

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

export function createCatalogService(deps: { repo: CatalogRepository }) {
  const { repo } = deps;

  async function withCategories(rows: DramaRow[]): Promise<Drama[]> {
    const cats = await repo.categoryIdsOf(rows.map((r) => r.id));
    return rows.map((r) => toWireDrama(r, cats.get(r.id) ?? []));
  }

  return {
    async drama(dramaId: number): Promise<{ drama: Drama; episodes: EpisodeRow[] }> {
      const row = await repo.findDrama(dramaId);
      if (!row) throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
      const [[drama], episodes] = await Promise.all([withCategories([row]), repo.episodesOf(dramaId)]);
      if (!drama) throw new AppError(ResultCode.DRAMA_NOT_FOUND, `Drama ${dramaId} not found`);
      return { drama, episodes };
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

    async latest(count: number, page: number): Promise<DramaListData> {
      const { total, rows } = await repo.latest(count, (page - 1) * count);
      return { totalCount: total, dramaList: await withCategories(rows) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
