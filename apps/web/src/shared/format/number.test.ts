import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber } from './number';

describe('formatting', () => {
  it('separates thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });
  it('groups whole numbers as Intl does, and leaves other numbers to Intl', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1000000, -1, -1234, -999999, 2 ** 53 - 1])
      expect(formatNumber(n)).toBe(intl.format(n));
    // a negative zero is a plain zero (Intl would print -0)
    expect(formatNumber(-0)).toBe('0');
    for (const n of [1234.5, 0.125, -1234.5678, Number.NaN, Infinity, 1e21])
      expect(formatNumber(n)).toBe(intl.format(n));
  });
  it('shows durations as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65.9)).toBe('01:05');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});
