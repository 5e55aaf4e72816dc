import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock';
import { createFacebookProvider } from './facebook-provider';
import {
  SANDBOX_CLIENT_SECRET,
  SANDBOX_ORIGIN,
  createSandboxIdp,
  sandboxBasePath,
  sandboxClientId,
} from './sandbox-provider';
import { ProviderVerificationError, type PendingAuthorization } from './social-provider';

/** The Facebook adapter (OAuth 2 + Graph API) against the sandbox's Graph-shaped endpoints. */
const clock = new ManualClock();
const idp = createSandboxIdp('facebook', clock);
const base = `${SANDBOX_ORIGIN}${sandboxBasePath('facebook')}`;
const adapter = (appId = sandboxClientId('facebook'), appSecret = SANDBOX_CLIENT_SECRET) =>
  createFacebookProvider({
    appId,
    appSecret,
    authorizeUrl: `${base}/authorize`,
    graphUrl: base,
    clock,
    fetch: idp.fetch,
  });
const facebook = adapter();

const pending = (): PendingAuthorization => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
  redirectUri: 'http://localhost:5173/callback/facebook',
});

async function signIn(request: PendingAuthorization, email = 'fb.viewer@sandbox.test') {
  const url = await facebook.authorizationUrl(request);
  const form = new URLSearchParams(url.searchParams);
  form.set('email', email);
  const res = await idp.handle(
    new Request(`${base}/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
  );
  const location = new URL(res.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
  };
}

describe('Facebook adapter', () => {
  it('exchanges the code and reads the profile of a token issued to our app', async () => {
    const request = pending();
    const identity = await facebook.redeemCode(request, await signIn(request));
    expect(identity).toMatchObject({ method: 'facebook', email: 'fb.viewer@sandbox.test' });
    expect(identity.subject).toMatch(/^sbx-/);
  });

  it('refuses a callback with another state', async () => {
    const request = pending();
    const callback = await signIn(request);
    await expect(
      facebook.redeemCode(request, { ...callback, state: 'forged' }),
    ).rejects.toBeInstanceOf(ProviderVerificationError);
  });

  it('refuses a replayed code and a wrong PKCE verifier', async () => {
    const request = pending();
    const callback = await signIn(request);
    await facebook.redeemCode(request, callback);
    await expect(facebook.redeemCode(request, callback)).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
    const other = pending();
    const second = await signIn(other);
    await expect(
      facebook.redeemCode({ ...other, codeVerifier: oidc.randomPKCECodeVerifier() }, second),
    ).rejects.toBeInstanceOf(ProviderVerificationError);
  });

  it('refuses a native access token that is unknown, or checked by another app', async () => {
    await expect(facebook.verifyNativeToken('not-a-token')).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
    const stranger = adapter('another-app', 'another-secret');
    const request = pending();
    const callback = await signIn(request);
    // a real token exists, but debug_token refuses the other app's credentials
    await facebook.redeemCode(request, callback);
    await expect(stranger.verifyNativeToken('anything')).rejects.toBeInstanceOf(
      ProviderVerificationError,
    );
  });
});
