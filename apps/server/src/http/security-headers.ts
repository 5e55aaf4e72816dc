import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import helmet from 'helmet';

/**
 * Every outside origin the web app may load from or talk to, in one place. A new SDK adds its
 * hosts here (and nowhere else); docs/operations.md lists them for operators.
 */
export const THIRD_PARTY_ORIGINS = {
  /** scripts the page loads */
  script: [
    'https://js.tosspayments.com',
    'https://js.stripe.com',
    'https://www.paypal.com',
    'https://*.paypal.com',
    'https://securepubads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://www.googletagservices.com',
    'https://t1.kakaocdn.net',
    'https://developers.kakao.com',
    // PortOne's browser SDK: identity checks of the age gate (decision 1490)
    'https://cdn.portone.io',
  ],
  /** fetch, XHR and WebSocket targets of those SDKs */
  connect: [
    'https://api.tosspayments.com',
    'https://event.tosspayments.com',
    'https://log.tosspayments.com',
    'https://api.stripe.com',
    'https://*.stripe.com',
    'https://www.paypal.com',
    'https://*.paypal.com',
    'https://securepubads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://kapi.kakao.com',
    'https://developers.kakao.com',
    'https://*.portone.io',
  ],
  /** frames the page embeds: payment sheets, ad creatives */
  frame: [
    'https://*.tosspayments.com',
    'https://js.stripe.com',
    'https://hooks.stripe.com',
    'https://*.stripe.com',
    'https://www.paypal.com',
    'https://*.paypal.com',
    'https://securepubads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.googlesyndication.com',
    'https://www.google.com',
    'https://*.portone.io',
  ],
  /** images of ads, payment brands and share previews */
  img: [
    'https://*.tosspayments.com',
    'https://*.stripe.com',
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
    'https://*.doubleclick.net',
    'https://*.googlesyndication.com',
    'https://*.google.com',
    'https://*.gstatic.com',
    'https://t1.kakaocdn.net',
    'https://k.kakaocdn.net',
  ],
  /** where forms may post: the social sign-in providers' pages (top-level navigations) */
  formAction: [
    'https://accounts.google.com',
    'https://kauth.kakao.com',
    'https://www.facebook.com',
    'https://appleid.apple.com',
  ],
} as const;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Hashes of the inline script and style of the built index.html (the splash painted before any
 * script runs), read at start so the policy always matches the build it serves.
 */
export function inlineHashes(indexHtml: string | undefined): {
  scripts: string[];
  handlers: string[];
  styles: string[];
  styleAttributes: string[];
} {
  if (!indexHtml || !existsSync(indexHtml))
    return { scripts: [], handlers: [], styles: [], styleAttributes: [] };
  const html = readFileSync(indexHtml, 'utf8');
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.length > 0)
    .map(hash);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) =>
    hash(m[1] ?? ''),
  );
  const styleAttributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => hash(m[1] ?? ''));
  // the build loads its stylesheet without blocking: <link rel=preload onload="...">
  const handlers = [...html.matchAll(/\son[a-z]+="([^"]*)"/g)].map((m) => hash(m[1] ?? ''));
  return { scripts, handlers, styles, styleAttributes };
}

export interface SecurityHeaderOptions {
  production: boolean;
  /** the built index.html, for its inline hashes */
  indexHtml: string | undefined;
  /** a CDN in front of /media (MEDIA_PUBLIC_BASE_URL) */
  mediaOrigin: string | undefined;
}

/** The Content-Security-Policy directives of the app page (and, harmlessly, of every answer). */
export function cspDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const inline = inlineHashes(options.indexHtml);
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const styleHashes = [...inline.styles, ...inline.styleAttributes];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // the splash's event handler attributes are hashed ('unsafe-hashes' admits exactly those)
    'script-src': [
      "'self'",
      ...inline.scripts,
      ...(inline.handlers.length > 0 ? ["'unsafe-hashes'", ...inline.handlers] : []),
      ...THIRD_PARTY_ORIGINS.script,
    ],
    // style attributes of the splash are hashed ('unsafe-hashes'); React sets styles through the
    // DOM, which a policy does not govern
    'style-src': [
      "'self'",
      ...(inline.styleAttributes.length > 0 ? ["'unsafe-hashes'"] : []),
      ...styleHashes,
    ],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...THIRD_PARTY_ORIGINS.img],
    'font-src': ["'self'", 'data:'],
    // hls.js feeds segments to MediaSource through blob: URLs and runs its worker from one
    'media-src': ["'self'", 'blob:', ...media],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...media, ...THIRD_PARTY_ORIGINS.connect],
    'frame-src': ["'self'", ...THIRD_PARTY_ORIGINS.frame],
    'form-action': ["'self'", ...THIRD_PARTY_ORIGINS.formAction],
    'manifest-src': ["'self'"],
    ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Helmet on every answer: CSP (the API's answers get their own, short one), HSTS in production
 * only (a development server on http must stay reachable), nosniff, frame denial, a strict
 * referrer. A route that serves its own page (the
 * sandbox sign-in pages) sets its own CSP header, which replaces this one.
 *
 * None of these headers depends on the request, so helmet runs once, at start, and each answer
 * gets the headers it set. (@fastify/helmet built a new helmet middleware for every request,
 * parsing and joining the whole policy each time: about 5 % of a signed-in read's CPU, decision
 * 1300.)
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  const apiHeaders = headers.map(([name, value]): [string, string] =>
    name === 'content-security-policy' ? [name, API_CSP] : [name, value],
  );
  const apiPrefix = `${API_BASE}/`;
  app.addHook('onRequest', (request, reply, done) => {
    const answer = request.url.startsWith(apiPrefix) ? apiHeaders : headers;
    for (const [name, value] of answer) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The policy of the API's answers: JSON, which no browser renders as a page, so nothing may load
 * and nothing may frame it. The page's policy (2 KB of origins and hashes) was sent with every
 * answer, and was most of a read's header bytes (decision 1300). A route that answers with a
 * page of its own (the sandboxes' sign-in and checkout pages) sets its own policy, as before.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers helmet sets with our options, as [name, value] pairs. */
export function securityHeaders(options: SecurityHeaderOptions): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    hsts: options.production
      ? { maxAge: 63_072_000, includeSubDomains: true, preload: false }
      : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // payment popups (PayPal, Toss) talk back to their opener
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // media and posters may be embedded by the native wrapper's web view
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    // helmet removes X-Powered-By, which Fastify never sets
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}
