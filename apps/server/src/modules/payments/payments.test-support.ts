import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_BASE,
  type AuthMethod,
  type PaymentCurrency,
  type PaymentGateway,
  type PaymentResultData,
} from '@snapdrama/contract';
import type { TestContext } from '../../test/harness';
import type { PaidRecord } from './payments.service';
import { paymentOrderTransitions, paymentOrders } from './payments.tables';
import type { FakeProviders } from './sandbox/fake-providers';

export const WEB_ORIGIN = 'http://localhost:5173';

export interface Who {
  token: string;
}

export function api(
  app: FastifyInstance,
  who: Who | undefined,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API_BASE}${path}`,
    // the web app's origin goes with a signed-in call; an anonymous one comes from no browser (a
    // cookieless write from another origin is refused as cross-site before it is unauthorized)
    headers: who ? { origin: WEB_ORIGIN, authorization: `Bearer ${who.token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function body<T>(r: LightMyRequestResponse): { code: number; message: string; data: T } {
  return r.json<{ code: number; message: string; data: T }>();
}

export function sandboxOf(ctx: TestContext): FakeProviders {
  const fake = ctx.services.paymentsSandbox;
  if (!fake) throw new Error('the payment stand-in is off');
  return fake;
}

export async function expectOk<T>(r: LightMyRequestResponse): Promise<T> {
  if (r.statusCode !== 200) throw new Error(`expected 200, got ${r.statusCode}: ${r.body}`);
  return Promise.resolve(body<T>(r).data);
}

/** Registers a Toss order and lets the stand-in approve it; the confirm payload. */
export async function tossApproved(
  ctx: TestContext,
  who: Who,
  godsCode = 'coin_500',
  price = 5900,
) {
  const reg = await expectOk<{ ordrId: string; amnt: number }>(
    await api(ctx.app, who, 'POST', '/payment/regist', { godsCode, pymnGtwy: 'T', price }),
  );
  const pymnKey = sandboxOf(ctx).toss.authorize({
    orderId: reg.ordrId,
    amount: reg.amnt,
    orderName: 'test',
    outcome: 'approve',
  });
  return { ordrId: reg.ordrId, amnt: reg.amnt, pymnKey };
}

export async function stripePaid(ctx: TestContext, who: Who, godsCode = 'coin_500', price = 4.99) {
  const reg = await expectOk<{ ordrId: string; clientSecret: string }>(
    await api(ctx.app, who, 'POST', '/payment/regist', { godsCode, pymnGtwy: 'S', price }),
  );
  const sessionId = reg.clientSecret.split('_secret_')[0] ?? '';
  sandboxOf(ctx).stripe.complete(sessionId);
  return { ordrId: reg.ordrId, sessionId };
}

export async function paypalApproved(ctx: TestContext, who: Who, goodsCode = 'coin_500') {
  const created = await expectOk<{ ordrId: string; paypalOrderId: string }>(
    await api(ctx.app, who, 'POST', '/payment/paypal/order', { goodsCode, paymentGateway: 'P' }),
  );
  sandboxOf(ctx).paypal.approve(created.paypalOrderId);
  return created;
}

export const confirmPaths = {
  T: '/payment/toss/confirm',
  S: '/payment/stripe/confirm',
  P: '/payment/paypal/confirm',
} as const;

export type ResultBody = { code: number; message: string; data: PaymentResultData | null };

/**
 * A 100-coin order written straight into the tables as paid and credited at `paidAt` (and
 * refunded at `refundedAt`), with the transitions the order service would have recorded.
 */
export async function insertPaidOrder(
  ctx: TestContext,
  userId: string,
  money: { currency: 'KRW' | 'USD'; amountMinor: number; gateway?: string },
  paidAt: string,
  refundedAt?: string,
) {
  const db = ctx.database.db;
  const [row] = await db
    .insert(paymentOrders)
    .values({
      userId,
      godsCode: 'coin_100',
      gateway: money.gateway ?? 'T',
      currency: money.currency,
      amountMinor: money.amountMinor,
      paidCoin: 100,
      bonusCoin: 0,
      firstBonusCoin: 0,
      state: refundedAt ? 'refunded' : 'credited',
      providerTxnId: `txn-${randomUUID()}`,
      createdAt: new Date(paidAt),
      updatedAt: new Date(refundedAt ?? paidAt),
    })
    .returning({ id: paymentOrders.id });
  if (!row) throw new Error('no order');
  const moves: [string | null, string, string][] = [
    [null, 'registered', paidAt],
    ['registered', 'paid', paidAt],
    ['paid', 'credited', paidAt],
  ];
  if (refundedAt) moves.push(['credited', 'refunded', refundedAt]);
  for (const [fromState, toState, at] of moves) {
    await db
      .insert(paymentOrderTransitions)
      .values({ orderId: row.id, fromState, toState, at: new Date(at) });
  }
}

/** A payment as its provider reports it to the order service. */
export const paidBy = (
  provider: PaymentGateway,
  providerTxnId: string,
  amountMinor: number,
  currency: PaymentCurrency,
): PaidRecord => ({ provider, providerTxnId, amountMinor, currency });

/**
 * An order registered through the order service for the payment's gateway and confirmed paid
 * (which credits it), as a provider's confirmation ends.
 */
export async function confirmedOrder(
  ctx: TestContext,
  buyer: { userId: string; authMethod?: AuthMethod },
  goods: { godsCode: string; price: number },
  paid: PaidRecord,
) {
  const order = await ctx.services.payments.register({
    userId: buyer.userId,
    authMethod: buyer.authMethod ?? 'google',
    godsCode: goods.godsCode,
    gateway: paid.provider,
    price: goods.price,
  });
  await ctx.services.payments.confirmPaid(order.id, paid);
  return order;
}
