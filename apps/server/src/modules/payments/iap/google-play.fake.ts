import { createPublicKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { toPlaySubscription, type GooglePlayApi, type PlayPurchase } from './google-play';

/**
 * The local stand-in for Google Play: purchases the native host simulator (or a test) makes, kept
 * in memory. Served in-process as the demo's GooglePlayApi, and over HTTP in the Play Developer
 * API's wire format so the real adapter can be tested against it.
 */
interface FakePurchase {
  packageName: string;
  productId: string;
  /** purchaseState: 0 purchased, 1 canceled, 2 pending */
  purchaseState: 0 | 1 | 2;
  consumptionState: 0 | 1;
  acknowledgementState: 0 | 1;
  orderId: string;
  obfuscatedExternalAccountId: string | undefined;
  purchaseTimeMillis: number;
  /** a token Google stopped answering for (HTTP 410) */
  expired: boolean;
}

/** A subscription at the stand-in, as subscriptionsv2.get answers it. */
export interface FakeSubscription {
  packageName: string;
  productId: string;
  state: string;
  expiryTime: number;
  /** GPA.xxxx for the first order, GPA.xxxx..1 for the first renewal, ... */
  orderBase: string;
  renewals: number;
  autoRenewEnabled: boolean;
  obfuscatedExternalAccountId: string | undefined;
  startTime: number;
}

export class FakePlayStore {
  private readonly purchases = new Map<string, FakePurchase>();
  private readonly subscriptions = new Map<string, FakeSubscription>();

  /** A subscription bought with Play Billing; returns its purchaseToken. */
  subscribe(input: {
    packageName: string;
    productId: string;
    obfuscatedAccountId?: string;
    periodDays: number;
    now?: number;
  }): string {
    const token = `fake.sub.${randomBytes(24).toString('base64url')}`;
    const now = input.now ?? Date.now();
    this.subscriptions.set(token, {
      packageName: input.packageName,
      productId: input.productId,
      state: 'SUBSCRIPTION_STATE_ACTIVE',
      expiryTime: now + input.periodDays * 86_400_000,
      orderBase: `GPA.${randomUUID().slice(0, 18)}`,
      renewals: 0,
      autoRenewEnabled: true,
      obfuscatedExternalAccountId: input.obfuscatedAccountId,
      startTime: now,
    });
    return token;
  }

  subscription(token: string): FakeSubscription | undefined {
    return this.subscriptions.get(token);
  }

  /** the tokens revoked with a full refund (subscriptionsv2 revoke), in order */
  readonly revoked: string[] = [];

  /**
   * subscriptionsv2 revoke with a full refund: the latest charge refunded, the subscription ended
   * now (EXPIRED, renewal off). false: no such subscription of this app.
   */
  /** how many revoke calls to come fail as Google's outage would (tests of the retry) */
  failRevokes = 0;

  revoke(packageName: string, token: string, now = Date.now()): boolean {
    if (this.failRevokes > 0) {
      this.failRevokes--;
      throw new Error('Play Developer API unavailable (stand-in)');
    }
    const s = this.subscriptions.get(token);
    if (!s || s.packageName !== packageName) return false;
    s.state = 'SUBSCRIPTION_STATE_EXPIRED';
    s.autoRenewEnabled = false;
    s.expiryTime = Math.min(s.expiryTime, now);
    this.revoked.push(token);
    return true;
  }

  /** Changes a subscription as Google would (renewal, grace, hold, cancel, expiry). */
  updateSubscription(token: string, change: (s: FakeSubscription) => void): FakeSubscription {
    const s = this.subscriptions.get(token);
    if (!s) throw new Error(`no subscription ${token}`);
    change(s);
    return s;
  }

  subscriptionJson(token: string) {
    const s = this.subscriptions.get(token);
    if (!s) return undefined;
    const orderId = s.renewals === 0 ? s.orderBase : `${s.orderBase}..${s.renewals - 1}`;
    return {
      kind: 'androidpublisher#subscriptionPurchaseV2',
      regionCode: 'KR',
      startTime: new Date(s.startTime).toISOString(),
      subscriptionState: s.state,
      latestOrderId: orderId,
      acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
      ...(s.obfuscatedExternalAccountId
        ? {
            externalAccountIdentifiers: {
              obfuscatedExternalAccountId: s.obfuscatedExternalAccountId,
            },
          }
        : {}),
      lineItems: [
        {
          productId: s.productId,
          expiryTime: new Date(s.expiryTime).toISOString(),
          latestSuccessfulOrderId: orderId,
          autoRenewingPlan: { autoRenewEnabled: s.autoRenewEnabled },
        },
      ],
    };
  }

  /** A purchase as the Play Billing Library would hand it to the app; returns its purchaseToken. */
  purchase(input: {
    packageName: string;
    productId: string;
    /** the app's order reference (BillingFlowParams.setObfuscatedAccountId) */
    obfuscatedAccountId?: string;
    state?: 'purchased' | 'canceled' | 'pending';
  }): string {
    const token = `fake.${randomBytes(24).toString('base64url')}`;
    this.purchases.set(token, {
      packageName: input.packageName,
      productId: input.productId,
      purchaseState: input.state === 'canceled' ? 1 : input.state === 'pending' ? 2 : 0,
      consumptionState: 0,
      acknowledgementState: 0,
      orderId: `GPA.${randomUUID().slice(0, 18)}`,
      obfuscatedExternalAccountId: input.obfuscatedAccountId,
      purchaseTimeMillis: Date.now(),
      expired: false,
    });
    return token;
  }

  /** Google voids a purchase (refund or chargeback): its state turns canceled. */
  void(token: string): FakePurchase | undefined {
    const p = this.purchases.get(token);
    if (p) p.purchaseState = 1;
    return p;
  }

  expire(token: string): void {
    const p = this.purchases.get(token);
    if (p) p.expired = true;
  }

  get(token: string): FakePurchase | undefined {
    return this.purchases.get(token);
  }

  find(packageName: string, productId: string, token: string) {
    const p = this.purchases.get(token);
    if (!p || p.packageName !== packageName || p.productId !== productId)
      return { status: 400 as const };
    if (p.expired) return { status: 410 as const };
    return { status: 200 as const, purchase: p };
  }

  consume(packageName: string, productId: string, token: string): 200 | 400 | 410 {
    const found = this.find(packageName, productId, token);
    if (found.status !== 200) return found.status;
    // Google refuses to consume what is not purchased, or what is consumed already
    if (found.purchase.purchaseState !== 0 || found.purchase.consumptionState === 1) return 400;
    found.purchase.consumptionState = 1;
    found.purchase.acknowledgementState = 1;
    return 200;
  }
}

const toPlayPurchase = (p: FakePurchase): PlayPurchase => ({
  state: p.purchaseState === 0 ? 'purchased' : p.purchaseState === 2 ? 'pending' : 'canceled',
  consumed: p.consumptionState === 1,
  acknowledged: p.acknowledgementState === 1,
  orderId: p.orderId,
  obfuscatedAccountId: p.obfuscatedExternalAccountId ?? null,
  quantity: 1,
});

/** The in-process stand-in used when no Google Play service account is configured. */
export function createFakePlayApi(store: FakePlayStore): GooglePlayApi {
  return {
    getProductPurchase(packageName, productId, token) {
      const found = store.find(packageName, productId, token);
      return Promise.resolve(found.status === 200 ? toPlayPurchase(found.purchase) : undefined);
    },
    getSubscription(packageName, token) {
      const json = store.subscriptionJson(token);
      if (!json || store.subscription(token)?.packageName !== packageName)
        return Promise.resolve(undefined);
      return Promise.resolve(toPlaySubscription(json));
    },
    revokeSubscription(packageName, token) {
      try {
        return Promise.resolve(store.revoke(packageName, token) ? 'revoked' : 'unknown');
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    consume(packageName, productId, token) {
      const status = store.consume(packageName, productId, token);
      return status === 200
        ? Promise.resolve()
        : Promise.reject(new Error(`consume refused (${status})`));
    },
  };
}

const googleError = (res: ServerResponse, code: number, status: string, message: string) => {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({ error: { code, message, status, errors: [{ message, reason: status }] } }),
  );
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const PURCHASE_PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(?::(acknowledge|consume))?$/;

const SUBSCRIPTION_PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/subscriptionsv2\/tokens\/([^/:]+)(:revoke)?$/;

/**
 * An HTTP server speaking the Play Developer API's wire format and Google's service-account token
 * grant (RFC 7523 JWT bearer, checked against the service account's public key).
 */
export async function startFakePlayServer(options: {
  store: FakePlayStore;
  serviceAccountEmail: string;
  serviceAccountPublicKey: KeyObject | string;
}): Promise<{ url: string; tokenUrl: string; requests: string[]; close(): Promise<void> }> {
  const publicKey =
    typeof options.serviceAccountPublicKey === 'string'
      ? createPublicKey(options.serviceAccountPublicKey)
      : options.serviceAccountPublicKey;
  const issued = new Set<string>();
  const requests: string[] = [];
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      requests.push(`${req.method ?? ''} ${url.pathname}`);
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(req));
        try {
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            throw new Error('grant_type');
          const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
            issuer: options.serviceAccountEmail,
            audience: 'https://oauth2.googleapis.com/token',
          });
          if (!String(payload.scope).includes('androidpublisher')) throw new Error('scope');
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT' }));
          return;
        }
        const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
        issued.add(token);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const subscription = SUBSCRIPTION_PATH.exec(url.pathname);
      if (subscription && req.method === 'POST' && subscription[3]) {
        if (!bearer || !issued.has(bearer))
          return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication');
        const [pkg, token] = [subscription[1], subscription[2]].map((s) =>
          decodeURIComponent(s ?? ''),
        ) as [string, string];
        const request = JSON.parse((await readBody(req)) || '{}') as {
          revocationContext?: Record<string, unknown>;
        };
        if (!request.revocationContext)
          return googleError(res, 400, 'INVALID_ARGUMENT', 'revocationContext is required');
        let revoked: boolean;
        try {
          revoked = options.store.revoke(pkg, token);
        } catch {
          return googleError(res, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
        }
        if (!revoked) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid Value');
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end('{}');
        return;
      }
      if (subscription && req.method === 'GET' && !subscription[3]) {
        if (!bearer || !issued.has(bearer))
          return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication');
        const [pkg, token] = [subscription[1], subscription[2]].map((s) =>
          decodeURIComponent(s ?? ''),
        ) as [string, string];
        const json = options.store.subscriptionJson(token);
        if (!json || options.store.subscription(token)?.packageName !== pkg)
          return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid Value');
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(json));
        return;
      }
      const match = PURCHASE_PATH.exec(url.pathname);
      if (!match) return googleError(res, 404, 'NOT_FOUND', 'Not found');
      if (!bearer || !issued.has(bearer))
        return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication');
      const [packageName, productId, token] = [match[1], match[2], match[3]].map((s) =>
        decodeURIComponent(s ?? ''),
      ) as [string, string, string];
      const action = match[4];
      if (req.method === 'GET' && !action) {
        const found = options.store.find(packageName, productId, token);
        if (found.status === 410)
          return googleError(res, 410, 'GONE', 'The purchase token is no longer valid.');
        if (found.status !== 200) return googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid Value');
        const p = found.purchase;
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(
          JSON.stringify({
            kind: 'androidpublisher#productPurchase',
            purchaseTimeMillis: String(p.purchaseTimeMillis),
            purchaseState: p.purchaseState,
            consumptionState: p.consumptionState,
            developerPayload: '',
            orderId: p.orderId,
            acknowledgementState: p.acknowledgementState,
            ...(p.obfuscatedExternalAccountId
              ? { obfuscatedExternalAccountId: p.obfuscatedExternalAccountId }
              : {}),
            regionCode: 'KR',
          }),
        );
        return;
      }
      if (req.method === 'POST' && action === 'consume') {
        const status = options.store.consume(packageName, productId, token);
        if (status !== 200)
          return googleError(
            res,
            status,
            'FAILED_PRECONDITION',
            'The purchase is not in a valid state to perform the desired operation.',
          );
        res.writeHead(204);
        res.end();
        return;
      }
      googleError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    tokenUrl: `${base}/token`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
