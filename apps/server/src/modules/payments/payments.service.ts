/**
 * The order service: coin packs and orders. Every gateway (Toss, Stripe, PayPal here; Google Play
 * and Apple in iap/) drives its orders through this API, and only this service credits coins.
 *
 *   goodsList(userId?)                         the packs with per-user use_yn (spec §3, §9)
 *   register({userId, authMethod, godsCode, gateway, price})
 *                                              prices the order on the server and refuses a price
 *                                              that does not match (409070); → OrderRow, state registered
 *   findForUser(ordrId, userId)                the caller's order, else 404071 (unknown or another user's)
 *   attachProviderRef(ordrId, ref)             the provider's handle made at registration (Stripe
 *                                              session id, PayPal order id); unique per gateway
 *   recordPaid(ordrId, {provider, providerTxnId, amountMinor, currency, raw})
 *                                              registered → paid. Idempotent for the same provider
 *                                              transaction; the amount and currency must be the order's
 *                                              (409073); one provider transaction pays one order across
 *                                              all orders (unique (gateway, provider_txn_id): 409078)
 *   credit(order | ordrId)                     paid → credited, exactly once: the wallet's wallet_grant
 *                                              with the idempotency keys payment:{ordrId}:paid and
 *                                              payment:{ordrId}:bonus. Safe to call any number of times,
 *                                              concurrently, or again after a crash: a credited order
 *                                              answers alreadyCredited true and credits nothing.
 *   confirmPaid(order | ordrId, paid)          recordPaid and credit in one transaction: what a confirm
 *                                              call does; when the credit fails, the payment is still
 *                                              recorded on its own (paid), for the next confirm or sweep
 *   recordFailed / recordCanceled(ordrId, {provider, reason, raw})
 *                                              registered → failed / canceled (never from paid on)
 *   recordRefund(ordrId, {provider, providerRefundId, raw})
 *                                              paid/credited → refunded; claws back what remains of the
 *                                              order's paid lot via wallet.refundPurchase (bonus never, §9)
 *   result(order, alreadyCredited, balances?)  the wire reply of a confirm call
 *   paidButUncredited / staleRegistered / touch
 *                                              the reconciliation sweep's work lists
 *
 * States: registered → paid → credited; registered → failed | canceled; paid | credited → refunded.
 * Every transition is a row in payment_order_transitions (time, provider, provider txn id, raw).
 * recordPaid, credit and confirmPaid are one database function, payment_credit (migration 0014,
 * written with fewer statements in 0022; docs/decisions/0710, 0711): one statement and one
 * transaction under the order's row lock — record the
 * payment, decide the bonus once (the first-charge claim is unique per user and pack), grant both
 * lots through the wallet's wallet_grant under their unique keys, mark credited, write each
 * transition, answer the balances. A crash before its commit leaves nothing half-done; a capture
 * whose confirm never ran is found by the next confirm, the webhook or the sweep (decision 0702).
 */
import {
  ResultCode,
  type AuthMethod,
  type OrderState,
  type PaymentCurrency,
  type PaymentGateway,
  type PaymentGoods,
  type PaymentOrderData,
  type PaymentOrderListData,
  type PaymentResultData,
  LISTED_ORDER_STATES,
} from '@snapdrama/contract';
import {
  fromMinorUnits,
  gatewayCharge,
  purchaseBonusCoins,
  toMinorUnits,
  useYn,
  type CoinPurchaseChannel,
} from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { walletRefusal } from '../wallet/wallet-refusal';
import type { WalletService } from '../wallet/wallet.service';
import {
  isUniqueViolation,
  type CreditDbResult,
  type GoodsRow,
  type OrderRow,
  type PaymentsRepository,
  type ReversalKind,
  type TransitionRow,
} from './payments.repository';

/** A coin pack as stored, for the console's goods editor (modules/economy). */
export type { GoodsRow } from './payments.repository';

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

export interface RefundRecord {
  provider: PaymentGateway;
  providerRefundId: string;
  raw?: unknown;
  /** set when a provider's reversal report (not an operator) refunds the order */
  reversal?: boolean;
}

/** A provider's report against one of its payments: refund, void, revocation, dispute... */
export interface ReversalReport {
  gateway: PaymentGateway;
  /** the payment as orders store it (Toss paymentKey, Stripe payment intent, PayPal capture id, store transaction) */
  providerTxnId: string;
  kind: ReversalKind;
  /** the provider's id of this event, for the audit trail */
  eventRef: string;
  raw?: unknown;
}

/**
 * What a report did: kept (no order has this payment yet; it waits for it), refunded (the order
 * is refunded now or was already), restored (a reversal was itself reversed: the order is credited
 * again, once), recorded (no money moves, e.g. a dispute opened).
 */
export type ReversalOutcome = 'kept' | 'refunded' | 'restored' | 'recorded';

interface RefundedDetail {
  reversal?: boolean;
  refunded_coin?: number;
}

interface RestoredDetail {
  granted_coin?: number;
  /** the wallet grant of this restore (null: it granted nothing); absent before round keys */
  grant_key?: string | null;
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

// the grant keys payment:{ordrId}:paid and payment:{ordrId}:bonus are made in payment_credit
const paidKey = (orderId: string) => `payment:${orderId}:paid`;
// a credited order's refund n takes back under refundKey(n), restore n gives back under restoreKey(n)
const refundKey = (orderId: string, round: number) =>
  round === 0 ? `payment:${orderId}:refund` : `payment:${orderId}:refund:${round}`;
const restoreKey = (orderId: string, round: number) =>
  round === 1 ? `payment:${orderId}:restore` : `payment:${orderId}:restore:${round}`;

/** The detail of an order's last move to refunded (empty when it never was refunded). */
function lastRefund(transitions: TransitionRow[]): RefundedDetail {
  const last = transitions.findLast((t) => t.toState === 'refunded');
  return last?.detail ?? {};
}

/** Where coins paid through a gateway were bought: Apple and Google in their stores, the rest on the web. */
export function channelOfGateway(gateway: string | undefined): CoinPurchaseChannel {
  if (gateway === 'A') return 'app_store';
  if (gateway === 'G') return 'google_play';
  return 'web';
}

const orderNotFound = () =>
  new AppError(ResultCode.PAYMENT_ORDER_NOT_FOUND, 'No such payment order');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MAX_COINS = 1_000_000;
const MAX_MINOR = 100_000_000;

/** Why an operator's pack cannot be saved; undefined when it can. */
export function goodsProblem(g: GoodsRow): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(g.godsCode))
    return 'gods_code: 1-40 letters, digits, "_" or "-"';
  const whole = (n: number, min: number, max: number) =>
    Number.isSafeInteger(n) && n >= min && n <= max;
  if (!whole(g.paidCoin, 1, MAX_COINS)) return `paid_coin: a whole number from 1 to ${MAX_COINS}`;
  if (!whole(g.bonusCoin, 0, MAX_COINS)) return `bons_coin: a whole number from 0 to ${MAX_COINS}`;
  if (!whole(g.firstBonusCoin, 0, MAX_COINS))
    return `bons_coin_1st: a whole number from 0 to ${MAX_COINS}`;
  if (!whole(g.krw, 0, MAX_MINOR)) return 'krw: whole won from 0';
  if (!whole(g.usdCents, 0, MAX_MINOR)) return 'usd: cents from 0';
  if (!whole(g.iapPriceCents, 0, MAX_MINOR)) return 'iap_price: cents from 0';
  const productId = /^[A-Za-z0-9._-]{0,100}$/;
  if (!productId.test(g.iapGoogle) || !productId.test(g.iapApple))
    return 'iap: store product ids of letters, digits, ".", "_" or "-"';
  if (!whole(g.sortOrder, 0, 10_000)) return 'sort_order: a whole number from 0 to 10000';
  return undefined;
}

/** An order as "My orders" and its receipt show it; `transitions` are the order's, oldest first. */
export function toReceipt(order: OrderRow, transitions: TransitionRow[]): PaymentOrderData {
  const paid = transitions.find((t) => t.toState === 'paid' || t.toState === 'credited');
  const refunds = transitions.filter((t) => t.toState === 'refunded');
  const restores = transitions.filter((t) => t.fromState === 'refunded');
  const refunded = order.state === 'refunded' ? refunds.at(-1) : undefined;
  const took = (list: TransitionRow[], field: 'refunded_coin' | 'granted_coin') =>
    list.reduce(
      (sum, t) => sum + Number((t.detail as Record<string, unknown> | null)?.[field] ?? 0),
      0,
    );
  return {
    ordrId: order.id,
    stts: order.state as OrderState,
    gods_code: order.godsCode,
    pymn_gtwy: order.gateway as PaymentGateway,
    amnt: fromMinorUnits(order.amountMinor, order.currency as PaymentCurrency),
    crncy: order.currency as PaymentCurrency,
    rgst_dtm: order.createdAt.toISOString(),
    paid_coin: order.paidCoin,
    bons_coin: order.creditedBonus ?? 0,
    paid_dtm: paid ? paid.at.toISOString() : null,
    rfnd_dtm: refunded ? refunded.at.toISOString() : null,
    // what the refunds took back, less what restores gave back
    rfnd_coin: Math.max(0, took(refunds, 'refunded_coin') - took(restores, 'granted_coin')),
  };
}

export function toWireGoods(row: GoodsRow, boughtBefore: boolean): PaymentGoods {
  return {
    gods_code: row.godsCode,
    paid_coin: row.paidCoin,
    bons_coin: row.bonusCoin,
    bons_coin_1st: row.firstBonusCoin,
    use_yn: useYn(boughtBefore),
    krw: row.krw,
    usd: fromMinorUnits(row.usdCents, 'USD'),
    iap: { google: row.iapGoogle, apple: row.iapApple },
    iap_price: fromMinorUnits(row.iapPriceCents, 'USD'),
  };
}

export function createPaymentsService(deps: {
  repo: PaymentsRepository;
  wallet: Pick<WalletService, 'refundPurchase' | 'balances' | 'purchaseValidity' | 'grant'>;
  clock: Clock;
  /** hears each order credited, once (the metrics count payments credited per gateway) */
  onCredited?: (gateway: string) => void;
  /** hears each order credited, once, after its commit (invites: a first purchase); never throws */
  afterCredited?: (userId: string) => Promise<void>;
}) {
  const { repo, wallet, clock } = deps;
  const db = repo.db;

  async function findForUser(ordrId: string, userId: string): Promise<OrderRow> {
    // a foreign id and an unknown id answer the same, so ids cannot be probed
    if (!UUID_RE.test(ordrId)) throw orderNotFound();
    const order = await repo.orderById(ordrId.toLowerCase());
    if (!order || order.userId !== userId) throw orderNotFound();
    return order;
  }

  async function requireOrder(ordrId: string): Promise<OrderRow> {
    if (!UUID_RE.test(ordrId)) throw orderNotFound();
    const order = await repo.orderById(ordrId.toLowerCase());
    if (!order) throw orderNotFound();
    return order;
  }

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

  async function close(
    ordrId: string,
    to: 'failed' | 'canceled',
    record: ClosedRecord,
  ): Promise<OrderRow> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, ordrId);
      if (!order) throw orderNotFound();
      if (order.state !== 'registered') return order;
      const row = await repo.updateOrder(tx, order.id, { state: to, updatedAt: now });
      await repo.recordTransition(tx, {
        orderId: order.id,
        fromState: order.state,
        toState: to,
        at: now,
        provider: record.provider,
        providerTxnId: null,
        detail: { reason: record.reason, raw: record.raw ?? null },
      });
      return row;
    });
  }

  /** Moves a locked order to `to` in `tx` and records the transition. */
  async function moveOrder(
    tx: Tx,
    order: OrderRow,
    to: OrderState,
    at: Date,
    by: { provider: string; providerTxnId: string; detail: Record<string, unknown> },
  ): Promise<OrderRow> {
    const row = await repo.updateOrder(tx, order.id, { state: to, updatedAt: at });
    await repo.recordTransition(tx, {
      orderId: order.id,
      fromState: order.state,
      toState: to,
      at,
      provider: by.provider,
      providerTxnId: by.providerTxnId,
      detail: by.detail,
    });
    return row;
  }

  /**
   * Where the coins of a credited order were last credited from, read under the order's lock:
   * round 0 is the payment's own credit (the paid lot); round n the n-th restore, whose grant
   * (if it granted anything) is the lot a refund takes from. Refund n and restore n each have a
   * key of their own, so refund → restore → refund takes the coins back twice and gives them once.
   */
  function lastCredit(orderId: string, transitions: TransitionRow[]) {
    const restores = transitions.filter(
      (t) => t.fromState === 'refunded' && t.toState === 'credited',
    );
    const round = restores.length;
    if (round === 0) return { round, lotKey: paidKey(orderId) as string | null };
    const detail = (restores[round - 1]?.detail ?? {}) as RestoredDetail;
    // a restore recorded before grant_key was kept was the first, under the first round's key
    const legacy = round === 1 && (detail.granted_coin ?? 0) > 0 ? restoreKey(orderId, 1) : null;
    return { round, lotKey: detail.grant_key ?? legacy };
  }

  /**
   * credited → refunded in `tx`, which holds the order's row lock: takes back what remains of the
   * lot of the last credit (spent or expired coins cannot be clawed back; the order is still
   * refunded at the provider) and records the move.
   */
  async function refundCreditedIn(
    tx: Tx,
    order: OrderRow,
    record: RefundRecord,
    now: Date,
  ): Promise<{ order: OrderRow; refundedCoins: number }> {
    const { round, lotKey } = lastCredit(order.id, await repo.transitions(order.id, tx));
    let refundedCoins = 0;
    if (lotKey) {
      try {
        const refund = await wallet.refundPurchase(
          {
            userId: order.userId,
            grantIdempotencyKey: lotKey,
            idempotencyKey: refundKey(order.id, round),
            reason: `${record.provider} refund ${record.providerRefundId}`,
          },
          tx,
        );
        refundedCoins = refund.amount;
      } catch (error) {
        if (!(error instanceof AppError && error.code === ResultCode.REFUND_NOT_ALLOWED))
          throw error;
      }
    }
    const row = await moveOrder(tx, order, 'refunded', now, {
      provider: record.provider,
      providerTxnId: record.providerRefundId,
      detail: {
        refunded_coin: refundedCoins,
        raw: record.raw ?? null,
        ...(record.reversal ? { reversal: true } : {}),
      },
    });
    return { order: row, refundedCoins };
  }

  async function recordRefund(
    ordrId: string,
    record: RefundRecord,
    /** runs in the transaction that marks the order refunded (an operator's audit entry) */
    onRefunded?: (tx: Tx, change: { order: OrderRow; refundedCoins: number }) => Promise<void>,
  ): Promise<{ order: OrderRow; refundedCoins: number }> {
    let order = await requireOrder(ordrId);
    if (order.state === 'registered' || order.state === 'failed' || order.state === 'canceled') {
      throw new AppError(ResultCode.PAYMENT_NOT_COMPLETED, 'This order was never paid');
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      // a paid order is credited first, so the refund below has a lot to take from
      if (order.state === 'paid') {
        order = (await credit(order)).order;
        // a reversal kept against the payment refunded it at that credit, with no coins
        if (order.state === 'refunded') return { order, refundedCoins: 0 };
      }
      const done = await db.transaction(async (tx) => {
        const row = await repo.lockOrder(tx, order.id);
        if (!row) throw orderNotFound();
        // paid again: a restore of a refund made before the credit is crediting it now
        if (row.state === 'paid') return undefined;
        // refunded already (a replay): answers what that refund took
        if (row.state !== 'credited') {
          const last = lastRefund(await repo.transitions(row.id, tx));
          return { order: row, refundedCoins: last.refunded_coin ?? 0 };
        }
        const refunded = await refundCreditedIn(tx, row, record, clock.now());
        await onRefunded?.(tx, refunded);
        return refunded;
      });
      if (done) return done;
      order = await requireOrder(order.id);
    }
    throw new Error(`order ${ordrId} stayed paid through three refund attempts`);
  }

  /**
   * A reversal that was itself reversed (Apple REFUND_REVERSED, a dispute won after it was lost),
   * in `tx` under the payment's reversal lock and the order's row lock: the order refunded by
   * reversals is credited again, once. One never credited goes back to paid ('credit': the caller
   * credits it after this transaction, through payment_credit); one credited before gets back
   * what its refund took (a grant under the key of this restore's round). An operator's refund is
   * never undone here.
   */
  async function restoreIn(
    tx: Tx,
    order: OrderRow,
    txn: string,
    now: Date,
  ): Promise<'restored' | 'credit' | 'recorded'> {
    const transitions = await repo.transitions(order.id, tx);
    const detail = lastRefund(transitions);
    if (!detail.reversal) return 'recorded';
    if (order.creditedBonus === null) {
      await moveOrder(tx, order, 'paid', now, {
        provider: order.gateway,
        providerTxnId: txn,
        detail: { restored: true },
      });
      return 'credit';
    }
    const amount = detail.refunded_coin ?? 0;
    const grantKey =
      amount > 0 ? restoreKey(order.id, lastCredit(order.id, transitions).round + 1) : null;
    if (grantKey) {
      await wallet.grant(
        {
          userId: order.userId,
          kind: 'paid',
          amount,
          source: 'purchase',
          sourceRef: order.id,
          idempotencyKey: grantKey,
          channel: channelOfGateway(order.gateway),
        },
        tx,
      );
    }
    await moveOrder(tx, order, 'credited', now, {
      provider: order.gateway,
      providerTxnId: txn,
      detail: { restored: true, granted_coin: amount, grant_key: grantKey },
    });
    return 'restored';
  }

  /**
   * One pass of settleReversals, in one transaction under the payment's reversal lock and the
   * order's row lock: the reports read, the coins moved, the order's move and the reports marked
   * applied are one decision, so a report kept meanwhile waits and is settled by its own call.
   * `acted` when it moved the order.
   */
  async function settleOnce(
    order: OrderRow,
    txn: string,
  ): Promise<{ outcome: ReversalOutcome; acted: boolean }> {
    const now = clock.now();
    const step = await db.transaction(async (tx) => {
      await repo.lockPaymentReversals(tx, order.gateway, txn);
      const row = await repo.lockOrder(tx, order.id);
      if (!row) throw orderNotFound();
      let result: { outcome: ReversalOutcome; acted: boolean; credit?: boolean };
      if (await repo.isReversed(tx, row.gateway, txn)) {
        if (row.state === 'credited') {
          const kinds = (await repo.reversalsOf(row.gateway, txn, tx)).map((r) => r.kind);
          await refundCreditedIn(
            tx,
            row,
            {
              provider: row.gateway as PaymentGateway,
              providerRefundId: txn,
              raw: { kinds },
              reversal: true,
            },
            now,
          );
          result = { outcome: 'refunded', acted: true };
        } else if (row.state !== 'refunded') {
          await refundUncreditedIn(tx, row, txn, now);
          result = { outcome: 'refunded', acted: true };
        } else {
          result = { outcome: 'refunded', acted: false };
        }
      } else {
        const restored = row.state === 'refunded' ? await restoreIn(tx, row, txn, now) : 'recorded';
        result =
          restored === 'recorded'
            ? { outcome: 'recorded', acted: false }
            : { outcome: 'restored', acted: true, credit: restored === 'credit' };
      }
      await repo.markReversalsApplied(tx, row.gateway, txn, row.id, now);
      return result;
    });
    if (step.credit) await credit(order.id);
    return step;
  }

  /** Moves an order not yet credited (registered with a bound payment, paid) to refunded, no coins. */
  async function refundUncreditedIn(tx: Tx, order: OrderRow, txn: string, now: Date) {
    await moveOrder(tx, order, 'refunded', now, {
      provider: order.gateway,
      providerTxnId: txn,
      detail: { reversal: true, refunded_coin: 0, before_credit: true },
    });
  }

  /**
   * Brings an order in line with the reports kept against its payment. Reversed (payment_reversed):
   * an order not yet credited ends refunded with no coins; a credited one goes through the refund
   * path (what remains of its paid coins is taken back). Not reversed: a reversal of a reversal
   * restores the order; anything else is only attached to the order. After each move the order and
   * the reports are read again, so two reports settling at once (a refund and its reversal) end in
   * what the whole set says, whichever finished last.
   */
  async function settleReversals(order: OrderRow): Promise<ReversalOutcome> {
    const txn = order.providerTxnId;
    if (!txn) return 'kept';
    let outcome: ReversalOutcome | undefined;
    let current = order;
    for (let round = 0; round < 4; round++) {
      const step = await settleOnce(current, txn);
      if (!outcome || step.acted) outcome = step.outcome;
      if (!step.acted) break;
      current = await requireOrder(current.id);
    }
    return outcome ?? 'recorded';
  }

  /** Keeps a provider's report against a payment and applies it to the order it paid, if any. */
  async function recordReversal(
    report: ReversalReport,
  ): Promise<{ outcome: ReversalOutcome; order: OrderRow | undefined }> {
    const kept = await repo.keepReversal({
      gateway: report.gateway,
      providerTxnId: report.providerTxnId,
      kind: report.kind,
      eventRef: report.eventRef,
      now: clock.now(),
      detail: report.raw ?? null,
    });
    if (!kept.order) return { outcome: 'kept', order: undefined };
    return { outcome: await settleReversals(kept.order), order: kept.order };
  }

  /**
   * Ties a store purchase the store reports canceled or revoked to the registered order it was
   * made for (Google purchaseToken, Apple transactionId), without paying it: a void or refund of
   * that purchase then finds the order, whichever arrives first.
   */
  async function bindPayment(ordrId: string, providerTxnId: string): Promise<OrderRow> {
    const now = clock.now();
    let bound: OrderRow;
    try {
      bound = await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, ordrId);
        if (!order) throw orderNotFound();
        if (order.state !== 'registered' || order.providerTxnId === providerTxnId) return order;
        const row = await repo.updateOrder(tx, order.id, { providerTxnId, updatedAt: now });
        await repo.recordTransition(tx, {
          orderId: order.id,
          fromState: order.state,
          toState: order.state,
          at: now,
          provider: order.gateway,
          providerTxnId,
          detail: { bound: true },
        });
        return row;
      });
    } catch (error) {
      // the purchase is another order's already: nothing to tie
      if (isUniqueViolation(error)) return requireOrder(ordrId);
      throw error;
    }
    if (bound.providerTxnId === providerTxnId) await settleReversals(bound);
    return requireOrder(bound.id);
  }
  return {
    /** A coin pack's store product ids, which in-app purchases check with the store (iap/). */
    storeProductsOf: (godsCode: string) => repo.goods(godsCode),

    /** For the operators' dashboard and viewer page. */
    revenueByDay: (from: Date, to: Date, zone: string) => repo.revenueByDay(from, to, zone),
    ordersOf: (userId: string, limit = 50) => repo.ordersOf(userId, limit),

    /** One of the caller's orders as its receipt shows it (404071 for another's or an unknown id). */
    async receipt(ordrId: string, userId: string): Promise<PaymentOrderData> {
      const order = await findForUser(ordrId, userId);
      return toReceipt(order, await repo.transitions(order.id));
    },

    /** "My orders": the caller's orders that reached the provider, newest first, paged. */
    async receipts(userId: string, page: number, count: number): Promise<PaymentOrderListData> {
      const { rows, total } = await repo.orderPage(
        userId,
        LISTED_ORDER_STATES,
        (page - 1) * count,
        count,
      );
      const transitions = await repo.transitionsOfOrders(rows.map((o) => o.id));
      return {
        list: rows.map((o) =>
          toReceipt(
            o,
            transitions.filter((t) => t.orderId === o.id),
          ),
        ),
        totalCount: total,
        page,
        count,
        lastPage: page * count >= total,
      };
    },

    /** Every pack, on sale or not, as operators edit them (prices in minor units). */
    allGoods: (): Promise<GoodsRow[]> => repo.allGoods(),

    /**
     * Creates or changes a pack (operators). Orders already registered keep the coins and price
     * they were registered with (copied at registration), so a change never alters one in flight.
     * Returns the pack before (undefined when new) and after, for the audit log.
     */
    async saveGoods(
      goods: GoodsRow,
      onChanged?: (
        tx: Tx,
        change: { before: GoodsRow | undefined; after: GoodsRow },
      ) => Promise<void>,
    ): Promise<{ before: GoodsRow | undefined; after: GoodsRow }> {
      const problem = goodsProblem(goods);
      if (problem) throw new AppError(ResultCode.BAD_REQUEST, problem);
      return db.transaction(async (tx) => {
        const before = await repo.lockGoods(tx, goods.godsCode);
        const after = await repo.upsertGoods(tx, goods);
        await onChanged?.(tx, { before, after });
        return { before, after };
      });
    },

    async goodsList(userId: string | undefined): Promise<PaymentGoods[]> {
      const [goods, bought] = await Promise.all([
        repo.activeGoods(),
        userId ? repo.boughtPacks(userId) : Promise.resolve(new Set<string>()),
      ]);
      return goods.map((g) => toWireGoods(g, bought.has(g.godsCode)));
    },

    async register(request: {
      userId: string;
      authMethod: AuthMethod;
      godsCode: string;
      gateway: PaymentGateway;
      /** the price the buyer saw (won or dollars); undefined skips the check (PayPal create-order) */
      price: number | undefined;
    }): Promise<OrderRow> {
      // spec §5, §6: guests cannot pay and are sent to login
      if (request.authMethod === 'guest') {
        throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to buy coins');
      }
      const goods = await repo.goods(request.godsCode);
      if (!goods || !goods.active) {
        throw new AppError(ResultCode.PAYMENT_GOODS_NOT_FOUND, 'No such coin pack');
      }
      const charge = gatewayCharge(
        { krw: goods.krw, usdCents: goods.usdCents, iapPriceCents: goods.iapPriceCents },
        request.gateway,
      );
      if (!charge) {
        throw new AppError(
          ResultCode.PAYMENT_NOT_AVAILABLE,
          'This pack cannot be bought through this gateway',
        );
      }
      if (
        request.price !== undefined &&
        toMinorUnits(request.price, charge.currency) !== charge.amountMinor
      ) {
        throw new AppError(
          ResultCode.PAYMENT_PRICE_MISMATCH,
          `The price is ${fromMinorUnits(charge.amountMinor, charge.currency)} ${charge.currency}`,
        );
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const order = await repo.insertOrder(tx, {
          userId: request.userId,
          godsCode: goods.godsCode,
          gateway: request.gateway,
          currency: charge.currency,
          amountMinor: charge.amountMinor,
          paidCoin: goods.paidCoin,
          bonusCoin: goods.bonusCoin,
          firstBonusCoin: goods.firstBonusCoin,
          state: 'registered',
          createdAt: now,
          updatedAt: now,
        });
        await repo.recordTransition(tx, {
          orderId: order.id,
          fromState: null,
          toState: 'registered',
          at: now,
          provider: request.gateway,
          providerTxnId: null,
          detail: { price: fromMinorUnits(charge.amountMinor, charge.currency) },
        });
        return order;
      });
    },

    findForUser,
    requireOrder,

    async attachProviderRef(ordrId: string, providerRef: string): Promise<OrderRow> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, ordrId);
        if (!order) throw orderNotFound();
        if (order.providerRef === providerRef) return order;
        if (order.providerRef !== null)
          throw new Error(`order ${ordrId} already has a provider ref`);
        const row = await repo.updateOrder(tx, order.id, { providerRef, updatedAt: now });
        await repo.recordTransition(tx, {
          orderId: order.id,
          fromState: order.state,
          toState: order.state,
          at: now,
          provider: order.gateway,
          providerTxnId: null,
          detail: { providerRef },
        });
        return row;
      });
    },

    orderByProviderRef: (gateway: PaymentGateway, ref: string) =>
      repo.orderByProviderRef(gateway, ref),
    orderByProviderTxn: (gateway: PaymentGateway, txnId: string) =>
      repo.orderByProviderTxn(gateway, txnId),

    recordPaid,
    credit,

    /**
     * What a confirmation does once the provider says the money is taken: record and credit in
     * one transaction. Should the credit fail (the wallet refuses a withdrawn user, the database
     * drops the connection), the payment is still recorded on its own, so the order is paid and
     * the next confirm, the webhook or the sweep credits it.
     */
    async confirmPaid(order: OrderRow | string, paid: PaidRecord): Promise<CreditOutcome> {
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
    },

    recordFailed: (ordrId: string, record: ClosedRecord) => close(ordrId, 'failed', record),
    recordCanceled: (ordrId: string, record: ClosedRecord) => close(ordrId, 'canceled', record),

    recordRefund,
    recordReversal,
    settleReversals,
    bindPayment,
    reversalsOf: (gateway: PaymentGateway, providerTxnId: string) =>
      repo.reversalsOf(gateway, providerTxnId),

    /** Applies reports kept before their payment was known to the orders that now have it. */
    async settleKeptReversals(limit = 200): Promise<number> {
      let settled = 0;
      for (const { gateway, txn } of await repo.keptReversalsWithOrder(limit)) {
        const order = await repo.orderByProviderTxn(gateway, txn);
        if (!order) continue;
        await settleReversals(order);
        settled++;
      }
      return settled;
    },

    /** The wire reply of a confirm call; the balances are read unless the credit answered them. */
    async result(
      order: OrderRow,
      alreadyCredited: boolean,
      known?: { paid: number; bonus: number },
    ): Promise<PaymentResultData> {
      const balances = known ?? (await wallet.balances(order.userId));
      return {
        ordrId: order.id,
        stts: order.state as OrderState,
        gods_code: order.godsCode,
        paid_coin: order.paidCoin,
        bons_coin: order.creditedBonus ?? 0,
        already_credited: alreadyCredited,
        coin: balances.paid + balances.bonus,
        coin_list: balances,
      };
    },

    /** Marks an open order as looked at now (the sweep's round-robin); no state change. */
    async touch(ordrId: string): Promise<void> {
      await repo.moveState(db, ordrId, ['registered'], 'registered', clock.now());
    },

    transitions: (ordrId: string) => repo.transitions(ordrId),
    paidButUncredited: (before: Date, limit: number) => repo.staleOrders('paid', before, limit),
    staleRegistered: (before: Date, limit: number) => repo.staleOrders('registered', before, limit),
    countByState: () => repo.countByState(),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
