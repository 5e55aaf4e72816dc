/**
 * The For You feed's ranking (issue 45, docs/decisions/1620-for-you-ranking.md): a viewer's taste
 * (category affinity from what they watched, finished, bookmarked, unlocked, continued or
 * skipped), the co-watch neighbours of what they watched lately, popularity and freshness, then a
 * re-rank for exploration and diversity. Pure: the server ranks the few hundred candidates it
 * read with these functions, and the offline evaluation (bench/foryou-eval.ts) ranks with the
 * same ones.
 */

/** Every weight and size of the feed, in one place. */
export const FORYOU_WEIGHTS = {
  /** score = affinity·a + cowatch·c + popularity·p + freshness·f (each in 0..1) */
  affinity: 1,
  cowatch: 0.5,
  popularity: 1.2,
  freshness: 0.05,
  /** a drama whose categories the viewer skipped loses up to this much */
  dislike: 0.5,
  /** freshness halves every this many days since the drama was registered */
  freshnessHalfLifeDays: 14,
  /** a taste halves every this many days without new signals */
  tasteHalfLifeDays: 30,
  /** one slot in this many is for a category the viewer has not shown a taste for */
  exploreEvery: 8,
  /** at most this many items in a row share a category */
  maxCategoryRun: 2,
  /** what each signal adds to the affinity of the drama's categories */
  signal: {
    /** per minute watched (a feed opening or an episode in the player), capped per event */
    watchPerMinute: 1,
    watchCapMinutes: 5,
    /** watched to the last episode */
    completion: 3,
    bookmark: 2,
    unlock: 2,
    /** tapped "continue this drama" from the feed */
    continue: 2,
    /** swiped away within FORYOU_SKIP_MS */
    skip: -0.6,
  },
  /** the candidate read: how much of each precomputed list */
  candidates: {
    /** the viewer's strongest categories read deeply... */
    likedCategories: 5,
    perLikedCategory: 80,
    /** ...every other category a little (the exploration pool) */
    perOtherCategory: 8,
    popular: 60,
    fresh: 60,
    /** co-watch neighbours of this many recently watched dramas */
    cowatchSeeds: 8,
  },
  /** co-watch neighbours kept per drama by the job */
  cowatchTopK: 20,
  /** dramas served to a viewer in their last this many impressions are not served again */
  recentImpressions: 300,
} as const;
export type ForYouWeights = typeof FORYOU_WEIGHTS;

export type ForYouReasonKind = 'pinned' | 'affinity' | 'cowatch' | 'popular' | 'fresh' | 'explore';

/** Category id → affinity (may be negative after skips), and when it was last decayed. */
export interface ViewerTaste {
  affinity: Record<string, number>;
  /** ms since epoch of the last update (decay is applied from there) */
  at: number;
}
export const EMPTY_TASTE: ViewerTaste = { affinity: {}, at: 0 };

export type TasteSignal =
  | { kind: 'watch'; watchedMs: number }
  | { kind: 'completion' }
  | { kind: 'bookmark' }
  | { kind: 'unlock' }
  | { kind: 'continue' }
  | { kind: 'skip' };

const DAY_MS = 86_400_000;
const round = (n: number) => Math.round(n * 1e4) / 1e4;

/** The taste as of `now`: every affinity halved per tasteHalfLifeDays since it was last updated. */
export function decayedTaste(
  taste: ViewerTaste,
  now: number,
  w: ForYouWeights = FORYOU_WEIGHTS,
): ViewerTaste {
  if (taste.at === 0 || now <= taste.at) return { affinity: { ...taste.affinity }, at: now };
  const factor = 0.5 ** ((now - taste.at) / DAY_MS / w.tasteHalfLifeDays);
  const affinity: Record<string, number> = {};
  for (const [k, v] of Object.entries(taste.affinity)) {
    const d = round(v * factor);
    if (d !== 0) affinity[k] = d;
  }
  return { affinity, at: now };
}

/** What one signal is worth (before it is spread over the drama's categories). */
export function signalValue(signal: TasteSignal, w: ForYouWeights = FORYOU_WEIGHTS): number {
  switch (signal.kind) {
    case 'watch':
      return (
        Math.min(Math.max(0, signal.watchedMs) / 60_000, w.signal.watchCapMinutes) *
        w.signal.watchPerMinute
      );
    case 'completion':
      return w.signal.completion;
    case 'bookmark':
      return w.signal.bookmark;
    case 'unlock':
      return w.signal.unlock;
    case 'continue':
      return w.signal.continue;
    case 'skip':
      return w.signal.skip;
  }
}

/** The taste after one signal about a drama of these categories, at `now`. */
export function tasteAfter(
  taste: ViewerTaste,
  signal: TasteSignal,
  categoryIds: readonly number[],
  now: number,
  w: ForYouWeights = FORYOU_WEIGHTS,
): ViewerTaste {
  const next = decayedTaste(taste, now, w);
  const value = signalValue(signal, w);
  if (value === 0 || categoryIds.length === 0) return next;
  for (const id of new Set(categoryIds)) {
    const key = String(id);
    next.affinity[key] = round((next.affinity[key] ?? 0) + value);
  }
  return next;
}

/** The viewer's liked categories, strongest first (positive affinity only). */
export function likedCategories(taste: ViewerTaste, limit: number): number[] {
  return Object.entries(taste.affinity)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
    .slice(0, limit)
    .map(([k]) => Number(k));
}

/** A drama the feed may serve, as the candidate read answers it. */
export interface ForYouCandidate {
  dramaId: number;
  categoryIds: readonly number[];
  /** 0..1: the drama's recent watching against the catalog's most watched */
  popularity: number;
  /** days since it was registered */
  ageDays: number;
  /** 0..1: the best co-watch similarity to a drama the viewer watched lately (0: none) */
  cowatch: number;
}

export interface ScoredCandidate extends ForYouCandidate {
  score: number;
  reason: Exclude<ForYouReasonKind, 'pinned' | 'explore'>;
}

export const freshnessOf = (ageDays: number, w: ForYouWeights = FORYOU_WEIGHTS) =>
  0.5 ** (Math.max(0, ageDays) / w.freshnessHalfLifeDays);

/** The sums of a taste's likes and dislikes, once per taste (a ranking scores hundreds). */
const totalsOf = new WeakMap<ViewerTaste, { likedTotal: number; dislikedTotal: number }>();
function tasteTotals(taste: ViewerTaste) {
  let totals = totalsOf.get(taste);
  if (totals) return totals;
  totals = { likedTotal: 0, dislikedTotal: 0 };
  for (const v of Object.values(taste.affinity)) {
    if (v > 0) totals.likedTotal += v;
    else totals.dislikedTotal -= v;
  }
  totalsOf.set(taste, totals);
  return totals;
}

/**
 * One candidate's score and the part that weighed most (its reason). A ranking scores hundreds
 * of candidates per request: no object here but the one it answers.
 */
export function scoreCandidate(
  candidate: ForYouCandidate,
  taste: ViewerTaste,
  w: ForYouWeights = FORYOU_WEIGHTS,
): ScoredCandidate {
  // 0..1: how much of the viewer's positive taste the drama's best category holds, and of their
  // dislike (the share of negative taste its worst category holds)
  const { likedTotal, dislikedTotal } = tasteTotals(taste);
  let liked = 0;
  let disliked = 0;
  for (const id of candidate.categoryIds) {
    const v = taste.affinity[String(id)] ?? 0;
    if (v > 0 && likedTotal > 0) liked = Math.max(liked, v / likedTotal);
    if (v < 0 && dislikedTotal > 0) disliked = Math.max(disliked, -v / dislikedTotal);
  }
  const affinity = liked * w.affinity;
  const cowatch = Math.min(1, Math.max(0, candidate.cowatch)) * w.cowatch;
  const popular = Math.min(1, Math.max(0, candidate.popularity)) * w.popularity;
  const fresh = freshnessOf(candidate.ageDays, w) * w.freshness;
  const score = affinity + cowatch + popular + fresh - disliked * w.dislike;
  // the largest part; the first of equals in this order
  let reason: ScoredCandidate['reason'] = 'affinity';
  let best = affinity;
  if (cowatch > best) {
    reason = 'cowatch';
    best = cowatch;
  }
  if (popular > best) {
    reason = 'popular';
    best = popular;
  }
  if (fresh > best) reason = 'fresh';
  return {
    dramaId: candidate.dramaId,
    categoryIds: candidate.categoryIds,
    popularity: candidate.popularity,
    ageDays: candidate.ageDays,
    cowatch: candidate.cowatch,
    score: round(score),
    reason,
  };
}

/** True when `next` would make more than maxRun items in a row share a category. */
export function breaksCategoryRun(
  previous: readonly (readonly number[])[],
  next: readonly number[],
  maxRun: number,
): boolean {
  if (previous.length < maxRun) return false;
  const window = previous.slice(-maxRun);
  return next.some((c) => window.every((cats) => cats.includes(c)));
}

export interface RankedItem {
  dramaId: number;
  categoryIds: readonly number[];
  reason: ForYouReasonKind;
  score: number;
}

export interface RankInput {
  candidates: readonly ForYouCandidate[];
  taste: ViewerTaste;
  /** dramas not to serve: finished by the viewer, served lately, excluded by an operator, 18+ */
  exclude: ReadonlySet<number>;
  /** operators' pins: served at `position` (1-based, counted from the feed's first item) */
  pinned?: readonly { dramaId: number; position: number; categoryIds: readonly number[] }[];
  count: number;
  /** items served before this page in this feed (the cursor's) */
  offset?: number;
  /** the categories of the last items served before this page (the cursor's), oldest first */
  tail?: readonly (readonly number[])[];
  weights?: ForYouWeights;
}

/**
 * One page of the feed: pins at their positions; every exploreEvery-th slot the best candidate
 * none of whose categories the viewer has a taste for; every other slot the best-scored
 * candidate. No drama twice; no more than maxCategoryRun items in a row share a category, unless
 * every remaining candidate would (a small catalog), in which case the best one is served.
 */
export function rankForYou(input: RankInput): RankedItem[] {
  const w = input.weights ?? FORYOU_WEIGHTS;
  const offset = input.offset ?? 0;
  const taken = new Set<number>(input.exclude);
  const pins = new Map<number, RankedItem>();
  for (const pin of [...(input.pinned ?? [])].sort((a, b) => a.position - b.position)) {
    if (taken.has(pin.dramaId)) continue;
    let index = Math.max(0, pin.position - 1 - offset);
    while (pins.has(index)) index += 1;
    if (index >= input.count) continue;
    pins.set(index, {
      dramaId: pin.dramaId,
      categoryIds: pin.categoryIds,
      reason: 'pinned',
      score: 0,
    });
    taken.add(pin.dramaId);
  }
  const scored: ScoredCandidate[] = [];
  for (const c of input.candidates) {
    // excluded, pinned, or met before in the list
    if (taken.has(c.dramaId)) continue;
    taken.add(c.dramaId);
    scored.push(scoreCandidate(c, input.taste, w));
  }
  scored.sort((a, b) => b.score - a.score || a.dramaId - b.dramaId);
  const liked = new Set(likedCategories(input.taste, Number.MAX_SAFE_INTEGER));
  const history: (readonly number[])[] = [...(input.tail ?? [])];
  const page: RankedItem[] = [];
  const used = new Set<number>();

  // popularity and freshness alone: what an exploration slot is ranked by
  const appeal = new Map<number, number>();
  const appealOf = (c: ScoredCandidate) => {
    let value = appeal.get(c.dramaId);
    if (value === undefined) {
      value = c.popularity * w.popularity + freshnessOf(c.ageDays, w) * w.freshness;
      appeal.set(c.dramaId, value);
    }
    return value;
  };

  const pick = (eligible: (c: ScoredCandidate) => boolean): ScoredCandidate | undefined => {
    let fallback: ScoredCandidate | undefined;
    for (const c of scored) {
      if (used.has(c.dramaId) || !eligible(c)) continue;
      if (!breaksCategoryRun(history, c.categoryIds, w.maxCategoryRun)) return c;
      fallback ??= c;
    }
    return fallback;
  };

  for (let index = 0; index < input.count; index += 1) {
    const pin = pins.get(index);
    if (pin) {
      page.push(pin);
      history.push(pin.categoryIds);
      continue;
    }
    const explore = (offset + index + 1) % w.exploreEvery === 0;
    let chosen: ScoredCandidate | undefined;
    let reason: ForYouReasonKind | undefined;
    if (explore) {
      // the best of what the viewer has not shown a taste for, by popularity and freshness
      const pool = scored
        .filter(
          (c) =>
            !used.has(c.dramaId) &&
            c.categoryIds.length > 0 &&
            c.categoryIds.every((id) => !liked.has(id)),
        )
        .sort((a, b) => appealOf(b) - appealOf(a) || a.dramaId - b.dramaId);
      chosen =
        pool.find((c) => !breaksCategoryRun(history, c.categoryIds, w.maxCategoryRun)) ?? pool[0];
      if (chosen) reason = 'explore';
    }
    if (!chosen) {
      chosen = pick(() => true);
      reason = chosen?.reason;
    }
    if (!chosen || !reason) {
      // no candidate left: later pins move up
      continue;
    }
    used.add(chosen.dramaId);
    page.push({
      dramaId: chosen.dramaId,
      categoryIds: chosen.categoryIds,
      reason,
      score: chosen.score,
    });
    history.push(chosen.categoryIds);
  }
  // pins past the last candidate still come
  for (const [index, pin] of [...pins].sort((a, b) => a[0] - b[0])) {
    if (index >= page.length && !page.includes(pin)) page.push(pin);
  }
  return page;
}

/**
 * Item-to-item co-watch: for each drama, the dramas most often finished by the same viewers,
 * by cosine similarity (co-finishers / √(finishers of a · finishers of b)), top `k`, at least
 * `minShared` viewers in common. The server's job computes the same in SQL over watch events;
 * the offline evaluation uses this.
 */
export function cowatchNeighbours(
  watchedByViewer: Iterable<readonly number[]>,
  k: number,
  minShared = 2,
): Map<number, { dramaId: number; score: number }[]> {
  const count = new Map<number, number>();
  const pairs = new Map<string, number>();
  for (const list of watchedByViewer) {
    const dramas = [...new Set(list)].sort((a, b) => a - b);
    for (const d of dramas) count.set(d, (count.get(d) ?? 0) + 1);
    for (let i = 0; i < dramas.length; i += 1) {
      for (let j = i + 1; j < dramas.length; j += 1) {
        const key = `${dramas[i]}:${dramas[j]}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
  }
  const out = new Map<number, { dramaId: number; score: number }[]>();
  for (const [key, shared] of pairs) {
    if (shared < minShared) continue;
    const [a, b] = key.split(':').map(Number) as [number, number];
    const score = round(shared / Math.sqrt((count.get(a) ?? 1) * (count.get(b) ?? 1)));
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = out.get(x) ?? [];
      list.push({ dramaId: y, score });
      out.set(x, list);
    }
  }
  for (const [d, list] of out) {
    list.sort((p, q) => q.score - p.score || p.dramaId - q.dramaId);
    out.set(d, list.slice(0, k));
  }
  return out;
}
