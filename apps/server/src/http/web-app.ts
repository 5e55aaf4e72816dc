import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { seoRoutes, type SeoDeps } from '../modules/seo/seo.routes';
import { named } from './plugin-name';

/** Where the built web app is, and whether this server serves it (never in tests). */
export function webAppOf(config: Pick<Config, 'webDistDir' | 'env'>) {
  const indexPath = path.join(config.webDistDir, 'index.html');
  return { indexPath, served: config.env !== 'test' && existsSync(indexPath) };
}

/** The link previews' pages, then the built web app and the operator console's page. */
export async function registerWebApp(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'webDistDir' | 'publicBaseUrl' | 'kakaoJsKey'>;
    web: ReturnType<typeof webAppOf>;
    catalog: SeoDeps['catalog'];
    i18n: SeoDeps['texts'];
    storage: SeoDeps['storage'];
    clock: SeoDeps['clock'];
    invites: SeoDeps['invites'];
  },
) {
  const { web, config } = deps;
  // the built index.html is read once: link previews put their tags into it per request
  let indexHtml: string | undefined;
  await app.register(
    named(
      seoRoutes({
        catalog: deps.catalog,
        texts: deps.i18n,
        publicBaseUrl: config.publicBaseUrl,
        kakaoJsKey: config.kakaoJsKey,
        storage: deps.storage,
        clock: deps.clock,
        invites: deps.invites,
        indexHtml: web.served
          ? () => (indexHtml ??= readFileSync(web.indexPath, 'utf8'))
          : undefined,
      }),
      'link previews',
    ),
  );
  if (!web.served) return;

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    wildcard: false,
    index: false,
    // the web build writes .br and .gz beside each asset (apps/web/vite.config.ts)
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // '/' is the SEO routes' (the banner's first slide in its HTML)
  // the operator console is its own page (docs/decisions/1202-console-web.md)
  const consolePage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .sendFile('admin.html');
  app.get('/admin', { schema: { hide: true } }, consolePage);
  app.get('/admin/*', { schema: { hide: true } }, consolePage);
}
