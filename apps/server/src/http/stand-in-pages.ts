import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What the local stand-ins of providers' pages (checkout, identity check) share: never mounted in
 * production, they are plain HTML pages posting plain HTML forms, as the providers' own are.
 */

/** Text escaped for HTML (element content and quoted attribute values). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The http(s) URL a value holds, else undefined: a stand-in only returns to web addresses. */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the pages' form posts (application/x-www-form-urlencoded) as a record of strings. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : '')));
    },
  );
}

/** Sends a stand-in's page, never cached, under its own content security policy (not the app's). */
export function sendPage(reply: FastifyReply, status: number, page: string, policy: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy)
    .send(page);
}
