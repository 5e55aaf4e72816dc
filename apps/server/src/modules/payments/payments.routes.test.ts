import { describe, expect, it } from 'vitest';
import {
  ResultCode,
  enMessages,
  koMessages,
  type PaymentGoodsListData,
  type PaymentOrderData,
  type PaymentOrderListData,
  type PaymentResultData,
} from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../test/harness';
import { signInMember, expectLedgerBalancedAfterAll } from '../wallet/wallet.test-support';
import {
  api,
  body,
  paypalApproved,
  sandboxOf,
  stripePaid,
  expectOk,
  tossApproved,
  WEB_ORIGIN,
} from './payments.test-support';

describe('payment routes (stand-in providers)', () => {
  const ctx = useTestContext({ seed: false });
  expectLedgerBalancedAfterAll(ctx);

  it('lists the goods with every §3 field; use_yn per user', async () => {
    const guest = await joinGuest(ctx.app);
    const r = await api(ctx.app, { token: guest.token }, 'GET', '/payment/goods/list');
    expect(r.statusCode).toBe(200);
    const list = body<PaymentGoodsListData>(r).data.paymentGoodsList;
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list[0]).toEqual({
      gods_code: 'coin_100',
      paid_coin: 100,
      bons_coin: 0,
      bons_coin_1st: 10,
      use_yn: 'N',
      krw: 1200,
      usd: 0.99,
      iap: { google: 'snapdrama.coin.100', apple: 'com.snapdrama.coin.100' },
      iap_price: 0.99,
    });
    const anon = await api(ctx.app, undefined, 'GET', '/payment/goods/list');
    expect(anon.statusCode).toBe(200);
  });

  it('says which gateways are stand-ins', async () => {
    const r = await api(ctx.app, undefined, 'GET', '/payment/config');
    expect(
      body<{ toss: { mode: string }; stripe: { mode: string }; paypal: { mode: string } }>(r).data,
    ).toMatchObject({
      toss: { mode: 'sandbox', clientKey: null },
      stripe: { mode: 'sandbox', publishableKey: null },
      paypal: { mode: 'sandbox', clientId: null, currency: 'USD' },
    });
  });

  it('Toss: regist, confirm, 10 replays credit once; first-charge bonus then none', async () => {
    const m = await signInMember(ctx, 'Toss');
    const reg = await api(ctx.app, m, 'POST', '/payment/regist', {
      godsCode: 'coin_500',
      pymnGtwy: 'T',
      price: 5900,
    });
    expect(reg.statusCode).toBe(200);
    const data = body<{ ordrId: string; amnt: number; crncy: string; checkoutUrl: string }>(
      reg,
    ).data;
    expect(data).toMatchObject({ amnt: 5900, crncy: 'KRW' });
    const checkout = new URL(data.checkoutUrl, 'http://x');
    expect(checkout.pathname).toBe('/sandbox/payments/toss');
    expect(checkout.searchParams.get('successUrl')).toBe(`${WEB_ORIGIN}/payment/return/toss`);
    const pymnKey = sandboxOf(ctx).toss.authorize({
      orderId: data.ordrId,
      amount: 5900,
      orderName: 'x',
      outcome: 'approve',
    });
    const confirm = { ordrId: data.ordrId, amnt: 5900, pymnKey };
    const first = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', confirm);
    expect(first.statusCode).toBe(200);
    expect(body<PaymentResultData>(first).data).toMatchObject({
      stts: 'credited',
      paid_coin: 500,
      bons_coin: 100,
      already_credited: false,
      coin: 600,
    });
    const calls = sandboxOf(ctx).calls['toss.confirm'];
    for (let i = 0; i < 10; i++) {
      const again = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', confirm);
      expect(body<PaymentResultData>(again).data).toMatchObject({
        already_credited: true,
        coin: 600,
      });
    }
    // a credited order is answered from our books: Toss is not asked again
    expect(sandboxOf(ctx).calls['toss.confirm']).toBe(calls);
    const second = await tossApproved(ctx, m);
    const r2 = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', second);
    expect(body<PaymentResultData>(r2).data).toMatchObject({ bons_coin: 50, coin: 1150 });
    const goods = body<PaymentGoodsListData>(
      await api(ctx.app, m, 'GET', '/payment/goods/list'),
    ).data;
    expect(goods.paymentGoodsList.find((g) => g.gods_code === 'coin_500')?.use_yn).toBe('Y');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 150 });
  });

  it('Toss: a wrong amount is refused before Toss is called; a decline fails the order', async () => {
    const m = await signInMember(ctx, 'TossBad');
    const ok = await tossApproved(ctx, m);
    const before = sandboxOf(ctx).calls['toss.confirm'] ?? 0;
    const wrong = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', { ...ok, amnt: 100 });
    expect(body(wrong).code).toBe(ResultCode.PAYMENT_AMOUNT_MISMATCH);
    expect(sandboxOf(ctx).calls['toss.confirm'] ?? 0).toBe(before);
    const unknown = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', {
      ...ok,
      pymnKey: 'tgen_forged',
    });
    expect(body(unknown).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(body(unknown).message).toMatch(/^NOT_FOUND_PAYMENT: /);

    const reg = body<{ ordrId: string }>(
      await api(ctx.app, m, 'POST', '/payment/regist', {
        godsCode: 'coin_100',
        pymnGtwy: 'T',
        price: 1200,
      }),
    ).data;
    const pymnKey = sandboxOf(ctx).toss.authorize({
      orderId: reg.ordrId,
      amount: 1200,
      orderName: 'x',
      outcome: 'decline_at_confirm',
    });
    const declined = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', {
      ordrId: reg.ordrId,
      amnt: 1200,
      pymnKey,
    });
    expect(declined.statusCode).toBe(409);
    expect(body(declined).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(body(declined).message).toMatch(/^REJECT_CARD_COMPANY: /);
    expect((await ctx.services.payments.requireOrder(reg.ordrId)).state).toBe('failed');
    const again = await api(ctx.app, m, 'PUT', '/payment/toss/confirm', {
      ordrId: reg.ordrId,
      amnt: 1200,
      pymnKey,
    });
    expect(body(again).code).toBe(ResultCode.PAYMENT_ORDER_CLOSED);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
  });

  it('Stripe: embedded session, confirm after payment, unpaid and foreign sessions refused', async () => {
    const m = await signInMember(ctx, 'Stripe');
    const reg = await api(ctx.app, m, 'POST', '/payment/regist', {
      godsCode: 'coin_300',
      pymnGtwy: 'S',
      price: 2.99,
    });
    const data = body<{ ordrId: string; clientSecret: string; checkoutUrl: string }>(reg).data;
    expect(data.clientSecret).toMatch(/^cs_test_\w+_secret_\w+$/);
    const sessionId = data.clientSecret.split('_secret_')[0] ?? '';
    expect(data.checkoutUrl).toBe(`/sandbox/payments/stripe/${sessionId}`);
    const session = sandboxOf(ctx).stripe.session(sessionId);
    expect(session?.return_url).toBe(
      `${WEB_ORIGIN}/payment/return/stripe?session_id={CHECKOUT_SESSION_ID}&ordrId=${data.ordrId}`,
    );
    expect(session?.amount_total).toBe(299);

    const early = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', {
      ordrId: data.ordrId,
      sessionId,
    });
    expect(body(early).code).toBe(ResultCode.PAYMENT_NOT_COMPLETED);
    const other = await stripePaid(ctx, m, 'coin_100', 0.99);
    const swapped = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', {
      ordrId: data.ordrId,
      sessionId: other.sessionId,
    });
    expect(body(swapped).code).toBe(ResultCode.STRIPE_SESSION_NOT_FOUND);

    sandboxOf(ctx).stripe.complete(sessionId);
    for (let i = 0; i < 10; i++) {
      const r = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', {
        ordrId: data.ordrId,
        sessionId,
      });
      expect(body<PaymentResultData>(r).data).toMatchObject({
        stts: 'credited',
        paid_coin: 300,
        bons_coin: 45,
        already_credited: i > 0,
      });
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 300, bonus: 45 });
  });

  it('PayPal: create-order, approval must match, capture once, declined funding keeps the order open', async () => {
    const m = await signInMember(ctx, 'Paypal');
    const created = await paypalApproved(ctx, m, 'coin_1000');
    const mismatch = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', {
      ordrId: created.ordrId,
      paypalOrderId: 'OTHERORDER123',
    });
    expect(body(mismatch).code).toBe(ResultCode.PAYPAL_ORDER_ID_MISMATCH);
    for (let i = 0; i < 10; i++) {
      const r = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', created);
      expect(body<PaymentResultData>(r).data).toMatchObject({
        stts: 'credited',
        paid_coin: 1000,
        bons_coin: 250,
        already_credited: i > 0,
      });
    }
    expect(sandboxOf(ctx).calls['paypal.capture']).toBe(1);

    const notApproved = body<{ ordrId: string; paypalOrderId: string }>(
      await api(ctx.app, m, 'POST', '/payment/paypal/order', {
        goodsCode: 'coin_100',
        paymentGateway: 'P',
      }),
    ).data;
    const early = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', notApproved);
    expect(body(early).code).toBe(ResultCode.PAYMENT_NOT_COMPLETED);
    sandboxOf(ctx).paypal.approve(notApproved.paypalOrderId, true);
    const declined = await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', notApproved);
    expect(body(declined).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(body(declined).message).toMatch(/^INSTRUMENT_DECLINED: /);
    expect((await ctx.services.payments.requireOrder(notApproved.ordrId)).state).toBe('registered');
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 1000, bonus: 250 });
  });

  it('a paid checkout opened again (Back, a reload) says so at every stand-in and links the receipt, no Pay', async () => {
    const m = await signInMember(ctx, 'PaidAgain');
    const page = async (url: string, acceptLanguage = 'en-US,en;q=0.9') => {
      const r = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': acceptLanguage },
      });
      return { status: r.statusCode, html: r.body };
    };
    const receipt = (ordrId: string) => `${WEB_ORIGIN}/profile/orders/${ordrId}`;

    // Toss: the checkout page the order was sent to, before and after the payment
    const reg = body<{ ordrId: string; checkoutUrl: string }>(
      await api(ctx.app, m, 'POST', '/payment/regist', {
        godsCode: 'coin_100',
        pymnGtwy: 'T',
        price: 1200,
      }),
    ).data;
    const open = await page(reg.checkoutUrl);
    expect(open.html).toContain('data-testid="toss-pay"');
    expect(open.html).not.toContain('checkout-already-paid');
    const pymnKey = sandboxOf(ctx).toss.authorize({
      orderId: reg.ordrId,
      amount: 1200,
      orderName: 'x',
      outcome: 'approve',
    });
    await expectOk(
      await api(ctx.app, m, 'PUT', '/payment/toss/confirm', {
        ordrId: reg.ordrId,
        amnt: 1200,
        pymnKey,
      }),
    );
    const toss = await page(reg.checkoutUrl);
    expect(toss.status).toBe(200);
    expect(toss.html).toContain('data-testid="checkout-already-paid"');
    expect(toss.html).toContain(`href="${receipt(reg.ordrId)}"`);
    expect(toss.html).not.toContain('toss-pay');
    expect(toss.html).toContain(enMessages['payment.msg_already_paid']);
    // in the buyer's words: the dictionary's, by Accept-Language
    const ko = await page(reg.checkoutUrl, 'ko-KR,ko;q=0.9,en;q=0.8');
    expect(ko.html).toContain(koMessages['payment.msg_already_paid']);
    expect(ko.html).toContain(`>${koMessages['payment.view_receipt']}<`);
    expect(ko.html).not.toContain(enMessages['payment.msg_already_paid']);
    // approved at Toss but not yet confirmed by us: still payable (the merchant's confirm decides)
    const pending = body<{ ordrId: string; checkoutUrl: string }>(
      await api(ctx.app, m, 'POST', '/payment/regist', {
        godsCode: 'coin_100',
        pymnGtwy: 'T',
        price: 1200,
      }),
    ).data;
    sandboxOf(ctx).toss.authorize({
      orderId: pending.ordrId,
      amount: 1200,
      orderName: 'x',
      outcome: 'approve',
    });
    expect((await page(pending.checkoutUrl)).html).toContain('data-testid="toss-pay"');

    // Stripe: a completed session
    const stripe = await stripePaid(ctx, m, 'coin_100', 0.99);
    await expectOk(await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', stripe));
    const s = await page(`/sandbox/payments/stripe/${stripe.sessionId}`);
    expect(s.status).toBe(200);
    expect(s.html).toContain('data-testid="checkout-already-paid"');
    expect(s.html).toContain(`href="${receipt(stripe.ordrId)}"`);
    expect(s.html).not.toContain('stripe-pay');

    // PayPal: a captured order
    const paypal = await paypalApproved(ctx, m, 'coin_100');
    await expectOk(await api(ctx.app, m, 'PUT', '/payment/paypal/confirm', paypal));
    const p = await page(`/sandbox/payments/paypal/checkoutnow?token=${paypal.paypalOrderId}`);
    expect(p.status).toBe(200);
    expect(p.html).toContain('data-testid="checkout-already-paid"');
    expect(p.html).toContain(`href="${receipt(paypal.ordrId)}"`);
    expect(p.html).not.toContain('paypal-approve');
  });

  it('My orders: paid and refunded orders newest first, paged, each with its receipt; open ones not listed', async () => {
    const m = await signInMember(ctx, 'MyOrders');
    const first = await tossApproved(ctx, m);
    await expectOk(await api(ctx.app, m, 'PUT', '/payment/toss/confirm', first));
    ctx.clock.advance(60_000);
    const second = await tossApproved(ctx, m, 'coin_100', 1200);
    await expectOk(await api(ctx.app, m, 'PUT', '/payment/toss/confirm', second));
    ctx.clock.advance(60_000);
    await ctx.services.payments.recordRefund(first.ordrId, {
      provider: 'T',
      providerRefundId: 'rf-my',
    });
    // registered and never paid: not an order the viewer made
    await tossApproved(ctx, m, 'coin_300', 3600);
    const page1 = await expectOk<PaymentOrderListData>(
      await api(ctx.app, m, 'GET', '/payment/orders?count=1'),
    );
    expect(page1).toMatchObject({ totalCount: 2, page: 1, count: 1, lastPage: false });
    expect(page1.list.map((o) => o.ordrId)).toEqual([second.ordrId]);
    expect(page1.list[0]).toMatchObject({
      stts: 'credited',
      gods_code: 'coin_100',
      pymn_gtwy: 'T',
      amnt: 1200,
      crncy: 'KRW',
      paid_coin: 100,
      rfnd_dtm: null,
      rfnd_coin: 0,
    });
    const page2 = await expectOk<PaymentOrderListData>(
      await api(ctx.app, m, 'GET', '/payment/orders?page=2&count=1'),
    );
    expect(page2.lastPage).toBe(true);
    const refunded = page2.list[0];
    expect(refunded).toMatchObject({
      ordrId: first.ordrId,
      stts: 'refunded',
      paid_coin: 500,
      bons_coin: 100,
      rfnd_coin: 500,
    });
    expect(refunded?.paid_dtm).not.toBeNull();
    expect(Date.parse(refunded?.rfnd_dtm ?? '')).toBeGreaterThan(
      Date.parse(refunded?.paid_dtm ?? ''),
    );
    // the receipt is the same entry
    expect(
      await expectOk<PaymentOrderData>(
        await api(ctx.app, m, 'GET', `/payment/order/${first.ordrId}`),
      ),
    ).toEqual(refunded);
    // another viewer sees none of them; a guest is sent to sign in; bad paging is refused
    const other = await signInMember(ctx, 'MyOrdersOther');
    expect(
      (await expectOk<PaymentOrderListData>(await api(ctx.app, other, 'GET', '/payment/orders')))
        .totalCount,
    ).toBe(0);
    expect(body(await api(ctx.app, other, 'GET', `/payment/order/${first.ordrId}`)).code).toBe(
      ResultCode.PAYMENT_ORDER_NOT_FOUND,
    );
    const guest = await joinGuest(ctx.app);
    expect(body(await api(ctx.app, guest, 'GET', '/payment/orders')).code).toBe(
      ResultCode.GUEST_NOT_ALLOWED,
    );
    for (const q of ['count=0', 'count=51', 'page=0', 'page=x']) {
      const r = await api(ctx.app, m, 'GET', `/payment/orders?${q}`);
      expect(r.statusCode, q).toBe(400);
    }
  });

  it('refuses bad input on every call and changes nothing', async () => {
    const m = await signInMember(ctx, 'Bad');
    const other = await signInMember(ctx, 'Other');
    const guest = await joinGuest(ctx.app);
    const g = { token: guest.token };
    const cases: [string, 'POST' | 'PUT', string, unknown, number][] = [
      ['no body fields', 'POST', '/payment/regist', {}, ResultCode.BAD_REQUEST],
      [
        'no price',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_100', pymnGtwy: 'T' },
        ResultCode.BAD_REQUEST,
      ],
      [
        'unknown gateway',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_100', pymnGtwy: 'X', price: 1200 },
        ResultCode.BAD_REQUEST,
      ],
      [
        'PayPal through regist',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_100', pymnGtwy: 'P', price: 0.99 },
        ResultCode.BAD_REQUEST,
      ],
      [
        'price mismatch',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_100', pymnGtwy: 'T', price: 1000 },
        ResultCode.PAYMENT_PRICE_MISMATCH,
      ],
      [
        'USD price to Toss',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_100', pymnGtwy: 'T', price: 0.99 },
        ResultCode.PAYMENT_PRICE_MISMATCH,
      ],
      [
        'unknown pack',
        'POST',
        '/payment/regist',
        { godsCode: 'coin_7', pymnGtwy: 'T', price: 1 },
        ResultCode.PAYMENT_GOODS_NOT_FOUND,
      ],
      [
        'PayPal wrong gateway',
        'POST',
        '/payment/paypal/order',
        { goodsCode: 'coin_100', paymentGateway: 'T' },
        ResultCode.BAD_REQUEST,
      ],
      [
        'PayPal price mismatch',
        'POST',
        '/payment/paypal/order',
        { goodsCode: 'coin_100', paymentGateway: 'P', price: 1 },
        ResultCode.PAYMENT_PRICE_MISMATCH,
      ],
      [
        'toss confirm missing key',
        'PUT',
        '/payment/toss/confirm',
        { ordrId: 'x', amnt: 1 },
        ResultCode.BAD_REQUEST,
      ],
      [
        'toss confirm string amount',
        'PUT',
        '/payment/toss/confirm',
        { ordrId: 'x', amnt: 'a', pymnKey: 'k' },
        ResultCode.BAD_REQUEST,
      ],
      [
        'stripe confirm missing session',
        'PUT',
        '/payment/stripe/confirm',
        { ordrId: 'x' },
        ResultCode.BAD_REQUEST,
      ],
      [
        'paypal confirm missing order',
        'PUT',
        '/payment/paypal/confirm',
        { ordrId: 'x' },
        ResultCode.BAD_REQUEST,
      ],
      [
        'unknown order',
        'PUT',
        '/payment/toss/confirm',
        { ordrId: '00000000-0000-4000-8000-000000000000', amnt: 1200, pymnKey: 'k' },
        ResultCode.PAYMENT_ORDER_NOT_FOUND,
      ],
    ];
    for (const [name, method, path, payload, code] of cases) {
      const r = await api(ctx.app, m, method, path, payload);
      expect(body(r).code, name).toBe(code);
      expect(r.statusCode, name).toBe(Math.floor(code / 1000));
    }
    // another user's order, through each confirm
    const toss = await tossApproved(ctx, m, 'coin_100', 1200);
    const stripe = await stripePaid(ctx, m, 'coin_100', 0.99);
    const paypal = await paypalApproved(ctx, m, 'coin_100');
    for (const [path, payload] of [
      ['/payment/toss/confirm', toss],
      ['/payment/stripe/confirm', stripe],
      ['/payment/paypal/confirm', paypal],
    ] as const) {
      const r = await api(ctx.app, other, 'PUT', path, payload);
      expect(body(r).code, path).toBe(ResultCode.PAYMENT_ORDER_NOT_FOUND);
      const g1 = await api(ctx.app, g, 'PUT', path, payload);
      expect(body(g1).code, path).toBe(ResultCode.GUEST_NOT_ALLOWED);
      const anon = await api(ctx.app, undefined, 'PUT', path, payload);
      expect(anon.statusCode, path).toBe(401);
    }
    // a confirm through the wrong gateway's call
    const wrong = await api(ctx.app, m, 'PUT', '/payment/stripe/confirm', {
      ordrId: toss.ordrId,
      sessionId: stripe.sessionId,
    });
    expect(body(wrong).code).toBe(ResultCode.PAYMENT_GATEWAY_MISMATCH);
    // guests cannot register
    const gr = await api(ctx.app, g, 'POST', '/payment/regist', {
      godsCode: 'coin_100',
      pymnGtwy: 'T',
      price: 1200,
    });
    expect(body(gr).code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    const gp = await api(ctx.app, g, 'POST', '/payment/paypal/order', {
      goodsCode: 'coin_100',
      paymentGateway: 'P',
    });
    expect(body(gp).code).toBe(ResultCode.GUEST_NOT_ALLOWED);
    const foreign = await api(ctx.app, other, 'GET', `/payment/order/${toss.ordrId}`);
    expect(body(foreign).code).toBe(ResultCode.PAYMENT_ORDER_NOT_FOUND);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: 0 });
    expect(await ctx.services.wallet.balances(other.userId)).toEqual({ paid: 0, bonus: 0 });
  });
});
