import type { SocialMethod } from '@snapdrama/contract';
import type { Clock } from '../../../clock';
import type { SocialConfig } from '../../../config';
import { appleClientSecret } from './apple-client-secret';
import { createFacebookProvider } from './facebook-provider';
import { createOidcProvider } from './oidc-provider';
import {
  SANDBOX_CLIENT_SECRET,
  SANDBOX_ORIGIN,
  createSandboxIdp,
  sandboxBasePath,
  sandboxClientId,
  sandboxIssuer,
  type SandboxIdp,
} from './sandbox-provider';
import type { SocialProvider } from './social-provider';

export interface SocialProviders {
  get(method: SocialMethod): SocialProvider | undefined;
  /** the sandbox identity providers to mount, one per provider without keys */
  sandboxes: SandboxIdp[];
}

const OIDC_SCOPES: Record<Exclude<SocialMethod, 'facebook'>, string> = {
  google: 'openid email profile',
  kakao: 'openid account_email profile_nickname',
  apple: 'openid email name',
};

/**
 * A real adapter for every provider with keys; the sandbox for the others outside production;
 * nothing (503 on use) otherwise.
 */
export function createSocialProviders(config: SocialConfig, clock: Clock): SocialProviders {
  const providers = new Map<SocialMethod, SocialProvider>();
  const sandboxes: SandboxIdp[] = [];

  if (config.google) {
    providers.set(
      'google',
      createOidcProvider({ method: 'google', ...config.google, scope: OIDC_SCOPES.google, clock }),
    );
  }
  if (config.kakao) {
    providers.set(
      'kakao',
      createOidcProvider({ method: 'kakao', ...config.kakao, scope: OIDC_SCOPES.kakao, clock }),
    );
  }
  if (config.apple) {
    const apple = config.apple;
    providers.set(
      'apple',
      createOidcProvider({
        method: 'apple',
        issuer: apple.issuer,
        clientId: apple.clientId,
        nativeClientIds: apple.nativeClientIds,
        clientSecret: appleClientSecret({
          teamId: apple.teamId,
          keyId: apple.keyId,
          clientId: apple.clientId,
          privateKeyPem: apple.privateKey,
          audience: apple.issuer,
          clock,
        }),
        scope: OIDC_SCOPES.apple,
        // Apple posts the callback when name or email is asked for (see auth.routes /auth/callback/apple)
        authorizationParams: { response_mode: 'form_post' },
        clock,
      }),
    );
  }
  if (config.facebook) {
    providers.set('facebook', createFacebookProvider({ ...config.facebook, clock }));
  }

  if (config.sandbox) {
    for (const method of ['google', 'kakao', 'facebook', 'apple'] as const) {
      if (providers.has(method)) continue;
      const idp = createSandboxIdp(method, clock);
      sandboxes.push(idp);
      if (method === 'facebook') {
        providers.set(
          method,
          createFacebookProvider({
            appId: sandboxClientId(method),
            appSecret: SANDBOX_CLIENT_SECRET,
            authorizeUrl: `${SANDBOX_ORIGIN}${sandboxBasePath(method)}/authorize`,
            graphUrl: `${SANDBOX_ORIGIN}${sandboxBasePath(method)}`,
            clock,
            fetch: idp.fetch,
            sandbox: true,
          }),
        );
      } else {
        providers.set(
          method,
          createOidcProvider({
            method,
            issuer: sandboxIssuer(method),
            clientId: sandboxClientId(method),
            clientSecret: SANDBOX_CLIENT_SECRET,
            scope: OIDC_SCOPES[method],
            authorizationParams: method === 'apple' ? { response_mode: 'form_post' } : undefined,
            clock,
            fetch: idp.fetch,
            allowHttp: true,
            sandbox: true,
          }),
        );
      }
    }
  }

  return { get: (method) => providers.get(method), sandboxes };
}
