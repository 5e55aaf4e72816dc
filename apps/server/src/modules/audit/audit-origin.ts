import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where an audited change came from: the client's address and user agent of its request. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** a user agent is the client's to write: kept to a length a review can read */
export const USER_AGENT_MAX = 512;

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * One for the process, shared by every app built in it: each request's store lives in its own
 * async context. (One per app built stayed enabled after the app closed; with hundreds built in a
 * test worker, every promise created walked all of them, a fifth of the server suites' time.)
 */
const storage = new AsyncLocalStorage<RequestOrigin>();

/**
 * The request an audited change is made in, without passing it through every service (decision
 * 1570): a hook opens an async context per request, `audit.record` reads it. Outside a request
 * (the transcode worker, the CLI, timers) there is none and the entry has no address.
 */
export function createRequestOrigins() {
  return {
    current: (): RequestOrigin | undefined => storage.getStore(),
    /**
     * Hooks on the root instance. The body parser's stream events lose the context opened in
     * onRequest, so preValidation enters it again (as @fastify/request-context does).
     */
    register: (app: FastifyInstance): void => {
      app.addHook('onRequest', (request, _reply, done) => {
        const agent = request.headers['user-agent'];
        const origin: RequestOrigin = {
          ip: request.ip,
          userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
        };
        storage.run(origin, () => {
          const resource = new AsyncResource('audit-origin');
          resources.set(request, resource);
          resource.runInAsyncScope(done, request.raw);
        });
      });
      app.addHook('preValidation', (request, _reply, done) => {
        const resource = resources.get(request);
        if (resource) resource.runInAsyncScope(done, request.raw);
        else done();
      });
    },
  };
}

export type RequestOrigins = ReturnType<typeof createRequestOrigins>;
