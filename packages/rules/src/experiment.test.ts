import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EXPERIMENT_BUCKETS,
  assignVariant,
  experimentBucket,
  firstPaywalledEpisode,
  isValidSplit,
  lowerPrices,
  pricesWithPaywallAt,
} from './experiment-assignment';
import {
  conversionInterval,
  gammaQ,
  liftInterval,
  meanInterval,
  sampleRatioCheck,
  summarizeSums,
  summarizeValues,
  tQuantile975,
  welchDifference,
} from './experiment-stats';
import { experimentReading, readingKind } from './experiment-reading';

// Expected numbers below were computed independently with SciPy 1.17 (scipy.stats.t, chisquare,
// norm.ppf) from the same counts, not with these functions.

describe('assignment (decision 1610)', () => {
  it('is stable: the same salt and viewer give the same variant, every time', () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), (salt, viewer) => {
        const first = assignVariant(salt, viewer, [50, 50]);
        expect(assignVariant(salt, viewer, [50, 50])).toBe(first);
        expect(experimentBucket(salt, viewer)).toBeLessThan(EXPERIMENT_BUCKETS);
      }),
    );
  });

  it('spreads viewers by the planned split (chi-square, 20,000 ids, three splits)', () => {
    for (const weights of [
      [50, 50],
      [90, 10],
      [25, 25, 50],
    ]) {
      const counts = weights.map(() => 0);
      for (let i = 0; i < 20_000; i++) {
        const variant = assignVariant('salt-1', `viewer-${i}`, weights);
        counts[variant] = (counts[variant] ?? 0) + 1;
      }
      const check = sampleRatioCheck(counts, weights);
      expect(check?.pValue).toBeGreaterThan(0.001);
    }
  });

  it('roughly uniform buckets for any salt (property: each half holds 45-55 % of 2,000 ids)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (salt) => {
        let low = 0;
        for (let i = 0; i < 2_000; i++)
          if (
            experimentBucket(salt, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) < 5_000
          )
            low++;
        expect(low).toBeGreaterThan(900);
        expect(low).toBeLessThan(1_100);
      }),
      { numRuns: 30 },
    );
  });

  it('another salt assigns independently: about half the viewers change variant', () => {
    let changed = 0;
    for (let i = 0; i < 4_000; i++) {
      const id = `viewer-${i}`;
      if (assignVariant('salt-a', id, [50, 50]) !== assignVariant('salt-b', id, [50, 50]))
        changed++;
    }
    expect(changed).toBeGreaterThan(1_800);
    expect(changed).toBeLessThan(2_200);
  });

  it.each([
    { weights: [50, 50], ok: true },
    { weights: [1, 99], ok: true },
    { weights: [25, 25, 25, 25], ok: true },
    { weights: [100], ok: false },
    { weights: [50, 49], ok: false },
    { weights: [0, 100], ok: false },
    { weights: [50.5, 49.5], ok: false },
    { weights: [20, 20, 20, 20, 20], ok: false },
  ])('split $weights valid: $ok', ({ weights, ok }) => {
    expect(isValidSplit(weights)).toBe(ok);
  });
});

describe('paywall position and the price guardrail', () => {
  const drama = [1, 2, 3, 4, 5, 6, 7, 8].map((number) => ({ number, coin: number < 5 ? 0 : 30 }));

  it('moves the paywall earlier or later at the drama’s paywall price', () => {
    expect(firstPaywalledEpisode(drama)).toBe(5);
    const earlier = pricesWithPaywallAt(drama, 3);
    expect(earlier.map((e) => e.coin)).toEqual([0, 0, 30, 30, 30, 30, 30, 30]);
    expect(firstPaywalledEpisode(earlier)).toBe(3);
    const later = pricesWithPaywallAt(drama, 7);
    expect(later.map((e) => e.coin)).toEqual([0, 0, 0, 0, 0, 0, 30, 30]);
    expect(pricesWithPaywallAt(drama, 5)).toEqual(drama);
  });

  it('a viewer is charged the lower of the price now and the price they saw (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (now, seen) => {
        const current = pricesWithPaywallAt(drama, now);
        const shown = pricesWithPaywallAt(drama, seen);
        const charged = lowerPrices(current, shown);
        charged.forEach((e, i) => {
          expect(e.coin).toBeLessThanOrEqual(current[i]?.coin ?? Infinity);
          expect(e.coin).toBeLessThanOrEqual(shown[i]?.coin ?? Infinity);
        });
        expect(firstPaywalledEpisode(charged) ?? 9).toBe(
          Math.max(now, seen, 1) > 8 ? 9 : Math.max(now, seen),
        );
      }),
    );
  });
});

describe('statistics (decision 1612)', () => {
  it('conversion: Wilson interval', () => {
    const a = conversionInterval(100, 1000);
    expect(a?.estimate).toBeCloseTo(0.1, 10);
    expect(a?.low).toBeCloseTo(0.08290944359309571, 9);
    expect(a?.high).toBeCloseTo(0.1201519631953484, 9);
    const b = conversionInterval(150, 1000);
    expect(b?.low).toBeCloseTo(0.1292100725130883, 9);
    expect(b?.high).toBeCloseTo(0.17346865842680032, 9);
    expect(conversionInterval(0, 0)).toBeUndefined();
    expect(conversionInterval(0, 10)?.low).toBe(0);
  });

  it('lift: delta method on the log ratio', () => {
    const lift = liftInterval(
      { conversions: 100, viewers: 1000 },
      { conversions: 150, viewers: 1000 },
    );
    expect(lift?.estimate).toBeCloseTo(0.5, 10);
    expect(lift?.low).toBeCloseTo(0.18305690016605114, 9);
    expect(lift?.high).toBeCloseTo(0.9018527339506621, 9);
    expect(
      liftInterval({ conversions: 0, viewers: 10 }, { conversions: 1, viewers: 10 }),
    ).toBeUndefined();
  });

  it('revenue per viewer: t interval and Welch difference', () => {
    const a = summarizeValues([...Array<number>(100).fill(30), ...Array<number>(900).fill(0)]);
    const b = summarizeValues([...Array<number>(150).fill(30), ...Array<number>(850).fill(0)]);
    const meanA = meanInterval(a);
    expect(meanA?.estimate).toBeCloseTo(3, 10);
    expect(meanA?.low).toBeCloseTo(2.4412283735305635, 3);
    expect(meanA?.high).toBeCloseTo(3.5587716264694365, 3);
    const diff = welchDifference(a, b);
    expect(diff?.estimate).toBeCloseTo(1.5, 10);
    expect(diff?.low).toBeCloseTo(0.6318650811798837, 3);
    expect(diff?.high).toBeCloseTo(2.3681349188201164, 3);
    // small, unequal groups: the Welch–Satterthwaite degrees of freedom matter
    const small = welchDifference(
      summarizeValues([5, 0, 0, 12, 7, 0, 3]),
      summarizeValues([0, 0, 9, 4, 4, 20, 0, 1]),
    );
    expect(small?.low).toBeCloseTo(-5.591376689990215, 1); // df 12.1 read as 12: a hair wider
    expect(small?.high).toBeCloseTo(7.377090975704499, 1);
  });

  it('the summary from the sums the database keeps equals the one from the values', () => {
    // 100 viewers at 30 coins among 1,000: n, sum 3,000, sum of squares 90,000
    expect(summarizeSums(1000, 3000, 90_000)).toEqual(
      summarizeValues([...Array<number>(100).fill(30), ...Array<number>(900).fill(0)]),
    );
    const s = summarizeSums(7, 27, 227);
    expect(s.mean).toBeCloseTo(3.857142857142857, 12);
    expect(s.variance).toBeCloseTo(20.476190476190474, 12); // numpy.var(ddof=1)
    expect(summarizeSums(1, 30, 900)).toEqual({ n: 1, mean: 30, variance: 0 });
    expect(summarizeSums(0, 0, 0)).toEqual({ n: 0, mean: 0, variance: 0 });
    // equal large values: no negative variance from rounding
    expect(summarizeSums(3, 3 * 59_000.1, 3 * 59_000.1 ** 2).variance).toBeGreaterThanOrEqual(0);
  });

  it('t quantiles', () => {
    for (const [df, t] of [
      [3, 3.1824463052837078],
      [3.5, 3.1824463052837078],
      [31, 2.0395134463964077],
      [5, 2.5705818356363146],
      [10, 2.228138851986274],
      [30, 2.0422724563012378],
      [100, 1.9839715185235518],
    ] as const)
      expect(Math.abs(tQuantile975(df) - t)).toBeLessThan(1e-5 * t);
  });

  it('sample-ratio check: chi-square p-values', () => {
    expect(sampleRatioCheck([1000, 1000], [50, 50])?.pValue).toBeCloseTo(1, 10);
    const off = sampleRatioCheck([1100, 900], [50, 50]);
    expect(off?.chiSquare).toBeCloseTo(20, 10);
    expect(off?.pValue).toBeCloseTo(7.744216431044088e-6, 9);
    const three = sampleRatioCheck([520, 260, 220], [50, 25, 25]);
    expect(three?.chiSquare).toBeCloseTo(4.8, 10);
    expect(three?.pValue).toBeCloseTo(0.09071795328941247, 9);
    expect(gammaQ(1, 2)).toBeCloseTo(Math.exp(-2), 12);
    expect(sampleRatioCheck([0, 0], [50, 50])).toBeUndefined();
  });
});

describe('the reading', () => {
  const templates = {
    better: '{{variant}} converts {{lift}} better; 95 % interval {{low}}–{{high}}',
    worse: '{{variant}} converts {{lift}} worse; 95 % interval {{low}}–{{high}}',
    unclear: 'No clear difference yet; 95 % interval {{low}} to {{high}}',
    notEnough: 'Not enough conversions yet',
  };
  const names = { variant: 'B', control: 'A' };

  it.each([
    {
      lift: { estimate: 0.12, low: 0.04, high: 0.2 },
      text: 'B converts 12% better; 95 % interval 4%–20%',
    },
    {
      lift: { estimate: -0.3, low: -0.45, high: -0.1 },
      text: 'B converts 30% worse; 95 % interval 10%–45%',
    },
    {
      lift: { estimate: 0.05, low: -0.02, high: 0.12 },
      text: 'No clear difference yet; 95 % interval -2% to +12%',
    },
    { lift: undefined, text: 'Not enough conversions yet' },
  ])('$text', ({ lift, text }) => {
    expect(experimentReading(lift, names, 'en', templates)).toBe(text);
  });

  it('numbers follow the operator’s locale', () => {
    const lift = { estimate: 0.12, low: 0.04, high: 0.2 };
    expect(readingKind(lift)).toBe('better');
    expect(
      experimentReading(lift, names, 'ko-KR', {
        ...templates,
        better: '{{variant}}가 {{lift}} 더 전환',
      }),
    ).toBe('B가 12% 더 전환');
  });
});
