import { z } from 'zod';
import { ADMIN_BASE } from './operators';

/**
 * The console's catalog API (issue 13 item 2), `${API_BASE}${ADMIN_BASE}/catalog/...`, for the
 * roles admin and editor. Titles and descriptions are dictionary entries in ko, en and ja.
 */
export const AGE_RATES = ['all', '12', '15', '19'] as const;
export const WARNING_CODES = [
  'language',
  'violence',
  'fear',
  'sexual',
  'drug',
  'imitation',
  'theme',
] as const;
export const POSTER_KINDS = ['vertical', 'horizontal'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];
/** poster sizes after resizing (cover crop): 9:16 and 16:9 */
export const POSTER_SIZES: Record<PosterKind, { width: number; height: number }> = {
  vertical: { width: 540, height: 960 },
  horizontal: { width: 1280, height: 720 },
};
export const POSTER_MAX_BYTES = 10 * 1024 * 1024;
export const SUBTITLE_MAX_CHARS = 500_000;
export const MAX_EPISODE_COIN = 10_000;
export const MAX_EPISODES = 500;

const trimmed = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
export const localizedText = (max: number) =>
  z.object({ ko: trimmed(max), en: trimmed(max), ja: trimmed(max) });
const adTag = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .nullable()
  .transform((v) => (v ? v : null));

export const dramaFormBody = z.object({
  title: localizedText(100),
  description: localizedText(2000),
  categoryIds: z
    .array(z.number().int().positive())
    .max(20, 'must be at most 20 categories')
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a category'),
  ageRate: z.enum(AGE_RATES, { message: `must be one of ${AGE_RATES.join(', ')}` }),
  warnings: z
    .array(z.enum(WARNING_CODES, { message: `must be among ${WARNING_CODES.join(', ')}` }))
    .refine((w) => new Set(w).size === w.length, 'must not repeat a warning'),
  exclusive: z.boolean(),
  webTag: adTag,
  aosTag: adTag,
  iosTag: adTag,
  /** the release time: orders the latest lists and the "new" badge; unset = when first published */
  registeredAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable(),
});
export type DramaFormBody = z.infer<typeof dramaFormBody>;
export type DramaFormInput = z.input<typeof dramaFormBody>;

/**
 * Where a drama stands (decision 1540): published (viewers see it), draft (unpublished),
 * scheduled (unpublished with a publication time), archived (out of every list; viewers who
 * unlocked episodes keep those).
 */
export const DRAMA_STATES = ['published', 'draft', 'scheduled', 'archived'] as const;
export type DramaState = (typeof DRAMA_STATES)[number];
export const DRAMA_SORTS = ['newest', 'oldest', 'released', 'views'] as const;
export type DramaSort = (typeof DRAMA_SORTS)[number];
export const ADMIN_DRAMA_PAGE_SIZES = [20, 50, 100] as const;

/** The console's drama list: search any language's title, filters, sort, pages (decision 1541). */
export const adminDramaListQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  /** 'all' is every drama but the archived ones (they left the lists) */
  state: z
    .enum(['all', ...DRAMA_STATES], { message: `must be all or one of ${DRAMA_STATES.join(', ')}` })
    .default('all'),
  categoryId: z.coerce.number().int().positive().optional(),
  ageRate: z.enum(AGE_RATES, { message: `must be one of ${AGE_RATES.join(', ')}` }).optional(),
  sort: z
    .enum(DRAMA_SORTS, { message: `must be one of ${DRAMA_SORTS.join(', ')}` })
    .default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminDramaListQuery = z.infer<typeof adminDramaListQuery>;
export type AdminDramaListInput = z.input<typeof adminDramaListQuery>;

export const adminDramaSummary = z.object({
  id: z.number().int(),
  title: z.object({ ko: z.string(), en: z.string(), ja: z.string() }),
  state: z.enum(DRAMA_STATES),
  published: z.boolean(),
  publishAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  ageRate: z.string(),
  viewCount: z.number().int(),
  bookmarkCount: z.number().int(),
  exclusive: z.boolean(),
  episodeCount: z.number().int(),
  videoCount: z.number().int(),
  posterVertical: z.string(),
  registeredAt: z.string(),
  categoryIds: z.array(z.number().int()),
});
export type AdminDramaSummary = z.infer<typeof adminDramaSummary>;
export const adminDramaListData = z.object({
  dramas: z.array(adminDramaSummary),
  /** dramas matching the query, every page */
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AdminDramaListData = z.infer<typeof adminDramaListData>;

export const adminEpisode = z.object({
  number: z.number().int(),
  coin: z.number().int(),
  free: z.boolean(),
  hasVideo: z.boolean(),
  durationSeconds: z.number(),
  subtitleLanguages: z.array(z.string()),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const adminDramaDetail = z.object({
  id: z.number().int(),
  published: z.boolean(),
  state: z.enum(DRAMA_STATES),
  publishAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  form: z.object({
    title: z.object({ ko: z.string(), en: z.string(), ja: z.string() }),
    description: z.object({ ko: z.string(), en: z.string(), ja: z.string() }),
    categoryIds: z.array(z.number().int()),
    ageRate: z.string(),
    warnings: z.array(z.string()),
    exclusive: z.boolean(),
    webTag: z.string().nullable(),
    aosTag: z.string().nullable(),
    iosTag: z.string().nullable(),
    registeredAt: z.string().nullable(),
  }),
  posterVertical: z.string(),
  posterHorizontal: z.string(),
  episodes: z.array(adminEpisode),
});
export type AdminDramaDetail = z.infer<typeof adminDramaDetail>;
export const adminDramaData = z.object({ drama: adminDramaDetail });
export type AdminDramaData = z.infer<typeof adminDramaData>;

export const adminDramaIdParams = z.object({ dramaId: z.coerce.number().int().positive() });
export const adminEpisodeParams = adminDramaIdParams.extend({
  episode: z.coerce.number().int().positive().max(MAX_EPISODES),
});
export const posterParams = adminDramaIdParams.extend({
  kind: z.enum(POSTER_KINDS, { message: 'must be vertical or horizontal' }),
});
export const subtitleParams = adminEpisodeParams.extend({
  lang: z.enum(['ko', 'en', 'ja'], { message: 'must be ko, en or ja' }),
});

export const publishBody = z.object({ published: z.boolean() });
export const addEpisodesBody = z.object({
  count: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'),
  /** price of each new episode (0 = free, the default); the first `freeFirst` stay free */
  coin: z
    .number()
    .int()
    .min(0, 'must be 0 or more')
    .max(MAX_EPISODE_COIN, `must be at most ${MAX_EPISODE_COIN}`)
    .default(0),
  freeFirst: z.number().int().min(0, 'must be 0 or more').max(100).default(0),
});
export type AddEpisodesInput = z.input<typeof addEpisodesBody>;
/** the episode numbers in their new order: new episode k is the old numbers[k-1] (decision 1542) */
export const episodeOrderBody = z.object({
  numbers: z
    .array(z.number().int().positive())
    .min(1, 'is required')
    .max(MAX_EPISODES)
    .refine((n) => new Set(n).size === n.length, 'must not repeat an episode'),
});
/** a scheduled publication (ISO time with offset), or null to cancel it */
export const scheduleBody = z.object({
  publishAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable(),
});
/** what unpublishing or archiving takes from viewers (the confirmation states it) */
export const dramaImpactData = z.object({
  /** viewers who unlocked at least one episode, with coins or a rewarded ad */
  viewersWithUnlocks: z.number().int(),
  /** viewers who bookmarked it */
  bookmarks: z.number().int(),
});
export type DramaImpact = z.infer<typeof dramaImpactData>;
export const episodeFormBody = z
  .object({
    free: z.boolean(),
    coin: z
      .number()
      .int()
      .min(0, 'must be 0 or more')
      .max(MAX_EPISODE_COIN, `must be at most ${MAX_EPISODE_COIN}`),
  })
  .refine((e) => e.free || e.coin > 0, { message: 'must be above 0 unless free', path: ['coin'] });
export type EpisodeFormBody = z.infer<typeof episodeFormBody>;
export const subtitleBody = z.object({
  text: z
    .string()
    .min(1, 'is required')
    .max(SUBTITLE_MAX_CHARS, `must be at most ${SUBTITLE_MAX_CHARS} characters`),
});

export const adminCategory = z.object({
  id: z.number().int(),
  name: z.object({ ko: z.string(), en: z.string(), ja: z.string() }),
  sortOrder: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryListData = z.object({ categories: z.array(adminCategory) });
export type AdminCategoryListData = z.infer<typeof adminCategoryListData>;
export const categoryBody = z.object({ name: localizedText(40) });
export const categoryOrderBody = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, 'is required')
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a category'),
});

export const catalogAdminPaths = {
  dramas: () => `${ADMIN_BASE}/catalog/dramas`,
  drama: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}`,
  publish: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/publish`,
  poster: (id: number | string, kind: string) =>
    `${ADMIN_BASE}/catalog/dramas/${id}/posters/${kind}`,
  schedule: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/schedule`,
  archive: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/archive`,
  restore: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/restore`,
  impact: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/impact`,
  episodeOrder: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/episodes/order`,
  episodes: (id: number | string) => `${ADMIN_BASE}/catalog/dramas/${id}/episodes`,
  episode: (id: number | string, n: number | string) =>
    `${ADMIN_BASE}/catalog/dramas/${id}/episodes/${n}`,
  subtitles: (id: number | string, n: number | string, lang: string) =>
    `${ADMIN_BASE}/catalog/dramas/${id}/episodes/${n}/subtitles/${lang}`,
  categories: () => `${ADMIN_BASE}/catalog/categories`,
  categoryOrder: () => `${ADMIN_BASE}/catalog/categories/order`,
} as const;
