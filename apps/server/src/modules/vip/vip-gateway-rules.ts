import type { VipGateway, VipPlan } from '@snapdrama/contract';
import { toMinorUnits } from '@snapdrama/rules';

/** What each gateway means to a pass: where it is managed, what a period cost, who cancels it. */

/** Store pages where a store pass is managed (cancelled) by its buyer. */
export const MANAGE_URLS: Partial<Record<VipGateway, string>> = {
  G: 'https://play.google.com/store/account/subscriptions',
  A: 'https://apps.apple.com/account/subscriptions',
};

/**
 * What a period's charge cost: the plan's KRW price on Toss (vip-toss.ts charges it), its USD price
 * on Stripe and PayPal, which our checkout sets (vip-gateways.service.ts); a store sets its own
 * price and keeps its own receipt.
 */
export function webCharge(
  plan: VipPlan,
  gateway: string,
): { amountMinor: number; currency: string } | undefined {
  if (gateway === 'T') return { amountMinor: toMinorUnits(plan.krw, 'KRW'), currency: 'KRW' };
  return gateway === 'S' || gateway === 'P'
    ? { amountMinor: toMinorUnits(plan.usd, 'USD'), currency: 'USD' }
    : undefined;
}

/** The web gateways whose renewal the buyer stops here (POST /vip/cancel). */
export const CANCELABLE: ReadonlySet<string> = new Set(['T', 'S', 'P']);
