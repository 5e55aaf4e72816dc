import type { ExperimentResults } from '@snapdrama/contract';
import {
  SRM_ALPHA,
  conversionInterval,
  liftInterval,
  meanInterval,
  sampleRatioCheck,
  summarizeSums,
  welchDifference,
} from '@snapdrama/rules';

/**
 * One variant's sums over its exposed viewers (the rollup `experiment_viewers`, decision 1613):
 * how many, how many converted, and their revenue per viewer summed and squared and summed.
 */
export interface VariantSums {
  variant: number;
  exposures: number;
  conversions: number;
  revenue: number;
  revenueSquares: number;
}

/**
 * The results of an experiment (decisions 1612, 1613) from its per-variant sums: conversion with
 * Wilson, revenue per viewer with t, lift and revenue differences against variant A, and the
 * sample-ratio check against the planned split. A variant nobody was shown counts zero.
 */
export function computeResults(
  split: number[],
  sums: VariantSums[],
): Pick<ExperimentResults, 'variants' | 'sampleRatio'> {
  const perVariant = split.map(
    (_, variant) =>
      sums.find((s) => s.variant === variant) ?? {
        variant,
        exposures: 0,
        conversions: 0,
        revenue: 0,
        revenueSquares: 0,
      },
  );
  const revenueOf = (v: VariantSums) => summarizeSums(v.exposures, v.revenue, v.revenueSquares);
  const control = perVariant[0];
  const controlRevenue = control && revenueOf(control);
  const variants = perVariant.map((v, index) => {
    const revenue = revenueOf(v);
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
