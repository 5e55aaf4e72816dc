/** Spec §9: a drama is bookmarked automatically after this many consecutive watched episodes. */
export const AUTO_BOOKMARK_EPISODES = 3;

/**
 * Spec §4 auto-bookmark: watching `epsd` makes it part of a run of at least `run` consecutive
 * episode numbers the viewer has watched. Only playable episodes are ever watched, so every
 * episode of the run was free or unlocked.
 */
export function completesWatchRun(
  watched: readonly number[],
  epsd: number,
  run: number = AUTO_BOOKMARK_EPISODES,
): boolean {
  if (run < 1) return false;
  const seen = new Set(watched);
  let length = 1;
  for (let n = epsd - 1; seen.has(n) && length < run; n -= 1) length += 1;
  for (let n = epsd + 1; seen.has(n) && length < run; n += 1) length += 1;
  return length >= run;
}

/** Whether every item is checked: the bookmark page's select-all turns itself on then (spec §4). */
export function allChecked(checked: ReadonlySet<number>, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => checked.has(id));
}
