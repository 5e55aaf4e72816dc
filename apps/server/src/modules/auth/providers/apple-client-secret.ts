import { SignJWT, importPKCS8, type CryptoKey } from 'jose';
import type { Clock } from '../../../clock';

/**
 * Apple's client secret is a short-lived ES256 JWT signed with the team's private key
 * (Sign in with Apple: "Creating a client secret"). A fresh one is made for each token request.
 */
export function appleClientSecret(options: {
  teamId: string;
  keyId: string;
  clientId: string;
  privateKeyPem: string;
  audience: string;
  clock: Clock;
}): () => Promise<string> {
  let key: Promise<CryptoKey> | undefined;
  return async () => {
    key ??= importPKCS8(options.privateKeyPem, 'ES256');
    const now = Math.floor(options.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await key);
  };
}
