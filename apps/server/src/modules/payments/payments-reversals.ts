/**
 * Refunds and provider reversals of orders: an operator's refund (recordRefund), and the reports
 * a provider sends against one of its payments (refund, void, revocation, dispute, and their
 * reversals), kept per payment and settled on the order it paid, under the order's row lock. A
 * refund takes back what remains of the last credit's lot; a reversal of a reversal credits the
 * order again, once (keys per round: refund n and restore n each have their own).
 */
import {
  ResultCode,
  type OrderState,
  type PaymentGateway,
  type RefundReason,
} from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { WalletService } from '../wallet/wallet.service';
import { channelOfGateway, orderNotFound } from './payments-wire';
import type { CreditOutcome } from './payments.service';
import type { PaymentsRepository, ReversalKind } from './payments.repository';
import type { OrderRow, TransitionRow } from './payments.tables';

export interface RefundRecord {
  provider: PaymentGateway;
  providerRefundId: string;
  raw?: unknown;
  /** set when a provider's reversal report (not an operator) refunds the order */
  reversal?: boolean;
  /** an operator's refund: the reason picked and the note, for the refunds report */
  operator?: { reason: RefundReason; note: string | null };
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

export function createPaymentReversals(deps: {
  repo: PaymentsRepository;
  wallet: Pick<WalletService, 'refundPurchase' | 'grant'>;
  clock: Clock;
  requireOrder: (ordrId: string) => Promise<OrderRow>;
  /** paid → credited, exactly once (payment_credit) */
  credit: (order: OrderRow | string) => Promise<CreditOutcome>;
}) {
  const { repo, wallet, clock, requireOrder, credit } = deps;
  const db = repo.db;

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
        ...(record.operator
          ? { by_operator: true, reason: record.operator.reason, note: record.operator.note }
          : {}),
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

  /** Applies reports kept before their payment was known to the orders that now have it. */
  async function settleKeptReversals(limit = 200): Promise<number> {
    let settled = 0;
    for (const { gateway, txn } of await repo.keptReversalsWithOrder(limit)) {
      const order = await repo.orderByProviderTxn(gateway, txn);
      if (!order) continue;
      await settleReversals(order);
      settled++;
    }
    return settled;
  }

  return { recordRefund, recordReversal, settleReversals, settleKeptReversals };
}

export type PaymentReversals = ReturnType<typeof createPaymentReversals>;
