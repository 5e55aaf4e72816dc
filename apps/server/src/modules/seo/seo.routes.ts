import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE,
  envelope,
  shareConfigData,
  sharePaths,
  ALL_CATEGORIES_ID,
  LANG_COOKIE,
  MAX_LIST_COUNT,
  ResultCode,
  type Drama,
  type Language,
} from '@snapdrama/contract';
import { BANNER_SIZE, isAdultOnly } from '@snapdrama/rules';
import { AppError } from '../../errors';
import { sendHtml } from '../../http/compressed';
import { ok } from '../../http/reply';
import type { Clock } from '../../clock';
import type { Storage } from '../../media/storage';
import type { CatalogService } from '../catalog/catalog.service';
import type { I18nService } from '../i18n/i18n.service';
import type { InvitesService } from '../invites/invites.service';
import { inlinePosters } from './inline-poster';
import {
  createShareImages,
  posterImageOf,
  SHARE_IMAGE_KINDS,
  SHARE_IMAGE_SIZES,
  shareImageVersion,
  type ShareImageKind,
} from './share-image';
import {
  previewLanguage,
  renderMainHtml,
  renderPreviewHtml,
  renderRobots,
  renderSitemap,
  type BannerSlide,
  type LinkPreview,
} from './link-preview';

export interface SeoDeps {
  catalog: Pick<CatalogService, 'dramaInfoPart' | 'latest' | 'listByCategory' | 'categoryList'>;
  /** the dictionary's texts, as the service keeps them (i18n.service.ts) */
  texts: Pick<I18nService, 'textsOf'>;
  /** the built app's index.html; undefined when the web is not served (API-only, tests) */
  indexHtml: (() => string) | undefined;
  publicBaseUrl: string | undefined;
  kakaoJsKey: string | undefined;
  /**
   * where posters are kept: a small SVG poster is inlined into a player link's first screen, and
   * the link-preview pictures are kept beside them (in memory without it)
   */
  storage?: Pick<Storage, 'read' | 'write'>;
  clock: Pick<Clock, 'now'>;
  /** what an invite link's friend gets (its preview says it); absent: invite links have none */
  invites?: Pick<InvitesService, 'offerTerms'>;
}

const LINK_DRAMA = '/:dramaId(^\\d{1,9}$)';
const LINK_EPISODE = '/:dramaId(^\\d{1,9}$)/:episodeNum(^\\d{1,5}$)';
/** where the link-preview pictures are served */
const SHARE_IMAGE_PREFIX = '/og';
const SITE_TITLE = 'share.site_title';
const SITE_DESCRIPTION = 'share.site_description';

/** A picture's name says what it was drawn from: it never changes, caches keep it a year. */
const sendPicture = (reply: FastifyReply, png: Buffer) =>
  reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('access-control-allow-origin', '*')
    .type('image/png')
    .send(png);

/** Link previews of shared links, sitemap.xml and robots.txt. */
export function seoRoutes(deps: SeoDeps): FastifyPluginAsyncZod {
  const inlinePoster = deps.storage
    ? inlinePosters(deps.storage, deps.clock)
    : async () => undefined;
  const baseOf = (request: FastifyRequest) =>
    (deps.publicBaseUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const shareImages = createShareImages(deps.storage ?? memoryStore());
  /** a poster kept in storage, by its public path; none for one elsewhere (a CDN's address) */
  const readPoster = async (publicPath: string) => {
    const key = publicPath.split('?')[0] ?? '';
    if (!key.startsWith('/resources/')) return undefined;
    return (await deps.storage?.read(key.slice(1))) ?? undefined;
  };

  /** What a drama's link-preview picture of one kind is drawn from, and its current address. */
  async function sharePicture(drama: Drama, kind: ShareImageKind, lang: Language) {
    const title =
      (await deps.texts.textsOf(lang, [drama.titl_lang_key]))[drama.titl_lang_key] ?? '';
    const adultRating = isAdultOnly(drama.age_rate) ? drama.age_rate : undefined;
    const posterPath = kind === 'wide' ? drama.pstr_hrzt_path : drama.pstr_vrtc_path;
    const version = shareImageVersion({ kind, lang, title, posterPath, adultRating });
    return {
      title,
      adultRating,
      posterPath,
      version,
      path: `${SHARE_IMAGE_PREFIX}/${drama.dram_id}/${kind}-${lang}-${version}.png`,
    };
  }

  async function previewOf(
    request: FastifyRequest,
    dramaId: number,
    epsd: number | undefined,
    lang: Language,
  ): Promise<LinkPreview | undefined> {
    // the drama and its texts as the service keeps them in memory (drama info's catalog part and
    // the dictionary): every open of a player link asks for this page, so it reads no table
    let drama: Drama;
    try {
      ({ drama } = await deps.catalog.dramaInfoPart(dramaId));
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
    // an adult-only drama's preview shows no frame or poster of it and tells nothing but its
    // title and rating (decision 1490)
    const adultOnly = isAdultOnly(drama.age_rate);
    const texts = await deps.texts.textsOf(lang, [
      drama.titl_lang_key,
      adultOnly ? 'age_gate.preview' : drama.dscr_lang_key,
    ]);
    const text = (key: string) => texts[key] ?? '';
    const base = baseOf(request);
    const dramaTitle = text(drama.titl_lang_key);
    const episodeLabel: Record<Language, (n: number) => string> = {
      ko: (n) => `${n}화`,
      en: (n) => `Episode ${n}`,
      ja: (n) => `第${n}話`,
    };
    const shown = epsd !== undefined && epsd <= drama.epsd_cnt ? epsd : undefined;
    return {
      lang,
      title: shown
        ? `${dramaTitle} - ${episodeLabel[lang](shown)} | SnapDrama`
        : `${dramaTitle} | SnapDrama`,
      description: text(adultOnly ? 'age_gate.preview' : drama.dscr_lang_key),
      url: `${base}/${dramaId}${shown ? `/${shown}` : ''}`,
      images: await Promise.all(
        SHARE_IMAGE_KINDS.map(async (kind) => ({
          url: `${base}${(await sharePicture(drama, kind, lang)).path}`,
          ...SHARE_IMAGE_SIZES[kind],
        })),
      ),
      imageAlt: dramaTitle,
      // the first screen paints the poster before the app knows who is watching: not an
      // adult-only drama's, which a guest or an unverified member must not see (issue 40)
      poster: adultOnly
        ? undefined
        : ((await inlinePoster(drama.pstr_vrtc_path)) ?? drama.pstr_vrtc_path),
    };
  }

  /** The site's own picture (the main page and the lists): its name in the language, no poster. */
  async function sitePicture(kind: ShareImageKind, lang: Language) {
    const title = (await deps.texts.textsOf(lang, [SITE_TITLE]))[SITE_TITLE] ?? 'SnapDrama';
    const version = shareImageVersion({
      kind,
      lang,
      title,
      posterPath: undefined,
      adultRating: undefined,
    });
    return { title, version, path: `${SHARE_IMAGE_PREFIX}/site/${kind}-${lang}-${version}.png` };
  }

  /** The preview of the main page or a list: the page's name, the site's text and picture. */
  async function sitePreview(
    request: FastifyRequest,
    lang: Language,
    pagePath: string,
    pageNameKey: string | undefined,
  ): Promise<LinkPreview> {
    const keys = [SITE_TITLE, SITE_DESCRIPTION, ...(pageNameKey ? [pageNameKey] : [])];
    const texts = await deps.texts.textsOf(lang, keys);
    const base = baseOf(request);
    const siteTitle = texts[SITE_TITLE] ?? 'SnapDrama';
    return {
      lang,
      type: 'website',
      title: pageNameKey ? `${texts[pageNameKey] ?? ''} | SnapDrama` : siteTitle,
      description: texts[SITE_DESCRIPTION] ?? '',
      url: `${base}${pagePath}`,
      images: await Promise.all(
        SHARE_IMAGE_KINDS.map(async (kind) => ({
          url: `${base}${(await sitePicture(kind, lang)).path}`,
          ...SHARE_IMAGE_SIZES[kind],
        })),
      ),
      imageAlt: siteTitle,
    };
  }

  /**
   * An invite link's preview: "a friend invited you" and what the friend gets, in the link's
   * language, with the site's pictures; undefined for a code no member has.
   */
  async function invitePreview(
    request: FastifyRequest,
    lang: Language,
    code: string,
  ): Promise<LinkPreview | undefined> {
    const terms = await deps.invites?.offerTerms(code);
    if (!terms) return undefined;
    const offerKey = terms.enabled
      ? `invite.landing_offer_${terms.qualifyingEvent}`
      : 'invite.paused';
    const texts = await deps.texts.textsOf(lang, ['invite.landing_title', offerKey]);
    const site = await sitePreview(request, lang, `/invite/${terms.invtCd}`, undefined);
    return {
      ...site,
      title: `${texts['invite.landing_title'] ?? ''} | SnapDrama`,
      description: (texts[offerKey] ?? '').replaceAll('{{count}}', String(terms.inviteeCoin)),
    };
  }

  const languageOf = (request: FastifyRequest<{ Querystring: { lang?: string } }>) =>
    previewLanguage({
      query: request.query.lang,
      cookie: request.cookies[LANG_COOKIE],
      acceptLanguage: request.headers['accept-language'],
    });

  /** the main page's first banner slide; none when the catalog cannot say (the page still loads) */
  async function bannerSlide(request: FastifyRequest): Promise<BannerSlide | undefined> {
    try {
      const first = (await deps.catalog.latest(BANNER_SIZE, 1)).dramaList[0];
      return first && { vertical: first.pstr_vrtc_path, horizontal: first.pstr_hrzt_path };
    } catch (error) {
      request.log.warn({ err: error }, 'the main page is served without its banner slide');
      return undefined;
    }
  }

  return async (app) => {
    const index = deps.indexHtml;
    if (index) {
      app.get<{ Querystring: { lang?: string } }>(
        '/',
        { schema: { hide: true } },
        async (request, reply) =>
          sendHtml(
            request,
            reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie'),
            renderPreviewHtml(
              renderMainHtml(index(), await bannerSlide(request)),
              await sitePreview(request, languageOf(request), '/', undefined),
            ),
          ),
      );
      // the public lists: their name, the site's text and picture
      const lists: [string, (id: string | undefined) => Promise<string | undefined>][] = [
        ['/popular', () => Promise.resolve('main.popular')],
        ['/latest', () => Promise.resolve('main.latest')],
        ['/exclusive', () => Promise.resolve('main.exclusive')],
        ['/category', () => Promise.resolve('main.all_dramas')],
        [
          '/category/:categoryId(^\\d{1,9}$)',
          async (id) =>
            (await deps.catalog.categoryList()).categoryList.find((c) => String(c.ctgr_id) === id)
              ?.ctgr_lang_key,
        ],
      ];
      for (const [path, nameKey] of lists) {
        app.get<{ Params: { categoryId?: string }; Querystring: { lang?: string } }>(
          path,
          { schema: { hide: true } },
          async (request, reply) => {
            const key = await nameKey(request.params.categoryId);
            const pagePath = new URL(request.url, 'http://x').pathname;
            return sendHtml(
              request,
              reply
                .status(key === undefined ? 404 : 200)
                .header('cache-control', 'no-cache')
                .header('vary', 'accept-language, cookie'),
              key === undefined
                ? index()
                : renderPreviewHtml(
                    index(),
                    await sitePreview(request, languageOf(request), pagePath, key),
                  ),
            );
          },
        );
      }
      // an invite link: what the friend gets; an unknown code is the plain page with 404
      app.get<{ Params: { code: string }; Querystring: { lang?: string } }>(
        '/invite/:code',
        { schema: { hide: true } },
        async (request, reply) => {
          const preview = await invitePreview(request, languageOf(request), request.params.code);
          return sendHtml(
            request,
            reply
              .status(preview ? 200 : 404)
              .header('cache-control', 'no-cache')
              .header('vary', 'accept-language, cookie'),
            preview ? renderPreviewHtml(index(), preview) : index(),
          );
        },
      );
      const page = async (
        request: FastifyRequest<{
          Params: { dramaId: string; episodeNum?: string };
          Querystring: { lang?: string };
        }>,
      ) => {
        const lang = previewLanguage({
          query: request.query.lang,
          cookie: request.cookies[LANG_COOKIE],
          acceptLanguage: request.headers['accept-language'],
        });
        const epsd = request.params.episodeNum ? Number(request.params.episodeNum) : undefined;
        const preview = await previewOf(request, Number(request.params.dramaId), epsd, lang);
        return { html: renderPreviewHtml(index(), preview), found: preview !== undefined };
      };
      for (const path of [LINK_DRAMA, LINK_EPISODE]) {
        app.get<{
          Params: { dramaId: string; episodeNum?: string };
          Querystring: { lang?: string };
        }>(path, { schema: { hide: true } }, async (request, reply) => {
          const { html, found } = await page(request);
          void reply
            .status(found ? 200 : 404)
            .header('cache-control', 'no-cache')
            .header('vary', 'accept-language, cookie');
          return sendHtml(request, reply, html);
        });
      }
    }

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const base = baseOf(request);
      const dramas: Drama[] = [];
      for (let page = 1; ; page += 1) {
        const { dramaList } = await deps.catalog.listByCategory(
          ALL_CATEGORIES_ID,
          MAX_LIST_COUNT,
          page,
        );
        dramas.push(...dramaList);
        if (dramaList.length < MAX_LIST_COUNT) break;
      }
      const xml = renderSitemap([
        { loc: `${base}/` },
        ...dramas.map((d) => ({ loc: `${base}/${d.dram_id}`, lastmod: d.rgst_dtm.slice(0, 10) })),
      ]);
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml')
        .send(xml);
    });

    // the share feature asks for the Kakao key only when a viewer shares to Kakao
    app.get(
      `${API_BASE}${sharePaths.config()}`,
      { schema: { response: { 200: envelope(shareConfigData) } } },
      async () => ok({ kakaoJsKey: deps.kakaoJsKey ?? null }),
    );

    app.get<{ Params: { file: string } }>(
      `${SHARE_IMAGE_PREFIX}/site/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const match = /^(wide|square)-(ko|en|ja)-([0-9a-f]{16})\.png$/.exec(request.params.file);
        if (!match) throw new AppError(ResultCode.NOT_FOUND, 'No such picture');
        const [, kind, lang, version] = match as unknown as [
          string,
          ShareImageKind,
          Language,
          string,
        ];
        const picture = await sitePicture(kind, lang);
        if (picture.version !== version) return reply.redirect(picture.path, 301);
        const png = await shareImages.get(
          `resources/share/site/${kind}-${lang}-${version}.png`,
          () => Promise.resolve({ kind, lang, title: picture.title }),
        );
        return sendPicture(reply, png);
      },
    );

    // a link-preview picture: drawn on its first request, kept in storage after; its name holds
    // what it was drawn from, so it never changes and caches keep it for a year
    app.get<{ Params: { dramaId: string; file: string } }>(
      `${SHARE_IMAGE_PREFIX}/:dramaId(^\\d{1,9}$)/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const match = /^(wide|square)-(ko|en|ja)(?:-([0-9a-f]{16}))?\.png$/.exec(
          request.params.file,
        );
        const notFound = () => new AppError(ResultCode.NOT_FOUND, 'No such picture');
        if (!match) throw notFound();
        const [, kind, lang, version] = match as unknown as [
          string,
          ShareImageKind,
          Language,
          string | undefined,
        ];
        let drama: Drama;
        try {
          ({ drama } = await deps.catalog.dramaInfoPart(Number(request.params.dramaId)));
        } catch (error) {
          if (error instanceof AppError) throw notFound();
          throw error;
        }
        const picture = await sharePicture(drama, kind, lang);
        // the address without a version (the app's Kakao share) leads to today's picture, as
        // does one shared before the poster or title changed
        if (version === undefined)
          return reply.header('cache-control', 'no-cache').redirect(picture.path, 302);
        if (picture.version !== version) return reply.redirect(picture.path, 301);
        const png = await shareImages.get(
          shareImages.key(drama.dram_id, kind, lang, version),
          async () => ({
            kind,
            lang,
            title: picture.title,
            adultRating: picture.adultRating,
            poster: picture.adultRating
              ? undefined
              : posterImageOf(await readPoster(picture.posterPath)),
          }),
        );
        return sendPicture(reply, png);
      },
    );

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(renderRobots(baseOf(request))),
    );
  };
}

/** Pictures kept in memory, where the server has no storage (some tests). */
function memoryStore(): Pick<Storage, 'read' | 'write'> {
  const kept = new Map<string, Buffer>();
  return {
    read: (key) => Promise.resolve(kept.get(key) ?? null),
    write: (key, data) => {
      kept.set(key, Buffer.from(data));
      return Promise.resolve();
    },
  };
}
