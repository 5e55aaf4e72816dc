import * as oidc from 'openid-client';
import {
  createRemoteJWKSet,
  customFetch as joseCustomFetch,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { SocialMethod } from '@snapdrama/contract';
import type { Clock } from '../../../clock';
import {
  ProviderUnavailableError,
  ProviderVerificationError,
  type PendingAuthorization,
  type SocialProvider,
  type VerifiedIdentity,
} from './social-provider';

/** A fetch the provider's HTTP calls go through (the sandbox answers in-process). */
export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

/** openid-client types its fetch with its own body union; the runtime contract is fetch's. */
const asCustomFetch = (f: ProviderFetch) => f as unknown as oidc.CustomFetch;

export interface OidcProviderOptions {
  method: SocialMethod;
  issuer: string;
  clientId: string;
  /** a fixed secret, a function making one per token request (Apple's signed secret), or none */
  clientSecret: string | (() => Promise<string>) | undefined;
  /** audiences accepted for native idTokens besides clientId */
  nativeClientIds?: string[];
  scope: string;
  /** extra authorization parameters, e.g. Apple's response_mode=form_post */
  authorizationParams?: Record<string, string>;
  clock: Clock;
  fetch?: ProviderFetch;
  /** plain http issuers: the sandbox and the tests' mock server only */
  allowHttp?: boolean;
  sandbox?: boolean;
}

const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256'];

/**
 * Google, Kakao and Apple: OpenID Connect authorization code flow with PKCE S256, state and nonce,
 * through openid-client. The ID token is checked twice: by openid-client (issuer, audience,
 * expiry, nonce, state) and by jose against the provider's published keys (signature).
 */
export function createOidcProvider(options: OidcProviderOptions): SocialProvider {
  const { method, clock } = options;
  const fetchImpl = options.fetch;
  let metadata: Promise<oidc.ServerMetadata> | undefined;
  let keys: JWTVerifyGetKey | undefined;

  const serverMetadata = () => {
    metadata ??= oidc
      .discovery(new URL(options.issuer), options.clientId, undefined, undefined, {
        ...(fetchImpl ? { [oidc.customFetch]: asCustomFetch(fetchImpl) } : {}),
        execute: options.allowHttp ? [oidc.allowInsecureRequests] : [],
      })
      .then((config) => config.serverMetadata())
      .catch((error: unknown) => {
        metadata = undefined; // try discovery again on the next sign-in
        throw new ProviderUnavailableError(`${method}: discovery of ${options.issuer} failed`, {
          cause: error,
        });
      });
    return metadata;
  };

  const jwks = async () => {
    if (keys) return keys;
    const server = await serverMetadata();
    if (!server.jwks_uri)
      throw new ProviderUnavailableError(`${method}: the provider publishes no jwks_uri`);
    keys = createRemoteJWKSet(
      new URL(server.jwks_uri),
      fetchImpl ? { [joseCustomFetch]: fetchImpl } : {},
    );
    return keys;
  };

  /** A client configuration whose notion of "now" is the injected clock's. */
  const configuration = async () => {
    const server = await serverMetadata();
    const secret =
      typeof options.clientSecret === 'function'
        ? await options.clientSecret()
        : options.clientSecret;
    const skewSeconds = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const config = new oidc.Configuration(
      server,
      options.clientId,
      { [oidc.clockSkew]: skewSeconds, [oidc.clockTolerance]: 0 },
      secret ? oidc.ClientSecretPost(secret) : oidc.None(),
    );
    if (fetchImpl) config[oidc.customFetch] = asCustomFetch(fetchImpl);
    if (options.allowHttp) oidc.allowInsecureRequests(config);
    return config;
  };

  async function verifyIdToken(
    idToken: string,
    expected: { nonce?: string; audiences: string[] },
  ): Promise<VerifiedIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, await jwks(), {
        issuer: options.issuer,
        audience: expected.audiences,
        algorithms: ID_TOKEN_ALGORITHMS,
        currentDate: clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw error;
      throw new ProviderVerificationError(method, 'ID token rejected', { cause: error });
    }
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
      throw new ProviderVerificationError(method, 'ID token nonce does not match');
    }
    if (typeof payload.sub !== 'string' || !payload.sub) {
      throw new ProviderVerificationError(method, 'ID token has no subject');
    }
    // Apple sends email_verified as a string; an unverified address is not kept.
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    const email = typeof payload.email === 'string' && verified ? payload.email : null;
    const name =
      typeof payload.name === 'string'
        ? payload.name
        : typeof payload.nickname === 'string'
          ? payload.nickname
          : null;
    return { method, subject: payload.sub, email, name };
  }

  return {
    method,
    sandbox: options.sandbox ?? false,

    async authorizationUrl(request: PendingAuthorization) {
      const config = await configuration();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: options.scope,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
        ...options.authorizationParams,
      });
    },

    async redeemCode(request, callback) {
      const config = await configuration();
      const current = new URL(request.redirectUri);
      current.searchParams.set('code', callback.code);
      current.searchParams.set('state', callback.state);
      let tokens: oidc.TokenEndpointResponse;
      try {
        tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: request.state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new ProviderVerificationError(method, 'authorization code rejected', {
          cause: error,
        });
      }
      if (!tokens.id_token)
        throw new ProviderVerificationError(method, 'no ID token in the token response');
      return verifyIdToken(tokens.id_token, {
        nonce: request.nonce,
        audiences: [options.clientId],
      });
    },

    async verifyNativeToken(token) {
      return verifyIdToken(token, {
        audiences: [options.clientId, ...(options.nativeClientIds ?? [])],
      });
    },
  };
}
