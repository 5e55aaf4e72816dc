/**
 * Episode unlock rules (spec §4 "Episode unlock rules"). Pure: the server decides with them, the
 * web draws with them.
 */
export interface EpisodePrice {
  epsd: number;
  /** price in coins; 0 means free */
  coin: number;
}

export interface ViewedEpisode {
  epsd: number;
  /** ISO 8601 */
  last_view_dtm: string;
}

export interface DramaProgress {
  episodes: readonly EpisodePrice[];
  viewed: readonly ViewedEpisode[];
  /** episodes bought with coins or ads */
  unlocked?: readonly number[];
}

/** The highest of the free episodes, the viewed ones and the bought ones; 0 if none. */
export function unlockNumber(progress: DramaProgress): number {
  let highest = 0;
  for (const e of progress.episodes) if (e.coin === 0 && e.epsd > highest) highest = e.epsd;
  for (const v of progress.viewed) if (v.epsd > highest) highest = v.epsd;
  for (const u of progress.unlocked ?? []) if (u > highest) highest = u;
  return highest;
}

/** Free, viewed before, or bought. */
export function isEpisodePlayable(progress: DramaProgress, epsd: number): boolean {
  const episode = progress.episodes.find((e) => e.epsd === epsd);
  if (!episode) return false;
  if (episode.coin === 0) return true;
  if (progress.viewed.some((v) => v.epsd === epsd)) return true;
  return (progress.unlocked ?? []).includes(epsd);
}

/** The episode watched most recently, by last_view_dtm. */
export function lastWatchedEpisode(viewed: readonly ViewedEpisode[]): number | undefined {
  let best: ViewedEpisode | undefined;
  for (const v of viewed) {
    if (!best || Date.parse(v.last_view_dtm) > Date.parse(best.last_view_dtm)) best = v;
  }
  return best?.epsd;
}

/**
 * Which episode a link opens. No number: the last watched, else the first. A number above
 * unlock+1: the last watched, else the first. Numbers beyond the drama fall back the same way.
 */
export function episodeToOpen(progress: DramaProgress, requested?: number): number {
  const total = progress.episodes.length;
  const fallback = lastWatchedEpisode(progress.viewed) ?? 1;
  if (requested === undefined || !Number.isInteger(requested) || requested < 1) return fallback;
  if (requested > total) return fallback;
  if (requested > unlockNumber(progress) + 1) return fallback;
  return requested;
}

/** A grid click is allowed for episodes up to the unlock number and the one right after. */
export function isGridClickAllowed(unlock: number, epsd: number): boolean {
  return epsd <= unlock || epsd === unlock + 1;
}

/**
 * Slides of the player: every episode up to the unlock number, plus the next one shown locked
 * when the drama has it.
 */
export function playerSlides(progress: DramaProgress): { epsd: number; locked: boolean }[] {
  const total = progress.episodes.length;
  const unlock = Math.min(unlockNumber(progress), total);
  const slides: { epsd: number; locked: boolean }[] = [];
  for (let n = 1; n <= unlock; n++)
    slides.push({ epsd: n, locked: !isEpisodePlayable(progress, n) });
  if (unlock < total)
    slides.push({ epsd: unlock + 1, locked: !isEpisodePlayable(progress, unlock + 1) });
  return slides;
}

/** The slide after `current`, where video end moves to (spec §4); undefined at the last one. */
export function nextSlideEpisode(progress: DramaProgress, current: number): number | undefined {
  return playerSlides(progress).find((slide) => slide.epsd === current + 1)?.epsd;
}
