import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness';
import { users } from '../auth/auth.tables';
import type { AppleNotification } from '../payments/iap/apple-store';
import type { GooglePlayApi, PlaySubscription } from '../payments/iap/google-play';
import type { DeveloperNotification } from '../payments/iap/google-rtdn';
import type { StripeEvent } from '../payments/providers/stripe';
import { paypalEventToNotice } from './vip-paypal';
import { createVipStores } from './vip-stores';
import { stripeEventToNotice } from './vip-stripe';
import { createVipRepository } from './vip.repository';
import { createVipService, type VipService } from './vip.service';
import { vipRefunds } from './vip.tables';

/**
 * Issue 39 items 1-2 for the VIP pass: the events of a subscription's life (first payment,
 * renewal, cancel, expiry, refund of the renewal) delivered in every order of every subset of
 * them, each with one event delivered twice and the VIP module rebuilt on the same database between
 * two deliveries. The final state must be the reference model's, which reads only the set.
 * Enumerated, not sampled: 325 orders per provider (Stripe, PayPal, Apple, Google).
 */

const DAY = 86_400_000;
const T = new Date('2030-03-01T12:00:00.000Z');
const EVENTS = ['buy', 'renew', 'cancel', 'expire', 'refund'] as const;
type Ev = (typeof EVENTS)[number];
type Provider = 'S' | 'P' | 'A' | 'G';

/** every order of every non-empty subset of the events */
function orders(events: readonly Ev[]): Ev[][] {
  const out: Ev[][] = [];
  const walk = (prefix: Ev[], rest: readonly Ev[]) => {
    if (prefix.length > 0) out.push(prefix);
    rest.forEach((e, i) =>
      walk(
        [...prefix, e],
        rest.filter((_, j) => j !== i),
      ),
    );
  };
  walk([], events);
  return out;
}

/** the two paid periods of the life, per provider (Google is told of them ahead, see below) */
function periodsOf(provider: Provider) {
  return provider === 'G'
    ? { p1: { start: T, end: new Date(T.getTime() + 4 * DAY) }, p2End: T.getTime() + 11 * DAY }
    : {
        p1: { start: new Date(T.getTime() - 10 * DAY), end: new Date(T.getTime() - 3 * DAY) },
        p2End: T.getTime() + 4 * DAY,
      };
}

interface Expected {
  status: string;
  live: boolean;
  paidUntil: string | null;
  renewing: boolean;
  refundsRecorded: number;
  periodsRefunded: number;
}

/**
 * The reference model: what the set of events means, with no order and no times. Google reads the
 * subscription back on every notice, so its cancel (after the renewal) also tells the renewal.
 */
function model(provider: Provider, set: Set<Ev>): Expected {
  const { p1, p2End } = periodsOf(provider);
  const p2Paid = set.has('renew') || (provider === 'G' && set.has('cancel'));
  const ends = [...(set.has('buy') ? [p1.end.getTime()] : []), ...(p2Paid ? [p2End] : [])];
  const paidUntil = ends.length > 0 ? Math.max(...ends) : null;
  const refunded = set.has('refund') && p2Paid;
  const status =
    ends.length === 0
      ? 'pending'
      : refunded
        ? 'refunded'
        : set.has('expire')
          ? 'expired'
          : 'active';
  const live = status === 'active' && paidUntil !== null && paidUntil > T.getTime();
  return {
    status,
    live,
    paidUntil: paidUntil === null ? null : new Date(paidUntil).toISOString(),
    renewing: live && !set.has('cancel'),
    refundsRecorded: set.has('refund') ? 1 : 0,
    periodsRefunded: refunded ? 1 : 0,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const secs = (ms: number) => Math.floor(ms / 1000);

/** One delivery of one event of one pass's life, through the provider's real mapping code. */
function deliverer(provider: Provider, vipId: string, tag: string) {
  const { p1, p2End } = periodsOf(provider);
  const p2Start = p1.end.getTime();
  const key1 = `${tag}-1`;
  const key2 = `${tag}-2`;
  const subId = `sub-${tag}`;

  // Google: the subscription as subscriptionsv2.get answers right after each event
  let play: PlaySubscription | undefined;
  const playAfter: Record<Ev, PlaySubscription> = {
    buy: snapshot('SUBSCRIPTION_STATE_ACTIVE', key1, p1.end.getTime(), true),
    renew: snapshot('SUBSCRIPTION_STATE_ACTIVE', key2, p2End, true),
    cancel: snapshot('SUBSCRIPTION_STATE_CANCELED', key2, p2End, false),
    expire: snapshot('SUBSCRIPTION_STATE_EXPIRED', key2, p2End, false),
    refund: snapshot('SUBSCRIPTION_STATE_EXPIRED', key2, p2End, false),
  };
  function snapshot(state: string, order: string, expiry: number, renews: boolean) {
    return {
      state,
      productId: 'vip_weekly',
      expiryTime: expiry,
      latestOrderId: order,
      autoRenewEnabled: renews,
      obfuscatedAccountId: vipId,
    };
  }

  const apple = (
    type: string,
    id: string,
    start: number,
    end: number,
    renews: number | null,
  ): AppleNotification => ({
    notificationUUID: `${tag}-${type}`,
    notificationType: type,
    subtype: null,
    transaction: {
      transactionId: id,
      originalTransactionId: subId,
      productId: 'com.snapdrama.vip.weekly',
      bundleId: 'com.snapdrama.app',
      appAccountToken: vipId,
      quantity: 1,
      revoked: type === 'REFUND',
      type: 'Auto-Renewable Subscription',
      purchaseDate: start,
      expiresDate: end,
    },
    renewal:
      renews === null
        ? null
        : { originalTransactionId: subId, autoRenewStatus: renews, gracePeriodExpiresDate: null },
  });

  const stripe = (ev: Ev, type: string, created: number, object: Record<string, unknown>) =>
    ({
      id: `evt_${tag}_${ev}`,
      object: 'event',
      type,
      created: secs(created),
      data: { object },
    }) as unknown as StripeEvent;
  const invoice = (id: string, start: number, end: number) => ({
    id,
    object: 'invoice',
    parent: { subscription_details: { subscription: subId, metadata: { vipId } } },
    lines: { data: [{ period: { start: secs(start), end: secs(end) } }] },
  });
  const subscription = (cancel: boolean) => ({
    id: subId,
    object: 'subscription',
    cancel_at_period_end: cancel,
    metadata: { vipId },
  });

  const paypal = (ev: Ev, type: string, created: number, resource: Record<string, unknown>) => ({
    id: `WH-${tag}-${ev}`,
    event_type: type,
    create_time: iso(created),
    resource,
  });

  return async (vip: VipService, event: Ev): Promise<string | undefined> => {
    switch (provider) {
      case 'S': {
        const e = {
          buy: stripe('buy', 'invoice.paid', p1.start.getTime(), invoice(key1, +p1.start, +p1.end)),
          renew: stripe('renew', 'invoice.paid', p2Start, invoice(key2, p2Start, p2End)),
          cancel: stripe(
            'cancel',
            'customer.subscription.updated',
            T.getTime() - DAY,
            subscription(true),
          ),
          expire: stripe(
            'expire',
            'customer.subscription.deleted',
            T.getTime(),
            subscription(true),
          ),
          refund: stripe('refund', 'charge.refunded', T.getTime(), {
            id: `ch_${tag}`,
            invoice: key2,
          }),
        }[event];
        const notice = stripeEventToNotice(e, T);
        return notice ? vip.applyNotice(notice) : undefined;
      }
      case 'P': {
        const e = {
          buy: paypal('buy', 'PAYMENT.SALE.COMPLETED', +p1.start, {
            id: key1,
            billing_agreement_id: subId,
            custom: vipId,
            create_time: iso(+p1.start),
          }),
          renew: paypal('renew', 'PAYMENT.SALE.COMPLETED', p2Start, {
            id: key2,
            billing_agreement_id: subId,
            custom: vipId,
            create_time: iso(p2Start),
          }),
          cancel: paypal('cancel', 'BILLING.SUBSCRIPTION.CANCELLED', T.getTime() - DAY, {
            id: subId,
            custom_id: vipId,
          }),
          expire: paypal('expire', 'BILLING.SUBSCRIPTION.EXPIRED', T.getTime(), {
            id: subId,
            custom_id: vipId,
          }),
          refund: paypal('refund', 'PAYMENT.SALE.REFUNDED', T.getTime(), {
            id: `R-${tag}`,
            sale_id: key2,
            billing_agreement_id: subId,
          }),
        }[event];
        const notice = paypalEventToNotice(e, T);
        return notice ? vip.applyNotice(notice) : undefined;
      }
      case 'A': {
        const n = {
          buy: apple('SUBSCRIBED', key1, +p1.start, +p1.end, 1),
          renew: apple('DID_RENEW', key2, p2Start, p2End, 1),
          cancel: apple('DID_CHANGE_RENEWAL_STATUS', key2, p2Start, p2End, 0),
          expire: apple('EXPIRED', key2, p2Start, p2End, 0),
          refund: apple('REFUND', key2, p2Start, p2End, null),
        }[event];
        return stores(vip).handler.apple(n);
      }
      case 'G': {
        play = playAfter[event];
        const n: DeveloperNotification =
          event === 'refund'
            ? {
                packageName: 'com.snapdrama.app',
                eventTimeMillis: String(T.getTime()),
                voidedPurchaseNotification: { purchaseToken: subId, orderId: key2, productType: 1 },
              }
            : {
                packageName: 'com.snapdrama.app',
                eventTimeMillis: String(T.getTime()),
                subscriptionNotification: {
                  notificationType: { buy: 4, renew: 2, cancel: 3, expire: 13 }[event],
                  purchaseToken: subId,
                },
              };
        return stores(vip).handler.google(n, `${tag}-${event}`);
      }
    }
  };

  function stores(vip: VipService) {
    return createVipStores({
      vip,
      google: {
        packageName: 'com.snapdrama.app',
        // Google's answer right after the event (only getSubscription is asked for a pass)
        api: { getSubscription: () => Promise.resolve(play) } as unknown as GooglePlayApi,
      },
      apple: undefined,
      now: () => T,
    });
  }
}

for (const kind of [process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite']) {
  describe(`VIP events in any order (${kind})`, () => {
    const ctx = useTestContext({ seed: false });
    beforeAll(async () => {
      ctx.clock.set(T);
    }, 300_000);

    /** the VIP module as the app builds it, on the same database (a restart between deliveries) */
    const build = () =>
      createVipService({ repo: createVipRepository(ctx.database.db), clock: ctx.clock });

    const all = orders(EVENTS);
    let checked = 0;

    for (const provider of ['S', 'P', 'A', 'G'] as const) {
      it(`${provider}: every order of every subset of buy, renew, cancel, expire, refund`, async () => {
        const mismatches: string[] = [];
        for (const [i, order] of all.entries()) {
          const tag = `${provider}${i}x${randomUUID().slice(0, 8)}`;
          const [user] = await ctx.database.db
            .insert(users)
            .values({
              authMethod: 'google',
              providerSubject: tag,
              nickname: 'perm',
              createdAt: T,
            })
            .returning({ id: users.id });
          if (!user) throw new Error('no user');
          let vip = build();
          const gateway = provider;
          const { pass } = await vip.openCheckout(user.id, 'vip_weekly', gateway);
          const deliver = deliverer(provider, pass.id, tag);
          // one event delivered again, and a restart, at positions that move with i
          const again = order[i % order.length] as Ev;
          const deliveries = [...order];
          deliveries.splice(
            order.indexOf(again) + 1 + (i % (order.length - order.indexOf(again))),
            0,
            again,
          );
          const restartAt = (i * 3) % (deliveries.length + 1);
          for (const [k, event] of deliveries.entries()) {
            if (k === restartAt) vip = build();
            await deliver(vip, event);
          }
          const row = await vip.ownPass(user.id, pass.id);
          const data = vip.passData(row);
          const refunds = await ctx.database.db
            .select()
            .from(vipRefunds)
            .where(eq(vipRefunds.refundKey, `${tag}-2`));
          const periods = await vip.periodsOf(pass.id);
          const actual: Expected = {
            status: data.status,
            live: data.active,
            paidUntil: row.paidUntil?.toISOString() ?? null,
            renewing: data.renews,
            refundsRecorded: refunds.length,
            periodsRefunded: periods.filter((p) => p.refundedAt !== null).length,
          };
          const expected = model(provider, new Set(order));
          if (JSON.stringify(actual) !== JSON.stringify(expected)) {
            mismatches.push(
              `${deliveries.join(',')} (restart before ${restartAt}): ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
            );
          }
          checked++;
        }
        expect(mismatches.slice(0, 5)).toEqual([]);
      }, 600_000);
    }

    it('counts the interleavings checked', () => {
      // printed on purpose: the suite's size is part of what it shows
      console.log(`VIP permutations on ${kind}: ${checked} interleavings checked`);
      expect(checked).toBe(4 * all.length);
    });
  });
}
