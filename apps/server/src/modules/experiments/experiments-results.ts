import type { ExperimentResults } from '@snapdrama/contract';
import {
  SRM_ALPHA,
  conversionInterval,
  liftInterval,
  meanInterval,
  sampleRatioCheck,
  summarizeValues,
  welchDifference,
} from '@snapdrama/rules';
import type { ExposureRow } from './experiments.repository';

/** One unlock or purchase: who, when, and what it brought (coins or won). */
export interface Outcome {
  userId: string;
  at: Date;
  amount: number;
}

/**
 * The results of an experiment (decision 1613): an exposed viewer converts when they have an
 * outcome at or after their first exposure (and before the experiment stopped); their revenue is
 * the sum of those outcomes' amounts. Lift and revenue differences are against variant A.
 */
export function computeResults(
  split: number[],
  exposures: ExposureRow[],
  outcomes: Outcome[],
  until: Date | undefined,
): Pick<ExperimentResults, 'variants' | 'sampleRatio'> {
  const byViewer = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    if (until && o.at > until) continue;
    byViewer.set(o.userId, [...(byViewer.get(o.userId) ?? []), o]);
  }
  const perVariant = split.map(() => ({ exposures: 0, conversions: 0, revenue: [] as number[] }));
  for (const x of exposures) {
    const v = perVariant[x.variant];
    if (!v) continue;
    const after = (byViewer.get(x.userId) ?? []).filter((o) => o.at >= x.firstExposedAt);
    v.exposures++;
    if (after.length > 0) v.conversions++;
    v.revenue.push(after.reduce((sum, o) => sum + o.amount, 0));
  }
  const control = perVariant[0];
  const controlRevenue = control && summarizeValues(control.revenue);
  const variants = perVariant.map((v, index) => {
    const revenue = summarizeValues(v.revenue);
    const vsControl = index > 0 && control && controlRevenue;
    return {
      variant: index,
      exposures: v.exposures,
      conversions: v.conversions,
      conversion: conversionInterval(v.conversions, v.exposures) ?? null,
      revenuePerViewer:
        meanInterval(revenue) ??
        (revenue.n === 1
          ? { estimate: revenue.mean, low: revenue.mean, high: revenue.mean }
          : null),
      lift: vsControl
        ? (liftInterval(
            { conversions: control.conversions, viewers: control.exposures },
            { conversions: v.conversions, viewers: v.exposures },
          ) ?? null)
        : null,
      revenueDifference: vsControl ? (welchDifference(controlRevenue, revenue) ?? null) : null,
    };
  });
  const srm = sampleRatioCheck(
    perVariant.map((v) => v.exposures),
    split,
  );
  return {
    variants,
    sampleRatio: srm ? { ...srm, mismatch: srm.pValue < SRM_ALPHA } : null,
  };
}
