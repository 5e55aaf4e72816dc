import type { IngestJobsData, IngestJobsQuery, IngestPreviewData } from '@snapdrama/contract';
import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { IngestRepository } from './ingest.repository';
import { toWireJob, type IngestEpisodes } from './ingest.service';

type Texts = { ko: string; en: string; ja: string };

/**
 * The console's view across dramas (decision 1543): every transcode job newest first, by state,
 * with its drama's title; and a preview address of an episode's current ladder.
 */
export function createIngestJobsView(deps: {
  repo: IngestRepository;
  episodes: IngestEpisodes;
  /** the drama titles of these ids in ko, en and ja (the catalog's) */
  titlesOf: (dramaIds: number[]) => Promise<Map<number, Texts>>;
  /** the signed master playlist address of an episode, as a viewer's start would get it */
  masterUrl: (dramaId: number, epsd: number) => string;
}) {
  const { repo } = deps;
  return {
    async jobs(query: IngestJobsQuery): Promise<IngestJobsData> {
      const status = query.state === 'all' ? undefined : query.state;
      const [{ rows, total }, counts] = await Promise.all([
        repo.listJobs(status, query.size, (query.page - 1) * query.size),
        repo.countByStatus(),
      ]);
      const titles = await deps.titlesOf([...new Set(rows.map((r) => r.dramaId))]);
      return {
        jobs: rows.map((r) => ({
          ...toWireJob(r),
          latest: r.latest,
          dramaTitle: titles.get(r.dramaId) ?? { ko: '', en: '', ja: '' },
        })),
        total,
        counts,
      };
    },

    /** Whether a transcode of the drama is queued or running. */
    hasLiveJob: (dramaId: number) => repo.hasLiveJob(dramaId),

    /**
     * The preview of what viewers get for this episode now (published or not): its signed master
     * playlist; 409 while it has no video.
     */
    async preview(dramaId: number, epsd: number): Promise<IngestPreviewData> {
      const { mediaPrefix } = await deps.episodes.episode(dramaId, epsd);
      if (!mediaPrefix) {
        throw new AppError(
          ResultCode.INGEST_NO_VIDEO,
          `Episode ${epsd} has no video yet: nothing to preview`,
        );
      }
      const url = deps.masterUrl(dramaId, epsd);
      const expires = Number(new URL(url, 'http://local').searchParams.get('expires'));
      return { url, expiresAt: new Date(expires * 1000).toISOString() };
    },
  };
}

export type IngestJobsView = ReturnType<typeof createIngestJobsView>;
