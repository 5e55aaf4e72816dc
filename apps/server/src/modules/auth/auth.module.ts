import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { createAccountsService, type AccountDataHooks, type JoinRecord } from './accounts.service';
import { createAuthRepository } from './auth.repository';
import { authRoutes, type AgeCheckView, type EventStateView, type WalletView } from './auth.routes';
import { createAuthService } from './auth.service';
import { sandboxRoutes } from './providers/sandbox.routes';
import { createSocialProviders } from './providers/social-providers';
import { createSignInTickets } from './sign-in-tickets';
import { createSuspensionsRepository } from './suspensions.repository';
import { createSuspensionsService } from './suspensions.service';
import { createAccessTokens } from './tokens';

/**
 * Sessions and users first (every module asks who is calling); accounts (social sign-in, a guest
 * joining an account, withdrawal) last, once every module that keeps a viewer's rows exists.
 */
export function createAuthModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'accessTokenTtlSeconds'
    | 'refreshTokenTtlSeconds'
    | 'social'
    | 'env'
    | 'publicBaseUrl'
    | 'serviceTimeZone'
    | 'cookieSecure'
    | 'authRateLimitPerMinute'
  >;
}) {
  const { db, clock, config } = deps;
  const tokens = createAccessTokens({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
    clock,
  });
  const repo = createAuthRepository(db);
  // operators' suspensions of viewers (decision 1560): asked by sessions and the wallet
  const suspensions = createSuspensionsService({
    repo: createSuspensionsRepository(db),
    clock,
    revokeAllSessions: (tx, userId, now) => repo.revokeAllSessions(tx, userId, now),
  });
  const auth = createAuthService({
    db,
    repo,
    tokens,
    clock,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    suspensions,
  });

  function withAccounts(more: {
    /** each module moves (guest sign-in) or erases (withdrawal) its own rows */
    hooks: AccountDataHooks[];
    /** hears each new account made by a join, in its transaction (invites, decision 1510) */
    onJoined?: (tx: Tx, join: JoinRecord) => Promise<void>;
    wallet: WalletView;
    events: EventStateView;
    identity: AgeCheckView;
  }) {
    const socialProviders = createSocialProviders(config.social, clock);
    const accounts = createAccountsService({
      db,
      repo,
      auth,
      providers: socialProviders,
      tickets: createSignInTickets({ secret: config.jwtSecret, ttlSeconds: 600, clock }),
      clock,
      hooks: more.hooks,
      onJoined: more.onJoined,
      production: config.env === 'production',
      webOrigins: [
        ...(config.publicBaseUrl ? [config.publicBaseUrl] : []),
        ...config.social.webOrigins,
      ],
    });
    return {
      accounts,
      socialProviders,
      routes: (g: RouteGuards) =>
        authRoutes({
          auth,
          guards: g.viewer,
          clock,
          serviceTimeZone: config.serviceTimeZone,
          cookieSecure: config.cookieSecure,
          accessTokenTtlSeconds: config.accessTokenTtlSeconds,
          wallet: more.wallet,
          events: more.events,
          identity: more.identity,
          accounts,
          rateLimitPerMinute: config.authRateLimitPerMinute,
        }),
      /** the local sign-in pages of providers without keys (never in production) */
      sandboxRoutes: (webOrigins: string[]) =>
        socialProviders.sandboxes.length > 0
          ? sandboxRoutes({
              sandboxes: socialProviders.sandboxes,
              production: config.env === 'production',
              webOrigins,
            })
          : undefined,
    };
  }

  return { tokens, auth, suspensions, withAccounts };
}
