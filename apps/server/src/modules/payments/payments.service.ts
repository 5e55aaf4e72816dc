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
 * recordPaid, credit and confirmPaid (payments-credit.ts) are one database function, payment_credit,
 * under the order's row lock; refunds and providers' reversals are in payments-reversals.ts.
 */
import {
  ResultCode,
  type AuthMethod,
  type OrderState,
  type PaymentGateway,
  type PaymentOrderData,
  type PaymentOrderListData,
  type PaymentResultData,
  LISTED_ORDER_STATES,
} from '@snapdrama/contract';
import { fromMinorUnits, gatewayCharge, toMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { WalletService } from '../wallet/wallet.service';
import { createPaymentCredit } from './payments-credit';
import { createCoinPacks, type ViewerGoods } from './payments-goods';
import { createPaymentReversals } from './payments-reversals';
import { orderNotFound, toReceipt, UUID_RE } from './payments-wire';
import { isUniqueViolation, type PaymentsRepository } from './payments.repository';
import type { OrderRow } from './payments.tables';

/** A coin pack as stored, for the console's goods editor (modules/economy). */
export type { GoodsRow } from './payments.tables';
export type { CreditOutcome, PaidRecord } from './payments-credit';
export type { RefundRecord, ReversalOutcome, ReversalReport } from './payments-reversals';

export interface ClosedRecord {
  provider: PaymentGateway;
  reason: string;
  raw?: unknown;
}

export function createPaymentsService(deps: {
  repo: PaymentsRepository;
  wallet: Pick<WalletService, 'refundPurchase' | 'balances' | 'purchaseValidity' | 'grant'>;
  clock: Clock;
  /** hears each order credited, once (the metrics count payments credited per gateway) */
  onCredited?: (gateway: string) => void;
  /** hears each order credited, once, after its commit (invites: a first purchase); never throws */
  afterCredited?: (userId: string) => Promise<void>;
  /**
   * The pack terms a viewer is shown and charged (experiments, decision 1611): an A/B variant's
   * price or bonus, never a price above one the viewer saw. `show` records the exposure.
   */
  viewerGoods?: ViewerGoods;
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

  const { recordPaid, credit, confirmPaid } = createPaymentCredit({
    repo,
    wallet,
    clock,
    requireOrder,
    onCredited: deps.onCredited,
    afterCredited: deps.afterCredited,
  });

  const reversals = createPaymentReversals({ repo, wallet, clock, requireOrder, credit });

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

  /**
   * Sets a reference on a locked order without moving its state, and leaves a transition in the
   * same state that tells what was set.
   */
  async function amendOrder(
    tx: Tx,
    order: OrderRow,
    set: { providerTxnId: string } | { providerRef: string },
    now: Date,
    detail: Record<string, unknown>,
  ): Promise<OrderRow> {
    const row = await repo.updateOrder(tx, order.id, { ...set, updatedAt: now });
    await repo.recordTransition(tx, {
      orderId: order.id,
      fromState: order.state,
      toState: order.state,
      at: now,
      provider: order.gateway,
      providerTxnId: 'providerTxnId' in set ? set.providerTxnId : null,
      detail,
    });
    return row;
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
        return amendOrder(tx, order, { providerTxnId }, now, { bound: true });
      });
    } catch (error) {
      // the purchase is another order's already: nothing to tie
      if (isUniqueViolation(error)) return requireOrder(ordrId);
      throw error;
    }
    if (bound.providerTxnId === providerTxnId) await reversals.settleReversals(bound);
    return requireOrder(bound.id);
  }
  return {
    ...createCoinPacks(repo, deps.viewerGoods),

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
      const stored = await repo.goods(request.godsCode);
      // the viewer's terms: an experiment's variant, never above a price they saw (decision 1611)
      const [goods] =
        stored && deps.viewerGoods
          ? await deps.viewerGoods(request.userId, [stored], false)
          : [stored];
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
        return amendOrder(tx, order, { providerRef }, now, { providerRef });
      });
    },

    orderByProviderRef: (gateway: PaymentGateway, ref: string) =>
      repo.orderByProviderRef(gateway, ref),
    orderByProviderTxn: (gateway: PaymentGateway, txnId: string) =>
      repo.orderByProviderTxn(gateway, txnId),

    recordPaid,
    credit,

    confirmPaid,

    recordFailed: (ordrId: string, record: ClosedRecord) => close(ordrId, 'failed', record),
    recordCanceled: (ordrId: string, record: ClosedRecord) => close(ordrId, 'canceled', record),

    recordRefund: reversals.recordRefund,
    recordReversal: reversals.recordReversal,
    settleReversals: reversals.settleReversals,
    settleKeptReversals: reversals.settleKeptReversals,
    bindPayment,
    reversalsOf: (gateway: PaymentGateway, providerTxnId: string) =>
      repo.reversalsOf(gateway, providerTxnId),

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
