import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppleLocalChain } from './apple-local-chain';
import { createAppleServerApi, type AppleServerApi } from './apple-server-api';
import { createFakeAppStoreServer, type FakeAppStoreServer } from './apple-server-api.fake';
import { createAppleStoreVerifier } from './apple-store';
import { FakeAppStore } from './apple-store.fake';

/** The App Store Server API adapter (Apple's library) against the stand-in, as Apple speaks it. */
const BUNDLE = 'com.snapdrama.app';
const ISSUER = '33333333-4444-4555-8666-777777777777';
const KEY_ID = 'UNITKEY001';
const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let store: FakeAppStore;
let server: FakeAppStoreServer;
const adapter = (options: { key?: string; bid?: string; timeoutMs?: number; base?: string } = {}) =>
  createAppleServerApi({
    key: { issuerId: ISSUER, keyId: KEY_ID, privateKey: options.key ?? privateKey },
    bundleId: options.bid ?? BUNDLE,
    environment: 'Sandbox',
    apiBase: async () => options.base ?? (await server.url()),
    verifier: createAppleStoreVerifier({
      rootCertificates: [store.chain.rootDer],
      environment: 'Sandbox',
      bundleId: BUNDLE,
      onlineChecks: false,
    }),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
let api: AppleServerApi;

beforeAll(async () => {
  store = new FakeAppStore(await createAppleLocalChain(), BUNDLE, 'Sandbox');
  server = createFakeAppStoreServer({
    store: () => Promise.resolve(store),
    issuerId: ISSUER,
    keyId: KEY_ID,
    publicKey: keys.publicKey,
    bundleId: BUNDLE,
  });
  api = adapter();
});
afterAll(async () => {
  await server.close();
});

describe('App Store Server API: Get Transaction Info', () => {
  it('sends the bearer Apple expects: ES256, kid, iss, iat, exp, aud appstoreconnect-v1, bid', async () => {
    let authorization = '';
    let path = '';
    const spy = createServer((req, res) => {
      authorization = req.headers.authorization ?? '';
      path = req.url ?? '';
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    await adapter({ base }).lookUpTransaction('2000000000000001');
    await new Promise((resolve) => spy.close(resolve));
    expect(path).toBe('/inApps/v1/transactions/2000000000000001');
    const token = authorization.replace(/^Bearer /, '');
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: KEY_ID });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: ISSUER, aud: 'appstoreconnect-v1', bid: BUNDLE });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(3600);
  });

  it('answers the verified transaction, revoked once Apple refunded it (notified or not), standing again after REFUND_REVERSED', async () => {
    const bought = await store.purchase({ productId: 'p', appAccountToken: crypto.randomUUID() });
    expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({
      status: 'found',
      transaction: { transactionId: bought.transactionId, revoked: false },
    });
    store.refund(bought.transactionId);
    expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({
      status: 'found',
      transaction: { revoked: true },
    });
    await store.notification(bought.transactionId, 'REFUND_REVERSED');
    expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({
      transaction: { revoked: false },
    });
    await store.notification(bought.transactionId, 'REVOKE');
    expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({
      transaction: { revoked: true },
    });
  });

  it('a transaction Apple never sold is unknown (404 TransactionIdNotFound, 400 InvalidTransactionId)', async () => {
    expect(await api.lookUpTransaction('1999999999999999')).toEqual({ status: 'unknown' });
    expect(await api.lookUpTransaction('not-a-number')).toEqual({ status: 'unknown' });
  });

  it('a dropped connection, a 5xx, no answer in time, a refused key or bundle: not reachable (a retry may help)', async () => {
    const bought = await store.purchase({ productId: 'p' });
    for (const outage of ['network', 'server_error'] as const) {
      server.outage = outage;
      expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({
        status: 'unavailable',
      });
    }
    server.outage = 'hang';
    const started = Date.now();
    expect(await adapter({ timeoutMs: 300 }).lookUpTransaction(bought.transactionId)).toMatchObject(
      { status: 'unavailable' },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    server.outage = undefined;
    const foreign = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(await adapter({ key: foreign }).lookUpTransaction(bought.transactionId)).toEqual({
      status: 'unavailable',
      reason: 'HTTP 401',
    });
    expect(await adapter({ bid: 'x.y' }).lookUpTransaction(bought.transactionId)).toEqual({
      status: 'unavailable',
      reason: 'HTTP 401',
    });
    // a closed port
    const base = await server.url();
    await server.close();
    expect(await adapter({ base }).lookUpTransaction(bought.transactionId)).toMatchObject({
      status: 'unavailable',
    });
    // the stand-in listens again on first use
    expect(await api.lookUpTransaction(bought.transactionId)).toMatchObject({ status: 'found' });
  });
});
