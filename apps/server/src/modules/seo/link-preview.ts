import {
  BANNER_MOBILE_QUERY,
  FALLBACK_LANGUAGE,
  FIRST_SCREEN_ID,
  LANGUAGES,
  type Language,
} from '@snapdrama/contract';

export interface LinkPreview {
  lang: Language;
  title: string;
  description: string;
  /** absolute addresses */
  url: string;
  /** the link-preview pictures, the Open Graph one (1200x630) first, then KakaoTalk's square */
  images: { url: string; width: number; height: number }[];
  /** what the pictures show, for readers who can't see them */
  imageAlt: string;
  /**
   * the vertical poster as the player loads it (its own path, same origin or CDN), painted as a
   * player link's first screen; none on the site's own pages
   */
  poster?: string;
  /** Open Graph's type: an episode or drama, or the site's pages */
  type?: 'video.episode' | 'website';
}

/*
 * The player link's first screen: the poster, sharp and as a blurred backdrop, painted from the
 * HTML alone, so the viewer sees the drama at first paint instead of a blank page while the
 * scripts, the session and the video load. Its style is index.html's own (covered by the
 * policy's hashes); it sits under the app's spinner, which goes see-through over it, and the app
 * removes it once its own screen is up (app-shell.tsx).
 */
const firstScreen = (poster: string) =>
  `<div id="${FIRST_SCREEN_ID}" aria-hidden="true">` +
  `<img class="backdrop" src="${poster}" alt="" fetchpriority="high" />` +
  `<img class="poster" src="${poster}" alt="" fetchpriority="high" /></div>`;

/** the main page's first banner slide: its two posters (the app's own addresses) */
export interface BannerSlide {
  vertical: string;
  horizontal: string;
}

/*
 * The main page's first screen: the banner's first slide, drawn by the HTML where the app draws
 * it (index.html's `#first-screen.banner`, at the header's height and the page's padding), the
 * vertical poster on a phone and the horizontal one wider, as the app's <picture> chooses. The
 * app's banner takes it away once its own first poster is decoded (banner-slider.tsx).
 */
const bannerFirstScreen = (slide: BannerSlide) =>
  `<div id="${FIRST_SCREEN_ID}" class="banner" aria-hidden="true"><picture>` +
  `<source media="${BANNER_MOBILE_QUERY}" srcset="${slide.vertical}" />` +
  `<img src="${slide.horizontal}" alt="" fetchpriority="high" /></picture></div>`;

/** The app's own index.html for the main page, with the banner's first slide painted. */
export function renderMainHtml(indexHtml: string, slide: BannerSlide | undefined): string {
  if (!slide) return indexHtml;
  const escaped = {
    vertical: escapeHtml(slide.vertical),
    horizontal: escapeHtml(slide.horizontal),
  };
  return indexHtml.replace('<div id="root">', `${bannerFirstScreen(escaped)}<div id="root">`);
}

const OG_LOCALE: Record<Language, string> = { ko: 'ko_KR', en: 'en_US', ja: 'ja_JP' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The language a shared link is shown in: ?lang=, then the lang cookie, then Accept-Language. */
export function previewLanguage(input: {
  query: string | undefined;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}): Language {
  const supported = (value: string | undefined) =>
    LANGUAGES.find((l) => value?.toLowerCase().startsWith(l));
  const fromHeader = (input.acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim())
    .map(supported)
    .find((l) => l !== undefined);
  return supported(input.query) ?? supported(input.cookie) ?? fromHeader ?? FALLBACK_LANGUAGE;
}

/**
 * The app's own index.html with Open Graph and Twitter card tags of a drama or episode: the
 * same document and scripts the viewer gets, so first paint costs only these few hundred bytes.
 */
export function renderPreviewHtml(indexHtml: string, preview: LinkPreview | undefined): string {
  if (!preview) return indexHtml;
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const url = escapeHtml(preview.url);
  const alt = escapeHtml(preview.imageAlt);
  const images = preview.images.map((image) =>
    [
      `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
      `<meta property="og:image:type" content="image/png" />`,
      `<meta property="og:image:width" content="${image.width}" />`,
      `<meta property="og:image:height" content="${image.height}" />`,
      `<meta property="og:image:alt" content="${alt}" />`,
    ].join(''),
  );
  const twitterImage = escapeHtml(preview.images[0]?.url ?? '');
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${preview.type ?? 'video.episode'}" />`,
    `<meta property="og:site_name" content="SnapDrama" />`,
    `<meta property="og:locale" content="${OG_LOCALE[preview.lang]}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...images,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${twitterImage}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
  ].join('');
  const html = indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${preview.lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `${tags}</head>`);
  return preview.poster === undefined
    ? html
    : html.replace('<div id="root">', `${firstScreen(escapeHtml(preview.poster))}<div id="root">`);
}

/** sitemap.xml of the given pages. */
export function renderSitemap(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

export function renderRobots(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /callback/',
    'Disallow: /sandbox/',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
