import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { byDay, rowsOf, serviceDayOf } from './daily';

/**
 * How many rows of `table` have `column` (a timestamp) in [from, to), per service day in `zone`:
 * the dashboard's daily counts.
 */
export async function rowsPerServiceDay(
  q: Db | Tx,
  table: PgTable,
  column: string,
  range: { from: Date; to: Date; zone: string },
): Promise<Map<string, number>> {
  const at = sql.raw(column);
  return byDay(
    await rowsOf(
      q,
      sql`select ${serviceDayOf(column, range.zone)} as day, count(*) as n from ${table}
      where ${at} >= ${range.from.toISOString()}::timestamptz and ${at} < ${range.to.toISOString()}::timestamptz
      group by 1`,
    ),
  );
}
