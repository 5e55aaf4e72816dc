import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { BANNER_MOBILE_QUERY } from '@snapdrama/contract';
import {
  BANNER_SIZE,
  SHARE_LANDING_PARAM,
  SHARE_LANDING_VALUE,
  episodeShareUrl,
} from '@snapdrama/rules';
import { DEMO_DRAMAS } from '../../seed/demo-catalog';
import { seoRoutes, type SeoDeps } from './seo.routes';
import { posterImageOf, renderShareImage } from './share-image';
import ogs from 'open-graph-scraper';

/** The web app's own index.html (the built one has the same head, plus hashed script names). */
const INDEX_HTML = readFileSync(
  path.resolve(import.meta.dirname, '../../../../web/index.html'),
  'utf8',
);
/**
 * The viewer's HTML of a shared link may exceed the main page's by this much, no more: the preview
 * tags (about 1.3 KB in Korean) and the first screen's poster markup (about 0.3 KB).
 */
const PREVIEW_BUDGET_BYTES = 2304;

let ctx: TestContext;
let web: FastifyInstance;

/**
 * The web routes of a test server; with `storage`, small SVG posters are inlined; `catalog`
 * replaces the catalog's answers.
 */
async function webApp(
  storage?: TestContext['storage'],
  catalog: SeoDeps['catalog'] = ctx.services.catalog,
  invites?: SeoDeps['invites'],
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie);
  await app.register(
    seoRoutes({
      catalog,
      texts: ctx.services.i18n,
      indexHtml: () => INDEX_HTML,
      publicBaseUrl: 'https://snapdrama.example',
      kakaoJsKey: undefined,
      storage,
      clock: ctx.clock,
      invites,
    }),
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext();
  web = await webApp();
});
afterAll(async () => {
  await web.close();
  await ctx.close();
});

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('link previews of /{dramaId}/{ep}', () => {
  const drama = DEMO_DRAMAS[0];
  if (!drama) throw new Error('demo catalog is empty');

  it.each([
    ['ko', { 'accept-language': 'ko-KR,ko;q=0.9' }, '', `${drama.title.ko} - 3화 | SnapDrama`],
    ['en', {}, '?lang=en', `${drama.title.en} - Episode 3 | SnapDrama`],
    ['ja', { 'accept-language': 'en' }, '?lang=ja', `${drama.title.ja} - 第3話 | SnapDrama`],
  ] as const)(
    'a crawler gets Open Graph and Twitter tags in %s',
    async (lang, headers, query, title) => {
      const res = await web.inject({
        method: 'GET',
        url: `/1/3${query}`,
        headers: { ...headers, 'user-agent': 'facebookexternalhit/1.1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const html = res.body;
      expect(html).toContain(`<html lang="${lang}"`);
      expect(meta(html, 'og:title')).toBe(title);
      expect(meta(html, 'og:description')).toBe(drama.description[lang]);
      expect(meta(html, 'og:type')).toBe('video.episode');
      expect(meta(html, 'og:url')).toBe('https://snapdrama.example/1/3');
      expect(meta(html, 'og:image')).toMatch(/^https:\/\/snapdrama\.example\/.+/);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
      expect(html).toContain(`<title>${meta(html, 'og:title') ?? ''}</title>`);
    },
  );

  it("a shared link's mark (?from=share) changes nothing in the preview and stays out of its address", async () => {
    const shared = new URL(episodeShareUrl('https://snapdrama.example', 1, 3, 'ja'));
    expect(shared.searchParams.get(SHARE_LANDING_PARAM)).toBe(SHARE_LANDING_VALUE);
    const headers = { 'user-agent': 'facebookexternalhit/1.1' };
    const marked = await web.inject({
      method: 'GET',
      url: shared.pathname + shared.search,
      headers,
    });
    const plain = await web.inject({ method: 'GET', url: '/1/3?lang=ja', headers });
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toContain('<html lang="ja"');
    expect(meta(marked.body, 'og:title')).toBe(`${drama.title.ja} - 第3話 | SnapDrama`);
    expect(meta(marked.body, 'og:url')).toBe('https://snapdrama.example/1/3');
    expect(marked.body).toContain('<link rel="canonical" href="https://snapdrama.example/1/3" />');
    for (const tag of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:image'])
      expect(meta(marked.body, tag), tag).toBe(meta(plain.body, tag));
  });

  it('an adult-only drama shows its title, no frame or poster of it and no description (decision 1490)', async () => {
    const index = DEMO_DRAMAS.findIndex((d) => d.slug === 'silent-witness');
    const silent = DEMO_DRAMAS[index];
    const dramaId = index + 1;
    for (const [lang, title, description] of [
      ['ko', `${silent?.title.ko ?? ''} - 2화 | SnapDrama`, '19세 이상 관람가'],
      ['en', `${silent?.title.en ?? ''} - Episode 2 | SnapDrama`, 'For viewers 19 and over'],
      ['ja', `${silent?.title.ja ?? ''} - 第2話 | SnapDrama`, '19歳以上対象'],
    ] as const) {
      const res = await web.inject({ method: 'GET', url: `/${dramaId}/2?lang=${lang}` });
      const html = res.body;
      expect(meta(html, 'og:title')).toBe(title);
      const picture = meta(html, 'og:image') ?? '';
      expect(picture).toMatch(
        new RegExp(`^https://snapdrama\\.example/og/${dramaId}/wide-${lang}-[0-9a-f]{16}\\.png$`),
      );
      expect(meta(html, 'twitter:image')).toBe(picture);
      expect(meta(html, 'og:description')).toContain(description);
      expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
      for (const text of Object.values(silent?.description ?? {})) expect(html).not.toContain(text);
      // no poster anywhere in the page: not in the tags, not painted as the first screen (a
      // guest's browser shows that before the app knows who is watching)
      expect(html).not.toContain('/resources/');
      expect(html).not.toContain('id="first-screen"');
      // every picture is the neutral card: the title and rating, drawn as if it had no poster
      const pictures = [...html.matchAll(/<meta property="og:image" content="([^"]*)"/g)].map(
        (m) => m[1] ?? '',
      );
      expect(pictures.map((p) => /\/(wide|square)-/.exec(p)?.[1])).toEqual(['wide', 'square']);
      for (const address of pictures) {
        const kind = address.includes('/wide-') ? 'wide' : 'square';
        const image = await web.inject({ method: 'GET', url: new URL(address).pathname });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(pngSize(image.rawPayload)).toEqual(
          kind === 'wide' ? { width: 1200, height: 630 } : { width: 800, height: 800 },
        );
        const card = renderShareImage({
          kind,
          lang,
          title: silent?.title[lang] ?? '',
          adultRating: silent?.ageRate,
        });
        expect(image.rawPayload.equals(card)).toBe(true);
      }
    }
    // the drama's own link (no episode) and the square picture's versionless name (KakaoTalk's
    // SDK) lead to the same neutral card
    const drama = await web.inject({ method: 'GET', url: `/${dramaId}?lang=ko` });
    expect(drama.body).not.toContain('/resources/');
    const square = await web.inject({ method: 'GET', url: `/og/${dramaId}/square-ko.png` });
    expect(square.statusCode).toBe(302);
    const drawn = await web.inject({ method: 'GET', url: square.headers.location ?? '' });
    expect(
      drawn.rawPayload.equals(
        renderShareImage({
          kind: 'square',
          lang: 'ko',
          title: silent?.title.ko ?? '',
          adultRating: silent?.ageRate,
        }),
      ),
    ).toBe(true);
  });

  it('/{dramaId} alone is the drama; an unknown drama is the plain page with 404', async () => {
    const res = await web.inject({ method: 'GET', url: '/1?lang=en' });
    expect(meta(res.body, 'og:title')).toBe(`${drama.title.en} | SnapDrama`);
    const unknown = await web.inject({ method: 'GET', url: '/99999/1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX_HTML);
  });

  it('stays the same document within the main-page budget: no new scripts or styles', async () => {
    const res = await web.inject({ method: 'GET', url: '/1/3?lang=ko' });
    const bytes = Buffer.byteLength(res.body);
    expect(bytes - Buffer.byteLength(INDEX_HTML)).toBeLessThanOrEqual(PREVIEW_BUDGET_BYTES);
    const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;
    expect(count(res.body, /<script/g)).toBe(count(INDEX_HTML, /<script/g));
    expect(count(res.body, /<link rel="stylesheet"/g)).toBe(
      count(INDEX_HTML, /<link rel="stylesheet"/g),
    );
    expect(res.body).toContain('<div id="root">');
  });

  it('paints the drama poster as the first screen, before the app and under its spinner', async () => {
    const res = await web.inject({ method: 'GET', url: '/1/3?lang=en' });
    const screen = /<div id="first-screen"[^>]*>(.*?)<\/div><div id="root">/.exec(res.body)?.[1];
    const posters = [...(screen ?? '').matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(posters).toHaveLength(2);
    // the same address the player loads, so the image is fetched once
    const { drama } = await ctx.services.catalog.drama(1);
    for (const poster of posters) expect(poster).toBe(drama.pstr_vrtc_path.replace(/&/g, '&amp;'));
    // styled by index.html's own inline style, which the policy's hashes cover
    expect(INDEX_HTML).toContain('#first-screen {');
    const unknown = await web.inject({ method: 'GET', url: '/99999/1' });
    expect(unknown.body).not.toContain('<div id="first-screen"');
  });

  it('inlines a small SVG poster, so the first screen paints with the HTML', async () => {
    const inlined = await webApp(ctx.storage);
    try {
      const { drama } = await ctx.services.catalog.drama(1);
      const svg = await ctx.storage.read(drama.pstr_vrtc_path.split('?')[0]?.slice(1) ?? '');
      expect(svg).not.toBeNull();
      const res = await inlined.inject({ method: 'GET', url: '/1/3?lang=en' });
      const src = /<img class="poster" src="([^"]+)"/.exec(res.body)?.[1];
      expect(decodeURIComponent(src?.replace(/^data:image\/svg\+xml,/, '') ?? '')).toBe(
        svg?.toString('utf8'),
      );
    } finally {
      await inlined.close();
    }
  });

  it("follows an edit of the drama's title at once, though it reads the texts the service keeps", async () => {
    const before = await web.inject({ method: 'GET', url: '/1/3?lang=en' });
    expect(meta(before.body, 'og:title')).toBe(`${drama.title.en} - Episode 3 | SnapDrama`);
    // packed once before the edit
    await web.inject({ method: 'GET', url: '/1/3?lang=en', headers: { 'accept-encoding': 'br' } });
    const { drama: row } = await ctx.services.catalog.dramaInfoPart(1);
    await ctx.services.i18n.upsert([{ lang: 'en', key: row.titl_lang_key, value: 'Renamed' }]);
    try {
      const after = await web.inject({ method: 'GET', url: '/1/3?lang=en' });
      expect(meta(after.body, 'og:title')).toBe('Renamed - Episode 3 | SnapDrama');
      // packed pages are kept by their text: the packed page is the new one too
      const packed = await web.inject({
        method: 'GET',
        url: '/1/3?lang=en',
        headers: { 'accept-encoding': 'br' },
      });
      expect(brotliDecompressSync(packed.rawPayload).toString('utf8')).toBe(after.body);
      // the other languages keep their own text
      const ko = await web.inject({ method: 'GET', url: '/1/3?lang=ko' });
      expect(meta(ko.body, 'og:title')).toBe(`${drama.title.ko} - 3화 | SnapDrama`);
    } finally {
      await ctx.services.i18n.upsert([
        { lang: 'en', key: row.titl_lang_key, value: drama.title.en },
      ]);
    }
  });

  it("a shared episode's preview parses to a 1200x630 PNG and KakaoTalk's square, drawn from the poster with the title in the link's language", async () => {
    const withStorage = await webApp(ctx.storage);
    try {
      const res = await withStorage.inject({ method: 'GET', url: '/1/3?lang=ko' });
      // what a messenger's crawler reads (open-graph-scraper parses the page as they do)
      const { result } = await ogs({ html: res.body });
      expect(result.ogTitle).toBe(`${drama.title.ko} - 3화 | SnapDrama`);
      expect(result.ogUrl).toBe('https://snapdrama.example/1/3');
      expect(result.twitterCard).toBe('summary_large_image');
      const images = result.ogImage ?? [];
      expect(images.map((i) => [i.width, i.height].map(Number))).toEqual([
        [1200, 630],
        [800, 800],
      ]);
      expect(result.twitterImage?.[0]?.url).toBe(images[0]?.url);
      const { drama: row } = await ctx.services.catalog.dramaInfoPart(1);
      for (const [image, kind, posterPath] of [
        [images[0], 'wide', row.pstr_hrzt_path],
        [images[1], 'square', row.pstr_vrtc_path],
      ] as const) {
        expect(image?.type).toBe('image/png');
        expect(image?.alt).toBe(drama.title.ko);
        const url = new URL(image?.url ?? '');
        expect(url.pathname).toMatch(new RegExp(`^/og/1/${kind}-ko-[0-9a-f]{16}\\.png$`));
        const picture = await withStorage.inject({ method: 'GET', url: url.pathname });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/png');
        expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(pngSize(picture.rawPayload)).toEqual(
          kind === 'wide' ? { width: 1200, height: 630 } : { width: 800, height: 800 },
        );
        // the poster with the Korean title, as drawn from the same inputs
        const poster = posterImageOf(
          (await ctx.storage.read(posterPath.split('?')[0]?.slice(1) ?? '')) ?? undefined,
        );
        expect(poster).toBeDefined();
        const expected = renderShareImage({ kind, lang: 'ko', title: drama.title.ko, poster });
        expect(picture.rawPayload.equals(expected)).toBe(true);
        // kept in storage: drawn once
        const kept = await ctx.storage.read(`resources/share${url.pathname.slice('/og'.length)}`);
        expect(kept?.equals(expected)).toBe(true);
      }
    } finally {
      await withStorage.close();
    }
  });

  it('a renamed drama gets a new picture; the old address leads to it; bad names are 404', async () => {
    const first = meta((await web.inject({ method: 'GET', url: '/1/3?lang=en' })).body, 'og:image');
    const oldPath = new URL(first ?? '').pathname;
    const { drama: row } = await ctx.services.catalog.dramaInfoPart(1);
    await ctx.services.i18n.upsert([{ lang: 'en', key: row.titl_lang_key, value: 'Renamed' }]);
    try {
      const renamed = meta(
        (await web.inject({ method: 'GET', url: '/1/3?lang=en' })).body,
        'og:image',
      );
      const newPath = new URL(renamed ?? '').pathname;
      expect(newPath).not.toBe(oldPath);
      const old = await web.inject({ method: 'GET', url: oldPath });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(newPath);
      const picture = await web.inject({ method: 'GET', url: newPath });
      expect(
        picture.rawPayload.equals(renderShareImage({ kind: 'wide', lang: 'en', title: 'Renamed' })),
      ).toBe(true);
    } finally {
      await ctx.services.i18n.upsert([
        { lang: 'en', key: row.titl_lang_key, value: drama.title.en },
      ]);
    }
    // the app's Kakao share names the picture without a version: it leads to today's
    const square = meta(
      (await web.inject({ method: 'GET', url: '/1/3?lang=ja' })).body.replace(
        /[\s\S]*(<meta property="og:image" content="[^"]*square[^"]*")/,
        '$1',
      ),
      'og:image',
    );
    const unversioned = await web.inject({ method: 'GET', url: '/og/1/square-ja.png' });
    expect(unversioned.statusCode).toBe(302);
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect(unversioned.headers.location).toBe(new URL(square ?? '').pathname);
    for (const url of [
      '/og/1/wide-ko-zz.png',
      '/og/1/tall-ko-0123456789abcdef.png',
      '/og/1/wide-fr-0123456789abcdef.png',
      '/og/99999/wide-ko-0123456789abcdef.png',
    ]) {
      expect((await web.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('escapes text into attributes', async () => {
    const res = await web.inject({ method: 'GET', url: '/1/3?lang=en' });
    expect(res.body).not.toMatch(/content="[^"]*<[^"]*"/);
  });
});

describe('the main page', () => {
  it("paints the banner's first slide where the app draws it, both posters by the app's breakpoint", async () => {
    const res = await web.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const screen = /<div id="first-screen" class="banner"[^>]*>(.*?)<\/div><div id="root">/.exec(
      res.body,
    )?.[1];
    // the banner's first drama, by the addresses the app's banner loads
    const first = (await ctx.services.catalog.latest(BANNER_SIZE, 1)).dramaList[0];
    if (!first) throw new Error('the demo catalog has no latest drama');
    const attr = (path: string) => path.replace(/&/g, '&amp;');
    expect(screen).toContain(
      `<source media="${BANNER_MOBILE_QUERY}" srcset="${attr(first.pstr_vrtc_path)}" />`,
    );
    expect(screen).toContain(`<img src="${attr(first.pstr_hrzt_path)}"`);
    // styled by index.html's own inline style; otherwise the page the main page is without it
    expect(INDEX_HTML).toContain('#first-screen.banner {');
    const noBanner = await mainPageWithoutBanner();
    expect(res.body.replace(/<div id="first-screen".*?<\/div>(?=<div id="root">)/, '')).toBe(
      noBanner,
    );
  });

  it('has no first screen when the catalog cannot name a banner, and still its link preview', async () => {
    const body = await mainPageWithoutBanner();
    expect(body).not.toContain('first-screen"');
    expect(meta(body, 'og:type')).toBe('website');
  });

  it("has full link-preview tags in the link's language, with the site's pictures", async () => {
    for (const [lang, title] of [
      ['ko', 'SnapDrama 세로 숏드라마'],
      ['en', 'SnapDrama: vertical short dramas'],
      ['ja', 'SnapDrama 縦型ショートドラマ'],
    ] as const) {
      const res = await web.inject({ method: 'GET', url: `/?lang=${lang}` });
      const { result } = await ogs({ html: res.body });
      expect(result.ogTitle).toBe(title);
      expect(result.ogType).toBe('website');
      expect(result.ogUrl).toBe('https://snapdrama.example/');
      expect(result.ogLocale).toBe({ ko: 'ko_KR', en: 'en_US', ja: 'ja_JP' }[lang]);
      expect(result.ogDescription?.length).toBeGreaterThan(10);
      expect(result.twitterCard).toBe('summary_large_image');
      expect(res.body).toContain(`<html lang="${lang}"`);
      const images = result.ogImage ?? [];
      expect(images.map((i) => [Number(i.width), Number(i.height)])).toEqual([
        [1200, 630],
        [800, 800],
      ]);
      for (const [image, kind] of [
        [images[0], 'wide'],
        [images[1], 'square'],
      ] as const) {
        const picture = await web.inject({
          method: 'GET',
          url: new URL(image?.url ?? '').pathname,
        });
        expect(picture.statusCode).toBe(200);
        expect(picture.rawPayload.equals(renderShareImage({ kind, lang, title }))).toBe(true);
      }
    }
  });

  it('the public lists have their own title and the same pictures; an unknown category is 404', async () => {
    const { categoryList } = await ctx.services.catalog.categoryList();
    const category = categoryList[0];
    if (!category) throw new Error('the demo catalog has no category');
    const names = await ctx.services.i18n.textsOf('ko', [category.ctgr_lang_key]);
    for (const [url, name] of [
      ['/popular?lang=ko', '인기'],
      ['/latest?lang=ko', '신작'],
      [`/category/${category.ctgr_id}?lang=ko`, names[category.ctgr_lang_key] ?? ''],
    ] as const) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(meta(res.body, 'og:title'), url).toBe(`${name} | SnapDrama`);
      expect(meta(res.body, 'og:url'), url).toBe(`https://snapdrama.example${url.split('?')[0]}`);
      expect(meta(res.body, 'og:image'), url).toMatch(/\/og\/site\/wide-ko-[0-9a-f]{16}\.png$/);
    }
    expect((await web.inject({ method: 'GET', url: '/category/99999' })).statusCode).toBe(404);
  });
});

describe('an invite link', () => {
  it("says in the link's language what the friend gets; a code no member has is 404", async () => {
    const terms = { invtCd: 'ABCD2345', inviteeCoin: 50, enabled: true };
    const app = await webApp(undefined, ctx.services.catalog, {
      offerTerms: (code) =>
        Promise.resolve(
          code.toUpperCase() === terms.invtCd
            ? { ...terms, qualifyingEvent: 'first_episode' as const }
            : undefined,
        ),
    });
    try {
      for (const [lang, title, offer] of [
        ['ko', '친구가 스냅드라마에 초대했어요 | SnapDrama', '50코인'],
        ['en', ' | SnapDrama', '50'],
        ['ja', ' | SnapDrama', '50'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: `/invite/abcd2345?lang=${lang}` });
        expect(res.statusCode).toBe(200);
        const { result } = await ogs({ html: res.body });
        expect(result.ogTitle).toContain(title);
        expect(result.ogDescription).toContain(offer);
        expect(result.ogDescription).not.toContain('{{');
        expect(result.ogUrl).toBe('https://snapdrama.example/invite/ABCD2345');
        expect(result.ogImage?.[0]?.url).toMatch(/\/og\/site\/wide-[a-z]{2}-[0-9a-f]{16}\.png$/);
        expect(result.twitterCard).toBe('summary_large_image');
      }
      const unknown = await app.inject({ method: 'GET', url: '/invite/ZZZZ9999' });
      expect(unknown.statusCode).toBe(404);
      expect(meta(unknown.body, 'og:url')).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

/** The main page as the server writes it when the catalog can't name the banner's first slide. */
async function mainPageWithoutBanner(): Promise<string> {
  const catalog = ctx.services.catalog;
  const app = await webApp(undefined, {
    dramaInfoPart: (id) => catalog.dramaInfoPart(id),
    listByCategory: (...args) => catalog.listByCategory(...args),
    categoryList: () => catalog.categoryList(),
    latest: () => Promise.reject(new Error('database down')),
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

describe('the pages the server writes', () => {
  it.each(['/', '/1/3?lang=en'])(
    '%s goes out packed in br or gzip, as the client takes it, and unpacks to the same page',
    async (url) => {
      const plain = await web.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      const br = await web.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.statusCode).toBe(plain.statusCode);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('text/html');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gz = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
      // a player link's page varies with the language too
      if (url !== '/') expect(br.headers.vary).toBe('accept-language, cookie, accept-encoding');
    },
  );
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every published drama', async () => {
    const res = await web.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://snapdrama.example/');
    expect(locs).toHaveLength(DEMO_DRAMAS.length + 1);
    expect(locs).toContain('https://snapdrama.example/1');
  });

  it('robots.txt allows the site, keeps the API out and names the sitemap', async () => {
    const res = await web.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://snapdrama.example/sitemap.xml');
  });

  it('the share config says no Kakao key (the stand-in) when none is configured', async () => {
    const res = await web.inject({ method: 'GET', url: '/api/v1/share/config' });
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { kakaoJsKey: null } });
  });
});
