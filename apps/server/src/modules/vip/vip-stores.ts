import { ResultCode, vipPlanOf, vipPlanOfProduct, type VipPassData } from '@snapdrama/contract';
import { AppError } from '../../errors';
import {
  AppleVerificationError,
  type AppleNotification,
  type AppleStoreVerifier,
  type AppleTransaction,
  type AppleServerApi,
  type GooglePlayApi,
  type PlaySubscription,
  type DeveloperNotification,
  askApple,
  type IapSubscriptionHandler,
} from '../payments/payments.adapters';
import type { DuplicateRefund, VipChange, VipService } from './vip.service';
import type { VipCaller } from './vip-gateways.service';

const unavailable = (store: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${store} is not available; try again`);
const failed = (why: string) =>
  new AppError(ResultCode.IAP_VERIFICATION_FAILED, `The store purchase did not verify: ${why}`);
const same = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Where a Google period that is already over began. Google answers only the expiry of the latest
 * order, and a notice can reach us after it (a late RTDN, a verify retried after the period): the
 * period is then the plan's last one before the expiry (one week, one calendar month), so it is
 * recorded as paid time in the past (never an empty period, which vip_periods refuses).
 */
function googlePeriodStart(productId: string | null, expiry: Date): Date {
  const plan = productId ? vipPlanOfProduct(productId) : undefined;
  const start = new Date(expiry);
  if (plan?.interval === 'month') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setTime(expiry.getTime() - (plan?.periodDays ?? 7) * 86_400_000);
  return start;
}

/**
 * What a Google subscription's state says about the pass. Google is asked (subscriptionsv2.get)
 * on every notification, so the changes follow Google's answer, not the notification's type; the
 * latest order id is the period's key (GPA.x for the first period, GPA.x..N for renewal N+1).
 */
export function googleChanges(sub: PlaySubscription, now: Date): VipChange[] {
  const expiry = sub.expiryTime === null ? undefined : new Date(sub.expiryTime);
  const paid = (): VipChange[] =>
    sub.latestOrderId && expiry
      ? [
          {
            type: 'paid',
            periodKey: sub.latestOrderId,
            startsAt: now < expiry ? now : googlePeriodStart(sub.productId, expiry),
            endsAt: expiry,
          },
        ]
      : [];
  switch (sub.state) {
    case 'SUBSCRIPTION_STATE_ACTIVE':
      return [...paid(), { type: 'auto_renew', on: sub.autoRenewEnabled }];
    case 'SUBSCRIPTION_STATE_CANCELED':
      // cancelled by the buyer: access runs to the expiry of the paid period
      return [...paid(), { type: 'auto_renew', on: false }];
    case 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD':
      // Google moves expiryTime to the end of grace while it retries
      return expiry ? [{ type: 'grace', until: expiry }] : [];
    case 'SUBSCRIPTION_STATE_ON_HOLD':
    case 'SUBSCRIPTION_STATE_PAUSED':
    case 'SUBSCRIPTION_STATE_EXPIRED':
      // the paid time ran out at expiryTime; a recovery's period starts after it
      return [{ type: 'expired', ...(expiry ? { at: expiry } : {}) }];
    default:
      return [];
  }
}

/** An App Store Server Notification v2 about an auto-renewable subscription, as VIP changes. */
export function appleChanges(n: AppleNotification): VipChange[] {
  const t = n.transaction;
  if (!t) return [];
  const paid = (): VipChange[] =>
    t.expiresDate && t.purchaseDate && t.expiresDate > t.purchaseDate
      ? [
          {
            type: 'paid',
            periodKey: t.transactionId,
            startsAt: new Date(t.purchaseDate),
            endsAt: new Date(t.expiresDate),
          },
        ]
      : [];
  const renews = n.renewal?.autoRenewStatus;
  const autoRenew: VipChange[] =
    renews === null || renews === undefined ? [] : [{ type: 'auto_renew', on: renews === 1 }];
  switch (n.notificationType) {
    case 'SUBSCRIBED':
    case 'DID_RENEW':
      return [...paid(), ...autoRenew];
    case 'DID_FAIL_TO_RENEW': {
      const grace = n.renewal?.gracePeriodExpiresDate;
      // subtype GRACE_PERIOD: access continues to gracePeriodExpiresDate; without it, it ends
      return grace && n.subtype === 'GRACE_PERIOD'
        ? [{ type: 'grace', until: new Date(grace) }]
        : [];
    }
    case 'DID_CHANGE_RENEWAL_STATUS':
      return autoRenew;
    case 'EXPIRED':
    case 'GRACE_PERIOD_EXPIRED':
      // a resubscribe under the same original transaction is a period that starts later
      return [
        {
          type: 'expired',
          ...(t.expiresDate ? { at: new Date(Math.max(t.expiresDate, t.purchaseDate ?? 0)) } : {}),
        },
      ];
    case 'REFUND':
    case 'REVOKE':
      return [{ type: 'refunded', periodKey: t.transactionId }];
    default:
      return [];
  }
}

/**
 * The VIP pass bought in the stores: the app's verify calls and the stores' notifications (handed
 * over by the payments module's store endpoints). The payments module's adapters do the checking.
 */
export function createVipStores(deps: {
  vip: VipService;
  google: { api: GooglePlayApi; packageName: string } | undefined;
  apple: { verifier: AppleStoreVerifier; api: AppleServerApi } | undefined;
  now: () => Date;
}) {
  const { vip } = deps;
  // the app's logger, given once the server exists (useLogger)
  let log: { warn(o: object, m: string): void } | undefined;

  /**
   * A second paid Google Play pass: revoked at Google (subscriptionsv2 revoke, full refund of the
   * latest charge, the subscription ends now). One call refunds the pass, so each refund row of it
   * records the outcome; a retry calls again (revoking an ended subscription changes nothing).
   */
  async function refundGoogleDuplicate(work: DuplicateRefund) {
    const refunds = (await vip.refundsOf(work.vipId)).filter(
      (r) => r.reason === 'duplicate' && r.providerStatus !== 'done',
    );
    let status: 'done' | 'failed' = 'failed';
    try {
      const google = deps.google;
      if (!google) throw new Error('Google Play is off');
      if (!work.providerSubscriptionId) throw new Error('no purchase token');
      const revoked = await google.api.revokeSubscription(
        google.packageName,
        work.providerSubscriptionId,
      );
      status = revoked === 'revoked' ? 'done' : 'failed';
      if (status === 'failed')
        log?.warn({ vipId: work.vipId }, 'Google does not know the duplicate');
    } catch (error) {
      log?.warn({ err: error, vipId: work.vipId }, 'duplicate Google Play pass not revoked');
    }
    for (const r of refunds) {
      await vip.setRefundOutcome(r.id, {
        providerStatus: status,
        providerRefundId: status === 'done' ? `revoke:${r.refundKey}` : null,
      });
    }
  }
  if (deps.google) vip.useDuplicateRefunder(['G'], refundGoogleDuplicate);

  async function verifyApple(transactionJWS: string): Promise<AppleTransaction> {
    if (!deps.apple) throw unavailable('The App Store');
    try {
      return await deps.apple.verifier.verifyTransaction(transactionJWS);
    } catch (error) {
      if (error instanceof AppleVerificationError) {
        if (error.retryable) throw unavailable('The App Store');
        throw failed(error.reason);
      }
      throw error;
    }
  }

  const handler: IapSubscriptionHandler = {
    async apple(n) {
      const t = n.transaction;
      if (!t) return 'ignored';
      // the notice carries no time of its own here: the latest transaction's purchase orders a
      // renewal switch (a tie with a renewal: off)
      const at = t.purchaseDate;
      return vip.applyNotice({
        gateway: 'A',
        eventId: n.notificationUUID,
        ...(at ? { at: new Date(at) } : {}),
        eventType: n.subtype ? `${n.notificationType}:${n.subtype}` : n.notificationType,
        providerSubscriptionId: t.originalTransactionId,
        vipId: t.appAccountToken,
        changes: appleChanges(n),
      });
    },
    async google(n: DeveloperNotification, messageId: string) {
      const google = deps.google;
      if (!google) return 'ignored';
      const millis = Number(n.eventTimeMillis);
      const at = Number.isFinite(millis) && millis > 0 ? { at: new Date(millis) } : {};
      const voided = n.voidedPurchaseNotification;
      if (voided) {
        return vip.applyNotice({
          gateway: 'G',
          eventId: messageId || `voided:${voided.orderId ?? voided.purchaseToken}`,
          eventType: 'voidedPurchaseNotification',
          ...at,
          providerSubscriptionId: voided.purchaseToken,
          changes: [{ type: 'refunded', ...(voided.orderId ? { periodKey: voided.orderId } : {}) }],
        });
      }
      const note = n.subscriptionNotification;
      if (!note) return 'ignored';
      const sub = await google.api.getSubscription(google.packageName, note.purchaseToken);
      if (!sub) return 'unknown_subscription';
      const revoked = note.notificationType === 12;
      return vip.applyNotice({
        gateway: 'G',
        eventId:
          messageId || `${note.purchaseToken}:${note.notificationType}:${n.eventTimeMillis ?? ''}`,
        eventType: `subscriptionNotification:${note.notificationType}`,
        ...at,
        providerSubscriptionId: note.purchaseToken,
        vipId: sub.obfuscatedAccountId,
        changes: revoked ? [{ type: 'refunded' }] : googleChanges(sub, deps.now()),
      });
    },
  };

  return {
    handler,

    useLogger(next: { warn(o: object, m: string): void }) {
      log = next;
    },

    /** PUT /vip/iap/google/verify: the subscription is read from Google; it must be this pass's. */
    async googleVerify(
      caller: VipCaller,
      body: { vipId: string; packageName: string; productId: string; purchaseToken: string },
    ): Promise<VipPassData> {
      const pass = await vip.ownPass(caller.userId, body.vipId);
      if (pass.gateway !== 'G')
        throw new AppError(ResultCode.VIP_MISMATCH, 'Not a Google Play pass');
      const google = deps.google;
      if (!google) throw unavailable('Google Play');
      if (body.packageName !== google.packageName) throw failed('another app’s purchase');
      const plan = vipPlanOf(pass.plan);
      if (!plan || body.productId !== plan.iap.google) throw failed('another product');
      const sub = await google.api
        .getSubscription(google.packageName, body.purchaseToken)
        .catch(() => {
          throw unavailable('Google Play');
        });
      if (!sub) throw failed('Google does not know this purchase');
      if (sub.productId !== plan.iap.google) throw failed('another product');
      if (!same(sub.obfuscatedAccountId, pass.id))
        throw new AppError(ResultCode.VIP_MISMATCH, 'This purchase was made for another pass');
      const changes = googleChanges(sub, deps.now());
      if (!changes.some((c) => c.type === 'paid'))
        throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'The subscription is not paid');
      return vip.applyOwnNotice(caller.userId, pass.id, {
        gateway: 'G',
        eventId: `verify:${sub.latestOrderId ?? body.purchaseToken}`,
        eventType: 'app.verify',
        providerSubscriptionId: body.purchaseToken,
        changes,
      });
    },

    /** PUT /vip/iap/apple/verify: the StoreKit 2 transaction JWS, checked like the coin packs'. */
    async appleVerify(caller: VipCaller, body: { vipId: string; transactionJWS: string }) {
      const pass = await vip.ownPass(caller.userId, body.vipId);
      if (pass.gateway !== 'A')
        throw new AppError(ResultCode.VIP_MISMATCH, 'Not an App Store pass');
      const t = await verifyApple(body.transactionJWS);
      const plan = vipPlanOfProduct(t.productId);
      if (!plan || plan.code !== pass.plan || t.type !== 'Auto-Renewable Subscription')
        throw failed('another product');
      if (!same(t.appAccountToken, pass.id))
        throw new AppError(ResultCode.VIP_MISMATCH, 'This purchase was made for another pass');
      if (!t.expiresDate || !t.purchaseDate) throw failed('no subscription period');
      // Apple is asked before the period counts: the app's JWS may predate a refund
      const apple = deps.apple;
      if (!apple) throw unavailable('The App Store');
      const atApple = t.revoked
        ? t
        : await askApple(apple.api, t, { warn: (o, m) => log?.warn(o, m) });
      return vip.applyOwnNotice(caller.userId, pass.id, {
        gateway: 'A',
        eventId: `verify:${t.transactionId}`,
        eventType: 'app.verify',
        providerSubscriptionId: t.originalTransactionId,
        changes: [
          {
            type: 'paid',
            periodKey: t.transactionId,
            startsAt: new Date(t.purchaseDate),
            endsAt: new Date(t.expiresDate),
          },
          // refunded or revoked at Apple: recorded like a REFUND notification that came first,
          // so the pass ends refunded with no access
          ...(atApple.revoked ? [{ type: 'refunded' as const, periodKey: t.transactionId }] : []),
        ],
      });
    },
  };
}

export type VipStores = ReturnType<typeof createVipStores>;
