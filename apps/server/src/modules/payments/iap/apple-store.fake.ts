import { randomInt, randomUUID } from 'node:crypto';
import type { AppleLocalChain } from './apple-local-chain';
import type { AppleEnvironment } from './apple-store';

/**
 * The local stand-in for the App Store: signs transactions and server notifications (v2) with the
 * local chain, in Apple's payload format, for the native host simulator and tests.
 */
export class FakeAppStore {
  private readonly transactions = new Map<string, Record<string, unknown>>();

  constructor(
    readonly chain: AppleLocalChain,
    readonly bundleId: string,
    readonly environment: AppleEnvironment,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The transaction payload StoreKit 2 hands the app after a consumable purchase. */
  transactionPayload(input: {
    productId: string;
    appAccountToken?: string;
    transactionId?: string;
    bundleId?: string;
    environment?: string;
  }): Record<string, unknown> {
    const now = this.now().getTime();
    const transactionId = input.transactionId ?? String(2000000000000000 + randomInt(1e9));
    return {
      transactionId,
      originalTransactionId: transactionId,
      bundleId: input.bundleId ?? this.bundleId,
      productId: input.productId,
      purchaseDate: now,
      originalPurchaseDate: now,
      quantity: 1,
      type: 'Consumable',
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: input.environment ?? this.environment,
      transactionReason: 'PURCHASE',
      storefront: 'KOR',
      storefrontId: '143466',
      price: 1_490_000,
      currency: 'USD',
      ...(input.appAccountToken ? { appAccountToken: input.appAccountToken } : {}),
    };
  }

  /**
   * Apple refunded (REFUND) or revoked (REVOKE) a transaction: remembered, so Get Transaction Info
   * reports it with revocationDate from now on, whether or not a notification was delivered.
   */
  refund(transactionId: string, reason = 0): void {
    const known = this.transactions.get(transactionId);
    if (!known || known.revocationDate !== undefined) return;
    this.transactions.set(transactionId, {
      ...known,
      revocationDate: this.now().getTime(),
      revocationReason: reason,
    });
  }

  /** Apple reversed its refund (REFUND_REVERSED): the transaction stands again. */
  reverseRefund(transactionId: string): void {
    const known = this.transactions.get(transactionId);
    if (!known) return;
    const { revocationDate: _date, revocationReason: _reason, ...standing } = known;
    this.transactions.set(transactionId, standing);
  }

  /** What Get Transaction Info signs for this id now; undefined when the store never sold it. */
  async signedTransactionInfo(transactionId: string): Promise<string | undefined> {
    const known = this.transactions.get(transactionId);
    if (!known) return undefined;
    return this.chain.sign({ ...known, signedDate: this.now().getTime() });
  }

  /** The world changes a notification tells of (the notification itself may never be delivered). */
  private apply(transactionId: string, notificationType: string): void {
    if (notificationType === 'REFUND' || notificationType === 'REVOKE') this.refund(transactionId);
    if (notificationType === 'REFUND_REVERSED') this.reverseRefund(transactionId);
  }

  /** A purchase: returns the transaction id and its JWS (Transaction.jwsRepresentation). */
  async purchase(input: Parameters<FakeAppStore['transactionPayload']>[0]) {
    const payload = this.transactionPayload(input);
    const transactionId = String(payload.transactionId);
    this.transactions.set(transactionId, payload);
    return { transactionId, transactionJWS: await this.chain.sign(payload) };
  }

  /**
   * An auto-renewable subscription bought with StoreKit 2: the first period's transaction, its JWS,
   * and its original transaction id (the subscription's id for its whole life).
   */
  async subscribe(input: { productId: string; appAccountToken?: string; periodDays: number }) {
    const payload = this.subscriptionPayload(
      input.productId,
      input.appAccountToken,
      input.periodDays,
    );
    const transactionId = String(payload.transactionId);
    this.transactions.set(transactionId, payload);
    return {
      transactionId,
      originalTransactionId: transactionId,
      transactionJWS: await this.chain.sign(payload),
    };
  }

  /** The next period of a subscription was charged: a new transaction; answers its id. */
  renew(originalTransactionId: string, periodDays: number): string {
    const first = this.transactions.get(originalTransactionId);
    const payload = this.subscriptionPayload(
      typeof first?.productId === 'string' ? first.productId : '',
      first?.appAccountToken as string | undefined,
      periodDays,
      originalTransactionId,
    );
    this.transactions.set(String(payload.transactionId), payload);
    return String(payload.transactionId);
  }

  private subscriptionPayload(
    productId: string,
    appAccountToken: string | undefined,
    periodDays: number,
    originalTransactionId?: string,
  ): Record<string, unknown> {
    const now = this.now().getTime();
    const transactionId = String(2000000000000000 + randomInt(1e9));
    return {
      ...this.transactionPayload({ productId, appAccountToken, transactionId }),
      originalTransactionId: originalTransactionId ?? transactionId,
      type: 'Auto-Renewable Subscription',
      subscriptionGroupIdentifier: '21000001',
      expiresDate: now + periodDays * 86_400_000,
      transactionReason: originalTransactionId ? 'RENEWAL' : 'PURCHASE',
      webOrderLineItemId: String(randomInt(1e9)),
    };
  }

  /**
   * Applies a notification to the transaction it is about; returns that transaction as of now,
   * revoked by a REFUND or REVOKE, and as it was known before.
   */
  private notified(transactionId: string, notificationType: string) {
    this.apply(transactionId, notificationType);
    const now = this.now().getTime();
    const known = this.transactions.get(transactionId) ?? { transactionId };
    const revoked = notificationType === 'REFUND' || notificationType === 'REVOKE';
    const transaction = {
      ...known,
      signedDate: now,
      ...(revoked && known.revocationDate === undefined
        ? { revocationDate: now, revocationReason: 0 }
        : {}),
    };
    return { now, known, transaction };
  }

  /** The signed v2 envelope of a notification around its signed infos. */
  private signNotification(
    notificationType: string,
    options: { notificationUUID?: string; subtype?: string },
    now: number,
    signedInfos: { signedTransactionInfo: string; signedRenewalInfo?: string },
  ): Promise<string> {
    return this.chain.sign({
      notificationType,
      ...(options.subtype ? { subtype: options.subtype } : {}),
      notificationUUID: options.notificationUUID ?? randomUUID(),
      version: '2.0',
      signedDate: now,
      data: {
        bundleId: this.bundleId,
        environment: this.environment,
        ...signedInfos,
        status: 1,
      },
    });
  }

  /**
   * A subscription notification v2 (SUBSCRIBED, DID_RENEW, DID_FAIL_TO_RENEW, EXPIRED, REFUND,
   * DID_CHANGE_RENEWAL_STATUS): the transaction and the renewal info, both signed.
   */
  async subscriptionNotification(
    transactionId: string,
    notificationType: string,
    options: {
      subtype?: string;
      notificationUUID?: string;
      autoRenew?: boolean;
      gracePeriodExpiresDate?: number;
    } = {},
  ): Promise<string> {
    const { now, known, transaction } = this.notified(transactionId, notificationType);
    const renewal = {
      originalTransactionId: known.originalTransactionId ?? transactionId,
      autoRenewProductId: known.productId,
      productId: known.productId,
      autoRenewStatus: options.autoRenew === false ? 0 : 1,
      signedDate: now,
      environment: this.environment,
      recentSubscriptionStartDate: known.purchaseDate,
      renewalDate: known.expiresDate,
      ...(options.gracePeriodExpiresDate
        ? { gracePeriodExpiresDate: options.gracePeriodExpiresDate, isInBillingRetryPeriod: true }
        : {}),
    };
    return this.signNotification(notificationType, options, now, {
      signedTransactionInfo: await this.chain.sign(transaction),
      signedRenewalInfo: await this.chain.sign(renewal),
    });
  }

  /** An App Store Server Notification v2 (REFUND, REVOKE...) about a transaction, signed. */
  async notification(
    transactionId: string,
    notificationType: string,
    options: { notificationUUID?: string; subtype?: string } = {},
  ): Promise<string> {
    const { now, transaction } = this.notified(transactionId, notificationType);
    return this.signNotification(notificationType, options, now, {
      signedTransactionInfo: await this.chain.sign(transaction),
    });
  }
}
