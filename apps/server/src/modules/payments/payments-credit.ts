/**
 * Recording an order's payment and crediting its coins: recordPaid, credit and confirmPaid, the
 * only way coins are bought. The three are one database function, payment_credit (migration 0014,
 * written with fewer statements in 0022; docs/decisions/0710, 0711): one statement and one
 * transaction under the order's row lock — record the payment, decide the bonus once (the
 * first-charge claim is unique per user and pack), grant both lots through the wallet's
 * wallet_grant under their unique keys, mark credited, write each transition, answer the balances.
 * A crash before its commit leaves nothing half-done; a capture whose confirm never ran is found by
 * the next confirm, the webhook or the sweep (decision 0702). createPaymentsService composes it.
 */
import { ResultCode, type PaymentCurrency, type PaymentGateway } from '@snapdrama/contract';
import { fromMinorUnits, purchaseBonusCoins } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { walletRefusal } from '../wallet/wallet-refusal';
import type { WalletService } from '../wallet/wallet.service';
import { channelOfGateway, orderNotFound, UUID_RE } from './payments-wire';
import {
  isUniqueViolation,
  type CreditDbResult,
  type PaymentsRepository,
} from './payments.repository';
import type { OrderRow } from './payments.tables';

export interface PaidRecord {
  /** the gateway that reports the payment; must be the order's */
  provider: PaymentGateway;
  /** the provider's payment id: Toss paymentKey, Stripe payment intent, PayPal capture id, store token */
  providerTxnId: string;
  amountMinor: number;
  currency: PaymentCurrency;
  /** what the provider answered, kept in the transition for audit */
  raw?: unknown;
}

export interface ClosedRecord {
  provider: PaymentGateway;
  reason: string;
  raw?: unknown;
}

export interface CreditOutcome {
  order: OrderRow;
  alreadyCredited: boolean;
  /** valid balances right after the credit (undefined when only the payment was recorded) */
  balances?: { paid: number; bonus: number };
}

/** Refusals of the payment itself: recording it alone would be refused the same way. */
const PAID_NOT_RECORDABLE = new Set<number>([
  ResultCode.PAYMENT_ORDER_NOT_FOUND,
  ResultCode.PAYMENT_GATEWAY_MISMATCH,
  ResultCode.PAYMENT_ALREADY_USED,
  ResultCode.PAYMENT_AMOUNT_MISMATCH,
]);

export function createPaymentCredit(deps: {
  repo: PaymentsRepository;
  wallet: Pick<WalletService, 'purchaseValidity'>;
  clock: Clock;
  requireOrder: (ordrId: string) => Promise<OrderRow>;
  /** hears each order credited, once (the metrics count payments credited per gateway) */
  onCredited?: (gateway: string) => void;
  /** hears each order credited, once, after its commit (invites: a first purchase); never throws */
  afterCredited?: (userId: string) => Promise<void>;
}) {
  const { repo, wallet, clock, requireOrder } = deps;

  /**
   * payment_credit in one statement: records `paid` when given, then credits when `credit`. The
   * bonus candidates come from packages/rules; the function picks one by the first-charge claim.
   */
  async function apply(
    target: OrderRow | string,
    paid: PaidRecord | undefined,
    credit: boolean,
  ): Promise<CreditOutcome> {
    let order = typeof target === 'string' ? undefined : target;
    // crediting needs the pack's bonus terms (copied into the order, never changed after)
    if (credit && !order) order = await requireOrder(target as string);
    const orderId = order?.id ?? (target as string);
    if (!UUID_RE.test(orderId)) throw orderNotFound();
    const terms = order && { bons_coin: order.bonusCoin, bons_coin_1st: order.firstBonusCoin };
    // validity per source (packages/rules coinValidityDays): the store the coins were bought in
    const channel = channelOfGateway(order?.gateway);
    const validity = credit
      ? await wallet.purchaseValidity(channel)
      : { paidDays: 1, bonusDays: 1 };
    let r: CreditDbResult;
    try {
      r = await repo.recordAndCredit({
        orderId: orderId.toLowerCase(),
        now: clock.now(),
        paid: paid && {
          provider: paid.provider,
          providerTxnId: paid.providerTxnId,
          amountMinor: paid.amountMinor,
          currency: paid.currency,
          raw: paid.raw,
        },
        credit,
        bonusFirst: terms ? purchaseBonusCoins(terms, false) : 0,
        bonusRepeat: terms ? purchaseBonusCoins(terms, true) : 0,
        paidValidDays: validity.paidDays,
        bonusValidDays: validity.bonusDays,
        channel,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          ResultCode.PAYMENT_ALREADY_USED,
          'This purchase has already been used for another order',
        );
      }
      throw walletRefusal(error) ?? error;
    }
    const row = r.order;
    switch (r.outcome) {
      case 'not_found':
        throw orderNotFound();
      case 'gateway_mismatch':
        throw new AppError(
          ResultCode.PAYMENT_GATEWAY_MISMATCH,
          `This order is paid through ${row?.gateway}, not ${paid?.provider}`,
        );
      case 'already_used':
        throw new AppError(
          ResultCode.PAYMENT_ALREADY_USED,
          'This order was already paid by another payment',
        );
      case 'amount_mismatch':
        throw new AppError(
          ResultCode.PAYMENT_AMOUNT_MISMATCH,
          `The payment (${paid ? fromMinorUnits(paid.amountMinor, paid.currency) : '?'} ${paid?.currency}) is not the order's amount`,
        );
      case 'not_paid':
        throw new AppError(ResultCode.PAYMENT_NOT_COMPLETED, 'This order has not been paid');
      case 'reversed':
        if (!row) throw new Error('payment_credit answered reversed without the order');
        return { order: row, alreadyCredited: false, balances: r.balances };
      case 'paid':
      case 'credited':
        if (!row) throw new Error(`payment_credit answered ${r.outcome} without the order`);
        // the one call that moved the order to credited tells the metrics
        if (r.outcome === 'credited' && !r.alreadyCredited) {
          deps.onCredited?.(row.gateway);
          await deps.afterCredited?.(row.userId);
        }
        return {
          order: row,
          alreadyCredited: r.alreadyCredited,
          balances: r.outcome === 'credited' ? r.balances : undefined,
        };
      default:
        throw new Error(`payment_credit answered ${String(r.outcome)}`);
    }
  }

  /** registered (or failed/canceled) → paid; see the module comment. */
  async function recordPaid(ordrId: string, paid: PaidRecord): Promise<OrderRow> {
    return (await apply(ordrId, paid, false)).order;
  }

  /** paid → credited, exactly once; a credited or refunded order answers alreadyCredited true. */
  function credit(order: OrderRow | string): Promise<CreditOutcome> {
    return apply(order, undefined, true);
  }

  /**
   * What a confirmation does once the provider says the money is taken: record and credit in
   * one transaction. Should the credit fail (the wallet refuses a withdrawn user, the database
   * drops the connection), the payment is still recorded on its own, so the order is paid and
   * the next confirm, the webhook or the sweep credits it.
   */
  async function confirmPaid(order: OrderRow | string, paid: PaidRecord): Promise<CreditOutcome> {
    try {
      return await apply(order, paid, true);
    } catch (error) {
      if (!(error instanceof AppError && PAID_NOT_RECORDABLE.has(error.code))) {
        await apply(typeof order === 'string' ? order : order.id, paid, false).catch(
          () => undefined,
        );
      }
      throw error;
    }
  }

  return { recordPaid, credit, confirmPaid };
}
