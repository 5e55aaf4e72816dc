import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, PAYMENT_PATHS } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { expectLedgerBalanced, signInMember } from '../../wallet/wallet.test-support';
import { createAppleLocalChain } from './apple-local-chain';
import { createFakeAppStoreServer, type FakeAppStoreServer } from './apple-server-api.fake';
import { FakeAppStore } from './apple-store.fake';
import { FakePlayStore, startFakePlayServer } from './google-play.fake';
import { IAP_SANDBOX_PATHS } from './iap.routes';
import { appleVerify, googleVerify, PACK, registerOrder, resultOf } from './iap.test-support';

/**
 * The app configured with store keys (no stand-ins): the real Google adapter against a local Play
 * Developer API, push tokens against a local JWKS, Apple's verifier trusting a root given in config.
 */
const PACKAGE = 'com.snapdrama.live';
const BUNDLE = 'com.snapdrama.live.ios';
const EMAIL = 'iap@snapdrama-live.iam.gserviceaccount.com';
const PUSH_ACCOUNT = 'rtdn@snapdrama-live.iam.gserviceaccount.com';
const AUDIENCE = 'https://live.example/api/v1/payment/webhook/google';

const playStore = new FakePlayStore();
const serviceKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
let play: Awaited<ReturnType<typeof startFakePlayServer>>;
let jwks: { url: string; close(): Promise<void> };
let pushKeys: { publicKey: CryptoKey; privateKey: CryptoKey };
let appStore: FakeAppStore;
let appleApi: FakeAppStoreServer;
const appleKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const APPLE_ISSUER = '22222222-3333-4444-8555-666666666666';
const APPLE_KEY_ID = 'LIVEKEY001';
let ctx: TestContext;

beforeAll(async () => {
  play = await startFakePlayServer({
    store: playStore,
    serviceAccountEmail: EMAIL,
    serviceAccountPublicKey: serviceKeys.publicKey,
  });
  pushKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pushKeys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const chain = await createAppleLocalChain();
  appleApi = createFakeAppStoreServer({
    store: () => Promise.resolve(appStore),
    issuerId: APPLE_ISSUER,
    keyId: APPLE_KEY_ID,
    publicKey: appleKeys.publicKey,
    bundleId: BUNDLE,
  });
  ctx = await createTestContext({
    seed: false,
    env: {
      GOOGLE_PLAY_PACKAGE_NAME: PACKAGE,
      GOOGLE_PLAY_SERVICE_ACCOUNT_EMAIL: EMAIL,
      GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: serviceKeys.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
      GOOGLE_PLAY_API_URL: play.url,
      GOOGLE_PLAY_TOKEN_URL: play.tokenUrl,
      GOOGLE_RTDN_AUDIENCE: AUDIENCE,
      GOOGLE_RTDN_SERVICE_ACCOUNT: PUSH_ACCOUNT,
      GOOGLE_OIDC_JWKS_URL: jwks.url,
      APPLE_IAP_BUNDLE_ID: BUNDLE,
      APPLE_IAP_ENVIRONMENT: 'Sandbox',
      APPLE_IAP_ROOT_CERTIFICATES: chain.rootDer.toString('base64'),
      APPLE_IAP_ONLINE_CHECKS: 'false',
      APPLE_IAP_ISSUER_ID: APPLE_ISSUER,
      APPLE_IAP_KEY_ID: APPLE_KEY_ID,
      APPLE_IAP_PRIVATE_KEY: appleKeys.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
      APPLE_IAP_API_BASE: await appleApi.url(),
    },
  });
  appStore = new FakeAppStore(chain, BUNDLE, 'Sandbox', () => ctx.clock.now());
});
afterAll(async () => {
  await expectLedgerBalanced(ctx);
  await ctx.close();
  await play.close();
  await jwks.close();
  await appleApi.close();
});

async function push(notification: object) {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const token = await new SignJWT({ email: PUSH_ACCOUNT, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer('https://accounts.google.com')
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(pushKeys.privateKey);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${PAYMENT_PATHS.googleNotification}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      message: {
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId: '7',
      },
      subscription: 'projects/live/subscriptions/rtdn',
    },
  });
  return resultOf(res);
}

describe('IAP with store keys configured', () => {
  it('runs live: no stand-ins, no sandbox routes', async () => {
    expect(ctx.services.iap.modes).toEqual({ google: 'live', apple: 'live' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: IAP_SANDBOX_PATHS.googlePurchase,
      payload: { ordrId: 'x', productId: 'y' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('verifies a Google purchase through the Play Developer API, and refunds it on a voided push', async () => {
    const m = await signInMember(ctx, 'LiveGoogle');
    const ordrId = await registerOrder(ctx, m);
    const purchaseToken = playStore.purchase({
      packageName: PACKAGE,
      productId: PACK.google,
      obfuscatedAccountId: ordrId,
    });
    const payload = { ordrId, packageName: PACKAGE, productId: PACK.google, purchaseToken };
    expect(resultOf(await googleVerify(ctx, m, payload))).toMatchObject({
      code: 0,
      data: { stts: 'credited', already_credited: false },
    });
    expect(playStore.get(purchaseToken)?.consumptionState).toBe(1);
    expect(play.requests.some((r) => r.endsWith(':consume'))).toBe(true);
    const voided = {
      version: '1.0',
      packageName: PACKAGE,
      eventTimeMillis: '1',
      voidedPurchaseNotification: {
        purchaseToken,
        orderId: 'GPA.1',
        productType: 2,
        refundType: 1,
      },
    };
    for (let i = 0; i < 3; i++) {
      expect(await push(voided)).toMatchObject({ code: 0, data: { action: 'refunded', ordrId } });
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({
      paid: 0,
      bonus: PACK.firstBonus,
    });
  });

  it("verifies an Apple transaction against the configured root and refuses another app's", async () => {
    const m = await signInMember(ctx, 'LiveApple');
    const ordrId = await registerOrder(ctx, m, 'A');
    const other = await appStore.purchase({
      productId: PACK.apple,
      appAccountToken: ordrId,
      bundleId: 'com.snapdrama.app',
    });
    expect(resultOf(await appleVerify(ctx, m, { ordrId, ...other })).code).toBe(400070);
    const mine = await appStore.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS: mine.transactionJWS })),
    ).toMatchObject({ code: 0, data: { stts: 'credited' } });
    // asked Apple with the configured key (the server checks the ES256 bearer as Apple does)
    expect(appleApi.requests).toContain(`GET /inApps/v1/transactions/${mine.transactionId}`);
  });
});
