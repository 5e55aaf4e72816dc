import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { progressShare, resumePosition } from './progress';

describe('resumePosition', () => {
  it.each([
    [undefined, 0],
    [{ position: 0, duration: 60 }, 0],
    [{ position: 0.5, duration: 60 }, 0],
    [{ position: 30, duration: 60 }, 30],
    [{ position: 54.9, duration: 60 }, 54.9],
    [{ position: 55, duration: 60 }, 0],
    [{ position: 60, duration: 60 }, 0],
    [{ position: 10, duration: 0 }, 0],
  ])('%o → %d', (saved, expected) => {
    expect(resumePosition(saved)).toBe(expected);
  });

  it('never resumes past the end or before the start', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        (position, duration) => {
          const at = resumePosition({ position, duration });
          expect(at).toBeGreaterThanOrEqual(0);
          if (at > 0) expect(at).toBeLessThan(duration);
        },
      ),
    );
  });
});

describe('progressShare', () => {
  it.each([
    [0, 60, 0],
    [30, 60, 0.5],
    [90, 60, 1],
    [10, 0, 0],
  ])('%d of %d → %d', (position, duration, expected) => {
    expect(progressShare(position, duration)).toBe(expected);
  });
});
