import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  episodeToOpen,
  isEpisodePlayable,
  isGridClickAllowed,
  nextSlideEpisode,
  playerSlides,
  unlockNumber,
  type DramaProgress,
} from './episode-unlock';

const drama = (total: number, free: number): DramaProgress['episodes'] =>
  Array.from({ length: total }, (_, i) => ({ epsd: i + 1, coin: i < free ? 0 : 10 }));

describe('unlockNumber', () => {
  it.each([
    { name: 'free only', total: 20, free: 5, viewed: [], unlocked: [], want: 5 },
    { name: 'viewed beyond free', total: 20, free: 5, viewed: [7], unlocked: [], want: 7 },
    { name: 'bought beyond viewed', total: 20, free: 3, viewed: [4], unlocked: [9], want: 9 },
    { name: 'nothing free or viewed', total: 10, free: 0, viewed: [], unlocked: [], want: 0 },
  ])('$name', ({ total, free, viewed, unlocked, want }) => {
    const progress: DramaProgress = {
      episodes: drama(total, free),
      viewed: viewed.map((epsd) => ({ epsd, last_view_dtm: '2026-01-01T00:00:00Z' })),
      unlocked,
    };
    expect(unlockNumber(progress)).toBe(want);
  });
});

describe('isEpisodePlayable', () => {
  const progress: DramaProgress = {
    episodes: drama(10, 3),
    viewed: [{ epsd: 5, last_view_dtm: '2026-01-01T00:00:00Z' }],
    unlocked: [7],
  };
  it.each([
    [1, true],
    [3, true],
    [4, false],
    [5, true],
    [6, false],
    [7, true],
    [11, false],
  ])('episode %i → %s', (epsd, want) => {
    expect(isEpisodePlayable(progress, epsd)).toBe(want);
  });
});

describe('episodeToOpen', () => {
  const viewed = [
    { epsd: 2, last_view_dtm: '2026-01-02T00:00:00Z' },
    { epsd: 4, last_view_dtm: '2026-01-01T00:00:00Z' },
  ];
  const progress: DramaProgress = { episodes: drama(30, 3), viewed };
  it('opens the last watched by time when no number is given', () => {
    expect(episodeToOpen(progress)).toBe(2);
  });
  it('opens the first when nothing was watched', () => {
    expect(episodeToOpen({ episodes: drama(30, 3), viewed: [] })).toBe(1);
  });
  it('opens unlock+1 (shown locked)', () => {
    expect(episodeToOpen(progress, 5)).toBe(5);
  });
  it('falls back to the last watched above unlock+1', () => {
    expect(episodeToOpen(progress, 6)).toBe(2);
    expect(episodeToOpen(progress, 99)).toBe(2);
  });
});

describe('isGridClickAllowed', () => {
  it.each([
    [5, 1, true],
    [5, 5, true],
    [5, 6, true],
    [5, 7, false],
  ])('unlock %i, episode %i → %s', (unlock, epsd, want) => {
    expect(isGridClickAllowed(unlock, epsd)).toBe(want);
  });
});

describe('properties', () => {
  const progressArb = fc
    .tuple(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 80 }))
    .chain(([total, free]) =>
      fc.record({
        episodes: fc.constant(drama(total, Math.min(free, total))),
        viewed: fc.array(
          fc.record({
            epsd: fc.integer({ min: 1, max: total }),
            last_view_dtm: fc
              .integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 })
              .map((ms) => new Date(ms).toISOString()),
          }),
          { maxLength: 10 },
        ),
        unlocked: fc.array(fc.integer({ min: 1, max: total }), { maxLength: 5 }),
      }),
    );

  it('the opened episode is always in range and never beyond unlock+1', () => {
    fc.assert(
      fc.property(progressArb, fc.option(fc.integer({ min: -5, max: 120 })), (p, req) => {
        const n = episodeToOpen(p, req ?? undefined);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(Math.max(p.episodes.length, 1));
        expect(n).toBeLessThanOrEqual(Math.max(unlockNumber(p) + 1, 1));
      }),
    );
  });

  it('slides are 1..unlock plus at most one locked slide after', () => {
    fc.assert(
      fc.property(progressArb, (p) => {
        const slides = playerSlides(p);
        slides.forEach((s, i) => expect(s.epsd).toBe(i + 1));
        const unlock = Math.min(unlockNumber(p), p.episodes.length);
        expect(slides.length).toBe(Math.min(unlock + 1, p.episodes.length));
        for (const s of slides) expect(s.locked).toBe(!isEpisodePlayable(p, s.epsd));
      }),
    );
  });

  it('a grid click is allowed exactly for 1..unlock+1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 120 }), (u, e) => {
        expect(isGridClickAllowed(u, e)).toBe(e <= u + 1);
      }),
    );
  });

  it('video end moves to the next slide, none after the last (property)', () => {
    fc.assert(
      fc.property(progressArb, (p) => {
        const slides = playerSlides(p);
        for (const s of slides) {
          const next = nextSlideEpisode(p, s.epsd);
          if (s.epsd === slides.length) expect(next).toBeUndefined();
          else expect(next).toBe(s.epsd + 1);
        }
      }),
    );
  });
});

describe('nextSlideEpisode', () => {
  const progress: DramaProgress = { episodes: drama(10, 3), viewed: [] };
  it.each([
    [1, 2],
    [3, 4],
    [4, undefined],
    [10, undefined],
  ])('after %i → %s', (current, want) => {
    expect(nextSlideEpisode(progress, current)).toBe(want);
  });
});
