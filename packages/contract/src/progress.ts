import { z } from 'zod';
import { episodeNumber, idParam } from './primitives';

/** Longest episode a position is kept for, in seconds (far above any short-drama episode). */
export const MAX_EPISODE_SECONDS = 6 * 60 * 60;

const seconds = z.coerce
  .number({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(MAX_EPISODE_SECONDS, `must be at most ${MAX_EPISODE_SECONDS}`);

/** PUT /drama/episode/position: where the viewer is in an episode (continue watching). */
export const positionSaveBody = z
  .object({ dramId: idParam, epsd: episodeNumber, position: seconds, duration: seconds })
  .refine((b) => b.duration > 0, { message: 'duration must be above 0', path: ['duration'] })
  .refine((b) => b.position <= b.duration, {
    message: 'position must not exceed duration',
    path: ['position'],
  });
export type PositionSaveBody = z.infer<typeof positionSaveBody>;

export const episodePosition = z.object({
  epsd: z.number().int(),
  position: z.number().int(),
  duration: z.number().int(),
  updt_dtm: z.string(),
});
export type EpisodePosition = z.infer<typeof episodePosition>;

export const positionSaveData = episodePosition;

/** GET /drama/episode/position/{dramaId}: the saved positions of one drama's episodes. */
export const positionListParams = z.object({ dramaId: idParam });
export const positionListData = z.object({ positionList: z.array(episodePosition) });
export type PositionListData = z.infer<typeof positionListData>;

/** GET /drama/continue/list/{count}: the dramas to continue, the most recently watched first. */
export const continueItem = z.object({
  dram_id: z.number().int(),
  titl_lang_key: z.string(),
  pstr_vrtc_path: z.string(),
  /** the drama's rating, for its badge (decision 1490) */
  age_rate: z.string(),
  epsd_cnt: z.number().int(),
  epsd: z.number().int(),
  position: z.number().int(),
  duration: z.number().int(),
  updt_dtm: z.string(),
});
export type ContinueItem = z.infer<typeof continueItem>;
export const continueListParams = z.object({
  count: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(50, 'must be 50 or less'),
});
export const continueListData = z.object({ continueList: z.array(continueItem) });
export type ContinueListData = z.infer<typeof continueListData>;

export const progressPaths = {
  save: () => '/drama/episode/position',
  ofDrama: (dramaId: number) => `/drama/episode/position/${dramaId}`,
  continueList: (count: number) => `/drama/continue/list/${count}`,
} as const;
