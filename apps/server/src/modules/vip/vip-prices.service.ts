import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  VIP_PLANS,
  vipPlanOf,
  ResultCode,
  type VipPlan,
  type VipPlanCode,
} from '@snapdrama/contract';
import { fromMinorUnits, toMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { vipPlanPrices } from './vip.tables';

type Q = Db | Tx;

export interface VipPrice {
  krw: number;
  usdCents: number;
  /** when this price took effect; null: the plan's first price (contract VIP_PLANS) */
  since: Date | null;
}

/**
 * VIP plan prices (decision 1551): the contract's VIP_PLANS are the first prices; an admin's edit
 * adds a price valid from that moment. A pass keeps the price in force when its checkout opened
 * (Stripe and PayPal charge it each period; our Toss renewals charge it too), so an edit reaches
 * new checkouts and the plans viewers see, never a pass already sold. Read from the database on
 * every call, like coin packs: every instance sees an edit at once.
 */
export function createVipPricesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function priceAt(code: string, at: Date, q: Q = db): Promise<VipPrice | undefined> {
    const plan = vipPlanOf(code);
    if (!plan) return undefined;
    const [row] = await q
      .select()
      .from(vipPlanPrices)
      .where(and(eq(vipPlanPrices.plan, code), lte(vipPlanPrices.validFrom, at)))
      .orderBy(desc(vipPlanPrices.validFrom))
      .limit(1);
    return row
      ? { krw: row.krw, usdCents: row.usdCents, since: row.validFrom }
      : { krw: plan.krw, usdCents: toMinorUnits(plan.usd, 'USD'), since: null };
  }

  /** The plan with the price in force at `at` (the contract's plan shape: usd in dollars). */
  async function planAt(code: string, at: Date, q: Q = db): Promise<VipPlan | undefined> {
    const plan = vipPlanOf(code);
    const price = await priceAt(code, at, q);
    return plan && price
      ? { ...plan, krw: price.krw, usd: fromMinorUnits(price.usdCents, 'USD') }
      : undefined;
  }

  return {
    planAt,
    /** every plan at its price now */
    async plansNow(): Promise<(VipPlan & { usdCents: number; since: Date | null })[]> {
      const now = clock.now();
      return Promise.all(
        VIP_PLANS.map(async (plan) => {
          const price = await priceAt(plan.code, now);
          if (!price) throw new Error(`no price for ${plan.code}`);
          return {
            ...plan,
            krw: price.krw,
            usd: fromMinorUnits(price.usdCents, 'USD'),
            usdCents: price.usdCents,
            since: price.since,
          };
        }),
      );
    },

    /**
     * An admin's new price for a plan, from now on. One transaction with `onSaved` (the audit
     * entry); a save that changes nothing records nothing. Two saves at once are serialized by a
     * transaction-scoped lock on the plan.
     */
    async savePrice(
      code: VipPlanCode,
      next: { krw: number; usdCents: number },
      onSaved: (tx: Tx, change: { before: VipPrice; after: VipPrice }) => Promise<void>,
    ): Promise<{ price: VipPrice; changed: boolean }> {
      if (!vipPlanOf(code)) throw new AppError(ResultCode.NOT_FOUND, 'plan: unknown');
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vip_plan_price:${code}`}))`);
        const now = clock.now();
        const before = await priceAt(code, now, tx);
        if (!before) throw new AppError(ResultCode.NOT_FOUND, 'plan: unknown');
        if (before.krw === next.krw && before.usdCents === next.usdCents)
          return { price: before, changed: false };
        await tx
          .insert(vipPlanPrices)
          .values({ plan: code, krw: next.krw, usdCents: next.usdCents, validFrom: now })
          .onConflictDoUpdate({
            target: [vipPlanPrices.plan, vipPlanPrices.validFrom],
            set: { krw: next.krw, usdCents: next.usdCents },
          });
        const after = { krw: next.krw, usdCents: next.usdCents, since: now };
        await onSaved(tx, { before, after });
        return { price: after, changed: true };
      });
    },
  };
}

export type VipPricesService = ReturnType<typeof createVipPricesService>;
