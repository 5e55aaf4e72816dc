import { and, asc, eq, exists, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  vipSubscriptions,
  vipTossBilling,
  vipTossCharges,
  type VipTossBillingRow,
  type VipTossChargeRow,
} from './vip.tables';

/** SQL of the Toss passes' card registrations and charges (vip.tables.ts). */
export function createVipTossRepository(db: Db) {
  return {
    db,

    /** the pass's card registration, made once per pass (a reused checkout keeps its customerKey) */
    async ensureBilling(subscriptionId: string, customerKey: string, now: Date) {
      await db
        .insert(vipTossBilling)
        .values({ subscriptionId, customerKey, createdAt: now })
        .onConflictDoNothing({ target: vipTossBilling.subscriptionId });
      const row = await this.billingOf(subscriptionId);
      if (!row) throw new Error(`no Toss billing row for ${subscriptionId}`);
      return row;
    },

    async billingOf(subscriptionId: string): Promise<VipTossBillingRow | undefined> {
      const [row] = await db
        .select()
        .from(vipTossBilling)
        .where(eq(vipTossBilling.subscriptionId, subscriptionId));
      return row;
    },

    /** one confirmation at a time per pass: the row when this caller got the lease */
    async takeBillingLease(subscriptionId: string, now: Date, until: Date) {
      const [row] = await db
        .update(vipTossBilling)
        .set({ leaseUntil: until })
        .where(
          and(
            eq(vipTossBilling.subscriptionId, subscriptionId),
            or(isNull(vipTossBilling.leaseUntil), lt(vipTossBilling.leaseUntil, now)),
          ),
        )
        .returning();
      return row;
    },

    async releaseBillingLease(subscriptionId: string) {
      await db
        .update(vipTossBilling)
        .set({ leaseUntil: null })
        .where(eq(vipTossBilling.subscriptionId, subscriptionId));
    },

    async saveBillingKey(
      subscriptionId: string,
      key: {
        authKey: string;
        billingKey: string;
        cardCompany: string | null;
        cardNumber: string | null;
        issuedAt: Date;
      },
    ) {
      await db
        .update(vipTossBilling)
        .set(key)
        .where(eq(vipTossBilling.subscriptionId, subscriptionId));
    },

    async chargesOf(subscriptionId: string, q: Db | Tx = db): Promise<VipTossChargeRow[]> {
      return q
        .select()
        .from(vipTossCharges)
        .where(eq(vipTossCharges.subscriptionId, subscriptionId))
        .orderBy(asc(vipTossCharges.periodNumber), asc(vipTossCharges.attempt));
    },

    async chargeByPaymentKey(paymentKey: string): Promise<VipTossChargeRow | undefined> {
      const [row] = await db
        .select()
        .from(vipTossCharges)
        .where(eq(vipTossCharges.paymentKey, paymentKey));
      return row;
    },

    /** the pass, locked for the claim (the same order as vip.applyNotice: the pass, then its charges) */
    async lockPass(tx: Tx, subscriptionId: string) {
      const [row] = await tx
        .select()
        .from(vipSubscriptions)
        .where(eq(vipSubscriptions.id, subscriptionId))
        .for('update');
      return row;
    },

    /**
     * Claims attempt k of period n: a new row (charging, leased), or an earlier claim of the same
     * attempt whose lease ran out with no answer recorded (its worker died, or Toss did not
     * answer). Undefined when another worker holds it or it is settled.
     */
    async claimCharge(
      tx: Tx,
      input: {
        subscriptionId: string;
        periodNumber: number;
        attempt: number;
        orderId: string;
        authKey: string | null;
        amountMinor: number;
        currency: string;
        now: Date;
        leaseUntil: Date;
      },
    ): Promise<VipTossChargeRow | undefined> {
      const { now, ...values } = input;
      const [row] = await tx
        .insert(vipTossCharges)
        .values({ ...values, status: 'charging', createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [
            vipTossCharges.subscriptionId,
            vipTossCharges.periodNumber,
            vipTossCharges.attempt,
          ],
          set: { leaseUntil: input.leaseUntil, updatedAt: now },
          setWhere: and(eq(vipTossCharges.status, 'charging'), lt(vipTossCharges.leaseUntil, now)),
        })
        .returning();
      return row;
    },

    /** the charge's answer: done (its payment) or declined (the card company's code) */
    async settleCharge(
      tx: Tx,
      id: string,
      outcome:
        | { status: 'done'; paymentKey: string }
        | { status: 'declined'; failureCode: string; failureMessage: string },
      now: Date,
    ) {
      await tx
        .update(vipTossCharges)
        .set({ ...outcome, leaseUntil: null, updatedAt: now })
        .where(and(eq(vipTossCharges.id, id), eq(vipTossCharges.status, 'charging')));
    },

    /**
     * Passes the renewal job looks at: live Toss passes that renew and whose paid time ran out,
     * and any pass with a charge left unanswered past its lease.
     */
    async dueForCharge(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: vipSubscriptions.id })
        .from(vipSubscriptions)
        .where(
          and(
            eq(vipSubscriptions.gateway, 'T'),
            or(
              and(
                inArray(vipSubscriptions.status, ['active', 'grace']),
                eq(vipSubscriptions.autoRenew, true),
                lte(vipSubscriptions.paidUntil, now),
              ),
              exists(
                db
                  .select({ id: vipTossCharges.id })
                  .from(vipTossCharges)
                  .where(
                    and(
                      eq(vipTossCharges.subscriptionId, vipSubscriptions.id),
                      eq(vipTossCharges.status, 'charging'),
                      lt(vipTossCharges.leaseUntil, now),
                    ),
                  ),
              ),
            ),
          ),
        )
        .orderBy(asc(vipSubscriptions.paidUntil))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type VipTossRepository = ReturnType<typeof createVipTossRepository>;
