import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGooglePlayApi, GooglePlayUnavailableError, type GooglePlayApi } from './google-play';
import { FakePlayStore, startFakePlayServer } from './google-play.fake';

/** The real adapter (official client, service-account grant) against the local Play API. */
const PACKAGE = 'com.snapdrama.app';
const PRODUCT = 'coin_pack_100';
const EMAIL = 'iap-verifier@snapdrama-test.iam.gserviceaccount.com';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const store = new FakePlayStore();
let server: Awaited<ReturnType<typeof startFakePlayServer>>;
let play: GooglePlayApi;

beforeAll(async () => {
  server = await startFakePlayServer({
    store,
    serviceAccountEmail: EMAIL,
    serviceAccountPublicKey: keys.publicKey,
  });
  play = createGooglePlayApi({
    serviceAccount: { clientEmail: EMAIL, privateKey },
    rootUrl: server.url,
    tokenUrl: server.tokenUrl,
  });
});
afterAll(() => server.close());

describe('Google Play adapter', () => {
  it('reads a purchased, unconsumed purchase with a token from the service-account grant', async () => {
    const token = store.purchase({
      packageName: PACKAGE,
      productId: PRODUCT,
      obfuscatedAccountId: 'ord_1',
    });
    const purchase = await play.getProductPurchase(PACKAGE, PRODUCT, token);
    expect(purchase).toMatchObject({
      state: 'purchased',
      consumed: false,
      acknowledged: false,
      obfuscatedAccountId: 'ord_1',
      quantity: 1,
    });
    expect(purchase?.orderId).toMatch(/^GPA\./);
    expect(server.requests).toContain('POST /token');
  });

  it('consumes (and so acknowledges) a purchase once; a second consume is refused', async () => {
    const token = store.purchase({ packageName: PACKAGE, productId: PRODUCT });
    await play.consume(PACKAGE, PRODUCT, token);
    expect(await play.getProductPurchase(PACKAGE, PRODUCT, token)).toMatchObject({
      consumed: true,
      acknowledged: true,
    });
    await expect(play.consume(PACKAGE, PRODUCT, token)).rejects.toBeInstanceOf(
      GooglePlayUnavailableError,
    );
  });

  it('reports pending and canceled (voided) purchases as such', async () => {
    const pending = store.purchase({ packageName: PACKAGE, productId: PRODUCT, state: 'pending' });
    expect((await play.getProductPurchase(PACKAGE, PRODUCT, pending))?.state).toBe('pending');
    const voided = store.purchase({ packageName: PACKAGE, productId: PRODUCT });
    store.void(voided);
    expect((await play.getProductPurchase(PACKAGE, PRODUCT, voided))?.state).toBe('canceled');
  });

  it('answers undefined for an unknown token, another product, another package or an expired token', async () => {
    const token = store.purchase({ packageName: PACKAGE, productId: PRODUCT });
    expect(await play.getProductPurchase(PACKAGE, PRODUCT, 'no-such-token')).toBeUndefined();
    expect(await play.getProductPurchase(PACKAGE, 'coin_pack_500', token)).toBeUndefined();
    expect(await play.getProductPurchase('com.other.app', PRODUCT, token)).toBeUndefined();
    store.expire(token);
    expect(await play.getProductPurchase(PACKAGE, PRODUCT, token)).toBeUndefined();
  });

  it('fails as unavailable when the service account key is not the registered one', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const impostor = createGooglePlayApi({
      serviceAccount: {
        clientEmail: EMAIL,
        privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      rootUrl: server.url,
      tokenUrl: server.tokenUrl,
    });
    const token = store.purchase({ packageName: PACKAGE, productId: PRODUCT });
    await expect(impostor.getProductPurchase(PACKAGE, PRODUCT, token)).rejects.toBeInstanceOf(
      GooglePlayUnavailableError,
    );
  });
});

describe('Google Play adapter timeouts', () => {
  it('gives up on a Play API that does not answer, as unavailable', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const slow = createGooglePlayApi({
      serviceAccount: { clientEmail: EMAIL, privateKey },
      rootUrl: `http://127.0.0.1:${port}/`,
      tokenUrl: server.tokenUrl,
      timeoutMs: 300,
    });
    await expect(slow.getProductPurchase(PACKAGE, PRODUCT, 'any')).rejects.toBeInstanceOf(
      GooglePlayUnavailableError,
    );
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
