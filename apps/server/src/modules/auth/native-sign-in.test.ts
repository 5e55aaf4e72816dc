import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, SOCIAL_METHODS, type SocialMethod } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { ALL_AGREED } from './testing/sandbox-sign-in';

/**
 * Native sign-in (spec §4, §7; decision 0401): the app hands the server what the platform SDK
 * gave it (Google, Kakao and Apple ID tokens, a Facebook access token) with isNative true. The
 * sandbox providers issue them here as the SDKs would, and the same verifiers as in production
 * check them: signature, issuer, audience, expiry; Facebook's with debug_token.
 */
const ctx = useTestContext();

const newEmail = () => `n-${randomUUID().slice(0, 8)}@sandbox.test`;

async function sdkToken(method: SocialMethod, email: string, audience?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/sandbox/oauth/${method}/native-token`,
    payload: { email, name: 'Native viewer', ...(audience ? { audience } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json<{ data: { idToken?: string; accessToken?: string } }>().data;
  const token = data.idToken ?? data.accessToken;
  if (!token) throw new Error('no token');
  return token;
}

const checkNative = (method: SocialMethod, authId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/auth/check/user`,
    payload: { authMthd: method, authId, isNative: true },
  });

const refused = (res: { statusCode: number; json: () => { code: number } }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe(ResultCode.SOCIAL_AUTH_FAILED);
};

describe('native sign-in through the app', () => {
  it.each(SOCIAL_METHODS)(
    '%s: the SDK token signs up, then signs in the same account',
    async (method) => {
      const email = newEmail();
      const first = await checkNative(method, await sdkToken(method, email));
      expect(first.statusCode).toBe(200);
      const ticket = first.json<{ data: { isExists: boolean; authId: string } }>().data;
      expect(ticket.isExists).toBe(false);
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/join`,
        payload: { authMthd: method, authId: ticket.authId, ...ALL_AGREED },
      });
      expect(joined.statusCode).toBe(200);

      const again = await checkNative(method, await sdkToken(method, email));
      const existing = again.json<{ data: { isExists: boolean; authId: string } }>().data;
      expect(existing.isExists).toBe(true);
      const login = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/auth/login`,
        payload: { authMthd: method, authId: existing.authId },
      });
      expect(login.statusCode).toBe(200);
      const info = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/user/info`,
        headers: {
          authorization: `Bearer ${login.json<{ data: { access_token: string } }>().data.access_token}`,
        },
      });
      expect(
        info.json<{ data: { user: { auth_mthd: string; email: string } } }>().data.user,
      ).toMatchObject({
        auth_mthd: method,
        email,
      });
    },
  );

  it.each(['google', 'kakao', 'apple'] as const)(
    '%s: an ID token for another app (wrong audience) is refused',
    async (method) => {
      refused(await checkNative(method, await sdkToken(method, newEmail(), 'com.someone.else')));
    },
  );

  it.each(['google', 'kakao', 'apple'] as const)(
    '%s: an expired ID token is refused',
    async (method) => {
      const token = await sdkToken(method, newEmail());
      ctx.clock.advance(2 * 3600 * 1000);
      refused(await checkNative(method, token));
    },
  );

  it.each(['google', 'kakao', 'apple'] as const)(
    '%s: a forged signature is refused (issuer, audience and kid right, another private key)',
    async (method) => {
      const real = await sdkToken(method, newEmail());
      // the real token's claims, as another account
      const claims = { ...decodeJwt(real), sub: 'sbx-someone-else', email: 'victim@sandbox.test' };
      const { kid } = decodeProtectedHeader(real);
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: kid ?? '', typ: 'JWT' })
        .sign(privateKey);
      refused(await checkNative(method, forged));
      // and with the signature of the real token grafted on the forged claims
      const [, body] = forged.split('.');
      const [head, , signature] = real.split('.');
      refused(await checkNative(method, `${head}.${body}.${signature}`));
    },
  );

  it('google: a token of another provider is refused', async () => {
    refused(await checkNative('google', await sdkToken('kakao', newEmail())));
  });

  it('facebook: an unknown access token is refused', async () => {
    refused(await checkNative('facebook', `EAA${randomUUID().replaceAll('-', '')}`));
  });

  it('facebook: an expired access token is refused', async () => {
    const token = await sdkToken('facebook', newEmail());
    ctx.clock.advance(2 * 3600 * 1000);
    refused(await checkNative('facebook', token));
  });

  it('the sandbox SDK endpoint refuses a request without an e-mail', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/native-token',
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
