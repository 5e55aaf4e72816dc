import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageGateOf,
  birthYearOf,
  isAdultByBirthYear,
  isAdultOnly,
  ratingBadge,
  serviceYear,
  viewerAgeGate,
} from './age-gate';

describe('age gate', () => {
  it.each<[string, boolean]>([
    ['all', false],
    ['12', false],
    ['15', false],
    ['18', true],
    ['19', true],
  ])('age_rate %s is adult-only: %s', (rate, adult) => {
    expect(isAdultOnly(rate)).toBe(adult);
  });

  it.each<[number, number, boolean]>([
    // the Youth Protection Act counts by year: whoever turns 19 this year is an adult from 1 January
    [2007, 2026, true],
    [2008, 2026, false],
    [1980, 2026, true],
    [2026, 2026, false],
    [2008, 2027, true],
  ])('born %i, in %i: adult %s', (born, year, adult) => {
    expect(isAdultByBirthYear(born, year)).toBe(adult);
  });

  it('the year is the service zone’s: 31 Dec 16:00 UTC is already next year in Seoul', () => {
    const instant = Date.UTC(2026, 11, 31, 16, 0, 0);
    expect(serviceYear(instant, 'Asia/Seoul')).toBe(2027);
    expect(serviceYear(instant, 'UTC')).toBe(2026);
  });

  it.each<[string, number | undefined]>([
    ['2001-04-30', 2001],
    ['1900-01-01', 1900],
    ['1899-12-31', undefined],
    ['2027-01-01', undefined],
    ['2001-13-01', undefined],
    ['2001-00-10', undefined],
    ['20010430', undefined],
    ['', undefined],
  ])('birth year of %j: %s', (date, year) => {
    expect(birthYearOf(date, 2026)).toBe(year);
  });

  it.each<[string, boolean, number | undefined, string]>([
    ['15', true, undefined, 'open'],
    ['all', false, 2015, 'open'],
    ['19', true, undefined, 'sign_in'],
    ['18', true, 1990, 'sign_in'],
    ['19', false, undefined, 'verify'],
    ['19', false, 2010, 'minor'],
    ['18', false, 2007, 'open'],
    ['18', false, 2008, 'minor'],
  ])('age_rate %s, guest %s, born %s: %s', (ageRate, isGuest, birthYear, gate) => {
    expect(ageGateOf({ ageRate, isGuest, birthYear, year: 2026 })).toBe(gate);
  });

  it.each<[string, boolean, boolean | undefined, string]>([
    ['12', true, undefined, 'open'],
    ['19', true, true, 'sign_in'],
    ['19', false, undefined, 'verify'],
    ['18', false, false, 'minor'],
    ['18', false, true, 'open'],
  ])('as the web sees it: age_rate %s, guest %s, adult %s: %s', (rate, guest, adult, gate) => {
    expect(viewerAgeGate(rate, guest, adult)).toBe(gate);
  });

  it('a guest never passes an adult-only gate, whatever the check; an open one is open to all', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('all', '12', '15', '18', '19'),
        fc.boolean(),
        fc.option(fc.integer({ min: 1900, max: 2100 }), { nil: undefined }),
        fc.integer({ min: 2000, max: 2100 }),
        (ageRate, isGuest, birthYear, year) => {
          const gate = ageGateOf({ ageRate, isGuest, birthYear, year });
          if (!isAdultOnly(ageRate)) expect(gate).toBe('open');
          else if (isGuest) expect(gate).toBe('sign_in');
          else if (gate === 'open')
            expect(birthYear !== undefined && year - birthYear >= 19).toBe(true);
        },
      ),
    );
  });

  it.each<[string, string | undefined]>([
    ['all', undefined],
    ['12', '12'],
    ['19', '19'],
    ['18', '18'],
  ])('badge of %s: %s', (rate, badge) => {
    expect(ratingBadge(rate)).toBe(badge);
  });
});
