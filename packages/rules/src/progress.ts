/** Saves of the playback position while playing are at most this often (continue watching). */
export const POSITION_SAVE_INTERVAL_MS = 10_000;

/** An episode watched to within this many seconds of its end counts as finished. */
export const FINISHED_TAIL_SECONDS = 5;

/**
 * Where an episode resumes: at the saved position, unless it was (nearly) finished or barely
 * begun, when it starts from the top.
 */
export function resumePosition(saved: { position: number; duration: number } | undefined): number {
  if (!saved || saved.duration <= 0) return 0;
  if (saved.position < 1 || saved.position >= saved.duration - FINISHED_TAIL_SECONDS) return 0;
  return saved.position;
}

/** The progress bar's share, 0 to 1. */
export function progressShare(position: number, duration: number): number {
  if (!(duration > 0) || !(position > 0)) return 0;
  return Math.min(1, position / duration);
}
