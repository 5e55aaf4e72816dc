import { z } from 'zod';
import { idParam } from './primitives';

/** Most dramas one DELETE /drama/bookmark may remove; a page of bookmarks fits many times. */
export const MAX_BOOKMARK_DELETE = 500;

/** Bookmark item of spec §3; `epsd` is the last watched episode, 0 when none was watched yet. */
export const bookmarkItem = z.object({
  dram_id: z.number().int(),
  epsd: z.number().int(),
  epsd_cnt: z.number().int(),
  titl_lang_key: z.string(),
  pstr_vrtc_path: z.string(),
  /** the drama's rating, for its badge (decision 1490) */
  age_rate: z.string(),
});
export type BookmarkItem = z.infer<typeof bookmarkItem>;

export const bookmarkListData = z.object({ bookmarkList: z.array(bookmarkItem) });
export type BookmarkListData = z.infer<typeof bookmarkListData>;

export const bookmarkAddBody = z.object({ dramId: idParam });
export type BookmarkAddBody = z.infer<typeof bookmarkAddBody>;
export const bookmarkAddData = z.object({ dramId: z.number().int(), bkmk_cnt: z.number().int() });
export type BookmarkAddData = z.infer<typeof bookmarkAddData>;

export const bookmarkDeleteBody = z.object({
  dramIds: z
    .array(idParam)
    .min(1, 'must name at least one drama')
    .max(MAX_BOOKMARK_DELETE, `must name at most ${MAX_BOOKMARK_DELETE} dramas`),
});
export type BookmarkDeleteBody = z.infer<typeof bookmarkDeleteBody>;
export const bookmarkDeleteData = z.object({
  dramIds: z.array(z.number().int()),
  /** the bookmark count of each removed drama after the removal */
  bkmkCntList: z.array(z.object({ dram_id: z.number().int(), bkmk_cnt: z.number().int() })),
});
export type BookmarkDeleteData = z.infer<typeof bookmarkDeleteData>;

export const bookmarkPaths = {
  bookmark: () => '/drama/bookmark',
} as const;

/** GET /share/config: what the share feature needs from the server's configuration. */
export const shareConfigData = z.object({
  /** Kakao JavaScript key (KAKAO_JS_KEY); null means the local stand-in (copy the link) */
  kakaoJsKey: z.string().nullable(),
});
export type ShareConfigData = z.infer<typeof shareConfigData>;
export const sharePaths = { config: () => '/share/config' } as const;
