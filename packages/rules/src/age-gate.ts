/**
 * The age gate (issue 40 item 4, docs/decisions/1490-age-gate.md). A drama rated 18 or 19 is for
 * adults only: its episodes start for a signed-in viewer whose identity check says adult, for no
 * one else. "Adult" follows the Korean Youth Protection Act (청소년 보호법 §2): a youth is under 19,
 * except whoever has met 1 January of the year they turn 19. So a viewer born in or before the
 * year (this year − 19), this year being the service day's, is an adult; the birth year is all it
 * takes, and all we keep.
 */
import { serviceDay } from './service-day';

/** The ratings (drama age_rate) an adult check opens: 18 (older demo data) and 19. */
export const ADULT_AGE_RATES: readonly string[] = ['18', '19'];
/** The age of majority of the Youth Protection Act, counted by year. */
export const ADULT_AGE = 19;
/** Birth years a check may report: older or newer ones are a provider's error. */
export const BIRTH_YEAR_MIN = 1900;

/** True when episodes of a drama with this age_rate need an adult check. */
export const isAdultOnly = (ageRate: string): boolean => ADULT_AGE_RATES.includes(ageRate);

/** The year of an instant in the service's zone (a check at 23:30 UTC on 31 Dec is in Seoul's new year). */
export const serviceYear = (instant: Date | number, timeZone: string): number =>
  Number(serviceDay(instant, timeZone).slice(0, 4));

/** True when someone born in `birthYear` is an adult in `year` (born in or before year − 19). */
export const isAdultByBirthYear = (birthYear: number, year: number): boolean =>
  birthYear <= year - ADULT_AGE;

/** The birth year of a YYYY-MM-DD date (PortOne's birthDate), or undefined when it is not one. */
export function birthYearOf(birthDate: string, year: number): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return undefined;
  const [birthYear, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (birthYear < BIRTH_YEAR_MIN || birthYear > year) return undefined;
  return birthYear;
}

/**
 * What stands between a viewer and an episode of a drama: nothing ('open'), signing in (a guest),
 * an identity check (a member without one), or their age (a check that says minor). A check is
 * read against the current year, so a minor's check opens the gate once they come of age.
 */
export type AgeGate = 'open' | 'sign_in' | 'verify' | 'minor';

export function ageGateOf(input: {
  ageRate: string;
  isGuest: boolean;
  /** the birth year of the viewer's identity check; undefined without one */
  birthYear: number | undefined;
  /** the current year in the service zone (serviceYear) */
  year: number;
}): AgeGate {
  const { birthYear } = input;
  return viewerAgeGate(
    input.ageRate,
    input.isGuest,
    birthYear === undefined ? undefined : isAdultByBirthYear(birthYear, input.year),
  );
}

/**
 * The same gate from what the web knows of the viewer (user info's age_check): whether their
 * check says adult this year, undefined without a check.
 */
export function viewerAgeGate(
  ageRate: string,
  isGuest: boolean,
  adult: boolean | undefined,
): AgeGate {
  if (!isAdultOnly(ageRate)) return 'open';
  if (isGuest) return 'sign_in';
  if (adult === undefined) return 'verify';
  return adult ? 'open' : 'minor';
}

/** The number a rating badge shows (12, 15, 18, 19), or undefined for all ages. */
export const ratingBadge = (ageRate: string): string | undefined =>
  /^\d{1,2}$/.test(ageRate) ? ageRate : undefined;
