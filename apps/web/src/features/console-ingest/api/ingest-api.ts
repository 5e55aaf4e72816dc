import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DetailedError, Upload } from 'tus-js-client';
import {
  API_BASE,
  catalogAdminPaths,
  ingestPaths,
  type AdminDramaListData,
  type IngestJobsData,
  type IngestPreviewData,
  type IngestDramaData,
  type IngestEpisodeData,
  type IngestJob,
} from '@snapdrama/contract';
import { adminPath, consoleApi } from '../../../shared/console/console-api';
import { consoleLanguage } from '../../../shared/console/console-i18n';

export const ingestKeys = {
  /** the jobs page, every drama */
  jobs: ['console', 'ingest', 'jobs'] as const,
  /** everything of one drama (its list and each episode): invalidate this after a change */
  ofDrama: (dramaId: number) => ['console', 'ingest', dramaId] as const,
  drama: (dramaId: number) => ['console', 'ingest', dramaId, 'episodes'] as const,
  episode: (dramaId: number, epsd: number) => ['console', 'ingest', dramaId, epsd] as const,
};

const live = (job: IngestJob | null) => job?.state === 'queued' || job?.state === 'running';

/** Every episode of the drama with its transcode state; polled each second while one is live. */
export function useIngestDrama(dramaId: number | null) {
  return useQuery({
    queryKey: ingestKeys.drama(dramaId ?? 0),
    enabled: dramaId !== null,
    queryFn: () => consoleApi.get<IngestDramaData>(adminPath(ingestPaths.drama(dramaId ?? 0))),
    refetchInterval: (query) =>
      query.state.data?.episodes.some((e) => live(e.job)) ? 1000 : false,
  });
}

/** One episode's transcode state; polled each second while it is live. */
export function useIngestEpisode(dramaId: number, epsd: number) {
  return useQuery({
    queryKey: ingestKeys.episode(dramaId, epsd),
    queryFn: () => consoleApi.get<IngestEpisodeData>(adminPath(ingestPaths.episode(dramaId, epsd))),
    refetchInterval: (query) => (live(query.state.data?.job ?? null) ? 1000 : false),
  });
}

export function useRetryTranscode(dramaId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (epsd: number) =>
      consoleApi.post<IngestEpisodeData>(adminPath(ingestPaths.retry(dramaId, epsd))),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ingestKeys.ofDrama(dramaId) });
      await client.invalidateQueries({ queryKey: ingestKeys.jobs });
    },
  });
}

/** Dramas found by title for the picker (the catalog's console list, newest first). */
export function useDramaSearch(q: string) {
  return useQuery({
    queryKey: ['console', 'ingest', 'pick', q],
    queryFn: () =>
      consoleApi.get<AdminDramaListData>(
        `${adminPath(catalogAdminPaths.dramas())}?${new URLSearchParams({ q, size: '20' })}`,
      ),
    placeholderData: (previous) => previous,
  });
}

/** One drama's titles for the page's heading (any state: an archived drama's videos too). */
export function useDramaTitle(dramaId: number | null) {
  return useQuery({
    queryKey: ['console', 'ingest', 'title', dramaId],
    enabled: dramaId !== null,
    queryFn: async () =>
      (
        await consoleApi.get<{
          drama: { form: { title: { ko: string; en: string; ja: string } } };
        }>(adminPath(catalogAdminPaths.drama(dramaId ?? 0)))
      ).drama.form.title,
  });
}

/** The jobs page: polled every 2 s while a job waits or runs. */
export function useIngestJobs(query: { state: string; page: number; size: number }) {
  return useQuery({
    queryKey: [...ingestKeys.jobs, query],
    queryFn: () =>
      consoleApi.get<IngestJobsData>(
        `${adminPath(ingestPaths.jobs())}?${new URLSearchParams({
          state: query.state,
          page: String(query.page),
          size: String(query.size),
        })}`,
      ),
    placeholderData: (previous) => previous,
    refetchInterval: (q) =>
      (q.state.data?.counts.queued ?? 0) + (q.state.data?.counts.running ?? 0) > 0 ? 2000 : false,
  });
}

/** The signed address of an episode's ladder, asked when the preview opens. */
export const fetchPreview = (dramaId: number, epsd: number) =>
  consoleApi.get<IngestPreviewData>(adminPath(ingestPaths.preview(dramaId, epsd)));

/** The server's message of a refused upload (its envelope), else the transport's. */
function uploadErrorMessage(error: Error): string {
  if (error instanceof DetailedError) {
    const body = error.originalResponse?.getBody();
    if (body) {
      try {
        const envelope = JSON.parse(body) as { message?: string };
        if (envelope.message) return envelope.message;
      } catch {
        // not our envelope
      }
    }
  }
  return error.message;
}

export interface UploadHandle {
  abort(): void;
}

/**
 * Uploads a source with the tus protocol in 8 MiB pieces: a dropped connection retries and
 * resumes from the server's offset; a page reloaded mid-way finds the earlier upload of the same
 * file (fingerprint in localStorage) and continues it.
 */
export function uploadEpisodeSource(
  file: File,
  target: { dramaId: number; epsd: number },
  events: {
    onProgress(sent: number, total: number): void;
    onResumed(): void;
    onDone(): void;
    onError(message: string): void;
  },
): UploadHandle {
  const upload = new Upload(file, {
    endpoint: `${API_BASE}${ingestPaths.uploads()}`,
    chunkSize: 8 * 1024 * 1024,
    // the server words its refusals in the console's language (issue 47)
    headers: { 'accept-language': consoleLanguage() },
    retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
    metadata: {
      dramaId: String(target.dramaId),
      epsd: String(target.epsd),
      filename: file.name,
    },
    // one stored upload per episode and file
    fingerprint: async (f: File) =>
      `snapdrama-ingest:${target.dramaId}:${target.epsd}:${f.name}:${f.size}:${f.lastModified}`,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess: () => events.onDone(),
    onError: (error) => events.onError(uploadErrorMessage(error)),
  });
  void upload.findPreviousUploads().then((previous) => {
    const last = previous[0];
    if (last) {
      upload.resumeFromPreviousUpload(last);
      events.onResumed();
    }
    upload.start();
  });
  return { abort: () => void upload.abort() };
}
