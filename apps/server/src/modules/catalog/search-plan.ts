/**
 * Which part of a search keyword drives the trigram index (docs/decisions/0300-search.md).
 *
 * For `LIKE '%drama 4242%'` PostgreSQL reads the index entries of every trigram of the pattern,
 * so a keyword holding a word that most dramas have ("drama" in every synthetic title; "love" or
 * "사랑" in a real catalog) costs as much as that word alone, however few dramas hold the whole
 * keyword. So the index is driven by the keyword's rarest word, estimated on a sample of the
 * dramas' search texts, and the whole keyword is checked on the rows the index yields. The
 * estimate only decides speed: any part of the keyword finds every drama holding the keyword.
 */

/** How many search texts the sample holds (about 200 KB of text at 200 characters each). */
export const SEARCH_SAMPLE_SIZE = 1000;
/** A word held by more than this share of the sample is frequent. */
export const FREQUENT_SHARE = 0.02;
/** The sample is read again after a catalog change here, and at least this often (other servers). */
export const SEARCH_SAMPLE_MAX_AGE_MS = 10 * 60_000;
/** How many words' shares one sample remembers before it forgets them all. */
const REMEMBERED_SHARES = 10_000;

const WORD = /[\p{L}\p{N}]+/gu;
/** Joins the sample's texts; a word (letters and digits) never holds it. */
const SEPARATOR = '\u0001';

/** A sample of search texts, answering which share of them holds a word. */
export class SearchSample {
  private readonly joined: string;
  private readonly size: number;
  private readonly shares = new Map<string, number>();

  constructor(texts: readonly string[]) {
    this.joined = texts.join(SEPARATOR);
    this.size = texts.length;
  }

  /** The share of the sample's texts holding the word (0 for an empty sample). */
  share(word: string): number {
    const known = this.shares.get(word);
    if (known !== undefined) return known;
    let holding = 0;
    let at = this.size === 0 ? -1 : this.joined.indexOf(word);
    while (at !== -1) {
      holding += 1;
      // on to the next text: the word cannot hold the separator, so a text counts once
      const next = this.joined.indexOf(SEPARATOR, at + word.length);
      at = next === -1 ? -1 : this.joined.indexOf(word, next + 1);
    }
    const share = this.size === 0 ? 0 : holding / this.size;
    if (this.shares.size >= REMEMBERED_SHARES) this.shares.clear();
    this.shares.set(word, share);
    return share;
  }
}

/** The words of a normalised keyword: its runs of letters and digits, each once. */
export function keywordWords(term: string): string[] {
  return [...new Set(term.match(WORD) ?? [])];
}

/**
 * The part of a normalised keyword that drives the index: the whole keyword, unless some of its
 * words are frequent and another is not; then the rarest word (the longest of equally rare ones).
 * When every word is frequent the whole keyword is the most selective thing there is.
 */
export function drivingPart(term: string, share: (word: string) => number): string {
  const words = keywordWords(term);
  if (words.length < 2) return term;
  let rarest = { word: term, share: Number.POSITIVE_INFINITY, length: 0 };
  let anyFrequent = false;
  for (const word of words) {
    const s = share(word);
    if (s > FREQUENT_SHARE) anyFrequent = true;
    const length = Array.from(word).length;
    if (s < rarest.share || (s === rarest.share && length > rarest.length)) {
      rarest = { word, share: s, length };
    }
  }
  return anyFrequent && rarest.share <= FREQUENT_SHARE ? rarest.word : term;
}

/**
 * Keeps a sample of search texts and answers drivingPart with it. The first keyword of two or more
 * words waits for the sample; later ones use the sample at hand while a stale one is read again.
 */
export function createSearchPlanner(
  loadSample: () => Promise<string[]>,
  now: () => number = Date.now,
) {
  let sample: SearchSample | undefined;
  let loadedAt = 0;
  let stale = false;
  let loading: Promise<SearchSample> | undefined;

  const reload = (): Promise<SearchSample> => {
    stale = false;
    loading ??= loadSample()
      .then((texts) => {
        sample = new SearchSample(texts);
        loadedAt = now();
        return sample;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    async drivingPart(term: string): Promise<string> {
      if (keywordWords(term).length < 2) return term;
      let current = sample;
      if (!current) {
        current = await reload();
      } else if (stale || now() - loadedAt > SEARCH_SAMPLE_MAX_AGE_MS) {
        // a failed reload keeps the old sample and is tried again by the next search
        reload().catch(() => {
          stale = true;
        });
      }
      const using = current;
      return drivingPart(term, (word) => using.share(word));
    },

    /** The catalog changed: the next search reads the sample again (and plans with the old one). */
    invalidate(): void {
      stale = true;
    },
  };
}

export type SearchPlanner = ReturnType<typeof createSearchPlanner>;
