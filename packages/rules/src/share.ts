/** Spec §9: share hashtags are fixed. */
export const SHARE_HASHTAGS = ['SnapDrama', 'ShortDrama'] as const;

/** Spec §3 share targets, plus copying the link. */
export type ShareTarget = 'x' | 'facebook' | 'kakao' | 'line' | 'copy';

/**
 * The mark a shared episode link carries (`?from=share`), so that a newcomer who lands through
 * one is counted in the `shared_link` retention segment once they join (decision 1606). The
 * server's link page and pictures ignore it; the canonical address never has it.
 */
export const SHARE_LANDING_PARAM = 'from';
export const SHARE_LANDING_VALUE = 'share';

/**
 * The address a shared episode opens: /{dramaId}/{episodeNum} on the product's origin, with the
 * sharer's language so the link preview is in it, and the shared-link mark.
 */
export function episodeShareUrl(
  origin: string,
  dramaId: number,
  epsd: number,
  lang?: string,
): string {
  const url = `${origin.replace(/\/+$/, '')}/${dramaId}/${epsd}`;
  const query = new URLSearchParams();
  if (lang) query.set('lang', lang);
  query.set(SHARE_LANDING_PARAM, SHARE_LANDING_VALUE);
  return `${url}?${query.toString()}`;
}

/** Whether an address's query (`location.search`) is a landing through a shared episode link. */
export function isShareLanding(search: string): boolean {
  return new URLSearchParams(search).getAll(SHARE_LANDING_PARAM).includes(SHARE_LANDING_VALUE);
}

/**
 * A drama's link-preview picture in a language (issue 42): `wide` is Open Graph's 1200x630,
 * `square` the 800x800 of KakaoTalk's feed. The server answers this address with a redirect to
 * the picture's current version, drawn from the poster and the title in that language.
 */
export function shareImageUrl(
  origin: string,
  dramaId: number,
  kind: 'wide' | 'square',
  lang: string,
): string {
  return `${origin.replace(/\/+$/, '')}/og/${dramaId}/${kind}-${lang}.png`;
}

/** Web share addresses of the social targets (tweet intent, Facebook sharer, LINE share). */
export function socialShareUrl(
  target: 'x' | 'facebook' | 'line',
  link: string,
  text: string,
): string {
  switch (target) {
    case 'x': {
      const q = new URLSearchParams({ text, url: link, hashtags: SHARE_HASHTAGS.join(',') });
      return `https://twitter.com/intent/tweet?${q.toString()}`;
    }
    case 'facebook': {
      const q = new URLSearchParams({ u: link, hashtag: `#${SHARE_HASHTAGS[0]}` });
      return `https://www.facebook.com/sharer/sharer.php?${q.toString()}`;
    }
    case 'line': {
      const q = new URLSearchParams({ url: link, text });
      return `https://social-plugins.line.me/lineit/share?${q.toString()}`;
    }
  }
}

/** The text shared with the link, hashtags appended (for targets without a hashtag field). */
export function withHashtags(text: string): string {
  return `${text} ${SHARE_HASHTAGS.map((h) => `#${h}`).join(' ')}`;
}

/** Spec §9: the share sheet is 280 px high. */
export const SHARE_HEIGHT = 280;
