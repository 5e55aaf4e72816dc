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

/**
 * The episode a source file is for, from its name (bulk upload, decision 1543): a number marked
 * as an episode (`ep03`, `E3`, `episode-3`, `3화`, `第3話`, `3話`, `#3`), else the name's last
 * number (`drama_07.mp4`, `03.mov`). Resolution-like numbers (1080p, 720, 4k) and the extension
 * are ignored. Null when the name holds no usable number (or one beyond `max`).
 */
export function episodeNumberFromFileName(name: string, max = 500): number | null {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .normalize('NFKC')
    .toLowerCase();
  const valid = (digits: string | undefined) => {
    if (digits === undefined) return null;
    const n = Number(digits);
    return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : null;
  };
  const marked =
    /(?:^|[^a-z])(?:ep|e|episode|epi)[\s._-]*(\d{1,4})(?!\d)/.exec(base) ??
    /第?\s*(\d{1,4})\s*(?:화|회|話|集)/.exec(base) ??
    /#\s*(\d{1,4})(?!\d)/.exec(base);
  if (marked) return valid(marked[1]);
  const numbers = [...base.matchAll(/(\d+)(p|k|fps|x\d+)?/g)]
    .filter((m) => !m[2] && !['480', '720', '1080', '1440', '2160'].includes(m[1] ?? ''))
    .map((m) => m[1]);
  return valid(numbers[numbers.length - 1]);
}
