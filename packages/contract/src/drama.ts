import { z } from 'zod';
import { QUALITIES } from './constants';
import { episodeNumber, idParam, timestamp } from './primitives';

export const drama = z.object({
  dram_id: z.number().int(),
  titl_lang_key: z.string(),
  dscr_lang_key: z.string(),
  pstr_vrtc_path: z.string(),
  pstr_hrzt_path: z.string(),
  age_rate: z.string(),
  rate_clsf_crtr: z.array(z.string()),
  bkmk_cnt: z.number().int(),
  epsd_cnt: z.number().int(),
  view_cnt: z.number().int(),
  excl_yn: z.enum(['Y', 'N']),
  rgst_dtm: timestamp,
  ctgr_list: z.array(z.number().int()),
  web_tag: z.string().nullable(),
  aos_tag: z.string().nullable(),
  ios_tag: z.string().nullable(),
});
export type Drama = z.infer<typeof drama>;

export const episode = z.object({ epsd: z.number().int(), coin: z.number().int() });
export type Episode = z.infer<typeof episode>;

export const userEpisode = z.object({ epsd: z.number().int(), last_view_dtm: timestamp });
export type UserEpisode = z.infer<typeof userEpisode>;

export const dramaInfoParams = z.object({ dramaId: idParam });
export const dramaInfoData = z.object({
  drama,
  episodeList: z.array(episode),
  userDramaEpisodeList: z.array(userEpisode),
  /** episodes this user unlocked with coins or ads */
  unlockedEpisodeList: z.array(z.number().int()),
  bookmark: z.boolean(),
});
export type DramaInfoData = z.infer<typeof dramaInfoData>;

export const MAX_LIST_COUNT = 200;
export const listParams = z.object({
  count: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(MAX_LIST_COUNT, `must be ${MAX_LIST_COUNT} or less`),
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(1_000_000, 'is too large'),
});
export const dramaListData = z.object({
  totalCount: z.number().int(),
  dramaList: z.array(drama),
});
export type DramaListData = z.infer<typeof dramaListData>;

export const episodeStartBody = z.object({ dramId: idParam, epsd: episodeNumber });
export type EpisodeStartBody = z.infer<typeof episodeStartBody>;
export const videoUrl = z.object({ quality: z.enum(QUALITIES), videoUrl: z.string() });
export const episodeStartData = z.object({
  logId: z.string(),
  videoUrlList: z.array(videoUrl),
  /**
   * Signed URLs of the next episode when the caller may already play it (free, viewed or
   * unlocked), so the player preloads it for an instant swipe; absent otherwise. Starting it still
   * takes its own POST /drama/episode.
   */
  nextVideoUrlList: z.array(videoUrl).optional(),
  /**
   * The text of the master playlist and of each rendition's playlist, keyed by their URL in
   * `videoUrlList` and signed like it, so the player starts without two more round trips; absent
   * when the media store could not read them (the player then loads them from their URLs).
   */
  playlistList: z.array(z.object({ videoUrl: z.string(), playlist: z.string() })).optional(),
  /**
   * True when this start completed a run of consecutive watched episodes and the server bookmarked
   * the drama for the caller (spec §4 auto-bookmark); absent otherwise.
   */
  autoBookmarked: z.boolean().optional(),
});
export type EpisodeStartData = z.infer<typeof episodeStartData>;

export const episodeEndBody = z.object({ logId: z.uuid('must be a UUID') });
export const episodeEndData = z.object({ logId: z.string(), watchedSeconds: z.number() });

export const subtitleEntry = z.object({
  start: z.number(),
  end: z.number(),
  text: z.record(z.string(), z.string()),
});
export type SubtitleEntry = z.infer<typeof subtitleEntry>;
