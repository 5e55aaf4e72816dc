import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, PAYMENT_PATHS, type PaymentGateway } from '@snapdrama/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness';
import { auth, type Member } from '../../wallet/wallet.test-support';
import { IAP_SANDBOX_PATHS } from './iap.routes';

/** Store product ids and store price of the demo pack the IAP tests buy (drizzle 0009 seed). */
export const PACK = {
  godsCode: 'coin_500',
  google: 'snapdrama.coin.500',
  apple: 'com.snapdrama.coin.500',
  price: 4.99,
  paid: 500,
  /** bons_coin 50 + first-charge 50 */
  firstBonus: 100,
  bonus: 50,
};
export const OTHER_PACK = { google: 'snapdrama.coin.5000', apple: 'com.snapdrama.coin.5000' };

export async function registerOrder(
  ctx: TestContext,
  member: Member,
  gateway: PaymentGateway = 'G',
): Promise<string> {
  const price = gateway === 'T' ? 5900 : PACK.price;
  const order = await ctx.services.payments.register({
    userId: member.userId,
    authMethod: 'google',
    godsCode: PACK.godsCode,
    gateway,
    price,
  });
  return order.id;
}

const body = (res: LightMyRequestResponse) =>
  res.json<{ code: number; message: string; data: Record<string, unknown> }>();

/** The stand-in Play store hands the app a purchase for this order. */
export async function googlePurchase(
  ctx: TestContext,
  ordrId: string,
  options: { productId?: string; state?: 'purchased' | 'pending' | 'canceled' } = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: IAP_SANDBOX_PATHS.googlePurchase,
    payload: { ordrId, productId: options.productId ?? PACK.google, state: options.state },
  });
  expect(res.statusCode).toBe(200);
  return body(res).data as { packageName: string; productId: string; purchaseToken: string };
}

export function googleVerify(ctx: TestContext, who: Member | undefined, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}${PAYMENT_PATHS.googleVerify}`,
    headers: who ? auth(who) : {},
    payload,
  });
}

export function appleVerify(ctx: TestContext, who: Member | undefined, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}${PAYMENT_PATHS.appleVerify}`,
    headers: who ? auth(who) : {},
    payload,
  });
}

export async function appleStore(ctx: TestContext) {
  const apple = ctx.services.iap.sandbox.apple;
  if (!apple) throw new Error('the Apple stand-in is off');
  return apple.store();
}

export async function googleNotify(
  ctx: TestContext,
  purchaseToken: string,
  kind: 'voided' | 'purchased',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: IAP_SANDBOX_PATHS.googleNotify,
    payload: { purchaseToken, kind },
  });
  return { status: res.statusCode, ...body(res) };
}

export async function appleNotify(
  ctx: TestContext,
  transactionId: string,
  notificationType: 'REFUND' | 'REVOKE' | 'REFUND_REVERSED' | 'CONSUMPTION_REQUEST',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: IAP_SANDBOX_PATHS.appleNotify,
    payload: { transactionId, notificationType },
  });
  return { status: res.statusCode, ...body(res) };
}

export const resultOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...body(res) });

/** The order refunded through an Apple refund: its one reversal kept and applied, its moves. */
export async function expectAppleRefunded(ctx: TestContext, ordrId: string, transactionId: string) {
  const order = await ctx.services.payments.requireOrder(ordrId);
  expect(order).toMatchObject({ state: 'refunded', providerTxnId: transactionId });
  const kept = await ctx.services.payments.reversalsOf('A', transactionId);
  expect(kept.map((r) => [r.kind, r.orderId, r.appliedAt !== null])).toEqual([
    ['refund', ordrId, true],
  ]);
  const moves = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
  expect(moves).toEqual(['registered', 'paid', 'refunded']);
}
