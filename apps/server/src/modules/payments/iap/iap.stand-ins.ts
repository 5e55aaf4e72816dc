import { generateKeyPairSync } from 'node:crypto';
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { Clock } from '../../../clock';
import { createAppleLocalChain } from './apple-local-chain';
import { createAppleServerApi, type AppleApiKey, type AppleServerApi } from './apple-server-api';
import { createFakeAppStoreServer, type FakeAppStoreServer } from './apple-server-api.fake';
import { createAppleStoreVerifier, type AppleStoreVerifier } from './apple-store';
import { FakeAppStore } from './apple-store.fake';
import { createPushVerifier, type PushVerifier } from './google-rtdn';

/**
 * The stores' local stand-ins for the demo and the native host simulator (never in production):
 * an App Store whose signing chain is generated at start-up, and a Pub/Sub push signer whose key
 * exists only in this process. The real verifiers check what they produce.
 */
export const SANDBOX_PUSH_AUDIENCE = 'snapdrama-sandbox-rtdn';
export const SANDBOX_PUSH_ACCOUNT = 'rtdn-push@snapdrama-sandbox.iam.gserviceaccount.com';

export interface AppleStandIn {
  store(): Promise<FakeAppStore>;
  verifier: AppleStoreVerifier;
  /** the real App Store Server API adapter, pointed at `server` with a key made at start-up */
  api: AppleServerApi;
  /** the stand-in's Get Transaction Info endpoint (tests switch its outages) */
  server: FakeAppStoreServer;
}

/** A key of the stand-in's own, in the shape App Store Connect issues (the private key is PKCS#8). */
function sandboxApiKey(): AppleApiKey & { publicKey: string } {
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    issuerId: '00000000-0000-4000-8000-5a4db0c5a4d0',
    keyId: 'SANDBOX001',
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function createAppleStandIn(bundleId: string, clock: Clock): AppleStandIn {
  let ready: Promise<{ store: FakeAppStore; verifier: AppleStoreVerifier }> | undefined;
  const get = () => {
    ready ??= createAppleLocalChain().then((chain) => ({
      store: new FakeAppStore(chain, bundleId, 'Sandbox', () => clock.now()),
      verifier: createAppleStoreVerifier({
        rootCertificates: [chain.rootDer],
        environment: 'Sandbox',
        bundleId,
        onlineChecks: false,
      }),
    }));
    return ready;
  };
  const verifier: AppleStoreVerifier = {
    verifyTransaction: async (jws) => (await get()).verifier.verifyTransaction(jws),
    verifyNotification: async (payload) => (await get()).verifier.verifyNotification(payload),
  };
  const key = sandboxApiKey();
  const server = createFakeAppStoreServer({
    store: async () => (await get()).store,
    issuerId: key.issuerId,
    keyId: key.keyId,
    publicKey: key.publicKey,
    bundleId,
  });
  return {
    store: async () => (await get()).store,
    verifier,
    api: createAppleServerApi({
      key,
      bundleId,
      environment: 'Sandbox',
      apiBase: () => server.url(),
      verifier,
    }),
    server,
  };
}

export interface PushStandIn {
  verifier: PushVerifier;
  /** the Authorization header Pub/Sub would send */
  authorization(): Promise<string>;
}

export function createPushStandIn(clock: Clock): PushStandIn {
  let keys: Promise<{ publicKey: CryptoKey; privateKey: CryptoKey }> | undefined;
  const get = () => (keys ??= generateKeyPair('RS256'));
  const verifier = createPushVerifier({
    audience: SANDBOX_PUSH_AUDIENCE,
    serviceAccount: SANDBOX_PUSH_ACCOUNT,
    keys: async () => (await get()).publicKey,
    now: () => clock.now(),
  });
  return {
    verifier,
    async authorization() {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ email: SANDBOX_PUSH_ACCOUNT, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'sandbox' })
        .setIssuer('https://accounts.google.com')
        .setAudience(SANDBOX_PUSH_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign((await get()).privateKey);
      return `Bearer ${token}`;
    },
  };
}
