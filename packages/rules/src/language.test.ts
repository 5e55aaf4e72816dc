import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { displayCurrency } from './first-charge';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  languageFromAcceptLanguage,
  matchLanguage,
  negotiateLanguage,
  pickLanguage,
} from './language';

describe('matchLanguage (BCP 47 primary subtag)', () => {
  it.each([
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['KO-kr', 'ko'],
    ['ko_KR', 'ko'],
    ['ko-Kore-KR', 'ko'],
    ['ko-KP', 'ko'],
    ['ko-KR-u-ca-dangi', 'ko'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ja-Jpan-JP', 'ja'],
    ['ja-JP-u-ca-japanese', 'ja'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['en-Latn-US-x-private', 'en'],
    [' ko-KR ', 'ko'],
  ] as const)('%s -> %s', (tag, want) => {
    expect(matchLanguage(tag)).toBe(want);
  });

  it.each(['', 'kok', 'kor', 'eng', 'jpn', 'zh-CN', 'fr', 'k', '*', 'x-ko', 'ko0'])(
    '%s matches none',
    (tag) => {
      expect(matchLanguage(tag)).toBeUndefined();
    },
  );

  it('undefined and null match none', () => {
    expect(matchLanguage(undefined)).toBeUndefined();
    expect(matchLanguage(null)).toBeUndefined();
  });

  it('every region, script or extension after a supported primary subtag keeps the language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_LANGUAGES),
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('-', '_'),
        (lang, subtags, upper, separator) => {
          const primary = upper ? lang.toUpperCase() : lang;
          expect(matchLanguage([primary, ...subtags].join(separator))).toBe(lang);
        },
      ),
    );
  });

  it('a primary subtag that is not exactly ours never matches', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), (primary) => {
        fc.pre(!(SUPPORTED_LANGUAGES as readonly string[]).includes(primary));
        expect(matchLanguage(`${primary}-KR`)).toBeUndefined();
      }),
    );
  });
});

describe('negotiateLanguage (navigator.languages)', () => {
  it.each([
    [['ko-KR', 'en-US'], 'ko'],
    [['fr-FR', 'ja-JP', 'ko'], 'ja'],
    [['zh-TW', 'de'], undefined],
    [[], undefined],
    [[undefined, 'en-AU'], 'en'],
  ] as const)('%j -> %s', (tags, want) => {
    expect(negotiateLanguage(tags)).toBe(want);
  });
});

describe('languageFromAcceptLanguage (RFC 9110 q-values)', () => {
  it.each([
    ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
    ['ja-JP', 'ja'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,ja;q=0.8,ko;q=0.7', 'ja'],
    ['en;q=0.5, ko;q=0.8', 'ko'],
    ['en;q=0.5,ja;q=0.5', 'en'],
    ['ko;q=0, en', 'en'],
    ['ko-KR;q=0, ko;q=0.9', 'ko'],
    ['KO;q=0, ko-KR', undefined],
    ['ko;q=0,*;q=0.1', 'en'],
    ['en;q=0,ko;q=0,*', 'ja'],
    ['*', 'en'],
    ['fr, de', undefined],
    ['', undefined],
    ['ko;q=2, ja', 'ja'],
    ['ko;q=abc, ja;q=0.1', 'ja'],
    ['ko;q=0.0001, ja;q=0.1', 'ja'],
    ['  ko-kr  ;  q=0.9 , en;q=0.8', 'ko'],
    ['<script>, ko', 'ko'],
  ] as const)('%s -> %s', (header, want) => {
    expect(languageFromAcceptLanguage(header)).toBe(want);
  });

  it('undefined, null and absurdly long headers give none', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
    expect(languageFromAcceptLanguage(null)).toBeUndefined();
    expect(languageFromAcceptLanguage(`${'x,'.repeat(3000)}ko`)).toBeUndefined();
  });

  it('the highest-weighted supported entry wins, whatever the order of the entries', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...SUPPORTED_LANGUAGES], { minLength: 1 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom('', '-KR', '-US', '-JP'),
        (langs, weights, region) => {
          const weighted = langs.map((l, i) => ({ l, q: (weights[i] ?? 1) / 1000 }));
          const best = [...weighted].sort((a, b) => b.q - a.q)[0]?.l;
          const header = weighted.map(({ l, q }) => `${l}${region};q=${q}`).join(', ');
          expect(languageFromAcceptLanguage(header)).toBe(best);
        },
      ),
    );
  });

  it('never throws and answers only supported languages for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        const got = languageFromAcceptLanguage(header);
        expect(got === undefined || SUPPORTED_LANGUAGES.includes(got)).toBe(true);
      }),
    );
  });
});

describe('pickLanguage (detection order)', () => {
  it('takes the first source that negotiated, else the default', () => {
    expect(pickLanguage(undefined, 'ja', 'ko')).toBe('ja');
    expect(pickLanguage('ko', 'ja')).toBe('ko');
    expect(pickLanguage(undefined, undefined)).toBe(DEFAULT_LANGUAGE);
  });
});

describe('displayCurrency follows the negotiated language (spec §9)', () => {
  it.each([
    ['ko', 'KRW'],
    ['ko-KR', 'KRW'],
    ['ko_KR', 'KRW'],
    ['en', 'USD'],
    ['en-US', 'USD'],
    ['ja-JP', 'USD'],
    ['kok', 'USD'],
  ] as const)('%s -> %s', (language, want) => {
    expect(displayCurrency(language)).toBe(want);
  });
});
