/** Catalog and discovery rules shared by the server and the web (spec §2, §7, §9). */

/** Most dramas one list request may ask for (spec §9: "max 200 per request"). */
export const MAIN_LIST_MAX_PER_REQUEST = 200;
/** Main page groups of 6 (spec §9). */
export const MAIN_LIST_GROUP_SIZE = 6;
/** Category chips are padded to a multiple of this (spec §2). */
export const CHIP_ROW_MULTIPLE = 6;
/** Category and search page size, pagination window (spec §9). */
export const GRID_PAGE_SIZE = 12;
export const PAGINATION_WINDOW = 10;
/** Full list pages (popular, exclusive, recent) show 10 (spec §9). */
export const FULL_LIST_SIZE = 10;
/** Popular is the top 10 by view count (spec §9). */
export const POPULAR_LIMIT = 10;
/** Banner slider of the 5 latest (spec §9). */
export const BANNER_SIZE = 5;
/**
 * A drama is "new" for this many days after rgst_dtm. The spec leaves the window open;
 * two weeks is the usual weekly-release cadence times two (docs/decisions/0301-catalog-lists-and-cache.md).
 */
export const NEW_BADGE_DAYS = 14;

export interface ListRequest {
  count: number;
  page: number;
}

/**
 * The main page's requests for every drama (spec §7 "Main page fetch"): total ≤ 200 → one request
 * of 200; otherwise ceil(total/200)+1 requests of ceil(total/that) each, pages 1..n.
 */
export function mainListRequests(total: number): ListRequest[] {
  if (!Number.isFinite(total) || total <= MAIN_LIST_MAX_PER_REQUEST) {
    return [{ count: MAIN_LIST_MAX_PER_REQUEST, page: 1 }];
  }
  const requests = Math.ceil(total / MAIN_LIST_MAX_PER_REQUEST) + 1;
  const count = Math.ceil(total / requests);
  return Array.from({ length: requests }, (_, i) => ({ count, page: i + 1 }));
}

/** How many empty placeholder chips follow `chips` real ones so the row is a multiple of 6. */
export function chipPadding(chips: number, multiple = CHIP_ROW_MULTIPLE): number {
  if (chips <= 0) return 0;
  const rest = chips % multiple;
  return rest === 0 ? 0 : multiple - rest;
}

export function totalPages(totalCount: number, pageSize: number): number {
  if (totalCount <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalCount / pageSize);
}

/**
 * The page links to show: a window of `size` pages containing `current`, aligned to blocks of
 * `size` (1-10, 11-20, ...) and cut at the last page. Empty when there are no pages.
 */
export function paginationWindow(
  current: number,
  pages: number,
  size = PAGINATION_WINDOW,
): number[] {
  if (pages <= 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), pages);
  const start = Math.floor((page - 1) / size) * size + 1;
  const end = Math.min(start + size - 1, pages);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Splits items into groups of `size` (the last may be shorter). */
export function groupsOf<T>(items: readonly T[], size = MAIN_LIST_GROUP_SIZE): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** Fisher–Yates shuffle with an injected random source in [0, 1), returning a new array. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    // clamp, so a random source outside [0, 1) (or NaN) still yields a permutation
    const r = random();
    const j = Number.isFinite(r) ? Math.min(i, Math.max(0, Math.floor(r * (i + 1)))) : 0;
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** Whether a drama registered at `registeredAt` still shows the "new" badge at `now`. */
export function isNewDrama(registeredAt: string | Date, now: Date, days = NEW_BADGE_DAYS): boolean {
  const at = typeof registeredAt === 'string' ? new Date(registeredAt) : registeredAt;
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age)) return false;
  return age >= -60_000 && age < days * 86_400_000;
}

/**
 * Search normalisation, applied to the indexed text and to the keyword alike: NFKC (full-width
 * Latin and half-width kana fold to their usual forms), lower case, runs of white space to one.
 */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A search term counts only when its trimmed form is non-empty (spec §5). */
export function searchTerm(input: string): string | undefined {
  const term = input.trim();
  return term.length > 0 ? term : undefined;
}

/** Whether a pointer movement from press to release is still a click (spec §9: 5 px). */
export const DRAG_CLICK_THRESHOLD_PX = 5;
export function isClickNotDrag(dx: number, dy = 0, threshold = DRAG_CLICK_THRESHOLD_PX): boolean {
  return Math.hypot(dx, dy) < threshold;
}
