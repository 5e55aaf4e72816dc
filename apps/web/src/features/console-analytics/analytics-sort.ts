/** How a table is sorted: a column's key and a direction, kept in the address (`sort`, `order`). */
export interface SortOrder<K extends string> {
  key: K;
  dir: 'asc' | 'desc';
}

/** `?sort=viewers&order=asc` read back; a key or direction not offered gives the fallback's. */
export function sortFromAddress<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  fallback: SortOrder<K>,
): SortOrder<K> {
  const key = params.get('sort');
  const dir = params.get('order');
  if (!key || !keys.includes(key as K)) return fallback;
  return { key: key as K, dir: dir === 'asc' || dir === 'desc' ? dir : 'desc' };
}

/** A click on a column: the same column turns around, another starts high to low (figures). */
export function nextSort<K extends string>(current: SortOrder<K>, key: K): SortOrder<K> {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'desc' };
}

/** The page count of `total` rows at `size` a page (at least one page). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A page number from the address, kept within 1..10 000 (the API's bounds). */
export function pageFromAddress(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
