import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { compile as compileProxyTrust } from '@fastify/proxy-addr';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { clientErrorHandler, frameworkErrors } from './error-handler';

/** The Fastify instance: proxies, body and path limits, request ids, zod schemas, decorations. */
export function createServer(
  config: Pick<Config, 'trustedProxies' | 'logLevel'>,
  logger: FastifyServerOptions['logger'] | undefined,
) {
  const trustProxy = config.trustedProxies.length > 0 ? config.trustedProxies : false;
  const trusted = trustProxy ? compileProxyTrust(trustProxy) : () => false;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // X-Forwarded-For is believed only from our own proxies: anyone else could name any address
    trustProxy,
    bodyLimit: 256 * 1024,
    // search keywords travel in the path, URL-encoded: 100 Korean characters are 900 bytes
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors,
    // Node's parser refusals (400, 431, 408) in the envelope too
    clientErrorHandler,
    // a proxy's request id joins our logs to its own; a client's is not believed
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      const peer = request.socket.remoteAddress;
      if (typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) && peer && trusted(peer, 0))
        return given;
      return randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('operator', null);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  return app;
}
