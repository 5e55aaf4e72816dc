import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkNickname, nicknameLength, truncateNickname, NICKNAME_MAX_LENGTH } from './nickname';
import {
  canSignUp,
  combinedConsentFlag,
  isAllAgreed,
  isInquiryLongEnough,
  setAllConsent,
  type SignUpConsent,
} from './nickname-consent';

describe('checkNickname', () => {
  it.each([
    { value: 'ab', current: undefined, want: null },
    { value: '김철수', current: undefined, want: null },
    { value: 'Drama2026', current: undefined, want: null },
    { value: 'abcdefghij', current: undefined, want: null },
    { value: '가나다라마바사아자차', current: undefined, want: null },
    { value: 'a', current: undefined, want: 'too_short' },
    { value: '', current: undefined, want: 'too_short' },
    { value: '가', current: undefined, want: 'too_short' },
    { value: 'abcdefghijk', current: undefined, want: 'too_long' },
    { value: 'ab cd', current: undefined, want: 'invalid_character' },
    { value: 'ab_cd', current: undefined, want: 'invalid_character' },
    { value: 'abc!', current: undefined, want: 'invalid_character' },
    { value: 'ㄱㄴㄷ', current: undefined, want: 'invalid_character' },
    { value: 'あいう', current: undefined, want: 'invalid_character' },
    { value: 'Ünï', current: undefined, want: 'invalid_character' },
    { value: 'ab😀', current: undefined, want: 'invalid_character' },
    { value: 'Same1', current: 'Same1', want: 'same_as_current' },
    { value: 'same1', current: 'Same1', want: null },
  ])('$value (current $current) → $want', ({ value, current, want }) => {
    expect(checkNickname(value, current)).toBe(want);
  });

  it('accepts every 2-10 string of allowed characters that differs from the current one', () => {
    const allowed = fc.constantFrom(...'abcXYZ0189가힣한글'.split(''));
    fc.assert(
      fc.property(
        fc.array(allowed, { minLength: 2, maxLength: 10 }),
        fc.string(),
        (chars, current) => {
          const value = chars.join('');
          fc.pre(value !== current);
          expect(checkNickname(value, current)).toBeNull();
        },
      ),
    );
  });

  it('refuses any string with a character outside the allowed set', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 5 }),
        fc.constantFrom(' ', '-', '.', 'ㅎ', 'é', '中', '\u0000', '@'),
        (prefix, bad) => {
          const value = `ab${prefix}${bad}`.slice(0, 10);
          if (nicknameLength(value) > 10) return;
          expect(checkNickname(value)).not.toBeNull();
        },
      ),
    );
  });

  it('truncates at 10 characters without splitting a character', () => {
    expect(truncateNickname('가나다라마바사아자차카')).toBe('가나다라마바사아자차');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const cut = truncateNickname(value);
        expect(nicknameLength(cut)).toBeLessThanOrEqual(NICKNAME_MAX_LENGTH);
        expect(value.startsWith(cut)).toBe(true);
      }),
    );
  });
});

describe('sign-up consent', () => {
  const items = fc.record({
    age14: fc.boolean(),
    terms: fc.boolean(),
    privacy: fc.boolean(),
    alarm: fc.boolean(),
  });

  it.each<[SignUpConsent, boolean, 'Y' | 'N']>([
    [{ age14: true, terms: true, privacy: true, alarm: true }, true, 'Y'],
    [{ age14: true, terms: true, privacy: true, alarm: false }, true, 'N'],
    [{ age14: false, terms: true, privacy: true, alarm: true }, false, 'N'],
    [{ age14: true, terms: false, privacy: true, alarm: true }, false, 'N'],
    [{ age14: true, terms: true, privacy: false, alarm: true }, false, 'N'],
    [{ age14: false, terms: false, privacy: false, alarm: false }, false, 'N'],
  ])('%o → sign-up %s, flag %s', (consent, signUp, flag) => {
    expect(canSignUp(consent)).toBe(signUp);
    expect(combinedConsentFlag(consent)).toBe(flag);
  });

  it('the combined flag is Y exactly when all four are on, and Y implies sign-up is possible', () => {
    fc.assert(
      fc.property(items, (consent) => {
        const all = consent.age14 && consent.terms && consent.privacy && consent.alarm;
        expect(combinedConsentFlag(consent) === 'Y').toBe(all);
        expect(isAllAgreed(consent)).toBe(all);
        if (all) expect(canSignUp(consent)).toBe(true);
      }),
    );
  });

  it('agree-all sets every item', () => {
    expect(isAllAgreed(setAllConsent(true))).toBe(true);
    expect(canSignUp(setAllConsent(false))).toBe(false);
  });
});

describe('inquiry length', () => {
  it.each([
    ['a'.repeat(19), false],
    ['a'.repeat(20), true],
    [`  ${'a'.repeat(19)}  `, false],
    ['가'.repeat(20), true],
  ])('%s → %s', (text, want) => {
    expect(isInquiryLongEnough(text)).toBe(want);
  });
});
