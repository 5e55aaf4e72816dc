import { z } from 'zod';
import { drama, videoUrl } from './drama';

/** The For You feed (issue 45): GET /foryou pages, POST /foryou/signals beacons. */
export const FORYOU_PATH = '/foryou';
export const FORYOU_SIGNALS_PATH = '/foryou/signals';
/** Items per page the web asks for; the next page is fetched before the viewer reaches the end. */
export const FORYOU_PAGE_SIZE = 10;
export const FORYOU_MAX_PAGE_SIZE = 30;
/** Swiped away within this many ms of its first frame: a skip. */
export const FORYOU_SKIP_MS = 3_000;

/** Why an item is in the feed (shown to operators, and a test's handle; not shown to viewers). */
export const FORYOU_REASONS = [
  'pinned',
  'affinity',
  'cowatch',
  'popular',
  'fresh',
  'explore',
] as const;
export type ForYouReason = (typeof FORYOU_REASONS)[number];

export const forYouQuery = z.object({
  count: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(FORYOU_MAX_PAGE_SIZE, `must be ${FORYOU_MAX_PAGE_SIZE} or less`)
    .optional(),
  /** Opaque: the previous page's `cursor`. Absent for the first page. */
  cursor: z.string().max(512, 'is too long').optional(),
});
export type ForYouQuery = z.infer<typeof forYouQuery>;

export const forYouItem = z.object({
  /** This serving of this drama to this viewer: the key of its signals. */
  impressionId: z.uuid(),
  drama,
  /** The episode the feed plays: the drama's first free episode or the trailer an operator chose. */
  epsd: z.number().int(),
  /** Where the clip starts and (when an operator chose a trailer clip) ends, in seconds. */
  clipStartSeconds: z.number().min(0),
  clipEndSeconds: z.number().min(0).nullable(),
  /** Signed URLs of `epsd` (free to everyone), so the feed preloads the next items. */
  videoUrlList: z.array(videoUrl),
  /** Where "continue this drama" enters the player: the viewer's next episode of it. */
  continueEpsd: z.number().int(),
  bookmark: z.boolean(),
  reason: z.enum(FORYOU_REASONS),
});
export type ForYouItem = z.infer<typeof forYouItem>;

export const forYouData = z.object({
  itemList: z.array(forYouItem),
  /** The next page's cursor; null when the catalog has nothing more for this viewer. */
  cursor: z.string().nullable(),
});
export type ForYouData = z.infer<typeof forYouData>;

/**
 * What the web feed reports of one impression (sendBeacon): shown (first frame painted), watch
 * (ms watched so far, sent when the viewer moves on or the page hides), skip (swiped away within
 * FORYOU_SKIP_MS), continue (tapped "continue this drama"). Untrusted: bounded here; the server
 * keeps one row per impression and kind, and ignores impressions not served to the caller.
 */
export const FORYOU_SIGNAL_KINDS = ['shown', 'watch', 'skip', 'continue'] as const;
export type ForYouSignalKind = (typeof FORYOU_SIGNAL_KINDS)[number];
export const forYouSignalBody = z.object({
  impressionId: z.uuid('must be a UUID'),
  kind: z.enum(FORYOU_SIGNAL_KINDS),
  watchedMs: z.number().int().min(0).max(86_400_000).optional(),
});
export type ForYouSignalBody = z.infer<typeof forYouSignalBody>;

/**
 * The console (issue 45 item 2): what operators set for a drama in the feed. Added after the
 * viewer contract; additive.
 */
export const forYouAdminParams = z.object({
  dramaId: z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1),
});
export const FORYOU_PIN_MAX_POSITION = 100;
export const forYouSettingsBody = z
  .object({
    /** served at this 1-based position of every viewer's feed; null: not pinned */
    pinnedPosition: z.number().int().min(1).max(FORYOU_PIN_MAX_POSITION).nullable(),
    /** never in the feed */
    excluded: z.boolean(),
    /** the episode the feed plays instead of the first free one; null: the first free one */
    trailerEpisode: z.number().int().min(1).nullable(),
    clipStartSeconds: z.number().min(0).max(3600),
    clipEndSeconds: z.number().min(0).max(3600).nullable(),
  })
  .refine((s) => !(s.excluded && s.pinnedPosition !== null), {
    message: 'a drama cannot be pinned and excluded at once',
    path: ['pinnedPosition'],
  })
  .refine((s) => s.clipEndSeconds === null || s.clipEndSeconds > s.clipStartSeconds, {
    message: 'must be after the clip start',
    path: ['clipEndSeconds'],
  });
export type ForYouSettingsBody = z.infer<typeof forYouSettingsBody>;
export const forYouSettingsData = z.object({
  dramaId: z.number().int(),
  pinnedPosition: z.number().int().nullable(),
  excluded: z.boolean(),
  trailerEpisode: z.number().int().nullable(),
  clipStartSeconds: z.number(),
  clipEndSeconds: z.number().nullable(),
});
export type ForYouSettingsData = z.infer<typeof forYouSettingsData>;

/** The dashboard's feed figures over a window: impressions served, shown, skipped, continued. */
export const forYouCountsWindow = z.object({
  served: z.number().int(),
  shown: z.number().int(),
  skipped: z.number().int(),
  continued: z.number().int(),
  /** continued / shown; null when nothing was shown */
  continueRate: z.number().nullable(),
});
export const forYouCounts = z.object({
  hours24: forYouCountsWindow,
  days30: forYouCountsWindow,
});
export type ForYouCounts = z.infer<typeof forYouCounts>;
