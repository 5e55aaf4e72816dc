import { eq, gte, lt, lte, sql, type Column, type SQL } from 'drizzle-orm';

/** The filters the console's money lists share (coin orders, VIP charges); each one is optional. */
export interface MoneyListFilter {
  gateway?: string;
  currency?: string;
  /** [fromAt, toAt) */
  fromAt?: Date;
  toAt?: Date;
  minAmount?: number;
  maxAmount?: number;
  userId?: string;
}

/** The columns of a money list those filters apply to; `at` and `id` also order its pages. */
export interface MoneyListColumns {
  gateway: Column;
  currency: Column;
  at: Column;
  amountMinor: Column;
  userId: Column;
  id: Column;
}

/**
 * The conditions of one keyset page of a money list, newest first: the filters given, and when
 * `after` (the last row of the previous page) is given, only rows older than it.
 */
export function moneyListConditions(
  filter: MoneyListFilter,
  columns: MoneyListColumns,
  after: { at: Date; id: string } | undefined,
): (SQL | undefined)[] {
  const c = columns;
  return [
    filter.gateway ? eq(c.gateway, filter.gateway) : undefined,
    filter.currency ? eq(c.currency, filter.currency) : undefined,
    filter.fromAt ? gte(c.at, filter.fromAt) : undefined,
    filter.toAt ? lt(c.at, filter.toAt) : undefined,
    filter.minAmount !== undefined ? gte(c.amountMinor, filter.minAmount) : undefined,
    filter.maxAmount !== undefined ? lte(c.amountMinor, filter.maxAmount) : undefined,
    filter.userId ? eq(c.userId, filter.userId) : undefined,
    after
      ? sql`(${c.at}, ${c.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
}
