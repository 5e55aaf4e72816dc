/**
 * Applying providers' notices to passes, and refunding duplicate passes. A notice moves a pass
 * (applyNotice), in one transaction: lock the viewer, then the pass, record the provider's event id
 * (a replay stops here), add the notice's facts and derive the state from all of them; a paid
 * period is recorded under the provider's id of that charge, so two notices of one renewal extend
 * the pass once. A payment that would make a second live pass is a duplicate: its periods are
 * recorded refunded here and refunded at the provider by the gateway's duplicate refunder, which
 * the sweep calls again (retryDuplicateRefunds) until the provider says done.
 */
import { type VipGateway } from '@snapdrama/contract';
import { isVipActive } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { webCharge } from './vip-gateway-rules';
import { createVipPricesService } from './vip-prices.service';
import { stateOf, UUID } from './vip-pass-row';
import { deriveVipState } from './vip-state';
import type { VipRepository } from './vip.repository';
import type { VipSubscriptionRow } from './vip.tables';

/** One change a provider notice makes to a pass. */
export type VipChange =
  /** a period was paid (start or renewal); periodKey is the provider's id of that charge */
  | { type: 'paid'; periodKey: string; startsAt: Date; endsAt?: Date }
  /** a renewal failed; access continues until `until` while the provider retries */
  | { type: 'grace'; until: Date }
  /** the buyer turned renewal off (cancel) or on again */
  | { type: 'auto_renew'; on: boolean }
  /** money returned: access ends now; periodKey names the refunded charge when known */
  | { type: 'refunded'; periodKey?: string }
  /**
   * the subscription ended at the provider; at: when its paid time ran out, for providers where a
   * later period may start it again (Apple's resubscribe, Google's recovery from hold). Without
   * it the end is final: every period, whenever it arrives, is over (Stripe, a deleted sub).
   */
  | { type: 'expired'; at?: Date };

export interface VipNotice {
  gateway: VipGateway;
  /** the provider's id of this notification (a replay carries the same id) */
  eventId: string;
  eventType: string;
  providerSubscriptionId: string;
  /** our vipId, when the provider carries it (client_reference_id, custom_id, account token) */
  vipId?: string | null;
  /** a refund names only the charge: the pass is the one holding the period with this key */
  byPeriodKey?: string;
  /** the provider's time of the event (orders renewal on/off and expiry); default: now */
  at?: Date;
  changes: VipChange[];
}

/** kept: a refund of a payment we have not seen, kept until that payment arrives */
export type VipNoticeOutcome = 'applied' | 'replay' | 'unknown_subscription' | 'kept';

/** The gateways whose duplicate passes we refund ourselves (Apple has no refund API for us). */
const refundsDuplicates = (gateway: string): gateway is DuplicateRefund['gateway'] =>
  gateway === 'T' || gateway === 'S' || gateway === 'P' || gateway === 'G';
/** A duplicate refund at the provider still pending after this long is tried again. */
const STALLED_REFUND_MS = 10 * 60_000;
/** A failed refund call is tried again this long after its last attempt at the soonest. */
export const FAILED_REFUND_RETRY_MS = 60_000;

/** A duplicate pass to refund at its provider: every paid period, then the subscription ends. */
export interface DuplicateRefund {
  vipId: string;
  /** Toss, Stripe and PayPal refund each charge; Google Play revokes the subscription (full refund) */
  gateway: 'T' | 'S' | 'P' | 'G';
  providerSubscriptionId: string | null;
  periodKeys: string[];
}

type FactColumns = Pick<
  VipSubscriptionRow,
  'closedAt' | 'expiredAt' | 'renewOnAt' | 'renewOffAt' | 'graceSeenUntil' | 'duplicateOf'
>;

/** an expiry with no time: later than any period can start (and a date both databases keep) */
const ENDS_ALL = new Date('9999-12-31T00:00:00.000Z');

const later = (a: Date | null, b: Date): Date => (a && a > b ? a : b);

/** The notice and duplicate-refund part of the VIP service (createVipService composes it). */
export function createVipNotices(deps: { repo: VipRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const db = repo.db;
  const prices = createVipPricesService({ db, clock });

  const duplicateRefunders = new Map<string, (work: DuplicateRefund) => Promise<void>>();

  /** the pass a notice is about, read without a lock; bind: found by our vipId, not yet bound */
  async function findTarget(
    tx: Tx,
    notice: VipNotice,
  ): Promise<{ id: string; userId: string; bind: boolean } | undefined> {
    const byKey = notice.byPeriodKey
      ? await repo.subscriptionIdOfPeriod(tx, notice.gateway, notice.byPeriodKey)
      : undefined;
    const row = byKey
      ? await repo.findById(tx, byKey)
      : notice.providerSubscriptionId
        ? await repo.findByProviderId(tx, notice.gateway, notice.providerSubscriptionId)
        : undefined;
    if (row) return { id: row.id, userId: row.userId, bind: false };
    if (!notice.providerSubscriptionId || !notice.vipId || !UUID.test(notice.vipId)) return;
    const pending = await repo.findById(tx, notice.vipId);
    if (
      pending &&
      pending.gateway === notice.gateway &&
      (pending.providerSubscriptionId === null ||
        pending.providerSubscriptionId === notice.providerSubscriptionId)
    ) {
      return { id: pending.id, userId: pending.userId, bind: true };
    }
    return undefined;
  }

  /** the state from every fact recorded for the pass (periods, refunds kept or new, columns) */
  async function derive(tx: Tx, row: VipSubscriptionRow, facts: FactColumns, now: Date) {
    const periods = await repo.periodsTx(tx, row.id);
    const refunds = await repo.refundsFor(tx, {
      subscriptionId: row.id,
      gateway: row.gateway,
      periodKeys: periods.map((p) => p.periodKey),
      providerSubscriptionId: row.providerSubscriptionId,
    });
    const whole = refunds.some((r) => r.scope === 'subscription');
    const keys = new Set(refunds.filter((r) => r.scope === 'period').map((r) => r.refundKey));
    const refunded = periods.filter((p) => whole || keys.has(p.periodKey)).map((p) => p.periodKey);
    await repo.markPeriodsRefunded(tx, row.id, refunded, now);
    return deriveVipState({
      periods: periods.map((p) => ({
        key: p.periodKey,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        refunded: whole || keys.has(p.periodKey),
      })),
      closedAt: facts.closedAt,
      expiredAt: facts.expiredAt,
      renewOnAt: facts.renewOnAt,
      renewOffAt: facts.renewOffAt,
      graceSeenUntil: facts.graceSeenUntil,
      duplicate: facts.duplicateOf !== null,
    });
  }

  /**
   * A second paid pass: a web or Google Play pass's periods are recorded refunded (reason
   * duplicate) and handed to the refunder after the commit; an Apple pass is only closed (Apple
   * has no refund API for us; see docs/payments.md).
   */
  async function recordDuplicate(
    tx: Tx,
    row: VipSubscriptionRow,
    now: Date,
  ): Promise<DuplicateRefund | undefined> {
    if (!refundsDuplicates(row.gateway)) return undefined;
    // the charges that bought time from now on: a past period was used and stays paid
    const periods = (await repo.periodsTx(tx, row.id)).filter(
      (p) => p.endsAt > now && p.refundedAt === null,
    );
    for (const p of periods) {
      await repo.insertRefund(tx, {
        gateway: row.gateway,
        scope: 'period',
        refundKey: p.periodKey,
        subscriptionId: row.id,
        reason: 'duplicate',
        eventId: null,
        providerStatus: 'pending',
        now,
      });
    }
    return {
      vipId: row.id,
      gateway: row.gateway,
      providerSubscriptionId: row.providerSubscriptionId,
      periodKeys: periods.map((p) => p.periodKey),
    };
  }

  return {
    /**
     * Applies one provider notice exactly once, in any order with the others (issue 39): the
     * notice adds facts (a period, a refund, an expiry, renewal on/off, a grace end) and the pass's
     * state is derived again from all of them (vip-state.ts). A refund of a payment we have not
     * seen is kept by its key and wins when the payment arrives. Other notices that name no pass
     * of ours change nothing and are not recorded, so the provider's retry is still applied.
     * A payment that would make a second live pass for the viewer marks it a duplicate: it is
     * refunded (recorded here, then at the provider through the duplicate refunder).
     */
    async applyNotice(
      notice: VipNotice,
      /**
       * more writes of the caller in the same transaction, under the pass's lock (also on a
       * replay): Toss's charge row is settled with the period it paid for
       */
      within?: (tx: Tx) => Promise<void>,
    ): Promise<VipNoticeOutcome> {
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const at = notice.at ?? now;
        const found = await findTarget(tx, notice);
        if (!found) {
          const refund = notice.changes.find((c) => c.type === 'refunded');
          if (!refund) return { outcome: 'unknown_subscription' as const };
          const fresh = await repo.recordNotification(tx, {
            gateway: notice.gateway,
            eventId: notice.eventId,
            eventType: notice.eventType,
            subscriptionId: null,
            now,
          });
          if (!fresh) return { outcome: 'replay' as const };
          const key = refund.periodKey ?? notice.byPeriodKey;
          await repo.insertRefund(tx, {
            gateway: notice.gateway,
            ...(key
              ? { scope: 'period' as const, refundKey: key }
              : { scope: 'subscription' as const, refundKey: notice.providerSubscriptionId }),
            subscriptionId: null,
            reason: 'provider',
            eventId: notice.eventId,
            now,
          });
          return { outcome: 'kept' as const };
        }
        // the viewer first, then the pass: subscribe takes them in the same order
        await repo.lockUser(tx, found.userId);
        let row = await repo.lockById(tx, found.id);
        if (!row) return { outcome: 'unknown_subscription' as const };
        await within?.(tx);
        if (found.bind && row.providerSubscriptionId === null) {
          await repo.bindProviderId(tx, row.id, notice.providerSubscriptionId, now);
          row = { ...row, providerSubscriptionId: notice.providerSubscriptionId };
        }
        const fresh = await repo.recordNotification(tx, {
          gateway: notice.gateway,
          eventId: notice.eventId,
          eventType: notice.eventType,
          subscriptionId: row.id,
          now,
        });
        if (!fresh) return { outcome: 'replay' as const };

        const facts: FactColumns = {
          closedAt: row.closedAt,
          expiredAt: row.expiredAt,
          renewOnAt: row.renewOnAt,
          renewOffAt: row.renewOffAt,
          graceSeenUntil: row.graceSeenUntil,
          duplicateOf: row.duplicateOf,
        };
        for (const change of notice.changes) {
          switch (change.type) {
            case 'paid': {
              // a provider that names no period end (a PayPal sale) bought one plan period
              // the period costs the price in force when the pass's checkout opened (decision 1551)
              const plan = await prices.planAt(row.plan, row.createdAt, tx);
              const days = plan?.periodDays ?? 7;
              await repo.insertPeriod(tx, {
                subscriptionId: row.id,
                periodKey: change.periodKey,
                startsAt: change.startsAt,
                endsAt: change.endsAt ?? new Date(change.startsAt.getTime() + days * 86_400_000),
                now,
                ...(plan ? { charged: webCharge(plan, row.gateway) } : {}),
              });
              break;
            }
            case 'grace':
              facts.graceSeenUntil = later(facts.graceSeenUntil, change.until);
              break;
            case 'auto_renew':
              if (change.on) facts.renewOnAt = later(facts.renewOnAt, at);
              else facts.renewOffAt = later(facts.renewOffAt, at);
              break;
            case 'refunded':
              await repo.insertRefund(tx, {
                gateway: notice.gateway,
                ...(change.periodKey
                  ? { scope: 'period' as const, refundKey: change.periodKey }
                  : {
                      scope: 'subscription' as const,
                      refundKey: row.providerSubscriptionId ?? notice.providerSubscriptionId,
                    }),
                subscriptionId: row.id,
                reason: 'provider',
                eventId: notice.eventId,
                now,
              });
              break;
            case 'expired':
              facts.expiredAt = later(facts.expiredAt, change.at ?? ENDS_ALL);
              facts.renewOffAt = later(facts.renewOffAt, change.at ?? ENDS_ALL);
              break;
          }
        }
        let state = await derive(tx, row, facts, now);
        let duplicate: DuplicateRefund | undefined;
        // only a pass becoming live can be a second one: a live row is the viewer's only one
        if (
          (state.status === 'active' || state.status === 'grace') &&
          row.status !== 'active' &&
          row.status !== 'grace' &&
          facts.duplicateOf === null
        ) {
          const others = await repo.liveOthers(tx, row.userId, row.id);
          const live = others.find((o) => isVipActive(stateOf(o), now.getTime()));
          if (live) {
            facts.duplicateOf = live.id;
            duplicate = await recordDuplicate(tx, row, now);
          }
          for (const other of live ? [] : others) {
            // its paid time ran out without the provider's word: it is over, make room
            await repo.update(
              tx,
              other.id,
              {
                status: 'expired',
                autoRenew: false,
                graceUntil: null,
                endedAt: other.endedAt ?? now,
                expiredAt: later(other.expiredAt, now),
              },
              now,
            );
          }
          if (facts.duplicateOf !== null) state = await derive(tx, row, facts, now);
        }
        await repo.update(
          tx,
          row.id,
          {
            status: state.status,
            autoRenew: state.autoRenew,
            paidUntil: state.paidUntil,
            graceUntil: state.graceUntil,
            endedAt: state.ended ? (row.endedAt ?? now) : null,
            ...facts,
          },
          now,
        );
        return { outcome: 'applied' as const, duplicate };
      });
      const refunder = done.duplicate && duplicateRefunders.get(done.duplicate.gateway);
      if (done.outcome === 'applied' && done.duplicate && refunder) await refunder(done.duplicate);
      return done.outcome;
    },

    /**
     * Who refunds a duplicate pass at its provider: the web gateways (Stripe, PayPal) and the
     * Google Play store module, each set once at start-up. Apple has none (no refund API).
     */
    useDuplicateRefunder(
      gateways: readonly DuplicateRefund['gateway'][],
      refunder: (work: DuplicateRefund) => Promise<void>,
    ) {
      for (const gateway of gateways) duplicateRefunders.set(gateway, refunder);
    },

    /**
     * The sweep's step: every duplicate pass whose refund failed at the provider (or stalled
     * pending for 10 minutes) is handed to its refunder again, until the provider says done. The
     * provider calls are idempotent (Stripe's key and PayPal's request id per charge; a Google
     * revoke of an ended subscription), so a retry never refunds twice.
     */
    async retryDuplicateRefunds(limit = 50): Promise<{ retried: number }> {
      const stalledBefore = new Date(clock.now().getTime() - STALLED_REFUND_MS);
      const retryBefore = new Date(clock.now().getTime() - FAILED_REFUND_RETRY_MS);
      const ids = await repo.duplicatesToRetry(stalledBefore, retryBefore, limit);
      let retried = 0;
      for (const id of ids) {
        const row = await repo.findById(db, id);
        if (!row || !refundsDuplicates(row.gateway)) continue;
        const refunder = duplicateRefunders.get(row.gateway);
        if (!refunder) continue;
        // another sweep (another instance) may be retrying it right now: only the claim calls
        const claimed = await repo.claimDuplicateRefunds(
          id,
          stalledBefore,
          retryBefore,
          clock.now(),
        );
        if (claimed.length === 0) continue;
        const refunds = (await repo.refundsOf(id)).filter((r) => r.reason === 'duplicate');
        await refunder({
          vipId: row.id,
          gateway: row.gateway,
          providerSubscriptionId: row.providerSubscriptionId,
          periodKeys: refunds.map((r) => r.refundKey),
        });
        retried++;
      }
      return { retried };
    },

    /** how a duplicate's refund at the provider went (recorded by the refunder) */
    setRefundOutcome: (...args: Parameters<VipRepository['setRefundOutcome']>) =>
      repo.setRefundOutcome(...args),

    /** refunds recorded for a pass (tests and operators) */
    refundsOf: (vipId: string) => repo.refundsOf(vipId),
  };
}
