import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { suggestTitles, typedLetters } from './title-suggestions';

const titles = (...texts: string[]) => texts.map((text) => ({ text, letters: typedLetters(text) }));
const suggested = (list: ReturnType<typeof titles>, typed: string, limit?: number) =>
  suggestTitles(list, typed, limit).map((t) => t.text);

describe('typedLetters', () => {
  it.each([
    ['사랑', 'ㅅㅏㄹㅏㅇ'],
    // a final consonant is the letter typed for it; compound letters are the letters typed
    ['살', 'ㅅㅏㄹ'],
    ['닭', 'ㄷㅏㄹㄱ'],
    ['왕', 'ㅇㅗㅏㅇ'],
    // letters typed alone, as an input method shows them while a syllable is composed
    ['사ㄹ', 'ㅅㅏㄹ'],
    ['ㅘ', 'ㅗㅏ'],
    ['ㄳ', 'ㄱㅅ'],
    // the search's own normalisation: NFKC, lower case, one space
    ['  The  CEO ', 'the ceo'],
    ['ＣＥＯの', 'ceoの'],
    ['ｶﾞ', 'ガ'],
  ])('%s → %s', (text, letters) => {
    expect(typedLetters(text)).toBe(letters);
  });
});

describe('suggestTitles', () => {
  const catalog = titles(
    'CEO의 계약 신부',
    '여왕의 귀환',
    '사랑의 불시착',
    '첫사랑 계약',
    '비밀 사랑',
    'The Queen Returns',
  );

  it.each([
    // every state an input method passes through on the way to 사랑: starting with it first,
    // then a word starting with it (비밀 사랑), then anywhere (첫사랑)
    ['사', ['사랑의 불시착', '비밀 사랑', '첫사랑 계약']],
    ['살', ['사랑의 불시착', '비밀 사랑', '첫사랑 계약']],
    ['사라', ['사랑의 불시착', '비밀 사랑', '첫사랑 계약']],
    ['사랑', ['사랑의 불시착', '비밀 사랑', '첫사랑 계약']],
    ['사랑의', ['사랑의 불시착']],
    ['불싳', ['사랑의 불시착']],
    ['계', ['CEO의 계약 신부', '첫사랑 계약']],
    ['ceo', ['CEO의 계약 신부']],
    ['queen', ['The Queen Returns']],
    ['귀화', ['여왕의 귀환']],
    ['없는 제목', []],
    ['   ', []],
  ])('%s → %o', (typed, want) => {
    expect(suggested(catalog, typed)).toEqual(want);
  });

  it('ranks a title starting with the text over one with a word starting with it, then anywhere', () => {
    const list = titles('첫사랑', '비밀 사랑', '사랑해');
    expect(suggested(list, '사랑')).toEqual(['사랑해', '비밀 사랑', '첫사랑']);
  });

  it('keeps the given order within a group and stops at the limit', () => {
    const list = titles('사랑 1', '사랑 2', '사랑 3', '사랑 4');
    expect(suggested(list, '사', 3)).toEqual(['사랑 1', '사랑 2', '사랑 3']);
    expect(suggested(list, '사', 0)).toEqual([]);
  });

  it('a title is suggested for every prefix of itself as typed, syllable by syllable', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0xac00, max: 0xd7a3 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (codes, cut) => {
          const title = String.fromCodePoint(...codes);
          const letters = typedLetters(title);
          const prefix = letters.slice(0, (cut % letters.length) + 1);
          // what the viewer has typed so far is a prefix of the title's letters
          expect(suggested(titles(title, '다른 제목'), prefix)[0]).toBe(title);
        },
      ),
    );
  });
});
