import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ResultCode, type IngestDramaData, type IngestJob } from '@snapdrama/contract';
import { ingestProgress, ingestRetryDelaySeconds } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { AppError } from '../../errors';
import { probeMedia, type ProbeResult } from '../../media/ffmpeg';
import { extractPosterFrame, transcodeToHls } from '../../media/hls';
import type { Storage } from '../../media/storage';
import type { IngestRepository } from './ingest.repository';
import type { IngestJobRow } from './ingest.tables';

/** What the pipeline needs of the catalog: the episode exists, and where its ladder now is. */
export interface IngestEpisodes {
  /** throws the catalog's 404 (drama or episode not found) */
  episode(dramaId: number, epsd: number): Promise<{ mediaPrefix: string }>;
  /** the drama's episode numbers, in order; throws the catalog's 404 for an unknown drama */
  episodeNumbers(dramaId: number): Promise<number[]>;
  /** points the episode at its new ladder (audited by the catalog as the operator who uploaded) */
  setEpisodeMedia(
    dramaId: number,
    epsd: number,
    media: { mediaPrefix: string; durationSeconds: number; operatorId: string | null },
  ): Promise<void>;
}

export interface IngestLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Abort reason of a worker stopping on purpose: its job goes back to the queue at once. */
export const RELEASE_JOB = 'release';

/** A failure that another attempt cannot fix (the source itself is bad). */
class PermanentFailure extends Error {}

const MAX_REASON_LENGTH = 600;
const reasonOf = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}...` : text;
};

/** Keeps the file name's extension (ffmpeg guesses some containers by it), nothing else of it. */
function sourceKeyFor(name: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? 'bin';
  return `ingest/sources/${randomUUID()}/source.${ext}`;
}

export const posterKeyOf = (job: Pick<IngestJobRow, 'id' | 'dramaId' | 'episodeNumber'>) =>
  `resources/posters/episodes/${job.dramaId}-${job.episodeNumber}-${job.id}.jpg`;

export function toWireJob(row: IngestJobRow): IngestJob {
  return {
    id: row.id,
    dramaId: row.dramaId,
    epsd: row.episodeNumber,
    state: row.status,
    percent: row.percent,
    etaSeconds: row.status === 'running' ? row.etaSeconds : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    error: row.error,
    runAfter: row.runAfter.toISOString(),
    sourceName: row.sourceName,
    sourceBytes: row.sourceBytes,
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    posterPath: row.posterKey ? `/${row.posterKey}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The ingest pipeline: accepts a probed source for an episode, and runs queued transcodes into the
 * HLS ladder with progress, retries with backoff and an explicit failed state
 * (docs/decisions/1220-ingest-pipeline.md).
 */
export function createIngestService(deps: {
  db: Db;
  repo: IngestRepository;
  /** every operator's upload and retry, and each finished video, is in the audit log */
  audit: Pick<AuditService, 'record'>;
  episodes: IngestEpisodes;
  storage: Storage;
  clock: Clock;
  ffmpegPath: string;
  leaseSeconds: number;
  maxAttempts: number;
  log?: IngestLog;
  /** hears each finished attempt (the metrics' transcode_jobs_total) */
  onTranscoded?: (result: 'done' | 'failed') => void;
}) {
  const { repo, storage, clock } = deps;
  let log = deps.log;
  const leaseEnd = () => new Date(clock.now().getTime() + deps.leaseSeconds * 1000);
  // progress is written this often; the lease is renewed with it, well inside its length
  const heartbeatMs = Math.min(1000, (deps.leaseSeconds * 1000) / 3);

  async function fetchSource(job: IngestJobRow, dir: string): Promise<string> {
    const source = await storage.open(job.sourceKey);
    if (!source) throw new PermanentFailure('the uploaded source file is missing from storage');
    const file = path.join(dir, path.basename(job.sourceKey));
    await pipeline(source.body, createWriteStream(file));
    return file;
  }

  async function transcode(
    job: IngestJobRow,
    workerId: string,
    signal: AbortSignal,
    lost: AbortController,
  ): Promise<void> {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-ingest-'));
    const encodeStarted = performance.now();
    let progress = { percent: 0, etaSeconds: null as number | null };
    let writing = false;
    const heartbeat = setInterval(() => {
      if (writing || signal.aborted) return;
      writing = true;
      repo
        .heartbeat(job.id, workerId, progress, clock.now(), leaseEnd())
        .then((held) => {
          // another worker took the job (our lease ran out): stop, it is theirs now
          if (!held) lost.abort();
        })
        .catch((error: unknown) => log?.warn({ err: error }, 'ingest heartbeat failed'))
        .finally(() => (writing = false));
    }, heartbeatMs);
    try {
      const file = await fetchSource(job, dir);
      const probed = await probeMedia(deps.ffmpegPath, file);
      if (!probed.ok)
        throw new PermanentFailure(`the source is not a readable video: ${probed.reason}`);
      const probe: ProbeResult = probed.probe;
      const prefix = `episodes/${job.dramaId}/${job.episodeNumber}/j${job.id}a${job.attempts}`;
      const input = probe.hasAudio
        ? ['-i', file]
        : // a silent track, so every rendition has the audio the player and the master expect
          [
            '-i',
            file,
            '-f',
            'lavfi',
            '-t',
            probe.durationSeconds.toFixed(3),
            '-i',
            'anullsrc=r=48000:cl=stereo',
          ];
      await transcodeToHls({
        ffmpegPath: deps.ffmpegPath,
        input,
        video: '0:v:0',
        audio: probe.hasAudio ? '0:a:0' : '1:a',
        storage,
        prefix,
        signal,
        onProgress: (encoded) => {
          progress = ingestProgress(
            encoded,
            probe.durationSeconds,
            (performance.now() - encodeStarted) / 1000,
          );
        },
      });
      const posterFile = path.join(dir, 'poster.jpg');
      await extractPosterFrame({
        ffmpegPath: deps.ffmpegPath,
        sourceFile: file,
        durationSeconds: probe.durationSeconds,
        outFile: posterFile,
        signal,
      });
      const posterKey = posterKeyOf(job);
      await storage.upload(posterKey, posterFile);
      if (signal.aborted) throw new Error('aborted');
      // the episode plays the new ladder from here on; then the job says so
      const previousPrefix = (await deps.episodes.episode(job.dramaId, job.episodeNumber))
        .mediaPrefix;
      await deps.episodes.setEpisodeMedia(job.dramaId, job.episodeNumber, {
        mediaPrefix: prefix,
        durationSeconds: probe.durationSeconds,
        operatorId: job.operatorId,
      });
      const completed = await deps.db.transaction(async (tx) => {
        const held = await repo.complete(
          tx,
          job.id,
          workerId,
          { mediaPrefix: prefix, posterKey },
          clock.now(),
        );
        if (held) {
          await deps.audit.record(tx, {
            operatorId: null,
            // the transcode worker, not the CLI or a person (decision 1570)
            actor: 'worker',
            action: 'episode.video_ready',
            targetType: 'episode',
            targetId: `${job.dramaId}/${job.episodeNumber}`,
            before: { mediaPrefix: previousPrefix },
            after: {
              jobId: job.id,
              mediaPrefix: prefix,
              posterPath: `/${posterKey}`,
              durationSeconds: probe.durationSeconds,
              uploadedBy: job.operatorId,
            },
          });
        }
        return held;
      });
      if (!completed)
        log?.warn(
          { jobId: job.id },
          'ingest job finished after its lease passed to another worker',
        );
    } finally {
      clearInterval(heartbeat);
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** The app's logger, once it exists (the service is built before the app). */
    useLogger(logger: IngestLog) {
      log = logger;
    },

    /** The episode exists (else the catalog's 404): checked before an upload starts. */
    async checkEpisode(dramaId: number, epsd: number): Promise<void> {
      await deps.episodes.episode(dramaId, epsd);
    },

    /**
     * A finished upload: probed (not a video: 415150 and nothing is kept), copied into storage,
     * and queued for transcoding. 409150 while the episode has a transcode queued or running.
     */
    async acceptSource(upload: {
      dramaId: number;
      epsd: number;
      file: string;
      name: string;
      operatorId: string | null;
    }): Promise<IngestJob> {
      await deps.episodes.episode(upload.dramaId, upload.epsd);
      const probed = await probeMedia(deps.ffmpegPath, upload.file);
      if (!probed.ok) {
        throw new AppError(
          ResultCode.INGEST_NOT_VIDEO,
          `"${upload.name}" is not a video that can be published: ${probed.reason}`,
        );
      }
      const live = await repo.latestOf(upload.dramaId, upload.epsd);
      if (live && (live.status === 'queued' || live.status === 'running')) {
        throw new AppError(
          ResultCode.INGEST_JOB_IN_PROGRESS,
          `Episode ${upload.epsd} is being transcoded already; wait until it is done or failed`,
        );
      }
      const { size } = await stat(upload.file);
      const sourceKey = sourceKeyFor(upload.name);
      await storage.upload(sourceKey, upload.file);
      const now = clock.now();
      const row = await deps.db.transaction(async (tx) => {
        const queued = await repo.enqueue(
          tx,
          {
            dramaId: upload.dramaId,
            episodeNumber: upload.epsd,
            sourceKey,
            sourceName: upload.name,
            sourceBytes: size,
            durationSeconds: probed.probe.durationSeconds,
            width: probed.probe.width,
            height: probed.probe.height,
            hasAudio: probed.probe.hasAudio,
            maxAttempts: deps.maxAttempts,
            runAfter: now,
            operatorId: upload.operatorId,
            createdAt: now,
          },
          now,
        );
        if (!queued) {
          throw new AppError(
            ResultCode.INGEST_JOB_IN_PROGRESS,
            `Episode ${upload.epsd} is being transcoded already; wait until it is done or failed`,
          );
        }
        await deps.audit.record(tx, {
          operatorId: upload.operatorId,
          action: 'episode.video_upload',
          targetType: 'episode',
          targetId: `${upload.dramaId}/${upload.epsd}`,
          after: {
            jobId: queued.id,
            sourceName: upload.name,
            sourceBytes: size,
            durationSeconds: probed.probe.durationSeconds,
            width: probed.probe.width,
            height: probed.probe.height,
          },
        });
        return queued;
      });
      log?.info(
        { jobId: row.id, dramaId: row.dramaId, epsd: row.episodeNumber },
        'ingest job queued',
      );
      return toWireJob(row);
    },

    /** The episode's latest job (its media state), or null when it never had an upload. */
    async episodeJob(dramaId: number, epsd: number): Promise<IngestJob | null> {
      await deps.episodes.episode(dramaId, epsd);
      const row = await repo.latestOf(dramaId, epsd);
      return row ? toWireJob(row) : null;
    },

    /** Every episode of the drama with its latest job (the console's list). */
    async dramaEpisodes(dramaId: number): Promise<IngestDramaData> {
      const [numbers, rows] = await Promise.all([
        deps.episodes.episodeNumbers(dramaId),
        repo.latestOfDrama(dramaId),
      ]);
      const jobs = new Map(rows.map((r) => [r.episodeNumber, toWireJob(r)]));
      return { dramaId, episodes: numbers.map((epsd) => ({ epsd, job: jobs.get(epsd) ?? null })) };
    },

    /** An operator runs a failed transcode again (attempts start over). */
    async retry(dramaId: number, epsd: number, operatorId: string | null): Promise<IngestJob> {
      await deps.episodes.episode(dramaId, epsd);
      const latest = await repo.latestOf(dramaId, epsd);
      if (!latest || latest.status !== 'failed') {
        throw new AppError(
          ResultCode.INGEST_NOT_RETRYABLE,
          latest
            ? `Episode ${epsd}'s transcode is ${latest.status}, not failed: nothing to retry`
            : `Episode ${epsd} has no upload to retry`,
        );
      }
      const row = await deps.db.transaction(async (tx) => {
        const requeued = await repo.requeueFailed(tx, latest.id, clock.now());
        if (!requeued)
          throw new AppError(ResultCode.INGEST_NOT_RETRYABLE, 'The job changed meanwhile; reload');
        await deps.audit.record(tx, {
          operatorId,
          action: 'episode.video_retry',
          targetType: 'episode',
          targetId: `${dramaId}/${epsd}`,
          before: {
            jobId: latest.id,
            state: 'failed',
            attempts: latest.attempts,
            error: latest.error,
          },
          after: { jobId: latest.id, state: 'queued', attempts: 0 },
        });
        return requeued;
      });
      return toWireJob(row);
    },

    /**
     * Claims and runs one due job. False when none was due. Aborting `signal` with RELEASE_JOB
     * hands the job back; any other abort stops without a word to the database, like a process
     * that died (its lease runs out and another worker takes the job).
     */
    async runNext(
      workerId: string,
      signal: AbortSignal = new AbortController().signal,
    ): Promise<boolean> {
      const job = await repo.claim(workerId, clock.now(), leaseEnd());
      if (!job) return false;
      const about = { jobId: job.id, attempt: job.attempts, workerId };
      if (job.attempts > job.maxAttempts) {
        // the lease ran out on the last attempt: its worker died every time
        const reason = `the transcode was interrupted ${job.maxAttempts} times${job.error ? ` (last error: ${job.error})` : ''}`;
        await repo.fail(job.id, workerId, reason, clock.now());
        deps.onTranscoded?.('failed');
        log?.warn(about, `ingest job failed: ${reason}`);
        return true;
      }
      log?.info(about, 'ingest job started');
      const lost = new AbortController();
      const both = AbortSignal.any([signal, lost.signal]);
      try {
        await transcode(job, workerId, both, lost);
        deps.onTranscoded?.('done');
        log?.info(about, 'ingest job done');
      } catch (error) {
        if (lost.signal.aborted) {
          log?.warn(about, 'ingest job lost its lease to another worker');
        } else if (signal.aborted) {
          if (signal.reason === RELEASE_JOB) await repo.release(job.id, workerId, clock.now());
        } else {
          const reason = reasonOf(error);
          const delay =
            error instanceof PermanentFailure
              ? null
              : ingestRetryDelaySeconds(job.attempts, job.maxAttempts);
          const now = clock.now();
          if (delay === null) {
            await repo.fail(job.id, workerId, reason, now);
            deps.onTranscoded?.('failed');
            log?.warn({ ...about, reason }, 'ingest job failed');
          } else {
            await repo.retryLater(
              job.id,
              workerId,
              reason,
              now,
              new Date(now.getTime() + delay * 1000),
            );
            log?.warn(
              { ...about, reason, retryInSeconds: delay },
              'ingest attempt failed; retrying later',
            );
          }
        }
      }
      return true;
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
