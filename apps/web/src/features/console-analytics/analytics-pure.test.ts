import { describe, expect, it } from 'vitest';
import { presetRange, rangeFromAddress, rangeLength, rangeProblem } from './analytics-range';
import { nextSort, pageCount, pageFromAddress, sortFromAddress } from './analytics-sort';
import { axisLabelIndexes, heatLevel, niceAxis, scaleX, scaleY } from './chart-scale';

describe('analytics sort and paging', () => {
  const keys = ['viewers', 'starts', 'conversionRate'] as const;
  const fallback = { key: 'viewers' as const, dir: 'desc' as const };
  const read = (q: string) => sortFromAddress(new URLSearchParams(q), keys, fallback);

  it('keeps the order in the address and turns a column around on a second click', () => {
    expect(read('sort=conversionRate&order=asc')).toEqual({ key: 'conversionRate', dir: 'asc' });
    expect(read('sort=starts')).toEqual({ key: 'starts', dir: 'desc' });
    expect(read('sort=title&order=asc')).toEqual(fallback);
    expect(read('sort=starts&order=up')).toEqual({ key: 'starts', dir: 'desc' });
    expect(read('')).toEqual(fallback);
    expect(nextSort({ key: 'viewers', dir: 'desc' }, 'viewers')).toEqual({
      key: 'viewers',
      dir: 'asc',
    });
    expect(nextSort({ key: 'viewers', dir: 'asc' }, 'starts')).toEqual({
      key: 'starts',
      dir: 'desc',
    });
  });

  it('counts pages and reads the page from the address', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    const page = (q: string) => pageFromAddress(new URLSearchParams(q));
    expect(page('page=3')).toBe(3);
    expect(page('page=0')).toBe(1);
    expect(page('page=2.5')).toBe(1);
    expect(page('page=abc')).toBe(1);
    expect(page('page=10001')).toBe(1);
  });
});

describe('chart scale', () => {
  it('gives a nice top at or above the largest value, with whole ticks for counts', () => {
    expect(niceAxis(100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceAxis(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceAxis(0.37)).toEqual({ top: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
    for (const max of [1, 9, 11, 99, 101, 1234, 98765]) {
      const { top, ticks } = niceAxis(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('labels the episode axis without two labels touching, first and last always', () => {
    const labels = (n: number, room: number) =>
      [...axisLabelIndexes(n, room)].sort((a, b) => a - b);
    expect(labels(5, 10)).toEqual([0, 1, 2, 3, 4]);
    // 20 episodes, room for 10: every second; 19 (the last) replaces 18
    expect(labels(20, 10)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 19]);
    expect(labels(21, 10)).toEqual([0, 3, 6, 9, 12, 15, 20]);
    expect(labels(1, 10)).toEqual([0]);
    expect(labels(0, 10)).toEqual([]);
  });

  it('maps values into the drawing box', () => {
    expect(scaleY(0, 100, 200)).toBe(200);
    expect(scaleY(100, 100, 200)).toBe(0);
    expect(scaleY(25, 100, 200)).toBe(150);
    expect(scaleY(500, 100, 200)).toBe(0);
    expect(scaleX(0, 5, 400)).toBe(0);
    expect(scaleX(4, 5, 400)).toBe(400);
    expect(scaleX(0, 1, 400)).toBe(200);
    expect(heatLevel(0.42)).toBe(0.42);
    expect(heatLevel(null)).toBe(0);
    expect(heatLevel(1.5)).toBe(1);
  });
});

describe('analytics period', () => {
  it('reads the address and counts presets back from the server day', () => {
    expect(rangeFromAddress(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeFromAddress(new URLSearchParams('from=2026-02-01&to=2026-01-31'))).toEqual({});
    expect(rangeFromAddress(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toEqual({});
    expect(presetRange('d7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('last_month', '2026-01-05')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(rangeLength('2026-01-01', '2026-12-31')).toBe(365);
    expect(rangeProblem({ from: '', to: '2026-01-01' }, 366)).toBe('missing');
    expect(rangeProblem({ from: '2026-01-02', to: '2026-01-01' }, 366)).toBe('order');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-06-01' }, 366)).toBe('too_long');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-01' }, 366)).toBeNull();
  });
});
