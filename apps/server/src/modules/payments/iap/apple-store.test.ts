import { describe, expect, it } from 'vitest';
import { createAppleLocalChain } from './apple-local-chain';
import { AppleVerificationError, createAppleStoreVerifier } from './apple-store';
import { FakeAppStore } from './apple-store.fake';

/** The real verifier (Apple's SignedDataVerifier) against locally generated Apple-like chains. */
const BUNDLE = 'com.snapdrama.app';
const chain = await createAppleLocalChain();
const store = new FakeAppStore(chain, BUNDLE, 'Sandbox');
const verifier = createAppleStoreVerifier({
  rootCertificates: [chain.rootDer],
  environment: 'Sandbox',
  bundleId: BUNDLE,
  onlineChecks: false,
});

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppleVerificationError) return error.reason;
    throw error;
  }
  return 'verified';
};

const DAY = 86_400_000;

describe('Apple signed data verifier', () => {
  it('verifies a transaction signed through the local chain and reads its fields', async () => {
    const token = '5C1E3A6B-0D59-4A8C-9F4E-7B1D2C3E4F50';
    const { transactionId, transactionJWS } = await store.purchase({
      productId: 'com.snapdrama.coins100',
      appAccountToken: token,
    });
    expect(await verifier.verifyTransaction(transactionJWS)).toEqual({
      transactionId,
      originalTransactionId: transactionId,
      productId: 'com.snapdrama.coins100',
      bundleId: BUNDLE,
      appAccountToken: token,
      quantity: 1,
      revoked: false,
      type: 'Consumable',
      purchaseDate: expect.any(Number) as number,
      expiresDate: null,
    });
  });

  it('refuses another bundle id and another environment', async () => {
    const other = await store.purchase({ productId: 'p', bundleId: 'com.other.app' });
    expect(await reasonOf(verifier.verifyTransaction(other.transactionJWS))).toBe(
      'INVALID_APP_IDENTIFIER',
    );
    const production = await store.purchase({ productId: 'p', environment: 'Production' });
    expect(await reasonOf(verifier.verifyTransaction(production.transactionJWS))).toBe(
      'INVALID_ENVIRONMENT',
    );
  });

  it('refuses a tampered payload and a tampered signature', async () => {
    const { transactionJWS } = await store.purchase({ productId: 'com.snapdrama.coins100' });
    const [header = '', payload = '', signature = ''] = transactionJWS.split('.');
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    changed.productId = 'com.snapdrama.coins5000';
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    expect(await reasonOf(verifier.verifyTransaction(forged))).toBe('VERIFICATION_FAILURE');
    const flipped = `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await reasonOf(verifier.verifyTransaction(flipped))).toBe('VERIFICATION_FAILURE');
  });

  it('refuses a chain to another root, and chains without Apple marker OIDs', async () => {
    const stranger = new FakeAppStore(await createAppleLocalChain(), BUNDLE, 'Sandbox');
    const foreign = await stranger.purchase({ productId: 'p' });
    expect(await reasonOf(verifier.verifyTransaction(foreign.transactionJWS))).toBe(
      'VERIFICATION_FAILURE',
    );
    const window = { notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + DAY) };
    for (const flags of [{ withoutLeafOid: true }, { withoutIntermediateOid: true }]) {
      const bad = await createAppleLocalChain({ ...window, ...flags });
      const trusting = createAppleStoreVerifier({
        rootCertificates: [bad.rootDer],
        environment: 'Sandbox',
        bundleId: BUNDLE,
        onlineChecks: false,
      });
      const signed = await new FakeAppStore(bad, BUNDLE, 'Sandbox').purchase({ productId: 'p' });
      expect(await reasonOf(trusting.verifyTransaction(signed.transactionJWS))).toBe(
        'VERIFICATION_FAILURE',
      );
    }
  });

  it('refuses a transaction signed after the certificates expired', async () => {
    const old = await createAppleLocalChain({
      notBefore: new Date(Date.now() - 30 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const trusting = createAppleStoreVerifier({
      rootCertificates: [old.rootDer],
      environment: 'Sandbox',
      bundleId: BUNDLE,
      onlineChecks: false,
    });
    const signed = await new FakeAppStore(old, BUNDLE, 'Sandbox').purchase({ productId: 'p' });
    expect(await reasonOf(trusting.verifyTransaction(signed.transactionJWS))).toBe(
      'INVALID_CERTIFICATE',
    );
  });

  it('refuses garbage and a JWS without the x5c chain', async () => {
    expect(await reasonOf(verifier.verifyTransaction('not-a-jws'))).toBe('VERIFICATION_FAILURE');
    const { transactionJWS } = await store.purchase({ productId: 'p' });
    const [, payload = '', signature = ''] = transactionJWS.split('.');
    const bare = `${Buffer.from(JSON.stringify({ alg: 'ES256' })).toString('base64url')}.${payload}.${signature}`;
    expect(await reasonOf(verifier.verifyTransaction(bare))).toBe('INVALID_CERTIFICATE');
  });

  it('verifies a REFUND notification v2 and the transaction inside it', async () => {
    const { transactionId } = await store.purchase({ productId: 'com.snapdrama.coins100' });
    const signed = await store.notification(transactionId, 'REFUND', { notificationUUID: 'n-1' });
    const notification = await verifier.verifyNotification(signed);
    expect(notification).toMatchObject({
      notificationUUID: 'n-1',
      notificationType: 'REFUND',
      transaction: { transactionId, revoked: true, productId: 'com.snapdrama.coins100' },
    });
    const stranger = new FakeAppStore(await createAppleLocalChain(), BUNDLE, 'Sandbox');
    const forged = await stranger.notification(transactionId, 'REFUND');
    expect(await reasonOf(verifier.verifyNotification(forged))).toBe('VERIFICATION_FAILURE');
  });
});
