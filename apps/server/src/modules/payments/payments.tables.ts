import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';

/**
 * Coin packs (spec §3). Prices in minor units so no float is ever compared: krw in won, usd and
 * iap_price in cents. A price of 0 means "not for sale through that gateway".
 */
export const paymentGoods = pgTable(
  'payment_goods',
  {
    godsCode: text('gods_code').primaryKey(),
    paidCoin: integer('paid_coin').notNull(),
    bonusCoin: integer('bons_coin').notNull(),
    firstBonusCoin: integer('bons_coin_1st').notNull(),
    krw: integer('krw').notNull(),
    usdCents: integer('usd_cents').notNull(),
    iapGoogle: text('iap_google').notNull(),
    iapApple: text('iap_apple').notNull(),
    iapPriceCents: integer('iap_price_cents').notNull(),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check(
      'payment_goods_amounts_check',
      sql`${t.paidCoin} > 0 and ${t.bonusCoin} >= 0 and ${t.firstBonusCoin} >= 0 and ${t.krw} >= 0 and ${t.usdCents} >= 0 and ${t.iapPriceCents} >= 0`,
    ),
  ],
);
export type GoodsRow = typeof paymentGoods.$inferSelect;

/**
 * One purchase attempt. The id is the wire's ordrId. States: registered → paid → credited, or
 * failed / canceled / refunded (payments.service.ts). The coins to credit are copied from the pack
 * at registration, so a later price or coin change never alters an order in flight.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    godsCode: text('gods_code')
      .notNull()
      .references(() => paymentGoods.godsCode),
    gateway: text('gateway').notNull(),
    currency: text('currency').notNull(),
    /** won for KRW, cents for USD */
    amountMinor: integer('amount_minor').notNull(),
    paidCoin: integer('paid_coin').notNull(),
    bonusCoin: integer('bons_coin').notNull(),
    firstBonusCoin: integer('bons_coin_1st').notNull(),
    state: text('state').notNull(),
    /** the provider's handle made at registration: Stripe session id, PayPal order id */
    providerRef: text('provider_ref'),
    /** the provider's payment: Toss paymentKey, PayPal capture id, Stripe payment intent, store token */
    providerTxnId: text('provider_txn_id'),
    /** decided once at the first credit attempt: the bonus this order grants (first-charge or not) */
    creditedBonus: integer('credited_bonus'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'payment_orders_state_check',
      sql`${t.state} in ('registered', 'paid', 'credited', 'failed', 'canceled', 'refunded')`,
    ),
    check('payment_orders_gateway_check', sql`${t.gateway} in ('T', 'S', 'P', 'G', 'A')`),
    check('payment_orders_currency_check', sql`${t.currency} in ('KRW', 'USD')`),
    check('payment_orders_amount_check', sql`${t.amountMinor} > 0`),
    // paid and credited orders carry the provider payment that paid them
    check(
      'payment_orders_paid_txn_check',
      sql`${t.state} not in ('paid', 'credited') or ${t.providerTxnId} is not null`,
    ),
    // one provider payment pays one order, whatever the replays (spec issue: "one purchaseToken credits once")
    uniqueIndex('payment_orders_provider_txn_key')
      .on(t.gateway, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    uniqueIndex('payment_orders_provider_ref_key')
      .on(t.gateway, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    // the console's orders list and export, newest first by keyset (decision 1550)
    index('payment_orders_created_idx').on(t.createdAt, t.id),
    // the sweep's work list: paid but not credited, and registered orders to ask the provider about
    index('payment_orders_open_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} in ('registered', 'paid')`),
  ],
);
export type NewOrder = typeof paymentOrders.$inferInsert;
export type OrderRow = typeof paymentOrders.$inferSelect;

/** Every state change of an order, with time and the provider's ids (the audit trail). */
export const paymentOrderTransitions = pgTable(
  'payment_order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** T, S, P, G, A, or "sweep" / "webhook" style origins in detail */
    provider: text('provider'),
    providerTxnId: text('provider_txn_id'),
    detail: jsonb('detail'),
  },
  (t) => [index('payment_order_transitions_order_idx').on(t.orderId, t.id)],
);
export type TransitionRow = typeof paymentOrderTransitions.$inferSelect;

/**
 * A user's first purchase of a pack (spec §9 first-charge bonus). The primary key makes the bonus
 * go to one order only, even when two orders of the same pack are credited at the same moment.
 */
export const paymentFirstCharges = pgTable(
  'payment_first_charges',
  {
    userId: userIdRef(),
    godsCode: text('gods_code')
      .notNull()
      .references(() => paymentGoods.godsCode),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.godsCode] })],
);

/**
 * What the providers reported against a payment: refunds, voids, revocations, disputes and their
 * reversals (docs/payments.md "Event model"). Keyed by the provider's payment as orders store it
 * (payment_orders.provider_txn_id), so one that arrives before the payment is known is kept here
 * and wins when the payment arrives. One row per kind: the order's outcome depends on which kinds
 * were reported, never on how often or in which order. order_id and applied_at are set when it
 * took effect on an order.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: text('gateway').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    kind: text('kind').notNull(),
    /** the provider's id of the first event of this kind (refund id, dispute id, notification UUID) */
    eventRef: text('event_ref').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    detail: jsonb('detail'),
  },
  (t) => [
    check('payment_reversals_gateway_check', sql`${t.gateway} in ('T', 'S', 'P', 'G', 'A')`),
    check(
      'payment_reversals_kind_check',
      sql`${t.kind} in ('refund', 'revoke', 'dispute_opened', 'dispute_lost', 'dispute_won', 'refund_reversed')`,
    ),
    uniqueIndex('payment_reversals_txn_kind_key').on(t.gateway, t.providerTxnId, t.kind),
    // the sweep's work list: reports not yet applied
    index('payment_reversals_kept_idx')
      .on(t.receivedAt)
      .where(sql`${t.appliedAt} is null`),
  ],
);
export type ReversalRow = typeof paymentReversals.$inferSelect;
