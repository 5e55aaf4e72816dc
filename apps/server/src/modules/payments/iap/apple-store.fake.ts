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

  /** A purchase: returns the transaction id and its JWS (Transaction.jwsRepresentation). */
  async purchase(input: Parameters<FakeAppStore['transactionPayload']>[0]) {
    const payload = this.transactionPayload(input);
    const transactionId = String(payload.transactionId);
    this.transactions.set(transactionId, payload);
    return { transactionId, transactionJWS: await this.chain.sign(payload) };
  }

  /** An App Store Server Notification v2 (REFUND, REVOKE...) about a transaction, signed. */
  async notification(
    transactionId: string,
    notificationType: string,
    options: { notificationUUID?: string; subtype?: string } = {},
  ): Promise<string> {
    const now = this.now().getTime();
    const known = this.transactions.get(transactionId) ?? { transactionId };
    const revoked = notificationType === 'REFUND' || notificationType === 'REVOKE';
    const transaction = {
      ...known,
      signedDate: now,
      ...(revoked ? { revocationDate: now, revocationReason: 0 } : {}),
    };
    return this.chain.sign({
      notificationType,
      ...(options.subtype ? { subtype: options.subtype } : {}),
      notificationUUID: options.notificationUUID ?? randomUUID(),
      version: '2.0',
      signedDate: now,
      data: {
        bundleId: this.bundleId,
        environment: this.environment,
        signedTransactionInfo: await this.chain.sign(transaction),
        status: 1,
      },
    });
  }
}
