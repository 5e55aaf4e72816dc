import type { StripeEvent, StripeSubscription } from '../payments/payments.adapters';
import type { VipChange, VipNotice } from './vip.service';

/** Days a web pass stays open after a failed renewal while Stripe or PayPal retry the charge. */
export const WEB_GRACE_DAYS = 3;
const DAY_MS = 86_400_000;

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const idOf = (v: unknown) =>
  typeof v === 'string' ? v : str((v as { id?: unknown } | null | undefined)?.id);
const obj = (v: unknown) =>
  (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;

/** The paid period a subscription's latest invoice bought, as a VIP change. */
export function stripePaidPeriod(sub: StripeSubscription): VipChange | undefined {
  const startsAt = seconds(sub.currentPeriodStart);
  const endsAt = seconds(sub.currentPeriodEnd);
  if (!sub.latestInvoiceId || !startsAt || !endsAt) return undefined;
  if (sub.status !== 'active' && sub.status !== 'trialing') return undefined;
  return { type: 'paid', periodKey: sub.latestInvoiceId, startsAt, endsAt };
}

/**
 * A verified Stripe event as a VIP notice, or undefined when it is not about a VIP subscription.
 * customer.subscription.* carry the subscription (metadata.vipId set at checkout); invoice.* name
 * it under parent.subscription_details (API 2025-03-31 and later) or `subscription` (earlier).
 */
export function stripeEventToNotice(event: StripeEvent, now: Date): VipNotice | undefined {
  const o = obj(event.data.object);
  const base = {
    gateway: 'S' as const,
    eventId: event.id,
    eventType: event.type,
    // Stripe's time of the event: renewal on/off and expiry are ordered by it, not by arrival
    ...(typeof event.created === 'number' ? { at: new Date(event.created * 1000) } : {}),
  };
  // a string, not Stripe's union of every event type: the rest are ignored by the default
  const type: string = event.type;
  switch (type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.resumed': {
      const id = str(o.id);
      if (!id) return undefined;
      const changes: VipChange[] = [{ type: 'auto_renew', on: o.cancel_at_period_end !== true }];
      return { ...base, providerSubscriptionId: id, vipId: str(obj(o.metadata).vipId), changes };
    }
    case 'customer.subscription.deleted': {
      const id = str(o.id);
      if (!id) return undefined;
      return {
        ...base,
        providerSubscriptionId: id,
        vipId: str(obj(o.metadata).vipId),
        changes: [{ type: 'expired' }],
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const details = obj(obj(o.parent).subscription_details);
      const subscriptionId = idOf(details.subscription) ?? idOf(o.subscription);
      const invoiceId = str(o.id);
      if (!subscriptionId || !invoiceId) return undefined;
      const vipId = str(obj(details.metadata).vipId) ?? str(obj(o.subscription_details).vipId);
      if (type === 'invoice.payment_failed') {
        return {
          ...base,
          providerSubscriptionId: subscriptionId,
          vipId,
          changes: [{ type: 'grace', until: new Date(now.getTime() + WEB_GRACE_DAYS * DAY_MS) }],
        };
      }
      const lines = obj(o.lines).data;
      const period = obj(obj(Array.isArray(lines) ? lines[0] : undefined).period);
      const startsAt = seconds(Number(period.start));
      const endsAt = seconds(Number(period.end));
      if (!startsAt || !endsAt) return undefined;
      return {
        ...base,
        providerSubscriptionId: subscriptionId,
        vipId,
        changes: [{ type: 'paid', periodKey: invoiceId, startsAt, endsAt }],
      };
    }
    case 'charge.refunded': {
      // the refunded charge names its invoice (the period's key) on API versions that carry it
      const invoiceId = idOf(o.invoice);
      if (!invoiceId) return undefined;
      return {
        ...base,
        providerSubscriptionId: '',
        byPeriodKey: invoiceId,
        changes: [{ type: 'refunded', periodKey: invoiceId }],
      };
    }
    default:
      return undefined;
  }
}
