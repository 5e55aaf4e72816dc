import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isVipActive, vipAccessUntil, type VipPassState, type VipPassStatus } from './vip';

const DAY = 86_400_000;
const now = 1_800_000_000_000;

describe('VIP pass access', () => {
  it.each<[string, VipPassState, boolean]>([
    ['active, period running', { status: 'active', paidUntil: now + DAY, graceUntil: null }, true],
    ['active, period over', { status: 'active', paidUntil: now, graceUntil: null }, false],
    ['active, never paid', { status: 'active', paidUntil: null, graceUntil: null }, false],
    ['grace, in grace', { status: 'grace', paidUntil: now - DAY, graceUntil: now + 1 }, true],
    ['grace, grace over', { status: 'grace', paidUntil: now - DAY, graceUntil: now - 1 }, false],
    ['grace, no grace end', { status: 'grace', paidUntil: now + 5, graceUntil: null }, true],
    ['pending', { status: 'pending', paidUntil: now + DAY, graceUntil: null }, false],
    ['refunded mid-period', { status: 'refunded', paidUntil: now + DAY, graceUntil: null }, false],
    ['expired', { status: 'expired', paidUntil: now + DAY, graceUntil: now + DAY }, false],
  ])('%s', (_name, pass, active) => {
    expect(isVipActive(pass, now)).toBe(active);
  });

  it('access never outlasts the later of the paid and grace ends, and ended states open nothing', () => {
    const status = fc.constantFrom<VipPassStatus>(
      'pending',
      'active',
      'grace',
      'expired',
      'refunded',
    );
    const time = fc.option(fc.integer({ min: 0, max: 4_000_000_000_000 }), { nil: null });
    fc.assert(
      fc.property(
        status,
        time,
        time,
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (s, p, g, t) => {
          const pass = { status: s, paidUntil: p, graceUntil: g };
          const until = vipAccessUntil(pass);
          if (s === 'pending' || s === 'expired' || s === 'refunded') expect(until).toBeNull();
          if (until !== null) expect(until).toBeLessThanOrEqual(Math.max(p ?? 0, g ?? 0));
          expect(isVipActive(pass, t)).toBe(until !== null && t < until);
        },
      ),
    );
  });
});
