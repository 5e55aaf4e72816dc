import { z } from 'zod';

/**
 * A/B experiments in the console (issue 43 item 5, decisions 1610-1613): on a drama's first
 * paywalled episode, a coin pack's price and bonus, or a pack's first-charge bonus. Operator routes
 * speak camelCase under /api/v1/admin.
 */

export const EXPERIMENT_KINDS = ['paywall_position', 'coin_pack', 'first_charge_bonus'] as const;
export const experimentKind = z.enum(EXPERIMENT_KINDS);
export type ExperimentKind = z.infer<typeof experimentKind>;

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped', 'shipped'] as const;
export const experimentStatus = z.enum(EXPERIMENT_STATUSES);
export type ExperimentStatus = z.infer<typeof experimentStatus>;

const wholeCoins = z.number().int().min(0).max(1_000_000);

/** The first paywalled episode a variant shows (episodes before it are free). */
export const paywallVariant = z.object({ firstPaidEpisode: z.number().int().min(1).max(10_000) });
/** A coin pack's price (won and cents) and its bonus coins in a variant. */
export const coinPackVariant = z.object({
  krw: z.number().int().min(0).max(100_000_000),
  usdCents: z.number().int().min(0).max(100_000_000),
  bonusCoin: wholeCoins,
});
/** A pack's first-charge bonus (bons_coin_1st) in a variant. */
export const firstChargeVariant = z.object({ firstBonusCoin: wholeCoins });

/** Whole percents per variant, A first; 2 to 4 of them adding to 100. */
export const experimentSplit = z
  .array(z.number().int().min(1).max(99))
  .min(2)
  .max(4)
  .refine((w) => w.reduce((a, b) => a + b, 0) === 100, 'must add up to 100');

const experimentName = z.string().trim().min(1).max(80);
const godsCode = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, _ or -');

export const createExperimentBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('paywall_position'),
    name: experimentName,
    dramaId: z.number().int().min(1),
    variants: z.array(paywallVariant).min(2).max(4),
    split: experimentSplit,
  }),
  z.object({
    kind: z.literal('coin_pack'),
    name: experimentName,
    godsCode,
    variants: z.array(coinPackVariant).min(2).max(4),
    split: experimentSplit,
  }),
  z.object({
    kind: z.literal('first_charge_bonus'),
    name: experimentName,
    godsCode,
    variants: z.array(firstChargeVariant).min(2).max(4),
    split: experimentSplit,
  }),
]);
export type CreateExperimentBody = z.infer<typeof createExperimentBody>;

export const experimentVariant = z.union([paywallVariant, coinPackVariant, firstChargeVariant]);
export type ExperimentVariant = z.infer<typeof experimentVariant>;

export const experiment = z.object({
  id: z.string(),
  name: z.string(),
  kind: experimentKind,
  /** the drama of a paywall experiment */
  dramaId: z.number().int().nullable(),
  /** the coin pack of a pack or first-charge experiment */
  godsCode: z.string().nullable(),
  variants: z.array(experimentVariant),
  split: z.array(z.number().int()),
  status: experimentStatus,
  /** index of the variant shipped (0 = A), once shipped */
  shippedVariant: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type Experiment = z.infer<typeof experiment>;

export const experimentList = z.object({ list: z.array(experiment) });
export type ExperimentList = z.infer<typeof experimentList>;

export const shipExperimentBody = z.object({ variant: z.number().int().min(0).max(3) });

export const interval = z.object({ estimate: z.number(), low: z.number(), high: z.number() });
export type IntervalWire = z.infer<typeof interval>;

export const experimentVariantResult = z.object({
  variant: z.number().int(),
  exposures: z.number().int(),
  conversions: z.number().int(),
  /** conversion rate with its Wilson 95 % interval; null without exposures */
  conversion: interval.nullable(),
  /** revenue per exposed viewer with its t 95 % interval (coins for paywall, won for packs) */
  revenuePerViewer: interval.nullable(),
  /** relative lift of conversion over A (pB/pA − 1); null for A and while either has none */
  lift: interval.nullable(),
  /** revenue per viewer minus A's, Welch 95 % interval; null for A */
  revenueDifference: interval.nullable(),
});

export const experimentResults = z.object({
  experiment,
  /** what revenue counts: coins spent on the drama, or won paid for the pack */
  revenueUnit: z.enum(['coins', 'krw']),
  variants: z.array(experimentVariantResult),
  /** exposures against the planned split: chi-square p-value; mismatch below 0.001 */
  sampleRatio: z
    .object({ chiSquare: z.number(), pValue: z.number(), mismatch: z.boolean() })
    .nullable(),
});
export type ExperimentResults = z.infer<typeof experimentResults>;
