import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@snapdrama/contract';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body media types this route accepts besides JSON, e.g. `['application/x-www-form-urlencoded']`
     * for an HTML form post. The route (or its plugin) must add the parser itself.
     */
    acceptsBodyTypes?: readonly string[];
    /** keep the unparsed JSON body as request.rawBody (provider webhooks check its signature) */
    rawBody?: boolean;
    /**
     * Writes that other sites are meant to send (a provider's form post or server-to-server
     * webhook): the cross-site check is skipped. Such a route must authenticate the caller itself
     * (a state, a signature).
     */
    allowCrossSite?: boolean;
  }
  interface FastifyRequest {
    /** the JSON body as received, on routes with config.rawBody */
    rawBody?: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The media type of a Content-Type header, lower case without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/** True when a NUL character hides in any string or key of a parsed value. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1),
    );
  }
  return false;
}

/**
 * True when the query string holds a percent-escape that does not decode (`%zz`, a lone `%`, bytes
 * that are not UTF-8). The query parser would pass such text on as it is; the router already
 * refuses the same in the path.
 */
export function badQueryEncoding(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0 || !url.includes('%', at)) return false;
  return url
    .slice(at + 1)
    .split(/[&=]/)
    .some((part) => {
      try {
        decodeURIComponent(part);
        return false;
      } catch {
        return true;
      }
    });
}

export function bearerToken(request: FastifyRequest): boolean {
  return /^Bearer \S/.test(request.headers.authorization ?? '');
}

/**
 * Where a browser says a request comes from: a configured web origin, else Sec-Fetch-Site
 * (same-origin, same-site, or none: typed in the address bar), else an Origin of our own host.
 * Non-browser clients (native app, curl, webhooks) send neither header: 'unknown'.
 */
export function sameSiteVerdict(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): 'same-site' | 'cross-site' | 'unknown' {
  const origin = request.headers.origin;
  if (origin !== undefined && allowedOrigins.has(origin)) return 'same-site';
  // browsers set Sec-Fetch-Site themselves (page scripts cannot); a dev proxy keeps it right
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    return site === 'same-origin' || site === 'same-site' || site === 'none'
      ? 'same-site'
      : 'cross-site';
  }
  if (origin === undefined) return 'unknown';
  try {
    return new URL(origin).host === request.host ? 'same-site' : 'cross-site';
  } catch {
    return 'cross-site'; // "null" (sandboxed frames, data: pages) and junk
  }
}

/**
 * The rules every request meets before a route sees it:
 * - a body is JSON unless the route lists other types (415 otherwise);
 * - a write without a bearer token must come from our own site (the cookie alone is not enough:
 *   another site could submit a form with the visitor's cookie, or sign them in to its account);
 * - a query string's percent-escapes decode (400 otherwise, as the router does for the path);
 * - no NUL character in any string of the body, query or path (PostgreSQL text cannot hold it).
 */
export function registerEdge(app: FastifyInstance, options: { allowedOrigins: string[] }) {
  const allowedOrigins = new Set(options.allowedOrigins);

  // JSON through the framework's own parser (prototype-poisoning checks), keeping the text for
  // routes that verify a signature over it; text/plain is dropped so only the listed types parse
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (request.routeOptions.config.rawBody) request.rawBody = text;
    void json(request, text, done);
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (badQueryEncoding(request.url)) {
      throw new AppError(ResultCode.BAD_REQUEST, 'query: bad percent-encoding');
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const config = request.routeOptions.config;
    if (hasBody(request)) {
      const type = mediaType(request.headers['content-type']);
      const accepted = type === 'application/json' || config.acceptsBodyTypes?.includes(type);
      if (!accepted) {
        throw new AppError(
          ResultCode.UNSUPPORTED_MEDIA_TYPE,
          `Content-Type ${type || '(none)'} is not accepted; send application/json`,
        );
      }
    }
    if (
      !config.allowCrossSite &&
      !bearerToken(request) &&
      sameSiteVerdict(request, allowedOrigins) === 'cross-site'
    ) {
      throw new AppError(ResultCode.CROSS_SITE_REQUEST, 'Cross-site request refused');
    }
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (containsNul(value)) {
        throw new AppError(ResultCode.BAD_REQUEST, `${part}: a NUL character is not allowed`);
      }
    }
  });
}

/** The route config of a per-route rate limit (the global limiter is registered in app.ts). */
export function rateLimited(max: number, timeWindow: string | number = '1 minute') {
  return { rateLimit: { max, timeWindow } } as const;
}
