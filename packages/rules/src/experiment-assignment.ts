/**
 * A/B experiments (issue 43 item 5, decision 1610): which variant a viewer gets, and what a
 * paywall-position variant does to a drama's episode prices. Pure: the server decides with them,
 * the console explains with them.
 */

/** Buckets a viewer can fall into; weights are whole percents, so 10,000 buckets give 0.01 %. */
export const EXPERIMENT_BUCKETS = 10_000;

/**
 * A 32-bit hash of text: FNV-1a over UTF-16 code units, then murmur3's finalizer so that ids which
 * differ in their last characters still spread over the whole range.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The viewer's bucket in an experiment: the same salt and id give the same bucket, always. */
export function experimentBucket(salt: string, viewerId: string): number {
  return hash32(`${salt}:${viewerId}`) % EXPERIMENT_BUCKETS;
}

/** Whether a split is usable: 2 to 4 whole percents, each at least 1, adding up to 100. */
export function isValidSplit(weights: readonly number[]): boolean {
  return (
    weights.length >= 2 &&
    weights.length <= 4 &&
    weights.every((w) => Number.isInteger(w) && w >= 1 && w <= 99) &&
    weights.reduce((a, b) => a + b, 0) === 100
  );
}

/**
 * The variant index (0 = A, the control) a viewer is assigned: the bucket falls into one of the
 * weights laid end to end. Deterministic in (salt, viewer id, weights).
 */
export function assignVariant(salt: string, viewerId: string, weights: readonly number[]): number {
  if (!isValidSplit(weights)) throw new Error(`invalid split ${weights.join('/')}`);
  const bucket = experimentBucket(salt, viewerId);
  let upper = 0;
  for (let i = 0; i < weights.length; i++) {
    upper += (weights[i] ?? 0) * (EXPERIMENT_BUCKETS / 100);
    if (bucket < upper) return i;
  }
  return weights.length - 1;
}

/** The variant's letter as operators read it: A, B, C, D. */
export const variantLetter = (index: number): string => String.fromCharCode(65 + index);

export interface PricedEpisode {
  number: number;
  coin: number;
}

/**
 * The price a paywalled episode gets when a variant moves the paywall: the drama's first paid
 * episode's price. Undefined when the drama has no paid episode (no paywall to move).
 */
export function paywallPrice(episodes: readonly PricedEpisode[]): number | undefined {
  let first: PricedEpisode | undefined;
  for (const e of episodes) if (e.coin > 0 && (!first || e.number < first.number)) first = e;
  return first?.coin;
}

/** The first paywalled episode as the prices stand: the lowest-numbered paid one. */
export function firstPaywalledEpisode(episodes: readonly PricedEpisode[]): number | undefined {
  let first: number | undefined;
  for (const e of episodes)
    if (e.coin > 0 && (first === undefined || e.number < first)) first = e.number;
  return first;
}

/**
 * A drama's prices with the paywall at episode `first`: every episode before it is free; from it
 * on, a paid episode keeps its price and a free one costs the drama's paywall price.
 */
export function pricesWithPaywallAt<E extends PricedEpisode>(
  episodes: readonly E[],
  first: number,
): E[] {
  const price = paywallPrice(episodes);
  if (price === undefined) return [...episodes];
  return episodes.map((e) => {
    const coin = e.number < first ? 0 : e.coin > 0 ? e.coin : price;
    return coin === e.coin ? e : { ...e, coin };
  });
}

/**
 * The guardrail (decision 1611): a viewer who was shown a variant is never charged more than it
 * showed. Per episode, the lower of the price now and the price of the variant they saw.
 */
export function lowerPrices<E extends PricedEpisode>(
  current: readonly E[],
  seen: readonly PricedEpisode[],
): E[] {
  const seenBy = new Map(seen.map((e) => [e.number, e.coin]));
  return current.map((e) => {
    const before = seenBy.get(e.number);
    return before !== undefined && before < e.coin ? { ...e, coin: before } : e;
  });
}
