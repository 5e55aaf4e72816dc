import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type PaymentGateway } from '@snapdrama/contract';
import { buildAnotherApp, type TestContext, useTestContext } from '../../test/harness';
import { expectLedgerBalanced, signInMember, type Member } from '../wallet/wallet.test-support';
import {
  appleNotify,
  appleStore,
  appleVerify,
  googleNotify,
  googlePurchase,
  googleVerify,
  PACK,
  registerOrder,
} from './iap/iap.test-support';
import { api, paypalApproved, sandboxOf, tossApproved } from './payments.test-support';
import { createPaypalClient } from './providers/paypal';
import { createTossClient } from './providers/toss';
import { SANDBOX_KEYS } from './sandbox/fake-providers';

/**
 * Issue 39: every order of every provider's events, enumerated (not sampled), each on a fresh
 * member and order of one database, checked against a small reference model. An event is either
 * the provider's world changing (the buyer pays, the merchant refunds at the provider) or a report
 * reaching us (our confirm or verify, a webhook, a store notification). A report comes after the
 * world change it tells of; everything else may come in any order. Besides every such order, each
 * report once more at every place (a duplicate), and a process restart (the app rebuilt on the
 * same database, the same providers outside) between any two events.
 *
 * The model: the order is refunded when the payment is known (or tied to the order) and the kinds
 * of reversal reported so far take the money back (payment_reversed: a revocation, a refund not
 * reversed, a lost dispute not won); credited when known and not reversed; else registered. Paid
 * coins are held exactly when it ends credited; the pack's bonus is kept once the order was ever
 * credited (spec §9: bonus coins are never taken back).
 */

interface ModelState {
  /** the provider took the money */
  taken: boolean;
  /** the provider refunded (or voided) it */
  refundedAtProvider: boolean;
  /** our side learned the payment (recorded on the order) */
  known: boolean;
  /** a store purchase tied to its order without being paid (canceled at the store) */
  bound: boolean;
  reports: Set<string>;
  everCredited: boolean;
}

interface Case {
  member: Member;
  ordrId: string;
  /** provider handles the scenario keeps between events */
  refs: Record<string, string>;
}

interface EventDef {
  name: string;
  /** events that must have happened before (at least once) */
  after?: string[];
  /** a report that can reach us twice (duplicates are enumerated for these) */
  report?: boolean;
}

interface Scenario {
  name: string;
  events: EventDef[];
  start(t: TestContext, member: Member): Promise<Case>;
  run(t: TestContext, c: Case, event: string): Promise<void>;
  /** the model's step for the event */
  step(s: ModelState, event: string): void;
}

const reversed = (r: Set<string>) =>
  r.has('revoke') ||
  (r.has('refund') && !r.has('refund_reversed')) ||
  (r.has('dispute_lost') && !r.has('dispute_won'));

const stateOf = (s: ModelState) =>
  s.known
    ? reversed(s.reports)
      ? 'refunded'
      : 'credited'
    : s.bound && reversed(s.reports)
      ? 'refunded'
      : 'registered';

/** Every distinct sequence of the multiset `counts` in which each event follows its prerequisites. */
export function linearExtensions(events: EventDef[], counts: Map<string, number>): string[][] {
  const out: string[][] = [];
  const left = new Map(counts);
  const seen = new Set<string>();
  const seq: string[] = [];
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const walk = () => {
    if (seq.length === total) {
      out.push([...seq]);
      return;
    }
    for (const e of events) {
      if ((left.get(e.name) ?? 0) === 0) continue;
      if (!(e.after ?? []).every((p) => seen.has(p))) continue;
      const had = seen.has(e.name);
      left.set(e.name, (left.get(e.name) ?? 0) - 1);
      seen.add(e.name);
      seq.push(e.name);
      walk();
      seq.pop();
      if (!had) seen.delete(e.name);
      left.set(e.name, (left.get(e.name) ?? 0) + 1);
    }
  };
  walk();
  return out;
}

const RESTART = 'restart';

/** The base orders, each with one report duplicated, and each with a restart between two events. */
export function interleavings(events: EventDef[]): string[][] {
  const once = new Map(events.map((e) => [e.name, 1]));
  const base = linearExtensions(events, once);
  const all = [...base];
  for (const e of events.filter((x) => x.report)) {
    all.push(...linearExtensions(events, new Map([...once, [e.name, 2]])));
  }
  for (const seq of base) {
    for (let i = 1; i < seq.length; i++) all.push([...seq.slice(0, i), RESTART, ...seq.slice(i)]);
  }
  return all;
}

const fresh = (): ModelState => ({
  taken: false,
  refundedAtProvider: false,
  known: false,
  bound: false,
  reports: new Set(),
  everCredited: false,
});

/**
 * A provider's address, new for every delivery: the webhook routes are limited per client address
 * (600 a minute), and on PostgreSQL this suite delivers more than that in a minute from one host.
 * The limit is not what this suite checks.
 */
let deliveries = 0;
function providerAddress(): string {
  deliveries += 1;
  return `10.${(deliveries >> 16) & 255}.${(deliveries >> 8) & 255}.${deliveries & 255}`;
}

async function postStripe(t: TestContext, type: string, object: Record<string, unknown>) {
  const signed = sandboxOf(t).stripe.signedEvent(type, object);
  const r = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/stripe`,
    remoteAddress: providerAddress(),
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.body,
  });
  expect(r.statusCode, r.body).toBe(200);
}

async function postPaypal(t: TestContext, event: Record<string, unknown>) {
  const r = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/payment/webhook/paypal`,
    remoteAddress: providerAddress(),
    headers: { 'content-type': 'application/json', ...sandboxOf(t).paypal.signWebhook(event) },
    payload: JSON.stringify(event),
  });
  expect(r.statusCode, r.body).toBe(200);
}

/** A confirm or verify answers 200, or a refusal that changes nothing (not paid yet, declined). */
function expectAnswered(status: number, text: string) {
  expect([200, 409], text).toContain(status);
}

const stripeRefund: Scenario = {
  name: 'Stripe: pay, confirm, checkout.session.completed, refund, charge.refunded',
  events: [
    { name: 'pay' },
    { name: 'confirm', report: true },
    { name: 'completed', after: ['pay'], report: true },
    { name: 'refund', after: ['pay'] },
    { name: 'refunded', after: ['refund'], report: true },
  ],
  async start(t, member) {
    const r = await api(t.app, member, 'POST', '/payment/regist', {
      godsCode: PACK.godsCode,
      pymnGtwy: 'S',
      price: PACK.price,
    });
    const data = r.json<{ data: { ordrId: string; clientSecret: string } }>().data;
    return {
      member,
      ordrId: data.ordrId,
      refs: { session: data.clientSecret.split('_secret_')[0] ?? '' },
    };
  },
  async run(t, c, event) {
    const fake = sandboxOf(t).stripe;
    const intent = () => fake.session(c.refs.session ?? '')?.payment_intent ?? '';
    switch (event) {
      case 'pay':
        fake.complete(c.refs.session ?? '');
        return;
      case 'confirm': {
        const r = await api(t.app, c.member, 'PUT', '/payment/stripe/confirm', {
          ordrId: c.ordrId,
          sessionId: c.refs.session,
        });
        expectAnswered(r.statusCode, r.body);
        return;
      }
      case 'completed':
        return postStripe(t, 'checkout.session.completed', {
          id: c.refs.session,
          object: 'checkout.session',
        });
      case 'refund':
        fake.refund(intent());
        return;
      case 'refunded':
        return postStripe(t, 'charge.refunded', {
          id: `ch_${c.ordrId}`,
          object: 'charge',
          payment_intent: intent(),
        });
    }
  },
  step(s, event) {
    if (event === 'pay') s.taken = true;
    if (event === 'refund') s.refundedAtProvider = true;
    if (event === 'refunded') s.reports.add('refund');
    if ((event === 'confirm' || event === 'completed') && s.taken && !s.known) {
      // Stripe is asked about a refund before the payment is credited
      if (s.refundedAtProvider) s.reports.add('refund');
      s.known = true;
    }
  },
};

/**
 * Stripe's dispute events: `charge.dispute.created` (opened: no coins move, the outcome decides),
 * then `charge.dispute.closed` lost and won (a dispute won after it was lost gives the coins back).
 */
const stripeDispute: Scenario = {
  name: 'Stripe: pay, confirm, dispute created, dispute lost, dispute won',
  events: [
    { name: 'pay' },
    { name: 'confirm', report: true },
    { name: 'created', after: ['pay'], report: true },
    { name: 'lost', after: ['created'], report: true },
    { name: 'won', after: ['created'], report: true },
  ],
  start: (t, member) => stripeRefund.start(t, member),
  async run(t, c, event) {
    if (event === 'pay' || event === 'confirm') return stripeRefund.run(t, c, event);
    const intent = sandboxOf(t).stripe.session(c.refs.session ?? '')?.payment_intent ?? '';
    return postStripe(t, event === 'created' ? 'charge.dispute.created' : 'charge.dispute.closed', {
      id: `dp_${c.ordrId}`,
      object: 'dispute',
      payment_intent: intent,
      status: event === 'created' ? 'needs_response' : event,
    });
  },
  step(s, event) {
    if (event === 'pay') s.taken = true;
    if (event === 'created') s.reports.add('dispute_opened');
    if (event === 'lost') s.reports.add('dispute_lost');
    if (event === 'won') s.reports.add('dispute_won');
    if (event === 'confirm' && s.taken) s.known = true;
  },
};

/**
 * A reversal after a restore: the dispute is lost (coins taken back), then won (given back), then
 * the merchant refunds at Stripe. The refund takes the coins back again, under a key of its own
 * generation (the first refund's key would take nothing).
 */
const stripeRefundAfterRestore: Scenario = {
  name: 'Stripe: pay, confirm, dispute lost, dispute won, then refunded',
  events: [
    { name: 'pay' },
    { name: 'confirm', report: true },
    { name: 'lost', after: ['pay'], report: true },
    { name: 'won', after: ['lost'], report: true },
    { name: 'refunded', after: ['won'], report: true },
  ],
  start: (t, member) => stripeRefund.start(t, member),
  async run(t, c, event) {
    if (event === 'refunded') {
      sandboxOf(t).stripe.refund(
        sandboxOf(t).stripe.session(c.refs.session ?? '')?.payment_intent ?? '',
      );
    }
    return (event === 'refunded' ? stripeRefund : stripeDispute).run(t, c, event);
  },
  step(s, event) {
    if (event === 'refunded') s.reports.add('refund');
    else stripeDispute.step(s, event);
  },
};

function paypalClient(t: TestContext) {
  return createPaypalClient({
    clientId: SANDBOX_KEYS.paypalClientId,
    clientSecret: SANDBOX_KEYS.paypalClientSecret,
    webhookId: SANDBOX_KEYS.paypalWebhookId,
    environment: 'sandbox',
    apiBase: async () => `${await sandboxOf(t).url()}/paypal`,
  });
}

const paypalRefund: Scenario = {
  name: 'PayPal: capture (a confirm whose reply was lost), confirm, capture completed, refund, capture refunded',
  events: [
    { name: 'capture' },
    { name: 'confirm', report: true },
    { name: 'completed', after: ['capture'], report: true },
    { name: 'refund', after: ['capture'] },
    { name: 'refunded', after: ['refund'], report: true },
  ],
  async start(t, member) {
    const created = await paypalApproved(t, member, PACK.godsCode);
    return { member, ordrId: created.ordrId, refs: { paypalOrderId: created.paypalOrderId } };
  },
  async run(t, c, event) {
    const fake = sandboxOf(t).paypal;
    const captureId = () => fake.order(c.refs.paypalOrderId ?? '')?.captureId ?? '';
    switch (event) {
      case 'capture':
        await paypalClient(t).captureOrder(c.refs.paypalOrderId ?? '');
        return;
      case 'confirm': {
        const r = await api(t.app, c.member, 'PUT', '/payment/paypal/confirm', {
          ordrId: c.ordrId,
          paypalOrderId: c.refs.paypalOrderId,
        });
        expectAnswered(r.statusCode, r.body);
        return;
      }
      case 'completed':
        return postPaypal(t, {
          id: `WH-${c.ordrId}-c`,
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { id: captureId(), custom_id: c.ordrId, status: 'COMPLETED' },
        });
      case 'refund':
        c.refs.refundId = fake.refund(captureId());
        return;
      case 'refunded':
        return postPaypal(t, {
          id: `WH-${c.ordrId}-r`,
          event_type: 'PAYMENT.CAPTURE.REFUNDED',
          resource: {
            id: c.refs.refundId,
            custom_id: c.ordrId,
            status: 'COMPLETED',
            links: [
              {
                rel: 'up',
                href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId()}`,
              },
            ],
          },
        });
    }
  },
  step(s, event) {
    if (event === 'capture') s.taken = true;
    if (event === 'refund') s.refundedAtProvider = true;
    if (event === 'refunded') s.reports.add('refund');
    if (event === 'confirm' || event === 'completed') {
      // our confirm captures when nothing did before
      if (event === 'confirm') s.taken = true;
      if (s.taken && !s.known) {
        // PayPal answers the capture as it is now: refunded, the refund is recorded first
        if (s.refundedAtProvider) s.reports.add('refund');
        s.known = true;
      }
    }
  },
};

/** A PayPal dispute webhook about the capture (`disputed_transactions[].seller_transaction_id`). */
function paypalDisputeEvent(c: Case, captureId: string, event: string): Record<string, unknown> {
  const outcome =
    event === 'lost' ? 'RESOLVED_BUYER_FAVOUR' : event === 'won' ? 'RESOLVED_SELLER_FAVOUR' : null;
  return {
    id: `WH-${c.ordrId}-d-${event}`,
    event_type: outcome ? 'CUSTOMER.DISPUTE.RESOLVED' : 'CUSTOMER.DISPUTE.CREATED',
    resource: {
      dispute_id: `PP-D-${c.ordrId}`,
      status: outcome ? 'RESOLVED' : 'OPEN',
      disputed_transactions: [{ seller_transaction_id: captureId }],
      ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
    },
  };
}

/** PayPal's model step for capture and confirm (our confirm captures when nothing did before). */
function paypalPaidStep(s: ModelState, event: string) {
  if (event === 'capture' || event === 'confirm') s.taken = true;
  if (event === 'confirm') s.known = true;
}

/**
 * PayPal disputes: CUSTOMER.DISPUTE.CREATED (opened: no coins move), then CUSTOMER.DISPUTE.RESOLVED
 * with its outcome: the buyer's favour (lost: the coins are taken back) or the seller's (won:
 * nothing taken). A PayPal dispute resolves once; a won after a lost is Stripe's scenario above and
 * payments.reversals.test.ts.
 */
function paypalDispute(outcome: 'lost' | 'won'): Scenario {
  return {
    name: `PayPal: capture, confirm, dispute created, resolved ${outcome === 'lost' ? 'buyer' : 'seller'} favour`,
    events: [
      { name: 'capture' },
      { name: 'confirm', report: true },
      { name: 'created', after: ['capture'], report: true },
      { name: outcome, after: ['created'], report: true },
    ],
    start: (t, member) => paypalRefund.start(t, member),
    async run(t, c, event) {
      if (event === 'capture' || event === 'confirm') return paypalRefund.run(t, c, event);
      const captureId = sandboxOf(t).paypal.order(c.refs.paypalOrderId ?? '')?.captureId ?? '';
      return postPaypal(t, paypalDisputeEvent(c, captureId, event));
    },
    step(s, event) {
      paypalPaidStep(s, event);
      if (event === 'created') s.reports.add('dispute_opened');
      if (event === 'lost') s.reports.add('dispute_lost');
      if (event === 'won') s.reports.add('dispute_won');
    },
  };
}

/** PayPal PAYMENT.CAPTURE.REVERSED (a chargeback taken from us): a revocation, final. */
const paypalReversed: Scenario = {
  name: 'PayPal: capture, confirm, capture reversed',
  events: [
    { name: 'capture' },
    { name: 'confirm', report: true },
    { name: 'reversed', after: ['capture'], report: true },
  ],
  start: (t, member) => paypalRefund.start(t, member),
  async run(t, c, event) {
    if (event !== 'reversed') return paypalRefund.run(t, c, event);
    const captureId = sandboxOf(t).paypal.order(c.refs.paypalOrderId ?? '')?.captureId ?? '';
    return postPaypal(t, {
      id: `WH-${c.ordrId}-rev`,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: {
        id: `REV-${c.ordrId}`,
        status: 'COMPLETED',
        links: [
          { rel: 'up', href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}` },
        ],
      },
    });
  },
  step(s, event) {
    paypalPaidStep(s, event);
    if (event === 'reversed') s.reports.add('revoke');
  },
};

function tossClient(t: TestContext) {
  return createTossClient({
    secretKey: SANDBOX_KEYS.tossSecretKey,
    apiBase: async () => `${await sandboxOf(t).url()}/toss`,
  });
}

const tossCancel: Scenario = {
  name: 'Toss: approve (a confirm whose reply was lost), confirm, status webhook, cancel',
  events: [
    { name: 'approve' },
    { name: 'confirm', report: true },
    { name: 'webhook', after: ['approve'], report: true },
    { name: 'cancel', after: ['approve'] },
  ],
  async start(t, member) {
    const a = await tossApproved(t, member, PACK.godsCode, 5900);
    return { member, ordrId: a.ordrId, refs: { pymnKey: a.pymnKey, amnt: String(a.amnt) } };
  },
  async run(t, c, event) {
    const key = c.refs.pymnKey ?? '';
    switch (event) {
      case 'approve':
        await tossClient(t).confirm({ paymentKey: key, orderId: c.ordrId, amount: 5900 });
        return;
      case 'confirm': {
        const r = await api(t.app, c.member, 'PUT', '/payment/toss/confirm', {
          ordrId: c.ordrId,
          pymnKey: key,
          amnt: 5900,
        });
        expectAnswered(r.statusCode, r.body);
        return;
      }
      case 'webhook': {
        const r = await t.app.inject({
          method: 'POST',
          url: `${API_BASE}/payment/webhook/toss`,
          remoteAddress: providerAddress(),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            eventType: 'PAYMENT_STATUS_CHANGED',
            data: { paymentKey: key },
          }),
        });
        expect(r.statusCode, r.body).toBe(200);
        return;
      }
      case 'cancel':
        sandboxOf(t).toss.cancel(key);
    }
  },
  step(s, event) {
    if (event === 'approve') s.taken = true;
    if (event === 'cancel') s.refundedAtProvider = true;
    if (event === 'confirm') {
      s.taken = true;
      // a confirm after the order is settled answers it without asking Toss
      if (!s.known && s.refundedAtProvider) s.reports.add('refund');
      s.known = true;
    }
    if (event === 'webhook') {
      // each status webhook reads the payment from Toss as it is now
      if (s.refundedAtProvider) s.reports.add('refund');
      s.known = true;
    }
  },
};

const googleVoid: Scenario = {
  name: 'Google Play: purchase, verify, purchased notification, void, voided notification',
  events: [
    { name: 'purchase' },
    { name: 'verify', after: ['purchase'], report: true },
    { name: 'purchased', after: ['purchase'], report: true },
    { name: 'void', after: ['purchase'] },
    { name: 'voided', after: ['void'], report: true },
  ],
  async start(t, member) {
    return { member, ordrId: await registerOrder(t, member, 'G'), refs: {} };
  },
  async run(t, c, event) {
    const store = t.services.iap.sandbox.playStore;
    if (!store) throw new Error('the Play stand-in is off');
    const token = c.refs.token ?? '';
    switch (event) {
      case 'purchase': {
        const p = await googlePurchase(t, c.ordrId);
        c.refs.token = p.purchaseToken;
        c.refs.packageName = p.packageName;
        return;
      }
      case 'verify': {
        const r = await googleVerify(t, c.member, {
          ordrId: c.ordrId,
          packageName: c.refs.packageName,
          productId: PACK.google,
          purchaseToken: token,
        });
        expectAnswered(r.statusCode, r.body);
        return;
      }
      case 'purchased':
        expect((await googleNotify(t, token, 'purchased')).status).toBe(200);
        return;
      case 'void':
        store.void(token);
        return;
      case 'voided':
        expect((await googleNotify(t, token, 'voided')).status).toBe(200);
    }
  },
  step(s, event) {
    if (event === 'purchase') s.taken = true;
    if (event === 'void') s.refundedAtProvider = true;
    if (event === 'voided') s.reports.add('refund');
    if ((event === 'verify' || event === 'purchased') && !s.known) {
      // Google answers the purchase as it is now: voided, it is only tied to its order (verify)
      if (!s.refundedAtProvider) s.known = true;
      else if (event === 'verify') s.bound = true;
    }
  },
};

const appleRefund: Scenario = {
  name: 'Apple: purchase, verify, REFUND, REFUND_REVERSED',
  events: [
    { name: 'purchase' },
    { name: 'verify', after: ['purchase'], report: true },
    { name: 'REFUND', after: ['purchase'], report: true },
    { name: 'REFUND_REVERSED', after: ['purchase'], report: true },
  ],
  async start(t, member) {
    return { member, ordrId: await registerOrder(t, member, 'A'), refs: {} };
  },
  async run(t, c, event) {
    switch (event) {
      case 'purchase': {
        const store = await appleStore(t);
        const bought = await store.purchase({ productId: PACK.apple, appAccountToken: c.ordrId });
        c.refs.txn = bought.transactionId;
        c.refs.jws = bought.transactionJWS;
        return;
      }
      case 'verify': {
        const r = await appleVerify(t, c.member, {
          ordrId: c.ordrId,
          transactionJWS: c.refs.jws,
        });
        expectAnswered(r.statusCode, r.body);
        return;
      }
      case 'REFUND':
      case 'REVOKE':
      case 'REFUND_REVERSED':
        expect((await appleNotify(t, c.refs.txn ?? '', event)).status).toBe(200);
    }
  },
  step(s, event) {
    if (event === 'purchase') s.taken = true;
    if (event === 'verify') s.known = true;
    if (event === 'REFUND') s.reports.add('refund');
    if (event === 'REVOKE') s.reports.add('revoke');
    if (event === 'REFUND_REVERSED') s.reports.add('refund_reversed');
  },
};

const appleRevoke: Scenario = {
  ...appleRefund,
  name: 'Apple: purchase, verify, REVOKE',
  events: [
    { name: 'purchase' },
    { name: 'verify', after: ['purchase'], report: true },
    { name: 'REVOKE', after: ['purchase'], report: true },
  ],
};

const SCENARIOS = [
  stripeRefund,
  stripeDispute,
  stripeRefundAfterRestore,
  paypalRefund,
  paypalDispute('lost'),
  paypalDispute('won'),
  paypalReversed,
  tossCancel,
  googleVoid,
  appleRefund,
  appleRevoke,
];

describe('provider events in every order', () => {
  const ctx = useTestContext({ seed: false });
  let current: { app: FastifyInstance; services: TestContext['services'] };
  const apps: FastifyInstance[] = [];
  let checked = 0;
  let restarts = 0;
  const live = (): TestContext => ({ ...ctx, app: current.app, services: current.services });

  /** The app rebuilt on the same database, meeting the same providers: a process restart. */
  async function restart() {
    const next = await buildAnotherApp(ctx, {
      paymentStandIns: { web: ctx.services.paymentsSandbox, iap: ctx.services.iap.sandbox },
    });
    apps.push(next.app);
    current = next;
    restarts++;
  }

  beforeAll(async () => {
    current = { app: ctx.app, services: ctx.services };
  }, 600_000);
  afterAll(async () => {
    console.log(`payment permutations: ${checked} interleavings checked, ${restarts} restarts`);
    await expectLedgerBalanced(ctx);
    for (const app of apps.reverse()) await app.close();
  }, 600_000);

  it('enumerates: 5 events with 3 ordering rules have 15 orders; duplicates and restarts add to them', () => {
    expect(
      linearExtensions(stripeRefund.events, new Map(stripeRefund.events.map((e) => [e.name, 1]))),
    ).toHaveLength(15);
    const all = interleavings(stripeRefund.events);
    expect(new Set(all.map((s) => s.join(','))).size).toBe(all.length);
    expect(all.filter((s) => s.includes(RESTART))).toHaveLength(15 * 4);
  });

  for (const scenario of SCENARIOS) {
    it(scenario.name, { timeout: 1_800_000 }, async () => {
      const sequences = interleavings(scenario.events);
      for (const [n, sequence] of sequences.entries()) {
        const member = await signInMember(live(), `Perm${n}`);
        const c = await scenario.start(live(), member);
        const model = fresh();
        for (const event of sequence) {
          if (event === RESTART) {
            await restart();
            continue;
          }
          await scenario.run(live(), c, event);
          scenario.step(model, event);
          if (stateOf(model) === 'credited') model.everCredited = true;
        }
        const what = `${scenario.name} #${n}: ${sequence.join(' → ')}`;
        const order = await current.services.payments.requireOrder(c.ordrId);
        const expected = stateOf(model);
        expect(order.state, what).toBe(expected);
        expect(await current.services.wallet.balances(member.userId), what).toEqual({
          paid: expected === 'credited' ? PACK.paid : 0,
          bonus: model.everCredited ? PACK.firstBonus : 0,
        });
        // every report is applied to the order once the order knows the payment
        if (order.providerTxnId && expected !== 'registered') {
          const kept = await current.services.payments.reversalsOf(
            order.gateway as PaymentGateway,
            order.providerTxnId,
          );
          expect(
            kept.filter((r) => r.appliedAt === null || r.orderId !== order.id),
            what,
          ).toEqual([]);
        }
        checked++;
      }
      const check = await current.services.wallet.checkInvariant();
      expect(check.violations).toEqual([]);
    });
  }
});
