import { SignJWT, generateKeyPair } from 'jose';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock';
import { createOidcProvider } from './oidc-provider';
import {
  ProviderUnavailableError,
  ProviderVerificationError,
  type PendingAuthorization,
  type SocialProvider,
} from './social-provider';

/**
 * The real OpenID Connect adapter against oauth2-mock-server: a real provider with signed tokens,
 * discovery, JWKS and PKCE.
 */
const CLIENT_ID = 'snapdrama-web';
const REDIRECT = 'http://localhost:5173/callback/google';

let server: OAuth2Server;
let provider: SocialProvider;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  provider = createOidcProvider({
    method: 'google',
    issuer: server.issuer.url ?? '',
    clientId: CLIENT_ID,
    clientSecret: 'client-secret',
    scope: 'openid email profile',
    clock,
    allowHttp: true,
  });
});
afterAll(() => server.stop());
afterEach(() => {
  server.service.removeAllListeners('beforeTokenSigning');
  clock.set(new Date());
});

const pending = (): PendingAuthorization => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
  redirectUri: REDIRECT,
});

/** Follows the authorization URL like the popup does; the mock provider signs the user in at once. */
async function authorize(request: PendingAuthorization) {
  const url = await provider.authorizationUrl(request);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBe(request.state);
  expect(url.searchParams.get('nonce')).toBe(request.nonce);
  const res = await fetch(url, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

/** Changes the next ID token (the token with our client as audience) before it is signed. */
function tamperIdToken(change: (payload: MutableToken['payload']) => void) {
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud === CLIENT_ID) change(token.payload);
  });
}

describe('OpenID Connect adapter against a real provider', () => {
  it('redeems a code: PKCE, state, nonce and a signed ID token give the verified subject', async () => {
    tamperIdToken((p) =>
      Object.assign(p, { email: 'viewer@example.com', email_verified: true, name: 'Viewer' }),
    );
    const request = pending();
    const callback = await authorize(request);
    const identity = await provider.redeemCode(request, callback);
    expect(identity).toEqual({
      method: 'google',
      subject: 'johndoe',
      email: 'viewer@example.com',
      name: 'Viewer',
    });
  });

  it('keeps no e-mail the provider has not verified', async () => {
    tamperIdToken((p) =>
      Object.assign(p, { email: 'unverified@example.com', email_verified: false }),
    );
    const request = pending();
    const identity = await provider.redeemCode(request, await authorize(request));
    expect(identity.email).toBeNull();
  });

  it('refuses a callback whose state is not the request state', async () => {
    const request = pending();
    const callback = await authorize(request);
    await expect(
      provider.redeemCode(request, { ...callback, state: oidc.randomState() }),
    ).rejects.toBeInstanceOf(ProviderVerificationError);
  });

  it('refuses an ID token whose nonce is not the request nonce', async () => {
    const request = pending();
    const callback = await authorize(request);
    await expect(
      provider.redeemCode({ ...request, nonce: oidc.randomNonce() }, callback),
    ).rejects.toBeInstanceOf(ProviderVerificationError);
  });

  it('refuses a code redeemed with another PKCE verifier', async () => {
    const request = pending();
    const callback = await authorize(request);
    await expect(
      provider.redeemCode({ ...request, codeVerifier: oidc.randomPKCECodeVerifier() }, callback),
    ).rejects.toBeInstanceOf(ProviderVerificationError);
  });

  it('refuses an expired ID token', async () => {
    tamperIdToken((p) => {
      const now = Math.floor(Date.now() / 1000);
      Object.assign(p, { iat: now - 7200, exp: now - 3600 });
    });
    const request = pending();
    await expect(provider.redeemCode(request, await authorize(request))).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it('refuses an ID token for another audience', async () => {
    server.service.on('beforeTokenSigning', (token: MutableToken) => {
      if (token.payload.aud === CLIENT_ID) token.payload.aud = 'another-client';
    });
    const request = pending();
    await expect(provider.redeemCode(request, await authorize(request))).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it('refuses an ID token from another issuer', async () => {
    tamperIdToken((p) => Object.assign(p, { iss: 'https://accounts.evil.example' }));
    const request = pending();
    await expect(provider.redeemCode(request, await authorize(request))).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it('refuses a replayed code', async () => {
    const request = pending();
    const callback = await authorize(request);
    await provider.redeemCode(request, callback);
    await expect(provider.redeemCode(request, callback)).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it('uses the injected clock: a token valid now is expired an hour later', async () => {
    const request = pending();
    const callback = await authorize(request);
    clock.advance(2 * 3600 * 1000);
    await expect(provider.redeemCode(request, callback)).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });
});

describe('native ID tokens', () => {
  const build = (change: (p: MutableToken['payload']) => void = () => undefined) =>
    server.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { sub: 'native-user', aud: CLIENT_ID });
        change(payload);
      },
    });

  it('accepts a token signed by the provider for our client', async () => {
    const identity = await provider.verifyNativeToken(await build());
    expect(identity.subject).toBe('native-user');
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = server.issuer.keys.get()?.kid ?? '';
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(server.issuer.url ?? '')
      .setAudience(CLIENT_ID)
      .setSubject('someone-else')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    await expect(provider.verifyNativeToken(forged)).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it.each([
    ['another audience', (p: MutableToken['payload']) => Object.assign(p, { aud: 'other-app' })],
    [
      'another issuer',
      (p: MutableToken['payload']) => Object.assign(p, { iss: 'https://evil.example' }),
    ],
    [
      'an expired token',
      (p: MutableToken['payload']) => Object.assign(p, { exp: Math.floor(Date.now() / 1000) - 10 }),
    ],
  ])('refuses %s', async (_name, change) => {
    await expect(provider.verifyNativeToken(await build(change))).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });

  it('reports an unreachable provider as unavailable, not as a bad token', async () => {
    const offline = createOidcProvider({
      method: 'kakao',
      issuer: 'http://127.0.0.1:9/',
      clientId: CLIENT_ID,
      clientSecret: undefined,
      scope: 'openid',
      clock,
      allowHttp: true,
    });
    await expect(offline.verifyNativeToken('x.y.z')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});
