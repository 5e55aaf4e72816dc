import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * A/B experiments (issue 43 item 5, decision 1610). `target` names what is tested ('drama:<id>'
 * or 'goods:<code>'); at most one experiment per target runs at a time (partial unique index).
 * Variants and split are JSON checked by the service against the contract's schemas.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    dramaId: integer('drama_id'),
    godsCode: text('gods_code'),
    variants: jsonb('variants').notNull(),
    split: jsonb('split').notNull(),
    /** mixed into the viewer id's hash: each experiment assigns independently of the others */
    salt: text('salt').notNull(),
    status: text('status').notNull(),
    shippedVariant: integer('shipped_variant'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'experiments_kind_check',
      sql`${t.kind} in ('paywall_position', 'coin_pack', 'first_charge_bonus')`,
    ),
    check(
      'experiments_status_check',
      sql`${t.status} in ('draft', 'running', 'stopped', 'shipped')`,
    ),
    check(
      'experiments_target_check',
      sql`(${t.kind} = 'paywall_position' and ${t.dramaId} is not null and ${t.godsCode} is null) or (${t.kind} <> 'paywall_position' and ${t.godsCode} is not null and ${t.dramaId} is null)`,
    ),
    check(
      'experiments_shipped_check',
      sql`(${t.status} = 'shipped') = (${t.shippedVariant} is not null)`,
    ),
    uniqueIndex('experiments_running_target_key')
      .on(t.target)
      .where(sql`${t.status} = 'running'`),
    index('experiments_target_idx').on(t.target),
  ],
);
export type NewExperiment = typeof experiments.$inferInsert;
export type ExperimentRow = typeof experiments.$inferSelect;

/** What an exposure and its rollup row both hold: which viewer saw which variant, first when. */
const exposureColumns = () => ({
  experimentId: uuid('experiment_id')
    .notNull()
    .references(() => experiments.id),
  userId: uuid('user_id').notNull(),
  variant: integer('variant').notNull(),
  firstExposedAt: timestamp('first_exposed_at', { withTimezone: true }).notNull(),
});

/**
 * The first time a viewer was shown their variant: one row per (experiment, viewer), written when
 * the server serves the variant (drama info, coin-pack list), never again after.
 */
export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    ...exposureColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.userId] }),
    index('experiment_exposures_user_idx').on(t.userId),
    check('experiment_exposures_variant_check', sql`${t.variant} between 0 and 3`),
  ],
);

/**
 * The results' rollup (decision 1613): one row per exposed viewer, with what counts for them in
 * the experiment's window. Derived, never written by the service: database triggers keep it in
 * step with `experiment_exposures` and with the outcome rows of the modules that own them (coin
 * and ad unlocks, pack orders), in the transaction that writes those rows (migration 0045).
 */
export const experimentViewers = pgTable(
  'experiment_viewers',
  {
    ...exposureColumns(),
    /** outcomes counted (converted: more than 0) */
    outcomes: integer('outcomes').notNull().default(0),
    /** coins (paywall) or won (pack) of those outcomes */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    /** the latest outcome counted: a stop recounts only viewers with one after it */
    lastOutcomeAt: timestamp('last_outcome_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.userId] })],
);
