import {
  APIError,
  APIException,
  AppStoreServerAPIClient,
  Environment,
} from '@apple/app-store-server-library';
import {
  AppleVerificationError,
  type AppleEnvironment,
  type AppleStoreVerifier,
  type AppleTransaction,
} from './apple-store';

/**
 * The App Store Server API, asked before a purchase is credited (issue 39): "Get Transaction Info"
 * (`GET /inApps/v1/transactions/{transactionId}`) through Apple's library, whose client signs the
 * ES256 bearer token (iss, iat, exp, aud appstoreconnect-v1, bid; header kid). The answer's
 * signedTransactionInfo is checked by the same SignedDataVerifier as the app's JWS.
 */
/** The key made in App Store Connect (Users and Access → Integrations → In-App Purchase). */
export interface AppleApiKey {
  issuerId: string;
  keyId: string;
  /** PKCS#8 PEM (the .p8 file) */
  privateKey: string;
}

/** What Apple said about a transaction, or why it could not be asked. */
export type AppleTransactionLookup =
  | { status: 'found'; transaction: AppleTransaction }
  | { status: 'unknown' }
  | { status: 'unavailable'; reason: string }
  /** the answer came back but did not verify (not retryable) */
  | { status: 'refused'; reason: string };

export interface AppleServerApi {
  lookUpTransaction(transactionId: string): Promise<AppleTransactionLookup>;
}

/** Answers that mean Apple has no such transaction; anything else unexpected is retryable. */
const UNKNOWN_TRANSACTION = new Set<number>([
  APIError.TRANSACTION_ID_NOT_FOUND,
  APIError.INVALID_TRANSACTION_ID,
]);

/**
 * Apple's client with the host it calls made configurable (the stand-in in development, a proxy)
 * and a time limit on each call; the library pins the host per environment and sets no timeout.
 */
class AppStoreClient extends AppStoreServerAPIClient {
  constructor(
    key: AppleApiKey,
    bundleId: string,
    environment: AppleEnvironment,
    private readonly apiBase: () => Promise<string>,
    private readonly timeoutMs: number,
  ) {
    super(
      key.privateKey,
      key.keyId,
      key.issuerId,
      bundleId,
      environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    );
  }

  protected override async makeFetchRequest(
    path: string,
    query: URLSearchParams,
    method: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ): ReturnType<AppStoreServerAPIClient['makeFetchRequest']> {
    const search = query.toString();
    const response = await fetch(`${await this.apiBase()}${path}${search ? `?${search}` : ''}`, {
      method,
      // a copy typed as fetch takes it under both Node's and the DOM's typings (the bench's)
      body: body === undefined || typeof body === 'string' ? body : Uint8Array.from(body),
      headers,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // the library reads only ok, status and json() of node-fetch's Response, which fetch's has
    return response as unknown as Awaited<ReturnType<AppStoreServerAPIClient['makeFetchRequest']>>;
  }
}

export function createAppleServerApi(options: {
  key: AppleApiKey;
  bundleId: string;
  environment: AppleEnvironment;
  /** Apple's host for the environment, or the stand-in's address */
  apiBase: () => Promise<string>;
  verifier: AppleStoreVerifier;
  timeoutMs?: number;
}): AppleServerApi {
  const client = new AppStoreClient(
    options.key,
    options.bundleId,
    options.environment,
    options.apiBase,
    options.timeoutMs ?? 10_000,
  );
  return {
    async lookUpTransaction(transactionId) {
      let signed: string | undefined;
      try {
        signed = (await client.getTransactionInfo(transactionId)).signedTransactionInfo;
      } catch (error) {
        if (error instanceof APIException) {
          if (typeof error.apiError === 'number' && UNKNOWN_TRANSACTION.has(error.apiError)) {
            return { status: 'unknown' };
          }
          // 5xx, 429, and 401/403 (our key: a retry after the fix works, the buyer is not at fault)
          return {
            status: 'unavailable',
            reason: `HTTP ${error.httpStatusCode}${error.apiError === null ? '' : ` (${error.apiError})`}`,
          };
        }
        // network error, timeout, an answer the library could not read
        return { status: 'unavailable', reason: error instanceof Error ? error.message : 'error' };
      }
      if (!signed) return { status: 'unavailable', reason: 'no signedTransactionInfo' };
      try {
        return { status: 'found', transaction: await options.verifier.verifyTransaction(signed) };
      } catch (error) {
        if (error instanceof AppleVerificationError) {
          return error.retryable
            ? { status: 'unavailable', reason: error.reason }
            : { status: 'refused', reason: error.reason };
        }
        throw error;
      }
    },
  };
}
