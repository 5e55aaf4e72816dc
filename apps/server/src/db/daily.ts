import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
export async function rowsOf<T>(q: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await q.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The service day (YYYY-MM-DD in `zone`) of a timestamp column, as SQL: what the dashboard
 * groups by, so "today" is the service's day (SERVICE_TIMEZONE), not the database's.
 */
export const serviceDayOf = (column: SQL | string, zone: string): SQL =>
  sql`to_char((${typeof column === 'string' ? sql.raw(column) : column}) at time zone ${zone}, 'YYYY-MM-DD')`;

/** A day → number map from rows of { day, n }. */
export function byDay(rows: { day: string; n: string | number | null }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.day, Number(r.n ?? 0)]));
}
