import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_ORIGIN, sandboxBasePath, type SandboxIdp } from './sandbox-provider';

/**
 * Mounts the sandbox identity providers for the browser at /sandbox/oauth/{provider}/...
 * (sign-in page and its form post). Only built when the sandbox is on, never in production.
 */
export function sandboxRoutes(deps: {
  sandboxes: SandboxIdp[];
  production: boolean;
}): FastifyPluginAsync {
  if (deps.production) throw new Error('the sandbox sign-in is never mounted in production');
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
