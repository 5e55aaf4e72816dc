import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInZone, lastServiceDays, nextDay, serviceDay, zonedDayStart } from './service-day';
import { parseIsoDate } from './wallet-history';

describe('formatInZone', () => {
  it('writes the zone offset, and a new second anew after the same one was asked', () => {
    const at = new Date('2026-01-15T14:59:59.400Z');
    expect(formatInZone(at, 'Asia/Seoul')).toBe('2026-01-15T23:59:59+09:00');
    expect(formatInZone(new Date('2026-01-15T14:59:59.999Z'), 'Asia/Seoul')).toBe(
      '2026-01-15T23:59:59+09:00',
    );
    expect(formatInZone(new Date('2026-01-15T15:00:00.000Z'), 'Asia/Seoul')).toBe(
      '2026-01-16T00:00:00+09:00',
    );
    expect(formatInZone(at, 'UTC')).toBe('2026-01-15T14:59:59+00:00');
  });

  it('is the same as computing without the remembered answer (property, across DST)', () => {
    const reference = (date: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          timeZoneName: 'longOffset',
        })
          .formatToParts(date)
          .map((p) => [p.type, p.value]),
      );
      const offset = String(parts.timeZoneName).replace('GMT', '') || '+00:00';
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
    };
    // around Los Angeles' spring-forward (2026-03-08T10:00Z) and fall-back (2026-11-01T09:00Z)
    const near = (t: string) =>
      fc.integer({ min: Date.parse(t) - 3_000, max: Date.parse(t) + 3_000 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.oneof(near('2026-03-08T10:00:00Z'), near('2026-11-01T09:00:00Z')),
            zone: fc.constantFrom('America/Los_Angeles', 'Asia/Seoul', 'UTC'),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (steps) => {
          for (const { at, zone } of steps) {
            expect(formatInZone(new Date(at), zone)).toBe(reference(new Date(at), zone));
          }
        },
      ),
    );
  });
});

describe('the service day', () => {
  it('turns at the zone midnight, not UTC', () => {
    expect(serviceDay(new Date('2026-01-15T14:59:59.999Z'), 'Asia/Seoul')).toBe('2026-01-15');
    expect(serviceDay(new Date('2026-01-15T15:00:00.000Z'), 'Asia/Seoul')).toBe('2026-01-16');
    expect(serviceDay(Date.parse('2026-01-15T15:00:00.000Z'), 'UTC')).toBe('2026-01-15');
  });

  it('starts at the instant zonedDayStart names, on ordinary and DST days (property)', () => {
    const day = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString().slice(0, 10));
    const zone = fc.constantFrom(
      'Asia/Seoul',
      'Asia/Tokyo',
      'America/Los_Angeles',
      'America/St_Johns',
      'Europe/London',
      'Australia/Lord_Howe',
      'UTC',
    );
    fc.assert(
      fc.property(day, zone, (text, timeZone) => {
        const date = parseIsoDate(text);
        if (!date) return;
        const start = zonedDayStart(date, timeZone).getTime();
        expect(serviceDay(start, timeZone)).toBe(text);
        expect(serviceDay(start - 1000, timeZone)).not.toBe(text);
        const next = zonedDayStart(nextDay(date), timeZone).getTime();
        expect(next - start).toBeGreaterThanOrEqual(23 * 3_600_000);
        expect(next - start).toBeLessThanOrEqual(25 * 3_600_000);
      }),
      { seed: 20261201 },
    );
  });
});

describe('lastServiceDays', () => {
  it('counts back from the service day of the instant, its own day included', () => {
    // 16:00 UTC is already the next day in Seoul (UTC+9)
    expect(lastServiceDays(Date.parse('2026-06-10T16:00:00Z'), 'Asia/Seoul', 30)).toEqual({
      from: '2026-05-13',
      to: '2026-06-11',
    });
    expect(lastServiceDays(Date.parse('2026-03-01T12:00:00Z'), 'UTC', 1)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    // across a leap day
    expect(lastServiceDays(Date.parse('2028-03-01T12:00:00Z'), 'UTC', 2)).toEqual({
      from: '2028-02-29',
      to: '2028-03-01',
    });
  });
});
