import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
  type JWSTransactionDecodedPayload,
} from '@apple/app-store-server-library';

/** What the IAP service reads of a verified App Store transaction. */
export interface AppleTransaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  bundleId: string;
  /** the UUID the app passed as appAccountToken when it started the purchase */
  appAccountToken: string | null;
  quantity: number;
  /** set when Apple refunded or revoked the transaction */
  revoked: boolean;
  /** Consumable, Auto-Renewable Subscription, ... */
  type: string | null;
  /** ms since the epoch */
  purchaseDate: number | null;
  /** auto-renewable subscriptions: end of the period this transaction paid (ms) */
  expiresDate: number | null;
}

/** data.signedRenewalInfo of a subscription notification, verified the same way. */
export interface AppleRenewalInfo {
  originalTransactionId: string | null;
  /** 1 on, 0 off */
  autoRenewStatus: number | null;
  /** set while Apple retries a failed renewal with a billing grace period (ms) */
  gracePeriodExpiresDate: number | null;
}

export interface AppleNotification {
  notificationUUID: string;
  notificationType: string;
  subtype: string | null;
  /** the decoded data.signedTransactionInfo, verified the same way */
  transaction: AppleTransaction | null;
  /** the decoded data.signedRenewalInfo (subscriptions) */
  renewal: AppleRenewalInfo | null;
}

export type AppleEnvironment = 'Sandbox' | 'Production';

/** Why a signed datum was refused; retryable means Apple's OCSP could not be asked. */
export class AppleVerificationError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(`App Store signed data refused: ${reason}`);
  }
}

export interface AppleStoreVerifier {
  verifyTransaction(transactionJWS: string): Promise<AppleTransaction>;
  verifyNotification(signedPayload: string): Promise<AppleNotification>;
}

const refused = (error: unknown): AppleVerificationError => {
  if (error instanceof AppleVerificationError) return error;
  if (error instanceof VerificationException) {
    return new AppleVerificationError(
      VerificationStatus[error.status],
      error.status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE,
    );
  }
  return new AppleVerificationError(String(error), false);
};

function toTransaction(t: JWSTransactionDecodedPayload): AppleTransaction {
  // the library's validator only checks types of the fields present; these must be present
  if (!t.transactionId || !t.productId || !t.bundleId) {
    throw new AppleVerificationError('MISSING_FIELDS', false);
  }
  return {
    transactionId: t.transactionId,
    originalTransactionId: t.originalTransactionId ?? t.transactionId,
    productId: t.productId,
    bundleId: t.bundleId,
    appAccountToken: t.appAccountToken ?? null,
    quantity: t.quantity ?? 1,
    revoked: t.revocationDate !== undefined,
    type: t.type ? String(t.type) : null,
    purchaseDate: t.purchaseDate ?? null,
    expiresDate: t.expiresDate ?? null,
  };
}

/**
 * Apple's SignedDataVerifier: the x5c chain must lead to a configured root (Apple Root CA - G3 in
 * production, the local root of the stand-in otherwise), with Apple's marker OIDs on the leaf and
 * intermediate, the signature must verify, and bundle id and environment must be ours.
 */
export function createAppleStoreVerifier(options: {
  rootCertificates: Buffer[];
  environment: AppleEnvironment;
  bundleId: string;
  /** required in production: the app's Apple ID */
  appAppleId?: number;
  /** OCSP revocation checks against Apple's responders, and certificate dates against now */
  onlineChecks: boolean;
}): AppleStoreVerifier {
  const verifier = new SignedDataVerifier(
    options.rootCertificates,
    options.onlineChecks,
    options.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    options.bundleId,
    options.appAppleId,
  );
  return {
    async verifyTransaction(transactionJWS) {
      try {
        return toTransaction(await verifier.verifyAndDecodeTransaction(transactionJWS));
      } catch (error) {
        throw refused(error);
      }
    },
    async verifyNotification(signedPayload) {
      try {
        const payload = await verifier.verifyAndDecodeNotification(signedPayload);
        if (!payload.notificationUUID || !payload.notificationType) {
          throw new AppleVerificationError('MISSING_FIELDS', false);
        }
        const signed = payload.data?.signedTransactionInfo;
        const signedRenewal = payload.data?.signedRenewalInfo;
        const renewal = signedRenewal
          ? await verifier.verifyAndDecodeRenewalInfo(signedRenewal)
          : undefined;
        return {
          notificationUUID: payload.notificationUUID,
          notificationType: String(payload.notificationType),
          subtype: payload.subtype ? String(payload.subtype) : null,
          transaction: signed
            ? toTransaction(await verifier.verifyAndDecodeTransaction(signed))
            : null,
          renewal: renewal
            ? {
                originalTransactionId: renewal.originalTransactionId ?? null,
                autoRenewStatus:
                  renewal.autoRenewStatus === undefined ? null : Number(renewal.autoRenewStatus),
                gracePeriodExpiresDate: renewal.gracePeriodExpiresDate ?? null,
              }
            : null,
        };
      } catch (error) {
        throw refused(error);
      }
    },
  };
}
