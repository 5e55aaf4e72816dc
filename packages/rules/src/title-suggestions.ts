import { normalizeSearchText } from './catalog';

/** How many titles the search box suggests while the viewer types (issue 46). */
export const TITLE_SUGGESTION_LIMIT = 8;
/** How long typing must pause before the search box asks for suggestions. */
export const SUGGESTION_DEBOUNCE_MS = 200;

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const VOWELS_TIMES_FINALS = 21 * 28;
const FINALS = 28;
// the letters of a syllable's parts, a compound letter written as the letters typed for it
const LEADS = 'ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ'.split(' ');
const VOWELS = 'ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅗㅏ ㅗㅐ ㅗㅣ ㅛ ㅜ ㅜㅓ ㅜㅔ ㅜㅣ ㅠ ㅡ ㅡㅣ ㅣ'.split(
  ' ',
);
const TAILS = [
  '',
  ...'ㄱ ㄲ ㄱㅅ ㄴ ㄴㅈ ㄴㅎ ㄷ ㄹ ㄹㄱ ㄹㅁ ㄹㅂ ㄹㅅ ㄹㅌ ㄹㅍ ㄹㅎ ㅁ ㅂ ㅂㅅ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ'.split(
    ' ',
  ),
];
// conjoining letters (what NFKC makes of a letter typed alone, "ㄹ" or "ㅘ"): leads, vowels, tails
const LEAD_FIRST = 0x1100;
const VOWEL_FIRST = 0x1161;
const TAIL_FIRST = 0x11a7;

/**
 * A text as the letters typed for it, for matching while the viewer types: normalised as search
 * is (NFKC, lower case), Hangul syllables broken into their letters, a final consonant the same
 * letter as a leading one. A syllable still being composed is a prefix of what it becomes: "사ㄹ"
 * and "살" on the way to "사랑" are both a prefix of 사랑's letters ㅅㅏㄹㅏㅇ.
 */
export function typedLetters(text: string): string {
  let out = '';
  for (const character of normalizeSearchText(text)) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST) {
      const index = code - SYLLABLE_FIRST;
      out += `${LEADS[Math.floor(index / VOWELS_TIMES_FINALS)] ?? ''}${
        VOWELS[Math.floor((index % VOWELS_TIMES_FINALS) / FINALS)] ?? ''
      }${TAILS[index % FINALS] ?? ''}`;
    } else {
      out +=
        LEADS[code - LEAD_FIRST] ??
        VOWELS[code - VOWEL_FIRST] ??
        (code > TAIL_FIRST ? TAILS[code - TAIL_FIRST] : undefined) ??
        character;
    }
  }
  return out;
}

/** A title ready for matching: its letters, made once when the list of titles is made. */
export interface SuggestibleTitle {
  letters: string;
}

/**
 * The titles to suggest for what the viewer typed, best first: those starting with it, then
 * those with a word starting with it, then those holding it anywhere; in each group the order
 * given (the most watched first). Nothing for a blank text.
 */
export function suggestTitles<T extends SuggestibleTitle>(
  titles: readonly T[],
  typed: string,
  limit: number = TITLE_SUGGESTION_LIMIT,
): T[] {
  const wanted = typedLetters(typed);
  if (!wanted || limit <= 0) return [];
  const groups: [T[], T[], T[]] = [[], [], []];
  for (const title of titles) {
    const at = title.letters.indexOf(wanted);
    if (at < 0) continue;
    const group = at === 0 ? 0 : title.letters[at - 1] === ' ' ? 1 : 2;
    groups[group].push(title);
    // the first group full: nothing later can come before it
    if (groups[0].length >= limit) break;
  }
  return groups.flat().slice(0, limit);
}
