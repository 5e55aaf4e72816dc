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
/** Texts counted between two turns of the event loop while a sample is built (~4 ms each). */
const TEXTS_PER_TURN = 100;

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A sample of search texts, reduced to how many of them hold each run of one to three letters or
 * digits, which is what trigram index entries stand for.
 */
export class SearchSample {
  private constructor(
    private readonly holding: ReadonlyMap<string, number>,
    private readonly size: number,
  ) {}

  /** Counts the sample's runs, yielding to other work now and then (~40 ms per 1,000 texts). */
  static async of(texts: readonly string[]): Promise<SearchSample> {
    const holding = new Map<string, number>();
    for (const [n, text] of texts.entries()) {
      if (n > 0 && n % TEXTS_PER_TURN === 0) await nextTurn();
      const characters = Array.from(text);
      const runs = new Set<string>();
      for (let i = 0; i < characters.length; i++) {
        let run = '';
        for (let j = i; j < i + 3 && j < characters.length; j++) {
          const c = characters[j] ?? '';
          if (!WORD_CHARACTER.test(c)) break;
          run += c;
          runs.add(run);
        }
      }
      for (const run of runs) holding.set(run, (holding.get(run) ?? 0) + 1);
    }
    return new SearchSample(holding, texts.length);
  }

  /**
   * The share of the sample's texts holding the word: exact for up to three characters; for a
   * longer word, that of its rarest three-character run, which is at least the word's own.
   */
  share(word: string): number {
    if (this.size === 0) return 0;
    const characters = Array.from(word);
    if (characters.length <= 3) return (this.holding.get(word) ?? 0) / this.size;
    let least = this.size;
    for (let i = 0; i + 3 <= characters.length; i++) {
      least = Math.min(least, this.holding.get(characters.slice(i, i + 3).join('')) ?? 0);
    }
    return least / this.size;
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
export function createSearchPlanner(loadSample: () => Promise<string[]>, now: () => number) {
  let sample: SearchSample | undefined;
  let loadedAt = 0;
  let stale = false;
  let loading: Promise<SearchSample> | undefined;

  const reload = (): Promise<SearchSample> => {
    stale = false;
    loading ??= loadSample()
      .then((texts) => SearchSample.of(texts))
      .then((built) => {
        sample = built;
        loadedAt = now();
        return built;
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
