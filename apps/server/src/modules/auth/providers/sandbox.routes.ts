import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, ResultCode, socialCallbackPath, type SocialMethod } from '@snapdrama/contract';
import { AppError } from '../../../errors';
import { containsNul } from '../../../http/edge';
import { SANDBOX_ORIGIN, sandboxBasePath, type SandboxIdp } from './sandbox-provider';

// outside production a web app on this machine is ours too, as for the sign-in's returnUri
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The sandbox sends its code only where a real provider would: the redirect URI registered for
 * our client, i.e. the sign-in return page of a configured web origin (Apple: our API's callback).
 * Anything else would be an open redirect carrying the code.
 */
function checkRedirect(method: SocialMethod, redirect: string | null, origins: Set<string>) {
  let url: URL | undefined;
  try {
    url = new URL(redirect ?? '');
  } catch {
    url = undefined;
  }
  const page = method === 'apple' ? `${API_BASE}/auth/callback/apple` : socialCallbackPath(method);
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !(origins.has(url.origin) || LOOPBACK_HOSTS.has(url.hostname)) ||
    url.pathname !== page ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new AppError(
      ResultCode.REDIRECT_URI_NOT_ALLOWED,
      'redirect_uri: not a sign-in return page of this site',
    );
  }
}

/**
 * Mounts the sandbox identity providers for the browser at /sandbox/oauth/{provider}/...
 * (sign-in page and its form post). Only built when the sandbox is on, never in production.
 */
export function sandboxRoutes(deps: {
  sandboxes: SandboxIdp[];
  production: boolean;
  /** the configured web origins (PUBLIC_BASE_URL, WEB_ORIGINS): where a code may go back to */
  webOrigins: string[];
}): FastifyPluginAsync {
  if (deps.production) throw new Error('the sandbox sign-in is never mounted in production');
  const origins = new Set(deps.webOrigins.map((o) => new URL(o).origin));
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, body);
      },
    );

    for (const idp of deps.sandboxes) {
      const base = sandboxBasePath(idp.method);
      const forward = async (request: FastifyRequest, reply: FastifyReply) => {
        const [path = '', query = ''] = request.url.split('?', 2);
        if (path === `${base}/authorize`) {
          // the form's fields as the sandbox reads them: no NUL (PostgreSQL text cannot hold it,
          // and a name or e-mail would carry it into /auth/join), and a return page of ours
          const fields = new URLSearchParams(
            request.method === 'POST' && typeof request.body === 'string' ? request.body : query,
          );
          if (containsNul([...fields])) {
            throw new AppError(ResultCode.BAD_REQUEST, 'form: a NUL character is not allowed');
          }
          checkRedirect(idp.method, fields.get('redirect_uri'), origins);
        }
        const url = `${SANDBOX_ORIGIN}${request.url}`;
        const init: RequestInit = {
          method: request.method,
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        };
        if (request.method === 'POST')
          init.body =
            typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null);
        const response = await idp.handle(new Request(url, init));
        void reply.status(response.status);
        // the sandbox's own pages are inline HTML (the form_post page submits itself): they carry
        // their own policy instead of the app's
        void reply.header(
          'content-security-policy',
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
        );
        response.headers.forEach((value, name) => void reply.header(name, value));
        return reply.send(Buffer.from(await response.arrayBuffer()));
      };
      app.get(`${base}/*`, { schema: { hide: true } }, forward);
      app.post(
        `${base}/authorize`,
        {
          schema: { hide: true },
          config: { acceptsBodyTypes: ['application/x-www-form-urlencoded'] },
        },
        forward,
      );
      // the platform SDK's sign-in for the native host simulator (JSON: email, name)
      app.post(`${base}/native-token`, { schema: { hide: true } }, forward);
    }
  };
}
