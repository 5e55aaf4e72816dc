import { z } from 'zod';
import { episodeNumber, idParam } from './primitives';

/**
 * The operator console's ingest API (issue 13 item 3): a source video uploaded with the tus
 * protocol to `ingestPaths.uploads()`, probed, then transcoded by a worker into the HLS ladder.
 * Paths are relative to API_BASE.
 */
export const ingestPaths = {
  /** the tus endpoint (creation, HEAD offset, PATCH chunks, DELETE) */
  uploads: () => '/admin/ingest/uploads',
  episode: (dramaId: number, epsd: number) => `/admin/ingest/episodes/${dramaId}/${epsd}`,
  retry: (dramaId: number, epsd: number) => `/admin/ingest/episodes/${dramaId}/${epsd}/retry`,
  drama: (dramaId: number) => `/admin/ingest/dramas/${dramaId}`,
  /** every drama's jobs, newest first (the jobs page) */
  jobs: () => '/admin/ingest/jobs',
  /** a signed address of the episode's current HLS ladder, for the console's preview */
  preview: (dramaId: number, epsd: number) => `/admin/ingest/episodes/${dramaId}/${epsd}/preview`,
} as const;

/** Largest source a tus upload may announce: 20 GiB. */
export const INGEST_MAX_UPLOAD_BYTES = 20 * 1024 ** 3;

/** The tus metadata a console upload sends (Upload-Metadata, base64 values). */
export const ingestUploadMetadata = z.object({
  dramaId: idParam,
  epsd: episodeNumber,
  filename: z.string().trim().min(1, 'filename is required').max(255),
});
export type IngestUploadMetadata = z.infer<typeof ingestUploadMetadata>;

export const ingestJobState = z.enum(['queued', 'running', 'done', 'failed']);
export type IngestJobState = z.infer<typeof ingestJobState>;

/** An episode's latest ingest job: its media state. */
export const ingestJob = z.object({
  id: z.number().int(),
  dramaId: z.number().int(),
  epsd: z.number().int(),
  state: ingestJobState,
  /** whole percent; 100 once the ladder is complete */
  percent: z.number().int().min(0).max(100),
  /** seconds left at the speed so far (running jobs), else null */
  etaSeconds: z.number().int().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** why the last attempt failed: the reason of a failed job, or of the retry that waits */
  error: z.string().nullable(),
  /** when a waiting retry runs (ISO time) */
  runAfter: z.string(),
  sourceName: z.string(),
  sourceBytes: z.number().int(),
  durationSeconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** the poster frame picked from the video (a public /resources path), once done */
  posterPath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IngestJob = z.infer<typeof ingestJob>;

export const ingestEpisodeParams = z.object({ dramaId: idParam, epsd: episodeNumber });
export const ingestDramaParams = z.object({ dramaId: idParam });

export const ingestEpisodeData = z.object({ job: ingestJob.nullable() });
export type IngestEpisodeData = z.infer<typeof ingestEpisodeData>;

/** Every episode of the drama with its latest job (null: no upload yet). */
export const ingestDramaData = z.object({
  dramaId: z.number().int(),
  episodes: z.array(z.object({ epsd: z.number().int(), job: ingestJob.nullable() })),
});
export type IngestDramaData = z.infer<typeof ingestDramaData>;

/** The jobs page's query (decision 1543): by state, newest first, in pages. */
export const ingestJobsQuery = z.object({
  state: z
    .enum(['all', 'queued', 'running', 'done', 'failed'], {
      message: 'must be all, queued, running, done or failed',
    })
    .default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type IngestJobsQuery = z.infer<typeof ingestJobsQuery>;
export const ingestJobsData = z.object({
  jobs: z.array(
    ingestJob.extend({
      /** the drama's title in ko, en and ja */
      dramaTitle: z.object({ ko: z.string(), en: z.string(), ja: z.string() }),
      /** the episode's latest job: only that one may be retried */
      latest: z.boolean(),
    }),
  ),
  total: z.number().int(),
  /** jobs in each state, every drama */
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
});
export type IngestJobsData = z.infer<typeof ingestJobsData>;
export type IngestJobListItem = IngestJobsData['jobs'][number];

/** The preview's master playlist address, signed for a while (like a viewer's). */
export const ingestPreviewData = z.object({ url: z.string(), expiresAt: z.string() });
export type IngestPreviewData = z.infer<typeof ingestPreviewData>;
