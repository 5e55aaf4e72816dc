/**
 * Language negotiation (issue 47): any BCP 47 tag of Korean, English or Japanese ("ko-KR",
 * "ja-Jpan-JP", "en-GB", "ko_KR" as some native platforms write it) maps to one of our three
 * interface languages. One function for the web, the server and the native bridge, so a ko-KR
 * browser gets Korean (and KRW) everywhere, not English on one side.
 */

/** The interface languages (the contract's LANGUAGES; rules stay free of the contract). */
export const SUPPORTED_LANGUAGES = ['ko', 'en', 'ja'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en';

const isSupported = (value: string): value is SupportedLanguage =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/**
 * The interface language of one language tag, or undefined. BCP 47 tags compare without regard
 * to case and only the primary subtag decides (script, region, variants and extensions are
 * ignored), so "kok" (Konkani) or "eng" never pass for ko or en.
 */
export function matchLanguage(tag: string | null | undefined): SupportedLanguage | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isSupported(primary) ? primary : undefined;
}

/** The first of the tags in preference order (navigator.languages) that we support. */
export function negotiateLanguage(
  tags: readonly (string | null | undefined)[],
): SupportedLanguage | undefined {
  for (const tag of tags) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return undefined;
}

interface WeightedTag {
  tag: string;
  q: number;
  order: number;
}

/** One Accept-Language entry's weight: q in 0..1 with up to three decimals (RFC 9110 §12.4.2). */
function weightOf(params: string[]): number | undefined {
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim());
    if (name?.toLowerCase() !== 'q') continue;
    if (!value || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return undefined;
    return Number(value);
  }
  return 1;
}

/**
 * The interface language an Accept-Language header asks for, or undefined: entries by weight
 * (ties keep their order), q=0 means "not this one", "*" means any (our default), malformed
 * entries are skipped.
 */
export function languageFromAcceptLanguage(
  header: string | null | undefined,
): SupportedLanguage | undefined {
  if (typeof header !== 'string' || header.length > 4096) return undefined;
  const entries: WeightedTag[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^(?:\*|[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*)$/.test(tag)) return;
    const q = weightOf(params);
    if (q !== undefined) entries.push({ tag, q, order });
  });
  // only a bare language is refused by q=0: "ko-KR;q=0" still lets a plain "ko" through
  const refused = new Set(entries.filter((e) => e.q === 0).map((e) => e.tag.toLowerCase()));
  const wanted = entries.filter((e) => e.q > 0).sort((a, b) => b.q - a.q || a.order - b.order);
  for (const entry of wanted) {
    if (entry.tag === '*') {
      // any language will do: ours by default, unless that one was refused
      const any = [DEFAULT_LANGUAGE, ...SUPPORTED_LANGUAGES].find((l) => !refused.has(l));
      if (any) return any;
      continue;
    }
    const match = matchLanguage(entry.tag);
    if (match && !refused.has(match)) return match;
  }
  return undefined;
}

/**
 * The language to use from sources in order of precedence (e.g. stored choice, then the
 * browser's or the request's): the first that negotiates, else the default.
 */
export function pickLanguage(...sources: (SupportedLanguage | undefined)[]): SupportedLanguage {
  return sources.find((s) => s !== undefined) ?? DEFAULT_LANGUAGE;
}
