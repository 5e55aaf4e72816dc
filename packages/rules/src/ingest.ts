/**
 * Ingest rules: when a failed transcode runs again, and how far along a running one is
 * (docs/decisions/1220-ingest-pipeline.md).
 */

/** Attempts a transcode job gets before the episode is marked failed. */
export const INGEST_MAX_ATTEMPTS = 3;

/** First retry delay; each further retry waits twice as long, up to the cap. */
export const INGEST_RETRY_BASE_SECONDS = 30;
export const INGEST_RETRY_MAX_SECONDS = 15 * 60;

/**
 * Seconds to wait before attempt `attemptsMade + 1`, after `attemptsMade` failed ones:
 * 30 s, 60 s, 120 s... capped at 15 minutes. Null when no attempt is left (the job fails).
 */
export function ingestRetryDelaySeconds(
  attemptsMade: number,
  maxAttempts: number = INGEST_MAX_ATTEMPTS,
): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) return 0;
  if (attemptsMade >= maxAttempts) return null;
  const delay = INGEST_RETRY_BASE_SECONDS * 2 ** (attemptsMade - 1);
  return Math.min(delay, INGEST_RETRY_MAX_SECONDS);
}

export interface IngestProgress {
  /** whole percent, 0..100 (100 only when the ladder is complete) */
  percent: number;
  /** seconds left at the speed so far; null until there is a speed to go by */
  etaSeconds: number | null;
}

/**
 * Progress of a transcode from ffmpeg's `-progress` report: `encodedSeconds` of the source's
 * `durationSeconds` written after `elapsedSeconds` of wall time. Percent stops at 99 until the job
 * is done (uploading the ladder still follows the encode).
 */
export function ingestProgress(
  encodedSeconds: number,
  durationSeconds: number,
  elapsedSeconds: number,
): IngestProgress {
  if (!(durationSeconds > 0) || !(encodedSeconds > 0) || !Number.isFinite(encodedSeconds)) {
    return { percent: 0, etaSeconds: null };
  }
  const fraction = Math.min(encodedSeconds / durationSeconds, 1);
  const percent = Math.min(99, Math.floor(fraction * 100));
  if (!(elapsedSeconds > 0)) return { percent, etaSeconds: null };
  const speed = encodedSeconds / elapsedSeconds;
  const left = Math.max(0, durationSeconds - encodedSeconds);
  return { percent, etaSeconds: Math.ceil(left / speed) };
}

/** The `out_time_us` (or `out_time_ms`, which ffmpeg also reports in microseconds) of one block. */
export function parseFfmpegProgress(block: string): {
  encodedSeconds: number | null;
  ended: boolean;
} {
  let micros: number | null = null;
  let ended = false;
  for (const line of block.split('\n')) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if ((key === 'out_time_us' || key === 'out_time_ms') && /^\d+$/.test(value)) {
      micros = Number(value);
    } else if (key === 'progress') ended = value === 'end';
  }
  return { encodedSeconds: micros === null ? null : micros / 1_000_000, ended };
}
