import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { API_BASE, type VipPassData } from '@snapdrama/contract';
import type { TestContext } from '../../test/harness';
import { api, body, sandboxOf, type Who } from '../payments/payments.test-support';
import { SANDBOX_KEYS } from '../payments/sandbox/fake-providers';
import { vipSubscriptions } from './vip.tables';

const stripeSigner = new Stripe(SANDBOX_KEYS.stripeSecretKey);

/** A Stripe event posted to the VIP webhook endpoint, signed as Stripe signs it. */
export function postVipStripe(
  ctx: TestContext,
  type: string,
  object: Record<string, unknown>,
  options: { secret?: string; eventId?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = stripeSigner.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SANDBOX_KEYS.stripeWebhookSecret,
  });
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/stripe`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** invoice.paid / invoice.payment_failed as Stripe (API 2025-03-31 and later) sends them. */
export function stripeInvoice(
  invoiceId: string,
  subscriptionId: string,
  period: { start: number; end: number },
  vipId?: string,
) {
  return {
    id: invoiceId,
    object: 'invoice',
    status: 'paid',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: vipId ? { vipId } : {} },
    },
    lines: { object: 'list', data: [{ object: 'line_item', period }] },
  };
}

/** Buys a pass through the Stripe stand-in and comes back: the pass as the confirm answers it. */
export async function stripeVipBought(
  ctx: TestContext,
  who: Who,
  plan: 'vip_weekly' | 'vip_monthly' = 'vip_weekly',
) {
  const sub = await api(ctx.app, who, 'POST', '/vip/subscribe', { plan, pymnGtwy: 'S' });
  if (sub.statusCode !== 200) throw new Error(`subscribe: ${sub.body}`);
  const { vipId, sessionId } = body<{ vipId: string; sessionId: string }>(sub).data;
  const session = sandboxOf(ctx).stripe.complete(sessionId);
  const confirm = await api(ctx.app, who, 'PUT', '/vip/stripe/confirm', { vipId, sessionId });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  return {
    vipId,
    sessionId,
    subscriptionId: session.subscription ?? '',
    pass: body<VipPassData>(confirm).data,
  };
}

/** POST /vip/subscribe: the answer's data (vipId, sessionId or paypalSubscriptionId), or throws. */
export async function subscribeVip(
  ctx: TestContext,
  who: Who,
  plan: 'vip_weekly' | 'vip_monthly',
  gateway: 'S' | 'P',
) {
  const r = await api(ctx.app, who, 'POST', '/vip/subscribe', { plan, pymnGtwy: gateway });
  if (r.statusCode !== 200) throw new Error(`subscribe: ${r.body}`);
  return body<{ vipId: string; sessionId?: string; paypalSubscriptionId?: string }>(r).data;
}

/** The buyer's return from the provider (Stripe or PayPal), as the web sends it. */
export function confirmVip(
  ctx: TestContext,
  who: Who,
  started: { vipId: string; sessionId?: string; paypalSubscriptionId?: string },
) {
  return started.sessionId
    ? api(ctx.app, who, 'PUT', '/vip/stripe/confirm', {
        vipId: started.vipId,
        sessionId: started.sessionId,
      })
    : api(ctx.app, who, 'PUT', '/vip/paypal/confirm', {
        vipId: started.vipId,
        subscriptionId: started.paypalSubscriptionId ?? '',
      });
}

/** The buyer paid at the provider (the hosted page / the approval), without coming back yet. */
export function payAtProvider(
  ctx: TestContext,
  started: { sessionId?: string; paypalSubscriptionId?: string },
) {
  const fake = sandboxOf(ctx);
  if (started.sessionId) fake.stripe.complete(started.sessionId);
  else fake.paypal.approveSubscription(started.paypalSubscriptionId ?? '');
}

/** Every pass row of the viewer, straight from the table (oldest first). */
export async function passRows(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select()
    .from(vipSubscriptions)
    .where(eq(vipSubscriptions.userId, userId))
    .orderBy(vipSubscriptions.createdAt, vipSubscriptions.id);
}

/** POST /vip/subscribe through Toss: the vipId, the customerKey and the stand-in's page. */
export async function tossVipStarted(
  ctx: TestContext,
  who: Who,
  plan: 'vip_weekly' | 'vip_monthly' = 'vip_weekly',
) {
  const r = await api(ctx.app, who, 'POST', '/vip/subscribe', { plan, pymnGtwy: 'T' });
  if (r.statusCode !== 200) throw new Error(`subscribe: ${r.body}`);
  const data = body<{ vipId: string; checkoutUrl: string; toss: { customerKey: string } }>(r).data;
  return { vipId: data.vipId, customerKey: data.toss.customerKey, checkoutUrl: data.checkoutUrl };
}

/** The buyer registered a card at the Toss stand-in: the successUrl's authKey. */
export const tossCardRegistered = (
  ctx: TestContext,
  customerKey: string,
  outcome: 'approve' | 'decline' = 'approve',
) => sandboxOf(ctx).tossBilling.registerCard({ customerKey, outcome });

/** PUT /vip/toss/confirm as the return page sends it. */
export const confirmToss = (
  ctx: TestContext,
  who: Who,
  input: { vipId: string; customerKey: string; authKey: string },
) => api(ctx.app, who, 'PUT', '/vip/toss/confirm', input);

/** A pass bought through the Toss stand-in and confirmed. */
export async function tossVipBought(
  ctx: TestContext,
  who: Who,
  plan: 'vip_weekly' | 'vip_monthly' = 'vip_weekly',
) {
  const started = await tossVipStarted(ctx, who, plan);
  const authKey = tossCardRegistered(ctx, started.customerKey);
  const r = await confirmToss(ctx, who, { ...started, authKey });
  if (r.statusCode !== 200) throw new Error(`confirm: ${r.body}`);
  return { ...started, authKey, pass: body<VipPassData>(r).data };
}

/** A Play subscription to the plan, bought now for the pass from the stand-in store; its token. */
export function playSubscribed(
  ctx: TestContext,
  vipId: string,
  productId: string,
  periodDays: number,
): string {
  const store = ctx.services.iap.sandbox.playStore;
  if (!store) throw new Error('no Play stand-in');
  return store.subscribe({
    packageName: ctx.services.iap.packageName,
    productId,
    obfuscatedAccountId: vipId,
    periodDays,
    now: ctx.clock.now().getTime(),
  });
}
