import type { SocialMethod } from '@snapdrama/contract';

/** An identity a provider has proven: the provider's subject is the account key. */
export interface VerifiedIdentity {
  method: SocialMethod;
  subject: string;
  email: string | null;
  name: string | null;
}

/** What the server keeps of an authorization request until the callback comes back. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Why a provider refused: logged for operators; the client only learns "sign-in failed". */
export class ProviderVerificationError extends Error {
  constructor(
    readonly method: SocialMethod,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${method}: ${reason}`, options);
  }
}

/** A provider is unreachable or not configured. */
export class ProviderUnavailableError extends Error {}

/**
 * One sign-in provider. The real adapters (OpenID Connect for Google, Kakao and Apple; OAuth 2 with
 * the Graph API for Facebook) and the sandbox speak the same protocol through this interface.
 */
export interface SocialProvider {
  readonly method: SocialMethod;
  /** true for the local stand-in */
  readonly sandbox: boolean;
  /** The address the sign-in popup opens. */
  authorizationUrl(request: PendingAuthorization): Promise<URL>;
  /**
   * Redeems the code of a callback: token exchange with the PKCE verifier, then the ID token's
   * signature (provider keys), issuer, audience, expiry and nonce; the callback's state must be
   * the request's.
   */
  redeemCode(
    request: PendingAuthorization,
    callback: { code: string; state: string },
  ): Promise<VerifiedIdentity>;
  /** Verifies a token the native app got from the provider's SDK (idToken, or Facebook accessToken). */
  verifyNativeToken(token: string): Promise<VerifiedIdentity>;
}
