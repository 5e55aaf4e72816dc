import { z } from 'zod';
import { ORDER_STATES, PAYMENT_CURRENCIES, PAYMENT_GATEWAYS } from './payments';

/**
 * The console's money pages (issue 41 item 3): every order across the gateways (coin packs and
 * VIP charges) with filters and keyset paging, its CSV export, the refunds report and revenue
 * gross / refunds / net by day and gateway. Operator routes: camelCase, under /api/v1/admin.
 * Decision 1550.
 */

export const MONEY_PATHS = {
  orders: '/money/orders',
  ordersCsv: '/money/orders.csv',
  refunds: '/money/refunds',
  revenue: '/money/revenue',
} as const;

/** coin: a coin pack's order (payment_orders); vip: one paid period of a VIP pass (vip_periods) */
export const MONEY_ORDER_KINDS = ['coin', 'vip'] as const;
export type MoneyOrderKind = (typeof MONEY_ORDER_KINDS)[number];

/** What an operator picks when refunding (kept with the refund and in the audit log). */
export const REFUND_REASONS = [
  'customer_request',
  'duplicate',
  'not_delivered',
  'service_issue',
  'fraud',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Days one report may span (a revenue or refunds range). */
export const MONEY_MAX_RANGE_DAYS = 366;
/** the reports' range when none is asked: the last 30 service days, today included */
export const MONEY_DEFAULT_DAYS = 30;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const minor = z.coerce.number().int().min(0).max(1_000_000_000);

const moneyOrderFilterFields = z.object({
  kind: z.enum(MONEY_ORDER_KINDS).optional(),
  gateway: z.enum(PAYMENT_GATEWAYS).optional(),
  state: z.enum(ORDER_STATES).optional(),
  currency: z.enum(PAYMENT_CURRENCIES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** amounts in the currency's minor units (won, cents) */
  minAmount: minor.optional(),
  maxAmount: minor.optional(),
  userId: z.uuid('must be a user id').optional(),
});
type FilterFields = z.infer<typeof moneyOrderFilterFields>;
const fromBeforeTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const minBelowMax = (f: FilterFields) =>
  f.minAmount === undefined || f.maxAmount === undefined || f.minAmount <= f.maxAmount;

/** The filters of the orders list and its export; from/to are service days, both included. */
export const moneyOrderFilter = moneyOrderFilterFields
  .refine(fromBeforeTo, { message: 'is after to', path: ['from'] })
  .refine(minBelowMax, { message: 'is above maxAmount', path: ['minAmount'] });
export type MoneyOrderFilter = z.infer<typeof moneyOrderFilter>;

export const moneyOrderListQuery = moneyOrderFilterFields
  .extend({
    /** nextCursor of the previous page */
    cursor: z
      .string()
      .max(200)
      .regex(/^[\w=-]+$/, 'must be a cursor from the previous page')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine(fromBeforeTo, { message: 'is after to', path: ['from'] })
  .refine(minBelowMax, { message: 'is above maxAmount', path: ['minAmount'] });

export const moneyOrder = z.object({
  kind: z.enum(MONEY_ORDER_KINDS),
  /** ordrId of a coin order, the period id of a VIP charge */
  id: z.string(),
  userId: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** a coin order's state; a VIP charge is paid or refunded */
  state: z.enum(ORDER_STATES),
  /** null: a store's VIP charge (the store sets its price and keeps the receipt) */
  currency: z.enum(PAYMENT_CURRENCIES).nullable(),
  amountMinor: z.number().int().nullable(),
  /** the coin pack's godsCode or the VIP plan */
  product: z.string(),
  /** purchased coins of a coin order; null for VIP */
  coins: z.number().int().nullable(),
  createdAt: z.string(),
  /** an admin can refund it here (POST /admin/orders/{ordrId}/refund) */
  refundable: z.boolean(),
});
export type MoneyOrder = z.infer<typeof moneyOrder>;
export const moneyOrderListData = z.object({
  orders: z.array(moneyOrder),
  nextCursor: z.string().nullable(),
});
export type MoneyOrderListData = z.infer<typeof moneyOrderListData>;

/**
 * The reports' range of service days, both included; without one the server's last
 * MONEY_DEFAULT_DAYS (its today included, in the service's time zone: the answer says which days).
 */
export const moneyRangeQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((f) => (f.from === undefined) === (f.to === undefined), {
    message: 'from and to come together',
    path: ['to'],
  })
  .refine(fromBeforeTo, { message: 'is after to', path: ['from'] });

const amountByCurrency = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  currency: z.enum(PAYMENT_CURRENCIES),
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  /** orders paid in the range, and refunds made in it */
  paidCount: z.number().int(),
  refundCount: z.number().int(),
});
export const moneyRevenueData = z.object({
  from: z.string(),
  to: z.string(),
  /** per service day, gateway and currency; days without money are left out */
  days: z.array(amountByCurrency.extend({ day: z.string() })),
  totals: z.array(amountByCurrency),
  /** VIP charges of the stores in the range: paid, but at a price only the store knows */
  storeCharges: z.number().int(),
});
export type MoneyRevenueData = z.infer<typeof moneyRevenueData>;

export const moneyRefund = z.object({
  kind: z.enum(MONEY_ORDER_KINDS),
  id: z.string(),
  userId: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  currency: z.enum(PAYMENT_CURRENCIES).nullable(),
  amountMinor: z.number().int().nullable(),
  product: z.string(),
  refundedAt: z.string(),
  /** purchased coins taken back (coin orders) */
  refundedCoins: z.number().int().nullable(),
  /** operator: refunded from the console; provider: the provider or store told us */
  by: z.enum(['operator', 'provider']),
  reason: z.enum(REFUND_REASONS).nullable(),
  note: z.string().nullable(),
});
export type MoneyRefund = z.infer<typeof moneyRefund>;
export const moneyRefundsData = z.object({
  /** the range reported (the asked one, or the default) */
  from: z.string(),
  to: z.string(),
  refunds: z.array(moneyRefund),
  /** more refunds in the range than the report lists (the newest are listed) */
  more: z.boolean(),
  totals: z.array(
    z.object({
      gateway: z.enum(PAYMENT_GATEWAYS),
      currency: z.enum(PAYMENT_CURRENCIES),
      count: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
});
export type MoneyRefundsData = z.infer<typeof moneyRefundsData>;
