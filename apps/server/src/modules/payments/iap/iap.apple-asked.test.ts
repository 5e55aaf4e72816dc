import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode, type VipPassData } from '@snapdrama/contract';
import { useTestContext } from '../../../test/harness';
import { api, body } from '../payments.test-support';
import { expectLedgerBalanced, signInMember, type Member } from '../../wallet/wallet.test-support';
import type { AppleApiOutage } from './apple-server-api.fake';
import {
  appleNotify,
  appleStore,
  appleVerify,
  expectAppleRefunded,
  PACK,
  registerOrder,
  resultOf,
} from './iap.test-support';

/**
 * Issue 39: Apple is asked (App Store Server API, Get Transaction Info) before a coin pack or a VIP
 * pass bought in the App Store counts. The stand-in answers that API over HTTP and remembers the
 * refunds it made, notified or not.
 */
const ctx = useTestContext({ seed: false });
beforeAll(async () => {}, 600_000);
afterEach(() => {
  outage(undefined);
});
afterAll(async () => {
  await expectLedgerBalanced(ctx);
}, 600_000);

function standIn() {
  const apple = ctx.services.iap.sandbox.apple;
  if (!apple) throw new Error('the Apple stand-in is off');
  return apple;
}
function outage(kind: AppleApiOutage) {
  standIn().server.outage = kind;
}
const balances = (userId: string) => ctx.services.wallet.balances(userId);
const asked = () => standIn().server.requests.length;

describe('coin packs: PUT /payment/iap/apple/verify asks Apple first', () => {
  it('a purchase refunded at Apple, the REFUND never delivered: the verify credits nothing, the order ends refunded and the refund is kept', async () => {
    const m = await signInMember(ctx, 'AskRefunded');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    // Apple refunds; no notification reaches us
    store.refund(bought.transactionId);
    const before = asked();

    const verified = resultOf(
      await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }),
    );
    expect(verified).toMatchObject({
      status: 200,
      code: 0,
      data: { stts: 'refunded', already_credited: false, paid_coin: PACK.paid },
    });
    expect(asked()).toBe(before + 1);
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    await expectAppleRefunded(ctx, ordrId, bought.transactionId);

    // the replay answers the order; the late REFUND changes nothing
    const again = resultOf(
      await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }),
    );
    expect(again).toMatchObject({ code: 0, data: { stts: 'refunded', already_credited: true } });
    expect((await appleNotify(ctx, bought.transactionId, 'REFUND')).data.action).toBe('refunded');
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    expect(await ctx.services.payments.reversalsOf('A', bought.transactionId)).toHaveLength(1);
  });

  it('a refund Apple reversed (REFUND_REVERSED) before the verify: Apple says it stands, the order is credited', async () => {
    const m = await signInMember(ctx, 'AskReversed');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    store.refund(bought.transactionId);
    store.reverseRefund(bought.transactionId);
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })),
    ).toMatchObject({ code: 0, data: { stts: 'credited' } });
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  for (const kind of ['network', 'server_error'] as const) {
    it(`Apple not reachable (${kind}): 503071 and nothing credited; asked again when reachable, credited exactly once`, async () => {
      const m = await signInMember(ctx, `AskDown${kind}`);
      const ordrId = await registerOrder(ctx, m, 'A');
      const store = await appleStore(ctx);
      const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
      outage(kind);
      for (let i = 0; i < 3; i++) {
        const down = resultOf(
          await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS }),
        );
        expect(down).toMatchObject({ status: 503, code: ResultCode.IAP_STATUS_UNAVAILABLE });
      }
      expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
      const order = await ctx.services.payments.requireOrder(ordrId);
      expect(order).toMatchObject({ state: 'registered', providerTxnId: null });
      expect(await ctx.services.payments.transitions(ordrId)).toHaveLength(1);

      outage(undefined);
      const replies = await Promise.all(
        Array.from({ length: 3 }, async () =>
          resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })),
        ),
      );
      expect(replies.map((r) => r.code)).toEqual([0, 0, 0]);
      expect(replies.filter((r) => r.data.already_credited === false)).toHaveLength(1);
      expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
      const moves = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
      expect(moves).toEqual(['registered', 'paid', 'credited']);
    });
  }

  it('a transaction Apple does not know (signed, never sold): 400072 and nothing credited', async () => {
    const m = await signInMember(ctx, 'AskUnknown');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const transactionJWS = await store.chain.sign(
      store.transactionPayload({ productId: PACK.apple, appAccountToken: ordrId }),
    );
    expect(resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }))).toMatchObject({
      status: 400,
      code: ResultCode.IAP_TRANSACTION_UNKNOWN,
    });
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    expect((await ctx.services.payments.requireOrder(ordrId)).state).toBe('registered');
  });

  it('a JWS that already carries revocationDate is not asked about: refunded, no coins, recorded', async () => {
    const m = await signInMember(ctx, 'AskRevokedJws');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const payload = store.transactionPayload({ productId: PACK.apple, appAccountToken: ordrId });
    const transactionJWS = await store.chain.sign({
      ...payload,
      revocationDate: ctx.clock.now().getTime(),
      revocationReason: 0,
    });
    const before = asked();
    expect(resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }))).toMatchObject({
      code: 0,
      data: { stts: 'refunded' },
    });
    expect(asked()).toBe(before);
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    const kept = await ctx.services.payments.reversalsOf('A', String(payload.transactionId));
    expect(kept.map((r) => [r.kind, r.orderId])).toEqual([['refund', ordrId]]);
  });
});

describe('VIP passes: PUT /vip/iap/apple/verify asks Apple first', () => {
  const subscribe = async (m: Member) => {
    const r = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_monthly',
      pymnGtwy: 'A',
    });
    expect(r.statusCode, r.body).toBe(200);
    const vipId = body<{ vipId: string }>(r).data.vipId;
    const bought = await (
      await appleStore(ctx)
    ).subscribe({ productId: 'com.snapdrama.vip.monthly', appAccountToken: vipId, periodDays: 30 });
    return { vipId, ...bought };
  };
  const verify = (m: Member, vipId: string, transactionJWS: string) =>
    api(ctx.app, m, 'PUT', '/vip/iap/apple/verify', { vipId, transactionJWS });

  it('refunded at Apple, the REFUND never delivered: the pass ends refunded, the refund recorded', async () => {
    const m = await signInMember(ctx, 'VipAskRefunded');
    const pass = await subscribe(m);
    (await appleStore(ctx)).refund(pass.transactionId);
    const r = await verify(m, pass.vipId, pass.transactionJWS);
    expect(r.statusCode, r.body).toBe(200);
    expect(body<VipPassData>(r).data).toMatchObject({ status: 'refunded', active: false });
    const refunds = await ctx.services.vip.refundsOf(pass.vipId);
    expect(refunds.map((x) => [x.reason, x.refundKey])).toEqual([['provider', pass.transactionId]]);
    const periods = await ctx.services.vip.periodsOf(pass.vipId);
    expect(periods.map((p) => [p.periodKey, p.refundedAt !== null])).toEqual([
      [pass.transactionId, true],
    ]);
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({ active: false });
  });

  it('Apple not reachable: 503071 and nothing recorded; asked again when reachable, one period', async () => {
    const m = await signInMember(ctx, 'VipAskDown');
    const pass = await subscribe(m);
    outage('network');
    const down = await verify(m, pass.vipId, pass.transactionJWS);
    expect(down.statusCode).toBe(503);
    expect(body(down).code).toBe(ResultCode.IAP_STATUS_UNAVAILABLE);
    expect(await ctx.services.vip.periodsOf(pass.vipId)).toEqual([]);
    expect(await ctx.services.vip.passOf(m.userId)).toBeNull();
    outage(undefined);
    const replies = await Promise.all(
      Array.from({ length: 3 }, () => verify(m, pass.vipId, pass.transactionJWS)),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(body<VipPassData>(replies[0] ?? down).data).toMatchObject({ active: true });
    expect(await ctx.services.vip.periodsOf(pass.vipId)).toHaveLength(1);
  });

  it('a subscription transaction Apple does not know: 400072 and nothing recorded', async () => {
    const m = await signInMember(ctx, 'VipAskUnknown');
    const r = await api(ctx.app, m, 'POST', '/vip/subscribe', {
      plan: 'vip_monthly',
      pymnGtwy: 'A',
    });
    const vipId = body<{ vipId: string }>(r).data.vipId;
    const store = await appleStore(ctx);
    const now = ctx.clock.now().getTime();
    const transactionJWS = await store.chain.sign({
      ...store.transactionPayload({
        productId: 'com.snapdrama.vip.monthly',
        appAccountToken: vipId,
      }),
      type: 'Auto-Renewable Subscription',
      expiresDate: now + 30 * 86_400_000,
    });
    const res = await verify(m, vipId, transactionJWS);
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(ResultCode.IAP_TRANSACTION_UNKNOWN);
    expect(await ctx.services.vip.periodsOf(vipId)).toEqual([]);
  });
});
