import { WEB_GRACE_DAYS } from './vip-stripe';
import type { VipNotice } from './vip.service';

const DAY_MS = 86_400_000;
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const obj = (v: unknown) =>
  (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
const date = (v: unknown) => {
  const d = typeof v === 'string' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};

/**
 * A verified PayPal webhook event (Billing subscriptions) as a VIP notice. BILLING.SUBSCRIPTION.*
 * carry the subscription (custom_id is our vipId); PAYMENT.SALE.* carry the sale, which names the
 * subscription as billing_agreement_id; a refund names the sale it returns (sale_id).
 */
export function paypalEventToNotice(event: unknown, now: Date): VipNotice | undefined {
  const e = obj(event);
  const eventId = str(e.id);
  const eventType = str(e.event_type);
  const r = obj(e.resource);
  if (!eventId || !eventType) return undefined;
  const created = date(e.create_time);
  const base = { gateway: 'P' as const, eventId, eventType, ...(created ? { at: created } : {}) };
  const subscriptionId = str(r.id);
  const vipId = str(r.custom_id) ?? null;
  switch (eventType) {
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
    case 'BILLING.SUBSCRIPTION.RE-ACTIVATED':
      return subscriptionId
        ? {
            ...base,
            providerSubscriptionId: subscriptionId,
            vipId,
            changes: [{ type: 'auto_renew', on: true }],
          }
        : undefined;
    case 'BILLING.SUBSCRIPTION.CANCELLED':
      return subscriptionId
        ? {
            ...base,
            providerSubscriptionId: subscriptionId,
            vipId,
            changes: [{ type: 'auto_renew', on: false }],
          }
        : undefined;
    case 'BILLING.SUBSCRIPTION.EXPIRED':
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
      return subscriptionId
        ? {
            ...base,
            providerSubscriptionId: subscriptionId,
            vipId,
            // a suspended subscription may be re-activated: a sale after this time starts it again
            changes: [{ type: 'expired', ...(created ? { at: created } : {}) }],
          }
        : undefined;
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
      return subscriptionId
        ? {
            ...base,
            providerSubscriptionId: subscriptionId,
            vipId,
            changes: [{ type: 'grace', until: new Date(now.getTime() + WEB_GRACE_DAYS * DAY_MS) }],
          }
        : undefined;
    case 'PAYMENT.SALE.COMPLETED': {
      const saleId = str(r.id);
      const agreement = str(r.billing_agreement_id);
      const at = date(r.create_time) ?? now;
      if (!saleId || !agreement) return undefined;
      return {
        ...base,
        providerSubscriptionId: agreement,
        vipId: str(r.custom) ?? null,
        changes: [{ type: 'paid', periodKey: saleId, startsAt: at }],
      };
    }
    case 'PAYMENT.SALE.REFUNDED':
    case 'PAYMENT.SALE.REVERSED': {
      const saleId =
        str(r.sale_id) ?? (eventType === 'PAYMENT.SALE.REVERSED' ? str(r.id) : undefined);
      if (!saleId) return undefined;
      return {
        ...base,
        providerSubscriptionId: str(r.billing_agreement_id) ?? '',
        byPeriodKey: saleId,
        changes: [{ type: 'refunded', periodKey: saleId }],
      };
    }
    default:
      return undefined;
  }
}
