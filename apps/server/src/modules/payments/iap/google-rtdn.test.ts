import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock';
import {
  createPushVerifier,
  decodeDeveloperNotification,
  PushAuthError,
  type PushVerifier,
} from './google-rtdn';

/** The push verifier against a local server publishing Google-style OIDC keys (JWKS). */
const AUDIENCE = 'https://api.snapdrama.example/api/v1/payment/webhook/google';
const ACCOUNT = 'rtdn-push@snapdrama.iam.gserviceaccount.com';
const clock = new ManualClock('2026-03-01T00:00:00Z');
let google: { publicKey: CryptoKey; privateKey: CryptoKey };
let stranger: { publicKey: CryptoKey; privateKey: CryptoKey };
let close: () => Promise<void>;
let verifier: PushVerifier;

beforeAll(async () => {
  google = await generateKeyPair('RS256');
  stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(() => resolve()));
  verifier = createPushVerifier({
    audience: AUDIENCE,
    serviceAccount: ACCOUNT,
    keys: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    now: () => clock.now(),
  });
});
afterAll(() => close());

async function token(
  overrides: {
    iss?: string;
    aud?: string;
    email?: string;
    emailVerified?: boolean;
    key?: CryptoKey;
    ageSeconds?: number;
  } = {},
) {
  const now = Math.floor(clock.now().getTime() / 1000) - (overrides.ageSeconds ?? 0);
  const jwt = await new SignJWT({
    email: overrides.email ?? ACCOUNT,
    email_verified: overrides.emailVerified ?? true,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
    .setIssuer(overrides.iss ?? 'https://accounts.google.com')
    .setAudience(overrides.aud ?? AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(overrides.key ?? google.privateKey);
  return `Bearer ${jwt}`;
}

describe('Pub/Sub push verifier', () => {
  it("accepts Google's token for our subscription's service account and audience", async () => {
    await expect(verifier.verify(await token())).resolves.toBeUndefined();
    await expect(
      verifier.verify(await token({ iss: 'accounts.google.com' })),
    ).resolves.toBeUndefined();
  });

  it('refuses a missing token, another audience, account, issuer or key, an unverified email and an expired token', async () => {
    const bad = [
      undefined,
      'Basic abc',
      await token({ aud: 'https://elsewhere.example' }),
      await token({ email: 'someone@else.iam.gserviceaccount.com' }),
      await token({ emailVerified: false }),
      await token({ iss: 'https://evil.example' }),
      await token({ key: stranger.privateKey }),
      await token({ ageSeconds: 7200 }),
    ];
    for (const [i, authorization] of bad.entries()) {
      await expect(verifier.verify(authorization), `case ${i}`).rejects.toBeInstanceOf(
        PushAuthError,
      );
    }
  });
});

describe('developer notification decoding', () => {
  const push = (data: string) => ({ message: { data, messageId: '1' } });
  it('reads a voided purchase and refuses what is not a notification', () => {
    const voided = {
      version: '1.0',
      packageName: 'com.snapdrama.app',
      eventTimeMillis: '1',
      voidedPurchaseNotification: { purchaseToken: 't', orderId: 'GPA.1', productType: 2 },
    };
    expect(
      decodeDeveloperNotification(push(Buffer.from(JSON.stringify(voided)).toString('base64'))),
    ).toMatchObject({ voidedPurchaseNotification: { purchaseToken: 't' } });
    expect(decodeDeveloperNotification(push('%%%'))).toBeUndefined();
    expect(
      decodeDeveloperNotification(push(Buffer.from('{"x":1}').toString('base64'))),
    ).toBeUndefined();
  });
});
