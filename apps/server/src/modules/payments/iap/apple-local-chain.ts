// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CompactSign } from 'jose';

/**
 * A locally generated Apple-like signing chain (root → intermediate → leaf) for the demo stand-in
 * and tests: the intermediate carries Apple's WWDR marker OID and the leaf the App Store receipt
 * signing OID, exactly what SignedDataVerifier checks, so the real verifier runs unchanged with
 * this root configured in place of Apple's. Keys live in memory only and die with the process.
 */
export const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
export const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** ASN.1 NULL: Apple's marker extensions carry no value */
const ASN1_NULL = new Uint8Array([0x05, 0x00]).buffer;

// Node's webcrypto is typed apart from the DOM's Crypto that @peculiar/x509 names; the bench
// compiles this file with the DOM library, where the assertion is needed
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

export interface AppleLocalChain {
  /** DER of the root, to configure as the verifier's trusted root */
  rootDer: Buffer;
  /** Signs any payload as the App Store does: ES256 with the x5c chain in the header. */
  sign(payload: object): Promise<string>;
}

export interface ChainOptions {
  /** validity window of every certificate */
  notBefore: Date;
  notAfter: Date;
  /** leave out a marker OID (tests of the verifier's checks) */
  withoutLeafOid?: boolean;
  withoutIntermediateOid?: boolean;
}

const b64 = (cert: x509.X509Certificate) => Buffer.from(cert.rawData).toString('base64');

export async function createAppleLocalChain(
  options: ChainOptions = {
    notBefore: new Date(Date.now() - 365 * DAY_MS),
    notAfter: new Date(Date.now() + 10 * 365 * DAY_MS),
  },
): Promise<AppleLocalChain> {
  const { notBefore, notAfter } = options;
  const rootKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const intermediateKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const leafKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);

  const rootName = 'CN=SnapDrama Local App Store Root CA, O=SnapDrama Sandbox, C=KR';
  const intermediateName = 'CN=SnapDrama Local WWDR Intermediate, O=SnapDrama Sandbox, C=KR';
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: rootName,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: SIGN,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
    ],
  });
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: intermediateName,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: SIGN,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      ...(options.withoutIntermediateOid
        ? []
        : [new x509.Extension(APPLE_INTERMEDIATE_OID, false, ASN1_NULL)]),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: 'CN=SnapDrama Local App Store Signing, O=SnapDrama Sandbox, C=KR',
    issuer: intermediate.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    signingAlgorithm: SIGN,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      ...(options.withoutLeafOid ? [] : [new x509.Extension(APPLE_LEAF_OID, false, ASN1_NULL)]),
    ],
  });
  const x5c = [b64(leaf), b64(intermediate), b64(root)];

  return {
    rootDer: Buffer.from(root.rawData),
    sign: (payload) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'ES256', x5c })
        .sign(leafKeys.privateKey),
  };
}
