import { ResultCode, type VipPlan } from '@snapdrama/contract';
import { toMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { TossClient, TossPayment } from '../payments/payments.adapters';
import type { WebGateways } from '../payments/web-gateways.service';
import { WEB_GRACE_DAYS } from './vip-stripe';
import type { VipTossRepository } from './vip-toss.repository';
import type { VipService } from './vip.service';
import type { VipSubscriptionRow, VipTossChargeRow } from './vip.tables';

/**
 * One charge of a Toss pass's billing key, made at most once (decision 1130): claimed under the
 * pass's lock as a row keyed (pass, period n, attempt k), charged with its orderId as Toss's
 * Idempotency-Key, and settled in the transaction that records its period (or its decline). The
 * first charge (vip-toss.ts's confirm) and the renewals (its job) both go through here.
 */

export const DAY_MS = 86_400_000;
/** A declined renewal is tried again this long after the previous attempt. */
export const TOSS_RETRY_MS = DAY_MS;
/** Attempts of one renewal (at the period's end, a day later, two days later); then VIP ends. */
export const TOSS_RENEWAL_ATTEMPTS = 3;
/** A worker holds a charge (or a pass's confirmation) this long before another may take it over. */
export const LEASE_MS = 60_000;

/** Toss's orderId of attempt k of period n (≤ 64 characters of [A-Za-z0-9_-]). */
export const tossOrderId = (vipId: string, period: number, attempt: number) =>
  `vip-${vipId}-${period}-${attempt}`;

/** The name a provider's receipt shows for the plan. */
export const vipProductName = (plan: Pick<VipPlan, 'interval'>) =>
  plan.interval === 'week' ? 'SnapDrama VIP (weekly)' : 'SnapDrama VIP (monthly)';

export const unavailable = () =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, 'Toss is not available right now');
/** "<TOSS_CODE>: <message>" (contract providerCodeOf): the web tells the reason in its words */
export const declined = (code: string, message: string) =>
  new AppError(ResultCode.PAYMENT_DECLINED, `${code}: ${message}`);
export const mismatch = (message: string) => new AppError(ResultCode.VIP_MISMATCH, message);

/** What one charge came to: recorded, declined (final for that attempt), or no answer yet. */
export type ChargeOutcome =
  | { kind: 'done' }
  | { kind: 'declined'; code: string; message: string }
  | { kind: 'unknown' }
  | { kind: 'busy' };

export type VipTossDeps = {
  vip: VipService;
  repo: VipTossRepository;
  gateways: Pick<WebGateways, 'toss'>;
  clock: Clock;
  log?: { warn(o: object, m: string): void };
};

export function createTossCharger(deps: VipTossDeps) {
  const { vip, repo, clock } = deps;
  const db = repo.db;

  function client(): TossClient {
    if (!deps.gateways.toss) throw unavailable();
    return deps.gateways.toss.client;
  }

  /** the pass's plan at the price in force when its checkout opened (decision 1551) */
  const planOf = async (pass: VipSubscriptionRow): Promise<VipPlan> => {
    const plan = await vip.planOfPass(pass);
    if (!plan) throw new Error(`pass ${pass.id} has an unknown plan ${pass.plan}`);
    return plan;
  };

  /** A notice of our own about a Toss pass (its provider id is the customerKey of its card). */
  async function notice(pass: VipSubscriptionRow, eventId: string, eventType: string) {
    const billing = await repo.billingOf(pass.id);
    return {
      gateway: 'T' as const,
      eventId,
      eventType,
      providerSubscriptionId: billing?.customerKey ?? pass.id,
      vipId: pass.id,
    };
  }

  /** Toss's answer to a charge we cannot use as a decline: ask again later with the same order. */
  const noAnswer = (r: { status: number; code: string }) =>
    r.status >= 500 || r.status === 429 || r.code === 'NETWORK_ERROR';

  /**
   * Makes one charge of a pass (attempt k of period n) at most once: claimed under the pass's lock
   * (`allowed` is checked there for a new claim), charged with the orderId as Idempotency-Key,
   * then settled with its period in one transaction. A claim whose lease ran out is taken over and
   * asked again with the same orderId: Toss answers the first charge, never a second one.
   */
  async function charge(
    pass: VipSubscriptionRow,
    target: { period: number; attempt: number; authKey: string | null; startsAt: Date },
    billing: { billingKey: string; customerKey: string },
    allowed: (row: VipSubscriptionRow) => boolean,
  ): Promise<ChargeOutcome> {
    const plan = await planOf(pass);
    const amount = toMinorUnits(plan.krw, 'KRW');
    const orderId = tossOrderId(pass.id, target.period, target.attempt);
    const claimed = await db.transaction(async (tx) => {
      const row = await repo.lockPass(tx, pass.id);
      if (!row) return undefined;
      const open = (await repo.chargesOf(pass.id, tx)).find((c) => c.orderId === orderId);
      // a new charge only while the pass still asks for it; an open one is settled whatever
      if (!open && !allowed(row)) return undefined;
      const now = clock.now();
      return repo.claimCharge(tx, {
        subscriptionId: pass.id,
        periodNumber: target.period,
        attempt: target.attempt,
        orderId,
        authKey: target.authKey,
        amountMinor: amount,
        currency: 'KRW',
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
      });
    });
    if (!claimed) return { kind: 'busy' };
    const toss = client();
    let r = await toss.chargeBillingKey({
      billingKey: billing.billingKey,
      customerKey: billing.customerKey,
      amount: claimed.amountMinor,
      orderId,
      orderName: vipProductName(plan),
    });
    if (!r.ok && r.code === 'DUPLICATED_ORDER_ID') {
      // the order was charged before (its answer lost past Toss's idempotency window): read it
      r = await toss.paymentByOrderId(orderId);
    }
    if (r.ok) {
      const p = r.payment;
      if (p.orderId !== orderId || p.totalAmount !== claimed.amountMinor) {
        deps.log?.warn({ orderId, paymentKey: p.paymentKey }, 'Toss answered another charge');
        return { kind: 'unknown' };
      }
      if (p.status !== 'DONE' && !(p.status.includes('CANCELED') && p.approvedAt)) {
        return settleDeclined(pass, claimed, p.status, `Toss payment is ${p.status}`);
      }
      await recordPaid(pass, claimed, p, target.startsAt, plan);
      return { kind: 'done' };
    }
    if (noAnswer(r)) {
      deps.log?.warn({ orderId, code: r.code }, 'Toss charge not answered; asked again later');
      return { kind: 'unknown' };
    }
    return settleDeclined(pass, claimed, r.code, r.message);
  }

  /** The period a charge paid for, and the charge settled done, in one transaction. */
  async function recordPaid(
    pass: VipSubscriptionRow,
    row: VipTossChargeRow,
    p: TossPayment,
    startsAt: Date,
    plan: VipPlan,
  ) {
    await vip.applyNotice(
      {
        ...(await notice(pass, `charge:${row.orderId}`, 'billing.charge')),
        changes: [
          {
            type: 'paid',
            periodKey: p.paymentKey,
            startsAt,
            endsAt: new Date(startsAt.getTime() + plan.periodDays * DAY_MS),
          },
          // a payment canceled at Toss before we heard of it: the refund is kept with the period
          ...(p.status === 'DONE' ? [] : [{ type: 'refunded' as const, periodKey: p.paymentKey }]),
        ],
      },
      (tx) =>
        repo.settleCharge(tx, row.id, { status: 'done', paymentKey: p.paymentKey }, clock.now()),
    );
  }

  /**
   * A declined charge: the first one leaves the pass unpaid (the buyer may register another card);
   * a renewal's puts the pass in grace while it is tried again, and the last attempt's ends it.
   */
  async function settleDeclined(
    pass: VipSubscriptionRow,
    row: VipTossChargeRow,
    code: string,
    message: string,
  ): Promise<ChargeOutcome> {
    const now = clock.now();
    const settle = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      repo.settleCharge(
        tx,
        row.id,
        { status: 'declined', failureCode: code, failureMessage: message },
        now,
      );
    if (row.periodNumber === 1) {
      await db.transaction(settle);
      return { kind: 'declined', code, message };
    }
    const paidUntil = pass.paidUntil ?? now;
    const last = row.attempt >= TOSS_RENEWAL_ATTEMPTS;
    await vip.applyNotice(
      {
        ...(await notice(pass, `decline:${row.orderId}`, 'billing.decline')),
        at: now,
        changes: last
          ? [{ type: 'expired', at: now }]
          : [{ type: 'grace', until: new Date(paidUntil.getTime() + WEB_GRACE_DAYS * DAY_MS) }],
      },
      settle,
    );
    return { kind: 'declined', code, message };
  }

  return { client, planOf, notice, noAnswer, charge };
}
