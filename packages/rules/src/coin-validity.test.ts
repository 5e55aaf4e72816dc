import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AUTO_UNLOCK_UNDO_MS,
  DEFAULT_COIN_VALIDITY,
  NO_EXPIRY_AT,
  autoUnlockUndoRefusal,
  coinValidityDays,
  coinValiditySettingsProblem,
  expiresNever,
  expiresSoon,
  expiryOf,
  expiryReminder,
  resolveCoinValidity,
  type ValidityGrant,
} from './coin-validity';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe('coinValidityDays with the defaults', () => {
  it.each<[ValidityGrant, number | null]>([
    [{ source: 'purchase', channel: 'web' }, 7],
    [{ source: 'purchase', channel: 'google_play' }, 7],
    // App Store Review Guideline 3.1.1: purchased credits may not expire
    [{ source: 'purchase', channel: 'app_store' }, null],
    [{ source: 'purchase_bonus', channel: 'app_store' }, 7],
    [{ source: 'purchase_bonus' }, 7],
    [{ source: 'mission' }, 7],
    [{ source: 'attendance' }, 7],
    [{ source: 'event' }, 7],
    [{ source: 'advertisement' }, 7],
    [{ source: 'admin' }, 7],
    [{ source: 'admin', kind: 'paid' }, 7],
  ])('%o -> %s', (grant, days) =>
    expect(coinValidityDays(DEFAULT_COIN_VALIDITY, grant)).toBe(days),
  );

  it('follows the settings it is given, source by source', () => {
    const settings = {
      purchase: { web: 30, app_store: 90, google_play: null },
      bonus: { ...DEFAULT_COIN_VALIDITY.bonus, mission: 3 },
    };
    expect(coinValidityDays(settings, { source: 'purchase', channel: 'web' })).toBe(30);
    expect(coinValidityDays(settings, { source: 'purchase', channel: 'app_store' })).toBe(90);
    expect(coinValidityDays(settings, { source: 'purchase', channel: 'google_play' })).toBeNull();
    expect(coinValidityDays(settings, { source: 'mission' })).toBe(3);
    expect(coinValidityDays(settings, { source: 'attendance' })).toBe(7);
  });
});

describe('expiryOf', () => {
  it('adds whole days, or never', () => {
    expect(expiryOf(0, 7)).toBe(7 * DAY);
    expect(expiryOf(5, null)).toBe(NO_EXPIRY_AT);
    expect(expiresNever(expiryOf(5, null))).toBe(true);
    expect(expiresNever(expiryOf(Date.UTC(2026, 0, 1), 3650))).toBe(false);
  });
});

describe('coinValiditySettingsProblem', () => {
  it('accepts the defaults', () =>
    expect(coinValiditySettingsProblem(DEFAULT_COIN_VALIDITY)).toBeUndefined());
  it.each([
    [null, 'settings: must be an object'],
    [{ bonus: DEFAULT_COIN_VALIDITY.bonus }, 'purchase: must be an object'],
    [
      { ...DEFAULT_COIN_VALIDITY, purchase: { ...DEFAULT_COIN_VALIDITY.purchase, web: 0 } },
      'purchase.web: must be null (no expiry) or whole days from 1 to 3650',
    ],
    [
      { ...DEFAULT_COIN_VALIDITY, bonus: { ...DEFAULT_COIN_VALIDITY.bonus, mission: 1.5 } },
      'bonus.mission: must be null (no expiry) or whole days from 1 to 3650',
    ],
    [
      { ...DEFAULT_COIN_VALIDITY, purchase: { web: 7, app_store: null } },
      'purchase.google_play: required',
    ],
    [
      { ...DEFAULT_COIN_VALIDITY, bonus: { ...DEFAULT_COIN_VALIDITY.bonus, lottery: 7 } },
      'bonus.lottery: unknown source',
    ],
    [{ ...DEFAULT_COIN_VALIDITY, extra: 1 }, 'extra: unknown setting'],
  ])('%o', (value, problem) => expect(coinValiditySettingsProblem(value)).toBe(problem));

  it('any whole number of days 1..3650 or null is accepted, anything else refused', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 4000 }), fc.constant(null)), (days) => {
        const settings = {
          ...DEFAULT_COIN_VALIDITY,
          purchase: { ...DEFAULT_COIN_VALIDITY.purchase, web: days },
        };
        const ok = days === null || (days >= 1 && days <= 3650);
        expect(coinValiditySettingsProblem(settings) === undefined).toBe(ok);
      }),
    );
  });
});

describe('resolveCoinValidity', () => {
  it('fills sources missing from a stored row with the defaults', () =>
    expect(resolveCoinValidity({ purchase: { web: 30 } }).purchase).toEqual({
      web: 30,
      app_store: null,
      google_play: 7,
    }));
  it('falls back to the defaults for a malformed row', () => {
    expect(resolveCoinValidity({ purchase: { web: -1 } })).toEqual(DEFAULT_COIN_VALIDITY);
    expect(resolveCoinValidity(undefined)).toEqual(DEFAULT_COIN_VALIDITY);
  });
});

describe('expiry reminders', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it.each([
    [{ remaining: 5, expiresAt: now + 48 * HOUR }, true],
    [{ remaining: 5, expiresAt: now + 48 * HOUR + 1 }, false],
    [{ remaining: 5, expiresAt: now + 1 }, true],
    [{ remaining: 5, expiresAt: now }, false],
    [{ remaining: 0, expiresAt: now + HOUR }, false],
    [{ remaining: 5, expiresAt: NO_EXPIRY_AT }, false],
  ])('%o soon: %s', (lot, soon) => expect(expiresSoon(lot, now)).toBe(soon));

  it('sums the coins that expire within 48 h and names the first expiry', () => {
    expect(
      expiryReminder(
        [
          { remaining: 30, expiresAt: now + 40 * HOUR },
          { remaining: 20, expiresAt: now + 24 * HOUR },
          { remaining: 99, expiresAt: now + 72 * HOUR },
          { remaining: 7, expiresAt: now - HOUR },
        ],
        now,
      ),
    ).toEqual({ amount: 50, firstExpiresAt: now + 24 * HOUR });
    expect(expiryReminder([{ remaining: 9, expiresAt: now + 72 * HOUR }], now)).toBeUndefined();
  });

  it('the amount is the sum of the lots expiresSoon picks', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            remaining: fc.integer({ min: 0, max: 1000 }),
            expiresAt: fc.integer({ min: now - 100 * HOUR, max: now + 100 * HOUR }),
          }),
        ),
        (lots) => {
          const soon = lots.filter((l) => expiresSoon(l, now));
          const want = soon.reduce((s, l) => s + l.remaining, 0);
          expect(expiryReminder(lots, now)?.amount ?? 0).toBe(want);
        },
      ),
    );
  });
});

describe('autoUnlockUndoRefusal', () => {
  const at = 1_000_000;
  it.each([
    [{ unlockedAt: at, now: at }, undefined],
    [{ unlockedAt: at, now: at + AUTO_UNLOCK_UNDO_MS }, undefined],
    [{ unlockedAt: at, now: at + AUTO_UNLOCK_UNDO_MS + 1 }, 'window_passed'],
    [{ unlockedAt: at, now: at + 1000, position: { seconds: 3, duration: 30 } }, undefined],
    [{ unlockedAt: at, now: at + 1000, position: { seconds: 4, duration: 30 } }, 'playback_passed'],
    [
      { unlockedAt: at, now: at + 20_000, position: { seconds: 29, duration: 30 } },
      'window_passed',
    ],
  ])('%o -> %s', (input, want) => expect(autoUnlockUndoRefusal(input)).toBe(want));

  it('never allows an undo after 10 s, whatever the position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: AUTO_UNLOCK_UNDO_MS + 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 100 }),
        (late, seconds) =>
          autoUnlockUndoRefusal({
            unlockedAt: 0,
            now: late,
            position: { seconds, duration: 100 },
          }) !== undefined,
      ),
    );
  });
});
