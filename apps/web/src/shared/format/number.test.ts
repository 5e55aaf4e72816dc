import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber } from './number';

describe('formatting', () => {
  it('separates thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });
  it('shows durations as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65.9)).toBe('01:05');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});
