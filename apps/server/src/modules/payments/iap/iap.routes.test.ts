import { describe, expect, it } from 'vitest';
import { API_BASE, PAYMENT_PATHS, ResultCode } from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from '../../wallet/wallet.test-support';
import { createAppleLocalChain } from './apple-local-chain';
import { FakeAppStore } from './apple-store.fake';
import {
  appleNotify,
  appleStore,
  appleVerify,
  googleNotify,
  googlePurchase,
  googleVerify,
  OTHER_PACK,
  PACK,
  registerOrder,
  resultOf,
} from './iap.test-support';

/** The IAP calls through HTTP with the stores' stand-ins (the real verifiers run on their output). */
const ctx = useTestContext({ seed: false });
expectLedgerBalancedAfterAll(ctx);

const balances = (userId: string) => ctx.services.wallet.balances(userId);

describe('GET /payment/config', () => {
  it('reports both stores as sandbox (the stand-ins) when no store keys are set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}${PAYMENT_PATHS.config}` });
    expect(resultOf(res).data).toMatchObject({
      google: { mode: 'sandbox' },
      apple: { mode: 'sandbox' },
    });
  });
});

describe('PUT /payment/iap/google/verify', () => {
  it('credits a purchase once with the first-charge bonus, consumes it, and answers replays the same', async () => {
    const m = await signInMember(ctx, 'GoogleBuyer');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    const first = resultOf(await googleVerify(ctx, m, { ordrId, ...purchase }));
    expect(first).toMatchObject({
      status: 200,
      code: 0,
      data: {
        ordrId,
        stts: 'credited',
        paid_coin: PACK.paid,
        bons_coin: PACK.firstBonus,
        already_credited: false,
        coin: PACK.paid + PACK.firstBonus,
      },
    });
    expect(ctx.services.iap.sandbox.playStore?.get(purchase.purchaseToken)).toMatchObject({
      consumptionState: 1,
      acknowledgementState: 1,
    });
    for (let i = 0; i < 10; i++) {
      const again = resultOf(await googleVerify(ctx, m, { ordrId, ...purchase }));
      expect(again).toMatchObject({ status: 200, code: 0, data: { already_credited: true } });
    }
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
    const states = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
    expect(states).toEqual(['registered', 'paid', 'credited']);
  });

  it('a crash after the payment was recorded but before the credit is finished by the next verify', async () => {
    const m = await signInMember(ctx, 'Recovered');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    // what the first verify did before the process died: the payment is recorded, nothing credited
    await ctx.services.payments.recordPaid(ordrId, {
      provider: 'G',
      providerTxnId: purchase.purchaseToken,
      amountMinor: 499,
      currency: 'USD',
    });
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    for (let i = 0; i < 3; i++) {
      const res = resultOf(await googleVerify(ctx, m, { ordrId, ...purchase }));
      expect(res).toMatchObject({ code: 0, data: { stts: 'credited' } });
    }
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  it('a pending purchase is not paid yet (409076), a canceled one is declined (409075)', async () => {
    const m = await signInMember(ctx, 'Pending');
    const ordrId = await registerOrder(ctx, m);
    const pending = await googlePurchase(ctx, ordrId, { state: 'pending' });
    expect(resultOf(await googleVerify(ctx, m, { ordrId, ...pending })).code).toBe(
      ResultCode.PAYMENT_NOT_COMPLETED,
    );
    const canceled = await googlePurchase(ctx, ordrId, { state: 'canceled' });
    expect(resultOf(await googleVerify(ctx, m, { ordrId, ...canceled })).code).toBe(
      ResultCode.PAYMENT_DECLINED,
    );
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('refuses another product, another package, an unknown or expired token, and a purchase made for another order (400070)', async () => {
    const m = await signInMember(ctx, 'Forger');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    const bigger = await googlePurchase(ctx, ordrId, { productId: OTHER_PACK.google });
    const otherOrder = await registerOrder(ctx, m);
    const forOther = await googlePurchase(ctx, otherOrder);
    const expired = await googlePurchase(ctx, ordrId);
    ctx.services.iap.sandbox.playStore?.expire(expired.purchaseToken);
    const attempts = [
      { ...bigger },
      { ...purchase, productId: OTHER_PACK.google },
      { ...purchase, packageName: 'com.other.app' },
      { ...purchase, purchaseToken: 'fake.unknown-token' },
      { ...expired },
      { ...forOther },
    ];
    for (const attempt of attempts) {
      const res = resultOf(await googleVerify(ctx, m, { ordrId, ...attempt }));
      expect(res, JSON.stringify(attempt)).toMatchObject({
        status: 400,
        code: ResultCode.IAP_VERIFICATION_FAILED,
      });
    }
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('one purchaseToken pays one order: a second order is refused and credits nothing', async () => {
    const m = await signInMember(ctx, 'Reuser');
    const first = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, first);
    expect(resultOf(await googleVerify(ctx, m, { ordrId: first, ...purchase })).code).toBe(0);
    const second = await registerOrder(ctx, m);
    expect(resultOf(await googleVerify(ctx, m, { ordrId: second, ...purchase })).code).toBe(
      ResultCode.IAP_VERIFICATION_FAILED,
    );
    // and the unique provider transaction holds even past the order binding
    await expect(
      ctx.services.payments.confirmPaid(second, {
        provider: 'G',
        providerTxnId: purchase.purchaseToken,
        amountMinor: 499,
        currency: 'USD',
      }),
    ).rejects.toMatchObject({ code: ResultCode.PAYMENT_ALREADY_USED });
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  it("bad input: missing fields 400, no session 401, a guest 403005, another user's order 404071, a T order 409072", async () => {
    const owner = await signInMember(ctx, 'Owner');
    const stranger = await signInMember(ctx, 'Stranger');
    const ordrId = await registerOrder(ctx, owner);
    const purchase = await googlePurchase(ctx, ordrId);
    for (const missing of ['ordrId', 'packageName', 'productId', 'purchaseToken']) {
      const payload: Record<string, string> = { ordrId, ...purchase };
      delete payload[missing];
      const res = resultOf(await googleVerify(ctx, owner, payload));
      expect(res, missing).toMatchObject({ status: 400, code: ResultCode.BAD_REQUEST });
    }
    expect(resultOf(await googleVerify(ctx, undefined, { ordrId, ...purchase })).code).toBe(
      ResultCode.INVALID_SESSION,
    );
    const guest = await joinGuest(ctx.app);
    expect(
      resultOf(await googleVerify(ctx, { userId: '', token: guest.token }, { ordrId, ...purchase }))
        .code,
    ).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(resultOf(await googleVerify(ctx, stranger, { ordrId, ...purchase })).code).toBe(
      ResultCode.PAYMENT_ORDER_NOT_FOUND,
    );
    const tossOrder = await registerOrder(ctx, owner, 'T');
    expect(resultOf(await googleVerify(ctx, owner, { ...purchase, ordrId: tossOrder })).code).toBe(
      ResultCode.PAYMENT_GATEWAY_MISMATCH,
    );
    expect(await balances(owner.userId)).toEqual({ paid: 0, bonus: 0 });
    expect(await balances(stranger.userId)).toEqual({ paid: 0, bonus: 0 });
  });
});

describe('PUT /payment/iap/apple/verify', () => {
  it('credits a signed transaction once (appAccountToken matched case-insensitively); replays answer the same', async () => {
    const m = await signInMember(ctx, 'AppleBuyer');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const { transactionJWS } = await store.purchase({
      productId: PACK.apple,
      appAccountToken: ordrId.toUpperCase(),
    });
    const first = resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }));
    expect(first).toMatchObject({
      status: 200,
      code: 0,
      data: { stts: 'credited', paid_coin: PACK.paid, already_credited: false },
    });
    for (let i = 0; i < 10; i++) {
      const again = resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }));
      expect(again).toMatchObject({ code: 0, data: { already_credited: true } });
    }
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  it('refuses another product, bundle id, environment, order, a tampered signature and a foreign chain (400070)', async () => {
    const m = await signInMember(ctx, 'AppleForger');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const good = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    const [header, payload, signature = ''] = good.transactionJWS.split('.');
    const tampered = `${header}.${payload}.${signature.slice(0, -6)}${signature.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`;
    const foreign = new FakeAppStore(await createAppleLocalChain(), store.bundleId, 'Sandbox');
    const jwsList = [
      (await store.purchase({ productId: OTHER_PACK.apple, appAccountToken: ordrId }))
        .transactionJWS,
      (await store.purchase({ productId: PACK.apple, appAccountToken: ordrId, bundleId: 'x.y' }))
        .transactionJWS,
      (
        await store.purchase({
          productId: PACK.apple,
          appAccountToken: ordrId,
          environment: 'Production',
        })
      ).transactionJWS,
      (await store.purchase({ productId: PACK.apple, appAccountToken: crypto.randomUUID() }))
        .transactionJWS,
      (await store.purchase({ productId: PACK.apple })).transactionJWS,
      tampered,
      (await foreign.purchase({ productId: PACK.apple, appAccountToken: ordrId })).transactionJWS,
      'not.a.jws',
    ];
    for (const [i, transactionJWS] of jwsList.entries()) {
      const res = resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }));
      expect(res, `case ${i}`).toMatchObject({
        status: 400,
        code: ResultCode.IAP_VERIFICATION_FAILED,
      });
    }
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('a revoked transaction credits nothing: the order ends refunded, as when a REFUND came first', async () => {
    const m = await signInMember(ctx, 'AppleRevoked');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const transactionJWS = await store.chain.sign({
      ...store.transactionPayload({ productId: PACK.apple, appAccountToken: ordrId }),
      revocationDate: ctx.clock.now().getTime(),
      revocationReason: 0,
    });
    expect(resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS }))).toMatchObject({
      code: 0,
      data: { stts: 'refunded', already_credited: false },
    });
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('one transaction id pays one order: the same transaction signed for a second order is refused (409078)', async () => {
    const m = await signInMember(ctx, 'AppleReuser');
    const first = await registerOrder(ctx, m, 'A');
    const second = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: first });
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId: first, transactionJWS: bought.transactionJWS }))
        .code,
    ).toBe(0);
    const replayed = await store.purchase({
      productId: PACK.apple,
      appAccountToken: second,
      transactionId: bought.transactionId,
    });
    expect(
      resultOf(
        await appleVerify(ctx, m, { ordrId: second, transactionJWS: replayed.transactionJWS }),
      ).code,
    ).toBe(ResultCode.PAYMENT_ALREADY_USED);
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  it("bad input: missing fields 400, a guest 403005, another user's order 404071, a G order 409072", async () => {
    const owner = await signInMember(ctx, 'AppleOwner');
    const stranger = await signInMember(ctx, 'AppleStranger');
    const ordrId = await registerOrder(ctx, owner, 'A');
    const store = await appleStore(ctx);
    const { transactionJWS } = await store.purchase({
      productId: PACK.apple,
      appAccountToken: ordrId,
    });
    expect(resultOf(await appleVerify(ctx, owner, { ordrId })).code).toBe(ResultCode.BAD_REQUEST);
    expect(resultOf(await appleVerify(ctx, owner, { transactionJWS })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    const guest = await joinGuest(ctx.app);
    expect(
      resultOf(
        await appleVerify(ctx, { userId: '', token: guest.token }, { ordrId, transactionJWS }),
      ).code,
    ).toBe(ResultCode.GUEST_NOT_ALLOWED);
    expect(resultOf(await appleVerify(ctx, stranger, { ordrId, transactionJWS })).code).toBe(
      ResultCode.PAYMENT_ORDER_NOT_FOUND,
    );
    const googleOrder = await registerOrder(ctx, owner, 'G');
    expect(
      resultOf(await appleVerify(ctx, owner, { ordrId: googleOrder, transactionJWS })).code,
    ).toBe(ResultCode.PAYMENT_GATEWAY_MISMATCH);
  });
});

describe('store notifications', () => {
  it('a Google voided purchase refunds the paid coins (bonus stays); 10 replays change nothing', async () => {
    const m = await signInMember(ctx, 'Voided');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    expect(resultOf(await googleVerify(ctx, m, { ordrId, ...purchase })).code).toBe(0);
    for (let i = 0; i < 11; i++) {
      const res = await googleNotify(ctx, purchase.purchaseToken, 'voided');
      expect(res).toMatchObject({ status: 200, code: 0, data: { action: 'refunded', ordrId } });
    }
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: PACK.firstBonus });
    const order = await ctx.services.payments.requireOrder(ordrId);
    expect(order.state).toBe('refunded');
    const states = (await ctx.services.payments.transitions(ordrId)).map((t) => t.toState);
    expect(states).toEqual(['registered', 'paid', 'credited', 'refunded']);
  });

  it('a Google purchased notification credits an order the app never verified, once', async () => {
    const m = await signInMember(ctx, 'Crashed');
    const ordrId = await registerOrder(ctx, m);
    const purchase = await googlePurchase(ctx, ordrId);
    for (let i = 0; i < 10; i++) {
      const res = await googleNotify(ctx, purchase.purchaseToken, 'purchased');
      expect(res).toMatchObject({ code: 0, data: { action: 'credited', ordrId } });
    }
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
    // the app comes back later: success, nothing more
    const late = resultOf(await googleVerify(ctx, m, { ordrId, ...purchase }));
    expect(late).toMatchObject({ code: 0, data: { already_credited: true } });
  });

  it('a purchased notification the order refuses (paid by another purchase) is acknowledged and changes nothing', async () => {
    const m = await signInMember(ctx, 'TwoPurchases');
    const ordrId = await registerOrder(ctx, m);
    const paid = await googlePurchase(ctx, ordrId);
    expect(resultOf(await googleVerify(ctx, m, { ordrId, ...paid })).code).toBe(0);
    const extra = await googlePurchase(ctx, ordrId);
    const res = await googleNotify(ctx, extra.purchaseToken, 'purchased');
    expect(res).toMatchObject({ status: 200, code: 0, data: { action: 'ignored', ordrId } });
    expect(await balances(m.userId)).toEqual({ paid: PACK.paid, bonus: PACK.firstBonus });
  });

  it("refuses a Google push without the subscription's OIDC token (400071)", async () => {
    const data = Buffer.from(
      JSON.stringify({
        packageName: 'com.snapdrama.app',
        voidedPurchaseNotification: { purchaseToken: 'x' },
      }),
    ).toString('base64');
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}${PAYMENT_PATHS.googleNotification}`,
        headers: authorization ? { authorization } : {},
        payload: { message: { data, messageId: '1' }, subscription: 's' },
      });
      expect(resultOf(res)).toMatchObject({
        status: 400,
        code: ResultCode.WEBHOOK_SIGNATURE_INVALID,
      });
    }
  });

  it('an Apple REFUND refunds the paid coins; REVOKE and replays change nothing more; forged payloads are refused', async () => {
    const m = await signInMember(ctx, 'AppleRefund');
    const ordrId = await registerOrder(ctx, m, 'A');
    const store = await appleStore(ctx);
    const bought = await store.purchase({ productId: PACK.apple, appAccountToken: ordrId });
    expect(
      resultOf(await appleVerify(ctx, m, { ordrId, transactionJWS: bought.transactionJWS })).code,
    ).toBe(0);
    const ignored = await appleNotify(ctx, bought.transactionId, 'CONSUMPTION_REQUEST');
    expect(ignored).toMatchObject({ code: 0, data: { action: 'ignored' } });
    for (let i = 0; i < 10; i++) {
      const res = await appleNotify(ctx, bought.transactionId, i % 2 ? 'REVOKE' : 'REFUND');
      expect(res).toMatchObject({ code: 0, data: { action: 'refunded', ordrId } });
    }
    expect(await balances(m.userId)).toEqual({ paid: 0, bonus: PACK.firstBonus });

    const foreign = new FakeAppStore(await createAppleLocalChain(), store.bundleId, 'Sandbox');
    const forged = await foreign.notification(bought.transactionId, 'REFUND');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${PAYMENT_PATHS.appleNotification}`,
      payload: { signedPayload: forged },
    });
    expect(resultOf(res)).toMatchObject({
      status: 400,
      code: ResultCode.WEBHOOK_SIGNATURE_INVALID,
    });

    // signed by the trusted chain but for the other environment: acknowledged, nothing refunded
    const production = new FakeAppStore(store.chain, store.bundleId, 'Production');
    const elsewhere = await ctx.services.iap.service.appleNotification(
      await production.notification(bought.transactionId, 'REFUND'),
    );
    expect(elsewhere).toEqual({ action: 'ignored' });
  });
});
