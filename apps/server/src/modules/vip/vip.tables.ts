import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';

/**
 * One row per provider subscription (a VIP pass). Created pending when a checkout starts (its id
 * is the wire's vipId, handed to the provider as client_reference_id / custom_id /
 * obfuscatedAccountId / appAccountToken), bound to the provider's subscription id on the first
 * payment. paid_until moves only when a new period is recorded (vip_periods).
 */
export const vipSubscriptions = pgTable(
  'vip_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    plan: text('plan').notNull(),
    /** T Toss (billing key), S Stripe, P PayPal, G Google Play, A Apple */
    gateway: text('gateway').notNull(),
    /**
     * Toss customerKey (ours: one per pass), Stripe sub_..., PayPal I-..., Google purchase token's
     * linked id, Apple originalTransactionId
     */
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status').notNull().default('pending'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** the provider's checkout of a pending pass (Stripe session, PayPal subscription) */
    checkoutId: text('checkout_id'),
    /**
     * Facts the provider told us, kept so the state can be derived from the set of events in any
     * order (see vip-state.ts): the pending checkout was replaced by another (closed_at); the
     * latest expiry; the latest renewal on / off; the latest grace end; a second paid pass.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    renewOnAt: timestamp('renew_on_at', { withTimezone: true }),
    renewOffAt: timestamp('renew_off_at', { withTimezone: true }),
    graceSeenUntil: timestamp('grace_seen_until', { withTimezone: true }),
    /** paid while this other pass of the viewer was live: refunded at once, never live itself */
    duplicateOf: uuid('duplicate_of'),
  },
  (t) => [
    uniqueIndex('vip_subscriptions_provider_uq').on(t.gateway, t.providerSubscriptionId),
    // one open checkout and one live pass per viewer, whatever the code above does (issue 39)
    uniqueIndex('vip_subscriptions_one_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('vip_subscriptions_one_live_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'grace')`),
    index('vip_subscriptions_user_idx').on(t.userId, t.createdAt),
    check(
      'vip_subscriptions_status_check',
      sql`${t.status} in ('pending', 'active', 'grace', 'expired', 'refunded')`,
    ),
    check('vip_subscriptions_gateway_check', sql`${t.gateway} in ('T', 'S', 'P', 'G', 'A')`),
  ],
);
export type VipSubscriptionRow = typeof vipSubscriptions.$inferSelect;

/**
 * A paid period. period_key is the provider's id of that charge (Stripe invoice, PayPal sale,
 * Google order id, Apple transaction id): two notifications of one renewal insert one row.
 */
export const vipPeriods = pgTable(
  'vip_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => vipSubscriptions.id),
    periodKey: text('period_key').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * What the viewer paid for the period, in the currency's minor units, as the receipt shows it:
     * the plan's web price on Stripe and PayPal (our checkout sets it); null for a store's charge
     * (Google Play and the App Store set their own prices and receipts), and for periods recorded
     * before this was kept.
     */
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
  },
  (t) => [
    uniqueIndex('vip_periods_key_uq').on(t.subscriptionId, t.periodKey),
    // the console's orders list and export, newest first by keyset (decision 1550)
    index('vip_periods_recorded_idx').on(t.recordedAt, t.id),
    check(
      'vip_periods_amount_check',
      sql`(${t.amountMinor} is null) = (${t.currency} is null) and coalesce(${t.amountMinor}, 0) >= 0`,
    ),
    check('vip_periods_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
export type VipPeriodRow = typeof vipPeriods.$inferSelect;

/**
 * Money returned for a pass, by the provider's key: a period's charge (scope period: Stripe invoice,
 * PayPal sale, Google order, Apple transaction) or a whole subscription (scope subscription: its
 * provider id). A refund that arrives before the payment it returns is kept here (subscription_id
 * null) and wins when the payment arrives. reason: provider (the provider told us) or duplicate
 * (we refunded a second paid pass); provider_status says how our own refund call went.
 */
export const vipRefunds = pgTable(
  'vip_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    scope: text('scope').notNull(),
    refundKey: text('refund_key').notNull(),
    subscriptionId: uuid('subscription_id').references(() => vipSubscriptions.id),
    reason: text('reason').notNull(),
    eventId: text('event_id'),
    providerStatus: text('provider_status'),
    providerRefundId: text('provider_refund_id'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** our last refund call for a duplicate was claimed at (one sweep at a time calls the provider) */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vip_refunds_key_uq').on(t.gateway, t.scope, t.refundKey),
    index('vip_refunds_subscription_idx').on(t.subscriptionId),
    check('vip_refunds_scope_check', sql`${t.scope} in ('period', 'subscription')`),
    check('vip_refunds_reason_check', sql`${t.reason} in ('provider', 'duplicate')`),
    check(
      'vip_refunds_provider_status_check',
      sql`${t.providerStatus} is null or ${t.providerStatus} in ('pending', 'done', 'failed')`,
    ),
  ],
);
export type VipRefundRow = typeof vipRefunds.$inferSelect;

/** Every provider notification handled, by the provider's event id: a replay changes nothing. */
export const vipNotifications = pgTable(
  'vip_notifications',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    subscriptionId: uuid('subscription_id').references(() => vipSubscriptions.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('vip_notifications_uq').on(t.gateway, t.eventId)],
);

/**
 * Episodes played because a pass was active, apart from coin and ad unlocks. They open nothing by
 * themselves: once the pass ends, only what was watched (playback's views) stays playable.
 */
export const vipUnlocks = pgTable(
  'vip_unlocks',
  {
    userId: userIdRef(),
    dramaId: integer('drama_id').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => vipSubscriptions.id),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('vip_unlocks_uq').on(t.userId, t.dramaId, t.episodeNumber, t.subscriptionId)],
);

/**
 * A Toss pass's card registration (automatic payment): the customerKey we hand the Toss SDK, the
 * authKey Toss returned once, and the billing key Toss issued for it. The billing key charges the
 * card without the buyer and never leaves the server. lease_until: one confirm at a time issues
 * the key and charges the first period (a second one waits for it).
 */
export const vipTossBilling = pgTable(
  'vip_toss_billing',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => vipSubscriptions.id),
    customerKey: text('customer_key').notNull(),
    authKey: text('auth_key'),
    billingKey: text('billing_key'),
    cardCompany: text('card_company'),
    cardNumber: text('card_number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vip_toss_billing_customer_uq').on(t.customerKey),
    uniqueIndex('vip_toss_billing_auth_uq').on(t.authKey),
  ],
);
export type VipTossBillingRow = typeof vipTossBilling.$inferSelect;

/**
 * Every charge of a Toss pass we make with its billing key: period n (1 = the first), attempt k
 * (a declined renewal is tried again). order_id (derived from the pass, n and k) is Toss's orderId
 * and our Idempotency-Key, so a retried call answers the first charge; the unique (pass, n, k)
 * lets one worker at a time make it (status charging with a lease), and done/declined are final.
 */
export const vipTossCharges = pgTable(
  'vip_toss_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => vipSubscriptions.id),
    periodNumber: integer('period_number').notNull(),
    attempt: integer('attempt').notNull(),
    orderId: text('order_id').notNull(),
    /** the card registration it charged (a first charge is tied to its authKey) */
    authKey: text('auth_key'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    paymentKey: text('payment_key'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vip_toss_charges_attempt_uq').on(t.subscriptionId, t.periodNumber, t.attempt),
    uniqueIndex('vip_toss_charges_order_uq').on(t.orderId),
    uniqueIndex('vip_toss_charges_payment_uq').on(t.paymentKey),
    index('vip_toss_charges_status_idx').on(t.status, t.leaseUntil),
    check('vip_toss_charges_status_check', sql`${t.status} in ('charging', 'done', 'declined')`),
    check('vip_toss_charges_numbers_check', sql`${t.periodNumber} >= 1 and ${t.attempt} >= 1`),
    check('vip_toss_charges_amount_check', sql`${t.amountMinor} > 0`),
  ],
);
export type VipTossChargeRow = typeof vipTossCharges.$inferSelect;

/**
 * VIP plan prices set by admins (decision 1551): a plan's price from valid_from on; before its
 * first row, the contract's VIP_PLANS price. A pass is charged the price in force when its
 * checkout opened (vip-prices.service.ts).
 */
export const vipPlanPrices = pgTable(
  'vip_plan_prices',
  {
    plan: text('plan').notNull(),
    /** Toss, in won */
    krw: integer('krw').notNull(),
    /** Stripe and PayPal, in cents */
    usdCents: integer('usd_cents').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.plan, t.validFrom] }),
    check('vip_plan_prices_amounts_check', sql`${t.krw} > 0 and ${t.usdCents} > 0`),
  ],
);
