import { describe, expect, it } from 'vitest';
import { formatUsd, formatVipPrice } from './vip-format';

describe('VIP prices', () => {
  const weekly = { usd: 4.99, krw: 6900 };

  it('shows a Korean reader won, and what the web gateways charge in dollars', () => {
    expect(formatVipPrice(weekly, 'ko')).toBe('₩6,900');
    expect(formatUsd(weekly.usd, 'ko')).toBe('US$4.99');
  });

  it('shows an English reader dollars', () => {
    expect(formatVipPrice(weekly, 'en')).toBe('$4.99');
    expect(formatUsd(weekly.usd, 'en')).toBe('$4.99');
  });
});
