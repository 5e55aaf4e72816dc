import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { serviceDay } from './service-day';
import {
  adCooldownLeftSeconds,
  adUnlockWithinCap,
  applyMissionReport,
  isMissionOpen,
  missionPeriodKey,
  missionProgressPercent,
  msUntilDayRefresh,
  showsProgressBar,
  watchReachesMission,
  type MissionTerms,
} from './mission';

const terms = (rewd: number, rewdCndt: number, rewdCnt: number): MissionTerms => ({
  rewd,
  rewdCndt,
  rewdCnt,
});

describe('mission display', () => {
  it.each([
    { m: terms(10, 1, 1), count: 0, open: true, bar: false, pct: 0 },
    { m: terms(10, 1, 1), count: 1, open: false, bar: false, pct: 100 },
    { m: terms(5, 1, 5), count: 2, open: true, bar: true, pct: 40 },
    { m: terms(5, 3, 2), count: 6, open: false, bar: true, pct: 100 },
    { m: terms(5, 3, 2), count: 9, open: false, bar: true, pct: 100 },
  ])('count $count of $m.rewdCndt×$m.rewdCnt', ({ m, count, open, bar, pct }) => {
    expect(isMissionOpen(m, count)).toBe(open);
    expect(showsProgressBar(m)).toBe(bar);
    expect(missionProgressPercent(m, count)).toBe(pct);
  });
});

describe('applyMissionReport', () => {
  it.each([
    { m: terms(10, 1, 3), count: 0, want: { kind: 'counted', count: 1, step: 1, reward: 10 } },
    { m: terms(10, 3, 2), count: 0, want: { kind: 'counted', count: 1, step: null, reward: 0 } },
    { m: terms(10, 3, 2), count: 2, want: { kind: 'counted', count: 3, step: 1, reward: 10 } },
    { m: terms(10, 3, 2), count: 5, want: { kind: 'counted', count: 6, step: 2, reward: 10 } },
    { m: terms(10, 3, 2), count: 6, want: { kind: 'completed_already' } },
  ])('$count → $want.kind', ({ m, count, want }) => {
    expect(applyMissionReport(m, count)).toEqual(want);
  });

  it('reports until closed pay exactly rewd × rewd_cnt with steps 1..rewd_cnt once each', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 40 }),
        (rewd, cndt, cnt, extra) => {
          const m = terms(rewd, cndt, cnt);
          let count = 0;
          let paid = 0;
          const steps: number[] = [];
          for (let i = 0; i < cndt * cnt + extra; i++) {
            const r = applyMissionReport(m, count);
            if (r.kind === 'completed_already') continue;
            count = r.count;
            paid += r.reward;
            if (r.step !== null) steps.push(r.step);
          }
          expect(count).toBe(cndt * cnt);
          expect(paid).toBe(rewd * cnt);
          expect(steps).toEqual(Array.from({ length: cnt }, (_, i) => i + 1));
        },
      ),
    );
  });
});

describe('missionPeriodKey with a moved clock', () => {
  it('a daily mission gets a new period exactly at Seoul midnight', () => {
    const before = Date.parse('2026-01-15T14:59:59.999Z');
    const after = before + 1;
    expect(missionPeriodKey('D', serviceDay(before, 'Asia/Seoul'))).toBe('2026-01-15');
    expect(missionPeriodKey('D', serviceDay(after, 'Asia/Seoul'))).toBe('2026-01-16');
  });
  it('a once mission never changes period', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (t) => {
        expect(missionPeriodKey('O', serviceDay(t, 'Asia/Seoul'))).toBe('once');
      }),
    );
  });
  it('two instants share a daily period iff they share the service day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 0, max: 3 * 86_400_000 }),
        (t, d) => {
          const a = serviceDay(t, 'Asia/Seoul');
          const b = serviceDay(t + d, 'Asia/Seoul');
          expect(missionPeriodKey('D', a) === missionPeriodKey('D', b)).toBe(a === b);
          if (d >= 86_400_000) expect(a).not.toBe(b);
        },
      ),
    );
  });
});

describe('watchReachesMission', () => {
  it.each([
    [0, 60, false],
    [26.9, 60, false],
    [27, 60, true],
    [60, 60, true],
    [10, 0, false],
  ])('%ss of a %ss episode → %s', (elapsed, duration, want) => {
    expect(watchReachesMission(elapsed, duration)).toBe(want);
  });
});

describe('ad unlock limits', () => {
  it.each([
    [null, 0, 0],
    [0, 0, 180],
    [0, 1, 180],
    [0, 179_001, 1],
    [0, 180_000, 0],
    [0, 500_000, 0],
  ])('last %s, now %s → %ss left', (last, now, left) => {
    expect(adCooldownLeftSeconds(now, last, 180)).toBe(left);
  });
  it.each([
    [0, 10, true],
    [9, 10, true],
    [10, 10, false],
    [11, 10, false],
  ])('%i used of %i → %s', (used, cap, want) => {
    expect(adUnlockWithinCap(used, cap)).toBe(want);
  });
  it('time manager waits until the next day start + 5 s, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: -1e8, max: 1e8 }),
        (n, d) => {
          const wait = msUntilDayRefresh(n, n + d);
          expect(wait).toBe(Math.max(0, d + 5000));
        },
      ),
    );
  });
});
