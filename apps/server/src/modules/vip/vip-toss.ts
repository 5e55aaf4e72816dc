import { randomUUID } from 'node:crypto';
import {
  ResultCode,
  type VipPassData,
  type VipSubscribeData,
  type VipTossConfirmBody,
} from '@snapdrama/contract';
import { AppError } from '../../errors';
import type { TossPayment } from '../payments/payments.adapters';
import { SANDBOX_CHECKOUT_BASE } from '../payments/web-gateways.service';
import { WEB_GRACE_DAYS } from './vip-stripe';
import {
  createTossCharger,
  DAY_MS,
  declined,
  LEASE_MS,
  mismatch,
  TOSS_RETRY_MS,
  TOSS_RENEWAL_ATTEMPTS,
  unavailable,
  vipProductName,
  type ChargeOutcome,
  type VipTossDeps,
} from './vip-toss-charge';
import type { DuplicateRefund } from './vip.service';
import type { VipSubscriptionRow } from './vip.tables';

export { TOSS_RETRY_MS, tossOrderId, vipProductName } from './vip-toss-charge';

/**
 * The VIP pass through Toss's automatic payment (billing) API. Toss does not renew by itself: the
 * buyer registers a card once (requestBillingAuth → successUrl?customerKey&authKey), we exchange
 * the authKey for a billing key (kept here, never sent to the browser) and charge it for each
 * period ourselves: the first at the return, every next one from the renewal job at the period's
 * end. Each charge is a row keyed (pass, period n, attempt k) whose orderId is also Toss's
 * Idempotency-Key, so many workers, retries and replays charge a period once; its period is
 * recorded through vip.applyNotice in the transaction that settles the row.
 * Decision: docs/decisions/1130-vip-toss-billing.md.
 */

/** A confirmation waits this long at most for another one of the same pass to finish. */
const CONFIRM_WAIT_MS = 20_000;
const CONFIRM_POLL_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createVipToss(deps: VipTossDeps) {
  const { vip, repo, clock } = deps;
  const { client, planOf, notice, noAnswer, charge } = createTossCharger(deps);

  async function firstOutcome(userId: string, vipId: string, outcome: ChargeOutcome) {
    if (outcome.kind === 'declined') throw declined(outcome.code, outcome.message);
    if (outcome.kind === 'unknown') throw unavailable();
    const pass = await vip.ownPass(userId, vipId);
    if (pass.status === 'pending')
      throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'The first charge is not settled yet');
    return vip.passData(pass);
  }

  /** The first period, under the pass's confirmation lease: the billing key, then the charge. */
  async function confirmOnce(
    pass: VipSubscriptionRow,
    body: VipTossConfirmBody,
  ): Promise<VipPassData> {
    const billing = await repo.billingOf(pass.id);
    if (!billing) throw mismatch('This pass has no Toss card registration');
    const charges = await repo.chargesOf(pass.id);
    const firsts = charges.filter((c) => c.periodNumber === 1);
    const open = firsts.find((c) => c.status === 'charging');
    // an earlier charge never answered is asked again first (with the billing key it used)
    if (open && billing.billingKey) {
      const outcome = await charge(
        pass,
        { period: 1, attempt: open.attempt, authKey: open.authKey, startsAt: open.createdAt },
        { billingKey: billing.billingKey, customerKey: billing.customerKey },
        () => false,
      );
      if (outcome.kind !== 'declined' || open.authKey === body.authKey)
        return firstOutcome(pass.userId, pass.id, outcome);
    }
    // this registration was charged already (Back, a reload): its answer again, nothing new
    const settled = firsts.find((c) => c.authKey === body.authKey && c.status !== 'charging');
    if (settled?.status === 'declined')
      throw declined(settled.failureCode ?? 'REJECT_CARD_COMPANY', settled.failureMessage ?? '');
    if (settled) return firstOutcome(pass.userId, pass.id, { kind: 'done' });

    let billingKey = billing.authKey === body.authKey ? billing.billingKey : null;
    if (!billingKey) {
      const issued = await client().issueBillingKey({
        authKey: body.authKey,
        customerKey: billing.customerKey,
      });
      if (!issued.ok) {
        if (noAnswer(issued)) throw unavailable();
        throw declined(issued.code, issued.message);
      }
      if (issued.billing.customerKey !== billing.customerKey)
        throw mismatch('Toss issued the key to another customer');
      billingKey = issued.billing.billingKey;
      await repo.saveBillingKey(pass.id, {
        authKey: body.authKey,
        billingKey,
        cardCompany: issued.billing.cardCompany ?? null,
        cardNumber: issued.billing.cardNumber ?? null,
        issuedAt: clock.now(),
      });
    }
    const outcome = await charge(
      pass,
      { period: 1, attempt: firsts.length + 1, authKey: body.authKey, startsAt: clock.now() },
      { billingKey, customerKey: billing.customerKey },
      (row) => row.status === 'pending' && row.closedAt === null,
    );
    if (outcome.kind === 'busy') throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'Not charged');
    return firstOutcome(pass.userId, pass.id, outcome);
  }

  /**
   * The renewal of one pass, when due: period n = the last paid one + 1, attempt k = its declines
   * + 1, due at the paid end plus a day per decline; an attempt left unanswered is asked again.
   */
  async function renewOne(vipId: string): Promise<ChargeOutcome['kind'] | 'skipped'> {
    const pass = await vip.findPass(vipId);
    const billing = await repo.billingOf(vipId);
    if (!pass || !billing?.billingKey) return 'skipped';
    const charges = await repo.chargesOf(vipId);
    const open = charges.find((c) => c.status === 'charging');
    const keys = { billingKey: billing.billingKey, customerKey: billing.customerKey };
    if (open) {
      const startsAt =
        open.periodNumber === 1 ? open.createdAt : (pass.paidUntil ?? open.createdAt);
      const target = {
        period: open.periodNumber,
        attempt: open.attempt,
        authKey: open.authKey,
        startsAt,
      };
      return (await charge(pass, target, keys, () => false)).kind;
    }
    if (!pass.paidUntil) return 'skipped';
    const paidUntil = pass.paidUntil;
    if (clock.now().getTime() > paidUntil.getTime() + WEB_GRACE_DAYS * DAY_MS) {
      // its renewal window passed without a charge (the job was stopped that long): the pass
      // ends unrenewed rather than charging for time the viewer did not have
      await vip.applyNotice({
        ...(await notice(pass, `lapsed:${vipId}:${paidUntil.toISOString()}`, 'billing.lapsed')),
        changes: [{ type: 'expired', at: clock.now() }],
      });
      return 'skipped';
    }
    const period =
      Math.max(0, ...charges.filter((c) => c.status === 'done').map((c) => c.periodNumber)) + 1;
    const declines = charges.filter((c) => c.periodNumber === period).length;
    const dueAt = paidUntil.getTime() + declines * TOSS_RETRY_MS;
    if (declines >= TOSS_RENEWAL_ATTEMPTS || clock.now().getTime() < dueAt) return 'skipped';
    const due = (row: VipSubscriptionRow) =>
      (row.status === 'active' || row.status === 'grace') &&
      row.autoRenew &&
      row.paidUntil?.getTime() === paidUntil.getTime();
    const target = { period, attempt: declines + 1, authKey: null, startsAt: paidUntil };
    return (await charge(pass, target, keys, due)).kind;
  }

  /**
   * Money back for one Toss charge, through Toss's cancel API (idempotent per payment), then the
   * period recorded refunded (the pass ends, as a refund at any provider does). Used for a
   * duplicate pass; an operator's refund of a Toss pass calls the same.
   */
  async function refundCharge(paymentKey: string, reason: string, idempotencyKey: string) {
    const r = await client().cancel({ paymentKey, reason, idempotencyKey });
    const ok = r.ok || r.code === 'ALREADY_CANCELED_PAYMENT';
    if (!ok) return { ok: false as const, code: r.code };
    const row = await repo.chargeByPaymentKey(paymentKey);
    if (row) {
      await vip.applyNotice({
        gateway: 'T',
        eventId: `refund:${paymentKey}`,
        eventType: 'billing.cancel',
        providerSubscriptionId: '',
        byPeriodKey: paymentKey,
        changes: [{ type: 'refunded', periodKey: paymentKey }],
      });
    }
    const last = r.ok ? r.payment.cancels?.at(-1) : undefined;
    return { ok: true as const, providerRefundId: last?.transactionKey ?? paymentKey };
  }

  return {
    refundCharge,

    /**
     * Toss's PAYMENT_STATUS_CHANGED for one of our charges (read back from Toss by the payments
     * module): canceled after approval (a refund in Toss's console) records the period refunded.
     */
    async canceledAtToss(p: TossPayment): Promise<string | undefined> {
      const row = await repo.chargeByPaymentKey(p.paymentKey);
      if (!row) return undefined;
      if (!(p.status === 'CANCELED' || p.status === 'PARTIAL_CANCELED') || !p.approvedAt)
        return 'ignored';
      const cancel = p.cancels?.at(-1)?.transactionKey ?? 'cancel';
      return vip.applyNotice({
        gateway: 'T',
        eventId: `toss-cancel:${p.paymentKey}:${cancel}`,
        eventType: 'PAYMENT_STATUS_CHANGED',
        providerSubscriptionId: '',
        byPeriodKey: p.paymentKey,
        changes: [{ type: 'refunded', periodKey: p.paymentKey }],
      });
    },

    /** POST /vip/subscribe with T: the pass's customerKey and where Toss sends the buyer back. */
    async start(pass: VipSubscriptionRow, origin: string): Promise<VipSubscribeData> {
      const toss = deps.gateways.toss;
      if (!toss) throw unavailable();
      const plan = await planOf(pass);
      const billing = await repo.ensureBilling(pass.id, `ck_${randomUUID()}`, clock.now());
      const back = `${origin}/vip/return/toss?vipId=${pass.id}`;
      const query = new URLSearchParams({
        customerKey: billing.customerKey,
        orderName: vipProductName(plan),
        successUrl: back,
        failUrl: back,
      });
      return {
        vipId: pass.id,
        toss: {
          customerKey: billing.customerKey,
          clientKey: toss.mode === 'live' ? toss.publicKey : null,
          successUrl: back,
          failUrl: back,
        },
        ...(toss.mode === 'sandbox'
          ? { checkoutUrl: `${SANDBOX_CHECKOUT_BASE}/toss/billing?${query.toString()}` }
          : {}),
      };
    },

    /**
     * PUT /vip/toss/confirm: the buyer came back from the card registration. One confirmation of
     * a pass at a time (a lease); a second one (a double submit, another tab) waits for it and
     * answers the same. Replaying the authKey answers its first outcome and charges nothing.
     */
    async confirm(userId: string, body: VipTossConfirmBody): Promise<VipPassData> {
      const pass = await vip.ownPass(userId, body.vipId);
      if (pass.gateway !== 'T') throw mismatch('Not a Toss pass');
      const billing = await repo.billingOf(pass.id);
      if (!billing || billing.customerKey !== body.customerKey)
        throw mismatch('This card registration is not this pass');
      // polls of the lease while another confirmation holds it (time from no clock: a wait, not a rule)
      for (let polls = 0; ; polls++) {
        const now = clock.now();
        const current = await vip.ownPass(userId, pass.id);
        // paid (a reload after success), or settled for good: nothing more to charge
        if (current.status !== 'pending' && current.paidUntil) return vip.passData(current);
        if (current.status !== 'pending')
          throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'This checkout was closed');
        if (await repo.takeBillingLease(pass.id, now, new Date(now.getTime() + LEASE_MS))) {
          try {
            return await confirmOnce(current, body);
          } finally {
            await repo.releaseBillingLease(pass.id);
          }
        }
        if (polls * CONFIRM_POLL_MS >= CONFIRM_WAIT_MS)
          throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'Another confirmation is in progress');
        await sleep(CONFIRM_POLL_MS);
      }
    },

    /** POST /vip/cancel of a Toss pass: we stop charging; the paid period runs to its end. */
    async cancel(pass: VipSubscriptionRow) {
      await vip.applyNotice({
        ...(await notice(pass, `cancel:${pass.id}:${clock.now().toISOString()}`, 'cancel.request')),
        changes: [{ type: 'auto_renew', on: false }],
      });
    },

    /**
     * The renewal job (a step of the payment sweep, on every instance): charges the Toss passes
     * whose period ended, and asks again about charges left unanswered. Safe with any number of
     * workers at once: a charge is claimed by one and keyed per period and attempt.
     */
    async renewDue(limit = 100) {
      const report = { done: 0, declined: 0, unknown: 0, busy: 0, skipped: 0, errors: 0 };
      for (const vipId of await repo.dueForCharge(clock.now(), limit)) {
        try {
          report[await renewOne(vipId)]++;
        } catch (error) {
          report.errors++;
          deps.log?.warn({ err: error, vipId }, 'Toss VIP renewal failed');
        }
      }
      return report;
    },

    /** The duplicate refunder of Toss passes: each charge canceled at Toss, then no renewal. */
    async refundDuplicate(work: DuplicateRefund) {
      const refunds = (await vip.refundsOf(work.vipId)).filter(
        (r) => r.reason === 'duplicate' && r.providerStatus !== 'done',
      );
      for (const r of refunds) {
        const done = await refundCharge(
          r.refundKey,
          'A second VIP pass: refunded',
          `vip-duplicate-${r.refundKey}`,
        ).catch((error: unknown) => {
          deps.log?.warn({ err: error, vipId: work.vipId }, 'duplicate Toss pass not refunded');
          return { ok: false as const, code: 'ERROR' };
        });
        await vip.setRefundOutcome(r.id, {
          providerStatus: done.ok ? 'done' : 'failed',
          providerRefundId: done.ok ? done.providerRefundId : null,
        });
      }
    },
  };
}

export type VipToss = ReturnType<typeof createVipToss>;
