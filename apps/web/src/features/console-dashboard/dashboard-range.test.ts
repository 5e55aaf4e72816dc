import { describe, expect, it } from 'vitest';
import { presetRange, rangeLength, rangeFromAddress } from './dashboard-range';

describe('dashboard periods', () => {
  it('presets count back from the service day it is now', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('d7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('d30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(rangeLength('2026-01-31', '2026-03-01')).toBe(30);
    expect(presetRange('month', '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    // last month across a year and a leap February
    expect(presetRange('last_month', '2026-01-05')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetRange('last_month', '2028-03-05')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('reads the range from the address only when both days are there and in order', () => {
    const read = (q: string) => rangeFromAddress(new URLSearchParams(q));
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(read('from=2026-01-01')).toEqual({});
    expect(read('from=2026-02-01&to=2026-01-31')).toEqual({});
    expect(read('from=yesterday&to=2026-01-31')).toEqual({});
  });
});
