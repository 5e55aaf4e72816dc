/** How many recent searches an empty /search offers. */
export const RECENT_SEARCH_LIMIT = 10;

/** The recent-search list after searching `term`: newest first, no duplicates, capped. */
export function addRecentSearch(
  list: readonly string[],
  term: string,
  limit: number = RECENT_SEARCH_LIMIT,
): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...list].slice(0, limit);
  return [trimmed, ...list.filter((t) => t !== trimmed)].slice(0, limit);
}

/** Reads a stored list, dropping anything that is not a list of non-empty strings. */
export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .slice(0, RECENT_SEARCH_LIMIT);
  } catch {
    return [];
  }
}
