import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createIdentityRepository } from './identity.repository';
import { identityRoutes } from './identity.routes';
import { createIdentityService, type IdentityProvider } from './identity.service';
import { createPortoneIdentityClient } from './providers/portone-identity';
import { createFakePortone, IDENTITY_SANDBOX_KEYS, type FakePortone } from './sandbox/fake-portone';
import { identitySandboxRoutes } from './sandbox/identity-sandbox.routes';
import { named } from '../../http/plugin-name';

/**
 * Identity checks for the age gate (decision 1490): the real PortOne adapter, pointed at PortOne
 * when keys are configured, else (sandbox on, never in production) at the local stand-in that
 * speaks PortOne's wire format; no provider at all in production without keys.
 */
export function createIdentityModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'identity' | 'env' | 'serviceTimeZone'>;
  /** the stand-in of an earlier app in this process (tests rebuild the app as a restart would) */
  reuse?: FakePortone;
}) {
  const { config } = deps;
  const production = config.env === 'production';
  const portone = config.identity.portone;
  const fake =
    !portone && config.identity.sandbox ? (deps.reuse ?? createFakePortone()) : undefined;
  const provider: IdentityProvider | undefined = portone
    ? {
        mode: 'portone',
        client: createPortoneIdentityClient({
          apiSecret: portone.apiSecret,
          storeId: portone.storeId,
          apiBase: () => Promise.resolve(portone.apiBase),
        }),
        storeId: portone.storeId,
        channelKey: portone.channelKey,
      }
    : fake
      ? {
          mode: 'sandbox',
          client: createPortoneIdentityClient({
            apiSecret: IDENTITY_SANDBOX_KEYS.apiSecret,
            storeId: IDENTITY_SANDBOX_KEYS.storeId,
            apiBase: () => fake.url(),
          }),
          storeId: IDENTITY_SANDBOX_KEYS.storeId,
          channelKey: IDENTITY_SANDBOX_KEYS.channelKey,
        }
      : undefined;
  const identity = createIdentityService({
    repo: createIdentityRepository(deps.db),
    clock: deps.clock,
    serviceTimeZone: config.serviceTimeZone,
    provider,
  });

  return {
    identity,
    /** the local PortOne stand-in, when in use (never in production) */
    standIn: fake,
    routes: (g: RouteGuards, webOrigin: (request: FastifyRequest) => string) =>
      identityRoutes({ identity, guards: g.viewer, webOrigin }),
    /** The stand-in's page and API port, when in use; closed with the app that made them. */
    registerStandIn: async (app: FastifyInstance) => {
      if (!fake) return;
      await app.register(named(identitySandboxRoutes({ fake, production }), 'identity stand-in'));
      if (!deps.reuse) app.addHook('onClose', () => fake.close());
    },
  };
}
