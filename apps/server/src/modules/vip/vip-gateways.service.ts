import {
  ResultCode,
  vipPlanOf,
  type AuthMethod,
  type VipPassData,
  type VipSubscribeBody,
  type VipSubscribeData,
} from '@snapdrama/contract';
import { toMinorUnits } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { StripeEvent, TossPayment } from '../payments/payments.adapters';
import {
  SANDBOX_CHECKOUT_BASE,
  type SubscriptionWebhookHandler,
  type WebGateways,
} from '../payments/web-gateways.service';
import { paypalEventToNotice } from './vip-paypal';
import { stripeEventToNotice, stripePaidPeriod } from './vip-stripe';
import { vipProductName, type VipToss } from './vip-toss';
import type { DuplicateRefund, VipService } from './vip.service';
import type { VipSubscriptionRow } from './vip.tables';

export interface VipCaller {
  userId: string;
  authMethod: AuthMethod;
}

const unavailable = (what: string) =>
  new AppError(ResultCode.PAYMENT_PROVIDER_UNAVAILABLE, `${what} is not available right now`);

/**
 * The VIP pass through the web gateways: checkout, the buyer's return, cancel, and the providers'
 * webhooks. The payments module's adapters (and their local stand-in) do the talking; every state
 * change goes through vip.applyNotice.
 */
export function createVipGatewaysService(deps: {
  vip: VipService;
  gateways: WebGateways;
  /** PayPal Billing plan ids of the pass (config, or the stand-in's) */
  paypalPlanIds?: { vip_weekly: string; vip_monthly: string };
  /** the pass through Toss's billing keys (vip-toss.ts) */
  toss?: VipToss;
  clock: Clock;
  log?: { warn(o: object, m: string): void };
}) {
  const { vip, gateways, clock } = deps;

  function guestCheck(caller: VipCaller) {
    if (caller.authMethod === 'guest')
      throw new AppError(ResultCode.GUEST_NOT_ALLOWED, 'Sign in to buy a VIP pass');
  }

  /**
   * A replaced checkout is closed at its provider so it can no longer be paid; when that fails (or
   * the buyer already paid), its payment still arrives and is refunded as a duplicate.
   */
  async function closeCheckout(old: VipSubscriptionRow) {
    if (!old.checkoutId) return;
    try {
      if (old.gateway === 'S' && gateways.stripe) {
        await gateways.stripe.client.expireSession(old.checkoutId);
      } else if (old.gateway === 'P' && gateways.paypal) {
        const done = await gateways.paypal.client.cancelSubscription(
          old.checkoutId,
          'Replaced by another checkout in SnapDrama',
        );
        if (!done.ok) throw new Error(done.issue);
      }
    } catch (error) {
      deps.log?.warn({ err: error, vipId: old.id }, 'replaced VIP checkout not closed');
    }
  }

  /**
   * A second paid pass of one viewer: its subscription ends at once at the provider and every
   * charge is refunded (idempotency keys per charge, so a retry answers the first refund); the
   * outcome of each refund is recorded beside the refund row.
   */
  async function refundDuplicate(work: DuplicateRefund) {
    const refunds = (await vip.refundsOf(work.vipId)).filter(
      (r) => r.reason === 'duplicate' && r.providerStatus !== 'done',
    );
    try {
      if (work.gateway === 'S') {
        const stripe = gateways.stripe;
        if (!stripe) throw new Error('Stripe is off');
        if (work.providerSubscriptionId)
          await stripe.client.cancelSubscriptionNow(work.providerSubscriptionId);
        for (const r of refunds) {
          const done = await stripe.client.refundInvoice({
            invoiceId: r.refundKey,
            idempotencyKey: `vip-duplicate-${r.refundKey}`,
          });
          const ok = done.ok || done.code === 'charge_already_refunded';
          await vip.setRefundOutcome(r.id, {
            providerStatus: ok ? 'done' : 'failed',
            providerRefundId: done.ok ? done.id : null,
          });
        }
      } else if (work.gateway === 'P') {
        const paypal = gateways.paypal;
        if (!paypal) throw new Error('PayPal is off');
        if (work.providerSubscriptionId) {
          const cancelled = await paypal.client.cancelSubscription(
            work.providerSubscriptionId,
            'A second VIP pass: refunded',
          );
          if (!cancelled.ok) deps.log?.warn({ issue: cancelled.issue }, 'duplicate not cancelled');
        }
        for (const r of refunds) {
          const done = await paypal.client.refundSale({
            saleId: r.refundKey,
            requestId: `vip-duplicate-${r.refundKey}`,
          });
          await vip.setRefundOutcome(r.id, {
            providerStatus: done.ok ? 'done' : 'failed',
            providerRefundId: done.ok ? done.value.id : null,
          });
        }
      }
    } catch (error) {
      deps.log?.warn({ err: error, vipId: work.vipId }, 'duplicate VIP pass not refunded');
      for (const r of refunds) {
        await vip.setRefundOutcome(r.id, { providerStatus: 'failed', providerRefundId: null });
      }
    }
  }
  vip.useDuplicateRefunder(['S', 'P'], refundDuplicate);

  return {
    /** POST /vip/subscribe. */
    async subscribe(
      caller: VipCaller,
      body: VipSubscribeBody,
      origin: string,
    ): Promise<VipSubscribeData> {
      guestCheck(caller);
      const plan = vipPlanOf(body.plan);
      if (!plan) throw new AppError(ResultCode.BAD_REQUEST, 'plan: unknown');
      if (body.pymnGtwy === 'T' && (!gateways.toss || !deps.toss)) throw unavailable('Toss');
      if (body.pymnGtwy === 'S' && !gateways.stripe) throw unavailable('Stripe');
      if (body.pymnGtwy === 'P' && (!gateways.paypal || !deps.paypalPlanIds))
        throw unavailable('PayPal subscriptions');
      const { pass, replaced } = await vip.openCheckout(caller.userId, plan.code, body.pymnGtwy);
      if (replaced) await closeCheckout(replaced);
      // the price in force when this checkout opened (decision 1551): every period charges it
      const priced = (await vip.planOfPass(pass)) ?? plan;
      const usdCents = toMinorUnits(priced.usd, 'USD');
      if (body.pymnGtwy === 'T') {
        if (!deps.toss) throw unavailable('Toss');
        return deps.toss.start(pass, origin);
      }
      if (body.pymnGtwy === 'P') {
        const paypal = gateways.paypal;
        const planId = deps.paypalPlanIds?.[plan.code];
        if (!paypal || !planId) throw unavailable('PayPal subscriptions');
        const back = `${origin}/vip/return/paypal?vipId=${pass.id}`;
        const created = await paypal.client.createSubscription({
          vipId: pass.id,
          planId,
          price: { cents: usdCents, currency: 'USD' },
          returnUrl: back,
          cancelUrl: `${back}&canceled=1`,
        });
        if (!created.ok) {
          deps.log?.warn({ issue: created.issue }, 'PayPal subscription not created');
          throw unavailable('PayPal');
        }
        // the same pass asks PayPal again with the same request id: the same subscription
        await vip.setCheckout(pass.id, created.value.id);
        return {
          vipId: pass.id,
          paypalSubscriptionId: created.value.id,
          ...(created.value.approveUrl ? { checkoutUrl: created.value.approveUrl } : {}),
        };
      }
      if (body.pymnGtwy !== 'S') return { vipId: pass.id };
      const stripe = gateways.stripe;
      if (!stripe) throw unavailable('Stripe');
      try {
        const session = await stripe.client.createSubscriptionSession({
          vipId: pass.id,
          amountCents: usdCents,
          interval: plan.interval,
          productName: vipProductName(plan),
          returnUrl: `${origin}/vip/return/stripe?session_id={CHECKOUT_SESSION_ID}&vipId=${pass.id}`,
          cancelUrl: `${origin}/vip/return/stripe?vipId=${pass.id}&canceled=1`,
        });
        await vip.setCheckout(pass.id, session.id);
        const checkoutUrl =
          stripe.mode === 'sandbox'
            ? `${SANDBOX_CHECKOUT_BASE}/stripe/${session.id}`
            : (session.url ?? undefined);
        return { vipId: pass.id, sessionId: session.id, ...(checkoutUrl ? { checkoutUrl } : {}) };
      } catch (error) {
        deps.log?.warn({ err: error }, 'Stripe subscription session not created');
        throw unavailable('Stripe');
      }
    },

    /** PUT /vip/stripe/confirm: the session is read back from Stripe; only its answer counts. */
    async stripeConfirm(
      caller: VipCaller,
      body: { vipId: string; sessionId: string },
    ): Promise<VipPassData> {
      const pass = await vip.ownPass(caller.userId, body.vipId);
      if (pass.gateway !== 'S') throw new AppError(ResultCode.VIP_MISMATCH, 'Not a Stripe pass');
      // settled for good (refunded, e.g. a second pass): the provider has nothing more to say
      if (pass.status === 'refunded') return vip.passData(pass);
      const stripe = gateways.stripe;
      if (!stripe) throw unavailable('Stripe');
      const session = await stripe.client
        .retrieveSession(body.sessionId)
        .catch((error: unknown) => {
          deps.log?.warn({ err: error }, 'Stripe session not read');
          throw unavailable('Stripe');
        });
      if (!session || session.clientReferenceId !== pass.id) {
        throw new AppError(ResultCode.VIP_MISMATCH, 'This checkout is not this pass');
      }
      if (session.status !== 'complete' || !session.subscriptionId) {
        throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'The checkout is not complete');
      }
      const sub = await stripe.client.retrieveSubscription(session.subscriptionId);
      const paid = sub ? stripePaidPeriod(sub) : undefined;
      if (!sub || !paid) throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'Not paid yet');
      return vip.applyOwnNotice(caller.userId, pass.id, {
        gateway: 'S',
        eventId: `checkout:${session.id}`,
        eventType: 'checkout.return',
        providerSubscriptionId: sub.id,
        changes: [paid, { type: 'auto_renew', on: !sub.cancelAtPeriodEnd }],
      });
    },

    /**
     * PUT /vip/paypal/confirm: the subscription and its completed charges are read back from
     * PayPal; the first charge (a sale) is the period, as PAYMENT.SALE.COMPLETED will name it.
     */
    async paypalConfirm(
      caller: VipCaller,
      body: { vipId: string; subscriptionId: string },
    ): Promise<VipPassData> {
      const pass = await vip.ownPass(caller.userId, body.vipId);
      if (pass.gateway !== 'P') throw new AppError(ResultCode.VIP_MISMATCH, 'Not a PayPal pass');
      // settled for good (refunded, e.g. a second pass): the provider has nothing more to say
      if (pass.status === 'refunded') return vip.passData(pass);
      const paypal = gateways.paypal;
      if (!paypal) throw unavailable('PayPal');
      const got = await paypal.client.getSubscription(body.subscriptionId);
      if (!got.ok) {
        if (got.status === 404)
          throw new AppError(ResultCode.VIP_MISMATCH, 'PayPal does not know this subscription');
        throw unavailable('PayPal');
      }
      const sub = got.value;
      if (sub.customId !== pass.id)
        throw new AppError(ResultCode.VIP_MISMATCH, 'This subscription is not this pass');
      if (sub.status !== 'ACTIVE')
        throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'The subscription is not active');
      const now = clock.now();
      const sales = await paypal.client.subscriptionSales(
        sub.id,
        new Date(pass.createdAt.getTime() - 86_400_000),
        new Date(now.getTime() + 86_400_000),
      );
      if (!sales.ok) throw unavailable('PayPal');
      const last = sales.value.at(-1);
      if (!last) throw new AppError(ResultCode.VIP_NOT_COMPLETED, 'Not charged yet');
      return vip.applyOwnNotice(caller.userId, pass.id, {
        gateway: 'P',
        eventId: `approve:${sub.id}:${last.id}`,
        eventType: 'approve.return',
        providerSubscriptionId: sub.id,
        changes: [
          { type: 'paid', periodKey: last.id, startsAt: new Date(last.time) },
          { type: 'auto_renew', on: true },
        ],
      });
    },

    /** POST /vip/cancel: renewal stops at the provider; the paid period runs to its end. */
    async cancel(caller: VipCaller, vipId: string): Promise<VipPassData> {
      const pass = await vip.ownPass(caller.userId, vipId);
      const data = vip.passData(pass);
      if (!data.cancelable || !pass.providerSubscriptionId) {
        throw new AppError(ResultCode.VIP_NOT_CANCELABLE, 'This pass cannot be cancelled here');
      }
      if (pass.gateway === 'T') {
        // Toss does not renew by itself: we stop charging (vip-toss.ts)
        if (!deps.toss) throw unavailable('Toss');
        await deps.toss.cancel(pass);
      } else if (pass.gateway === 'S') {
        const stripe = gateways.stripe;
        if (!stripe) throw unavailable('Stripe');
        const sub = await stripe.client
          .cancelSubscriptionAtPeriodEnd(pass.providerSubscriptionId)
          .catch((error: unknown) => {
            deps.log?.warn({ err: error }, 'Stripe cancel failed');
            throw unavailable('Stripe');
          });
        await vip.applyNotice({
          gateway: 'S',
          eventId: `cancel:${pass.id}:${clock.now().toISOString()}`,
          eventType: 'cancel.request',
          providerSubscriptionId: sub.id,
          changes: [{ type: 'auto_renew', on: !sub.cancelAtPeriodEnd }],
        });
      } else {
        const paypal = gateways.paypal;
        if (!paypal) throw unavailable('PayPal');
        const done = await paypal.client.cancelSubscription(
          pass.providerSubscriptionId,
          'Cancelled by the buyer in SnapDrama',
        );
        if (!done.ok) throw unavailable('PayPal');
        // PayPal keeps the paid cycle; BILLING.SUBSCRIPTION.CANCELLED will say the same
        await vip.applyNotice({
          gateway: 'P',
          eventId: `cancel:${pass.id}`,
          eventType: 'cancel.request',
          providerSubscriptionId: pass.providerSubscriptionId,
          changes: [{ type: 'auto_renew', on: false }],
        });
      }
      return vip.passData(await vip.ownPass(caller.userId, pass.id));
    },

    /**
     * Subscription events handed over by the payments module's webhook endpoints (their signature
     * checked there): Stripe customer.subscription.* / invoice.* / charge.refunded of an invoice,
     * PayPal BILLING.SUBSCRIPTION.* / PAYMENT.SALE.*.
     */
    webhookHandler: {
      async stripe(event: StripeEvent) {
        const notice = stripeEventToNotice(event, clock.now());
        return notice ? vip.applyNotice(notice) : undefined;
      },
      async paypal(event: unknown) {
        const notice = paypalEventToNotice(event, clock.now());
        return notice ? vip.applyNotice(notice) : undefined;
      },
      /** a Toss VIP charge canceled at Toss (its console): the period is refunded, the pass ends */
      async toss(payment: TossPayment) {
        return deps.toss?.canceledAtToss(payment);
      },
    } satisfies SubscriptionWebhookHandler,
  };
}

export type VipGatewaysService = ReturnType<typeof createVipGatewaysService>;
