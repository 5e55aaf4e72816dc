import { androidpublisher, auth as googleAuth } from '@googleapis/androidpublisher';

/** What the verify call needs to know of a one-time product purchase (Play Developer API v3). */
export interface PlayPurchase {
  /** 0 purchased, 1 canceled, 2 pending (ProductPurchase.purchaseState) */
  state: 'purchased' | 'canceled' | 'pending';
  consumed: boolean;
  acknowledged: boolean;
  /** Google's order id (GPA.xxxx), shown to operators */
  orderId: string | null;
  /** the app's order reference set with BillingFlowParams.setObfuscatedAccountId */
  obfuscatedAccountId: string | null;
  quantity: number;
}

/** A subscription purchase (purchases.subscriptionsv2.get), the parts the VIP module reads. */
export interface PlaySubscription {
  /** SUBSCRIPTION_STATE_ACTIVE, _IN_GRACE_PERIOD, _ON_HOLD, _PAUSED, _CANCELED, _EXPIRED, _PENDING */
  state: string;
  productId: string | null;
  /** end of access (the grace end while in grace), ms since the epoch */
  expiryTime: number | null;
  /** the order that paid the current period (GPA.xxxx..N for the N-th renewal) */
  latestOrderId: string | null;
  autoRenewEnabled: boolean;
  /** BillingFlowParams.setObfuscatedAccountId: our vipId */
  obfuscatedAccountId: string | null;
}

/** The three calls of purchases.products the IAP service makes. */
export interface GooglePlayApi {
  /** undefined: Google does not know this token for this product (invalid, expired or unknown) */
  getProductPurchase(
    packageName: string,
    productId: string,
    token: string,
  ): Promise<PlayPurchase | undefined>;
  /** consuming a consumable also acknowledges it; a coin pack can be bought again after it */
  consume(packageName: string, productId: string, token: string): Promise<void>;
  /** undefined: Google does not know this subscription token */
  getSubscription(packageName: string, token: string): Promise<PlaySubscription | undefined>;
  /**
   * Refunds the latest charge in full and ends the subscription now (purchases.subscriptionsv2
   * revoke with revocationContext.fullRefund, the successor of purchases.subscriptions.revoke).
   * 'unknown': Google does not know the token. Throws GooglePlayUnavailableError otherwise.
   */
  revokeSubscription(packageName: string, token: string): Promise<'revoked' | 'unknown'>;
}

export const toPlaySubscription = (data: {
  subscriptionState?: string | null;
  latestOrderId?: string | null;
  lineItems?: {
    productId?: string | null;
    expiryTime?: string | null;
    latestSuccessfulOrderId?: string | null;
    autoRenewingPlan?: { autoRenewEnabled?: boolean | null } | null;
  }[];
  externalAccountIdentifiers?: { obfuscatedExternalAccountId?: string | null } | null;
}): PlaySubscription => {
  const item = data.lineItems?.[0];
  const expiry = item?.expiryTime ? Date.parse(item.expiryTime) : NaN;
  return {
    state: data.subscriptionState ?? 'SUBSCRIPTION_STATE_UNSPECIFIED',
    productId: item?.productId ?? null,
    expiryTime: Number.isNaN(expiry) ? null : expiry,
    latestOrderId: item?.latestSuccessfulOrderId ?? data.latestOrderId ?? null,
    autoRenewEnabled: item?.autoRenewingPlan?.autoRenewEnabled === true,
    obfuscatedAccountId: data.externalAccountIdentifiers?.obfuscatedExternalAccountId ?? null,
  };
};

export class GooglePlayUnavailableError extends Error {}

export interface GooglePlayServiceAccount {
  clientEmail: string;
  privateKey: string;
}

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const ANDROID_PUBLISHER_ROOT_URL = 'https://androidpublisher.googleapis.com/';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

// purchaseState 0 purchased, 2 pending; 1 canceled, and an absent or unknown state never counts as paid
const stateOf = (code: number | null | undefined): PlayPurchase['state'] =>
  code === 0 ? 'purchased' : code === 2 ? 'pending' : 'canceled';

/** The HTTP status of a Play Developer API answer; the token grant's failures do not count. */
const purchaseStatusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, config } = error as { status?: unknown; config?: { url?: unknown } };
  const url = String(config?.url);
  if (!url.includes('/purchases/products/') && !url.includes('/purchases/subscriptionsv2/'))
    return undefined;
  return typeof status === 'number' ? status : undefined;
};

/**
 * The real adapter: the official client with a service account (the token exchange is the
 * service-account JWT grant). rootUrl and tokenUrl point it at a local server in tests.
 */
export function createGooglePlayApi(options: {
  serviceAccount: GooglePlayServiceAccount;
  rootUrl?: string;
  tokenUrl?: string;
  timeoutMs?: number;
}): GooglePlayApi {
  const client = new googleAuth.JWT({
    email: options.serviceAccount.clientEmail,
    key: options.serviceAccount.privateKey,
    scopes: [SCOPE],
  });
  const tokenUrl = options.tokenUrl ?? GOOGLE_TOKEN_URL;
  if (tokenUrl !== GOOGLE_TOKEN_URL) {
    // google-auth-library has no token URL option: the exchange goes through the client's own
    // transporter, so the request is redirected there (tests and private gateways only)
    client.transporter.interceptors.request.add({
      resolved: (config) => {
        if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(tokenUrl);
        return Promise.resolve(config);
      },
    });
  }
  const api = androidpublisher({
    version: 'v3',
    auth: client,
    rootUrl: options.rootUrl ?? ANDROID_PUBLISHER_ROOT_URL,
    retry: false,
    // a verify call waits on this; Google answers in well under a second when healthy
    timeout: options.timeoutMs ?? 10_000,
  });

  return {
    async getProductPurchase(packageName, productId, token) {
      try {
        const { data } = await api.purchases.products.get({ packageName, productId, token });
        return {
          state: stateOf(data.purchaseState),
          consumed: data.consumptionState === 1,
          acknowledged: data.acknowledgementState === 1,
          orderId: data.orderId ?? null,
          obfuscatedAccountId: data.obfuscatedExternalAccountId ?? null,
          quantity: data.quantity ?? 1,
        };
      } catch (error) {
        // 400 invalid token, 404 unknown, 410 no longer valid: the token pays nothing
        const status = purchaseStatusOf(error);
        if (status === 400 || status === 404 || status === 410) return undefined;
        throw new GooglePlayUnavailableError(`Play Developer API: ${String(error)}`);
      }
    },
    async getSubscription(packageName, token) {
      try {
        const { data } = await api.purchases.subscriptionsv2.get({ packageName, token });
        return toPlaySubscription(data);
      } catch (error) {
        const status = purchaseStatusOf(error);
        if (status === 400 || status === 404 || status === 410) return undefined;
        throw new GooglePlayUnavailableError(`Play Developer API: ${String(error)}`);
      }
    },
    async revokeSubscription(packageName, token) {
      try {
        // POST /androidpublisher/v3/applications/{packageName}/purchases/subscriptionsv2/tokens/{token}:revoke
        await api.purchases.subscriptionsv2.revoke({
          packageName,
          token,
          requestBody: { revocationContext: { fullRefund: {} } },
        });
        return 'revoked';
      } catch (error) {
        const status = purchaseStatusOf(error);
        if (status === 400 || status === 404 || status === 410) return 'unknown';
        throw new GooglePlayUnavailableError(`Play Developer API revoke: ${String(error)}`);
      }
    },
    async consume(packageName, productId, token) {
      try {
        await api.purchases.products.consume({ packageName, productId, token });
      } catch (error) {
        throw new GooglePlayUnavailableError(`Play Developer API consume: ${String(error)}`);
      }
    },
  };
}
