import { z } from 'zod';
import { drama, listParams } from './drama';
import { idParam, languageSchema } from './primitives';

/** The categoryId of /drama/list that means every category (the main page's "all dramas"). */
export const ALL_CATEGORIES_ID = 0;

export const category = z.object({ ctgr_id: z.number().int(), ctgr_lang_key: z.string() });
export type Category = z.infer<typeof category>;

export const categoryListData = z.object({ categoryList: z.array(category) });
export type CategoryListData = z.infer<typeof categoryListData>;

export const categoryListParams = /* @__PURE__ */ listParams.extend({
  categoryId: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(ALL_CATEGORIES_ID, `must be ${ALL_CATEGORIES_ID} (all) or a category id`)
    .max(2_147_483_647, 'is too large'),
});

/** Longest search keyword accepted, in characters after trimming. */
export const MAX_SEARCH_KEYWORD = 100;
const searchKeyword = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_SEARCH_KEYWORD, `must be at most ${MAX_SEARCH_KEYWORD} characters`);
export const searchListParams = /* @__PURE__ */ listParams.extend({ keyword: searchKeyword });

/**
 * GET /drama/search/suggest/{language}/{keyword} (issue 46): titles in the viewer's language that
 * hold what the viewer is typing, a Hangul syllable still being composed included; the most
 * watched first. Not counted as a search (top searches count what viewers submit).
 */
export const searchSuggestParams = z.object({
  language: languageSchema,
  keyword: searchKeyword,
});
export const searchSuggestData = z.object({
  suggestionList: z.array(
    z.object({
      dram_id: z.number().int(),
      titl_lang_key: z.string(),
      /** the title in the asked language (English when it has none) */
      titl: z.string(),
      /** the drama's age rating, drawn as its badge beside the title (issue 40 item 4) */
      age_rate: z.string(),
    }),
  ),
});
export type SearchSuggestData = z.infer<typeof searchSuggestData>;

/** Lists whose reply has no total (spec §7: view-count, exclusive, user). */
export const dramaOnlyListData = z.object({ dramaList: z.array(drama) });
export type DramaOnlyListData = z.infer<typeof dramaOnlyListData>;

export const viewCountBody = z.object({ dramId: idParam });
export type ViewCountBody = z.infer<typeof viewCountBody>;
export const viewCountData = z.object({ dramId: z.number().int(), view_cnt: z.number().int() });
export type ViewCountData = z.infer<typeof viewCountData>;

/** Web paths of the catalog calls (keyword URL-encoded, spec §5). */
export const catalogPaths = {
  categories: () => '/drama/category/list',
  byCategory: (categoryId: number, count: number, page: number) =>
    `/drama/list/${categoryId}/${count}/${page}`,
  latest: (count: number, page: number) => `/drama/latest/list/${count}/${page}`,
  popular: (count: number, page: number) => `/drama/view-count/list/${count}/${page}`,
  exclusive: (count: number, page: number) => `/drama/exclusive/list/${count}/${page}`,
  recent: (count: number, page: number) => `/drama/user/list/${count}/${page}`,
  search: (keyword: string, count: number, page: number) =>
    `/drama/search/list/${encodeURIComponent(keyword)}/${count}/${page}`,
  viewCount: () => '/drama/view-count',
  suggest: (language: string, keyword: string) =>
    `/drama/search/suggest/${language}/${encodeURIComponent(keyword)}`,
} as const;

/** GET /drama/search/top: the most searched keywords of the week that found dramas. */
export const topSearchData = z.object({
  keywordList: z.array(z.object({ keyword: z.string(), count: z.number().int() })),
});
export type TopSearchData = z.infer<typeof topSearchData>;
export const topSearchPath = '/drama/search/top';
