/**
 * The statistics of an A/B experiment's results page (decision 1612). Pure functions of counts:
 * conversion with a Wilson interval, the relative lift of a variant over the control by the delta
 * method on the log of the ratio, revenue per viewer with Welch's t interval, and the sample-ratio
 * check as a chi-square test against the planned split.
 */

/** The 97.5th percentile of the standard normal: a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/** Conversion rate c/n with the Wilson score interval (sound near 0 and with few viewers). */
export function conversionInterval(conversions: number, viewers: number): Interval | undefined {
  if (viewers <= 0) return undefined;
  const p = conversions / viewers;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / viewers;
  const centre = (p + z2 / (2 * viewers)) / denominator;
  const half =
    (Z95 * Math.sqrt((p * (1 - p)) / viewers + z2 / (4 * viewers * viewers))) / denominator;
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Relative lift of B's conversion over A's (pB/pA − 1) with a 95 % interval: the delta method on
 * log(pB/pA), whose variance is (1−pA)/(nA·pA) + (1−pB)/(nB·pB), then back through exp. Undefined
 * while either side has no conversion (the ratio has no finite log).
 */
export function liftInterval(
  control: { conversions: number; viewers: number },
  variant: { conversions: number; viewers: number },
): Interval | undefined {
  const { conversions: cA, viewers: nA } = control;
  const { conversions: cB, viewers: nB } = variant;
  if (cA <= 0 || cB <= 0 || nA <= 0 || nB <= 0) return undefined;
  const pA = cA / nA;
  const pB = cB / nB;
  const logRatio = Math.log(pB / pA);
  const se = Math.sqrt((1 - pA) / cA + (1 - pB) / cB);
  return {
    estimate: pB / pA - 1,
    low: Math.exp(logRatio - Z95 * se) - 1,
    high: Math.exp(logRatio + Z95 * se) - 1,
  };
}

/** n, mean and sample variance of per-viewer values. */
export interface ValueSummary {
  n: number;
  mean: number;
  variance: number;
}

/**
 * The summary from the sums the database keeps per variant (decision 1613): n values, their sum
 * and the sum of their squares. Sample variance (sumSquares − sum²/n)/(n − 1), never below 0 (a
 * rounding of equal values).
 */
export function summarizeSums(n: number, sum: number, sumSquares: number): ValueSummary {
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSquares - sum * mean) / (n - 1)) : 0;
  return { n, mean, variance };
}

/** The same summary from the values themselves. */
export function summarizeValues(values: Iterable<number>): ValueSummary {
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  for (const x of values) {
    n++;
    sum += x;
    sumSquares += x * x;
  }
  return summarizeSums(n, sum, sumSquares);
}

/** Student's t 97.5th percentiles for 1 to 30 degrees of freedom (printed tables). */
const T975 = [
  12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157,
  2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.13145, 2.119905, 2.109816, 2.100922, 2.093024,
  2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.04523,
  2.042272,
];

/**
 * The 97.5th percentile of Student's t with `df` degrees of freedom: the table up to 30 (a
 * fractional Welch df is rounded down, which widens the interval a little), then the
 * Cornish–Fisher expansion around the normal (relative error below 1e-5 past 30).
 */
export function tQuantile975(df: number): number {
  if (!Number.isFinite(df) || df > 1e6) return Z95;
  if (df < 1) return T975[0] ?? Z95;
  if (df <= 30) return T975[Math.floor(df) - 1] ?? Z95;
  const z = Z95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Mean per viewer with a t interval (n − 1 degrees of freedom). */
export function meanInterval(s: ValueSummary): Interval | undefined {
  if (s.n <= 1) return undefined;
  const half = tQuantile975(s.n - 1) * Math.sqrt(s.variance / s.n);
  return { estimate: s.mean, low: s.mean - half, high: s.mean + half };
}

/**
 * B's mean minus A's with Welch's interval: standard error √(sA²/nA + sB²/nB), degrees of freedom
 * by Welch–Satterthwaite.
 */
export function welchDifference(a: ValueSummary, b: ValueSummary): Interval | undefined {
  if (a.n <= 1 || b.n <= 1) return undefined;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  const estimate = b.mean - a.mean;
  if (se === 0) return { estimate, low: estimate, high: estimate };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const half = tQuantile975(df) * se;
  return { estimate, low: estimate - half, high: estimate + half };
}

/** log Γ(x) for x > 0 (Lanczos, g = 7, 9 terms). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0] ?? 0;
  for (let i = 1; i < 9; i++) sum += (c[i] ?? 0) / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized upper incomplete gamma Q(a, x): a series below a + 1, a continued fraction above. */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  // Lentz's method
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(lead) * h);
}

/**
 * The sample-ratio check: the chi-square statistic of the exposures per variant against the planned
 * split (whole percents), and its p-value with k − 1 degrees of freedom. A p-value below 0.001
 * means the assignment or the exposure recording is broken, not that a variant won.
 */
export function sampleRatioCheck(
  exposures: readonly number[],
  weights: readonly number[],
): { chiSquare: number; pValue: number } | undefined {
  const total = exposures.reduce((a, b) => a + b, 0);
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || exposures.length !== weights.length || weightTotal <= 0) return undefined;
  let chiSquare = 0;
  for (let i = 0; i < exposures.length; i++) {
    const expected = (total * (weights[i] ?? 0)) / weightTotal;
    if (expected <= 0) return undefined;
    chiSquare += ((exposures[i] ?? 0) - expected) ** 2 / expected;
  }
  return { chiSquare, pValue: gammaQ((exposures.length - 1) / 2, chiSquare / 2) };
}

/** Below this p-value the results page warns of a sample-ratio mismatch. */
export const SRM_ALPHA = 0.001;
