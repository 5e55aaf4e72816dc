import { createHmac } from 'node:crypto';
import { calculatePKCECodeChallenge } from 'openid-client';
import type { Clock } from '../../../clock';
import type { ProviderFetch } from './oidc-provider';
import {
  ProviderUnavailableError,
  ProviderVerificationError,
  type SocialProvider,
  type VerifiedIdentity,
} from './social-provider';

export interface FacebookProviderOptions {
  appId: string;
  appSecret: string;
  /** https://www.facebook.com/vNN.N/dialog/oauth */
  authorizeUrl: string;
  /** https://graph.facebook.com/vNN.N */
  graphUrl: string;
  clock: Clock;
  fetch?: ProviderFetch;
  sandbox?: boolean;
}

interface DebugTokenReply {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number };
}
interface MeReply {
  id?: string;
  name?: string;
  email?: string;
}

/**
 * Facebook Login: OAuth 2 authorization code (state and PKCE) and the Graph API. A user access
 * token is trusted only after debug_token says it is valid, unexpired and issued to our app; the
 * profile is read with an appsecret_proof.
 */
export function createFacebookProvider(options: FacebookProviderOptions): SocialProvider {
  const fetchImpl: ProviderFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const graph = options.graphUrl.replace(/\/$/, '');
  const fail = (reason: string, cause?: unknown) =>
    new ProviderVerificationError('facebook', reason, { cause });

  async function getJson<T>(url: URL): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetchImpl(url.toString(), {
        method: 'GET',
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new ProviderUnavailableError('facebook: Graph API unreachable', { cause: error });
    }
    if (response.status >= 500)
      throw new ProviderUnavailableError(`facebook: Graph API answered ${response.status}`);
    return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
  }

  async function verifyAccessToken(accessToken: string): Promise<VerifiedIdentity> {
    const debug = new URL(`${graph}/debug_token`);
    debug.searchParams.set('input_token', accessToken);
    debug.searchParams.set('access_token', `${options.appId}|${options.appSecret}`);
    const { status, body } = await getJson<DebugTokenReply>(debug);
    const data = body.data;
    if (status !== 200 || !data?.is_valid) throw fail('access token is not valid');
    if (data.app_id !== options.appId) throw fail('access token was issued to another app');
    const nowSeconds = Math.floor(options.clock.now().getTime() / 1000);
    if (data.expires_at && data.expires_at <= nowSeconds) throw fail('access token expired');

    const me = new URL(`${graph}/me`);
    me.searchParams.set('fields', 'id,name,email');
    me.searchParams.set('access_token', accessToken);
    me.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
    );
    const profile = await getJson<MeReply>(me);
    if (profile.status !== 200 || !profile.body.id) throw fail('profile could not be read');
    if (data.user_id && data.user_id !== profile.body.id)
      throw fail('profile and token disagree on the user');
    return {
      method: 'facebook',
      subject: profile.body.id,
      // Facebook only returns confirmed addresses
      email: profile.body.email ?? null,
      name: profile.body.name ?? null,
    };
  }

  return {
    method: 'facebook',
    sandbox: options.sandbox ?? false,

    async authorizationUrl(request) {
      const url = new URL(options.authorizeUrl);
      url.searchParams.set('client_id', options.appId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'public_profile,email');
      url.searchParams.set('state', request.state);
      url.searchParams.set(
        'code_challenge',
        await calculatePKCECodeChallenge(request.codeVerifier),
      );
      url.searchParams.set('code_challenge_method', 'S256');
      return url;
    },

    async redeemCode(request, callback) {
      if (callback.state !== request.state) throw fail('state does not match');
      const exchange = new URL(`${graph}/oauth/access_token`);
      exchange.searchParams.set('client_id', options.appId);
      exchange.searchParams.set('client_secret', options.appSecret);
      exchange.searchParams.set('redirect_uri', request.redirectUri);
      exchange.searchParams.set('code', callback.code);
      exchange.searchParams.set('code_verifier', request.codeVerifier);
      const { status, body } = await getJson<{ access_token?: string }>(exchange);
      if (status !== 200 || !body.access_token) throw fail('authorization code rejected');
      return verifyAccessToken(body.access_token);
    },

    verifyNativeToken: verifyAccessToken,
  };
}
