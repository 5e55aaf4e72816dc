import { PAYMENT_GATEWAYS, type PaymentGateway } from '@snapdrama/contract';

/**
 * The order a viewer left the app for (a provider's page or its local stand-in), so the return
 * page can confirm it and go back where the purchase started. Session storage: one tab, one order.
 */
export interface PendingOrder {
  ordrId: string;
  gateway: PaymentGateway;
  /** PayPal: the order created at PayPal; the approval must name the same one (spec §5) */
  paypalOrderId?: string;
  /** Stripe: the Checkout Session's client secret; its part before "_secret_" is the session id */
  clientSecret?: string;
  /** where the purchase started (path + search), to return to after the confirmation */
  backTo: string;
}

const isGateway = (value: unknown): value is PaymentGateway =>
  (PAYMENT_GATEWAYS as readonly unknown[]).includes(value);

/** A path of this app ("/x"), never another site ("//host", "https://..."). */
const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

const KEY = 'snapdrama.payment.pending';

export function savePendingOrder(order: PendingOrder, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(order));
}

export function takePendingOrder(storage: Storage = sessionStorage): PendingOrder | null {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof PendingOrder, unknown>>;
    if (typeof value.ordrId !== 'string' || !isGateway(value.gateway)) return null;
    return {
      ordrId: value.ordrId,
      gateway: value.gateway,
      paypalOrderId: typeof value.paypalOrderId === 'string' ? value.paypalOrderId : undefined,
      clientSecret: typeof value.clientSecret === 'string' ? value.clientSecret : undefined,
      backTo: isAppPath(value.backTo) ? value.backTo : '/payment',
    };
  } catch {
    return null;
  }
}

/** Spec §5: the Stripe session id is the client secret's part before "_secret_". */
export function stripeSessionIdOf(clientSecret: string | undefined): string | undefined {
  const index = clientSecret?.indexOf('_secret_') ?? -1;
  return clientSecret && index > 0 ? clientSecret.slice(0, index) : undefined;
}
