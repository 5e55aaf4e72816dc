import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode, type VipChargeListData, type VipPassData } from '@snapdrama/contract';
import { systemClock } from '../../clock';
import { createTestContext, type TestContext } from '../../test/harness';
import { api, body, sandboxOf } from '../payments/payments.test-support';
import { createTossClient } from '../payments/providers/toss';
import { sandboxCheckoutRoutes } from '../payments/sandbox/checkout.routes';
import { SANDBOX_KEYS } from '../payments/sandbox/fake-providers';
import { signInMember } from '../wallet/wallet.test-support';
import { createVipToss, TOSS_RETRY_MS, tossOrderId } from './vip-toss';
import { createVipTossRepository } from './vip-toss.repository';
import { vipTossBilling, vipTossCharges } from './vip.tables';
import { confirmToss, tossCardRegistered, tossVipBought, tossVipStarted } from './vip.test-support';

const DAY = 86_400_000;

describe('VIP through Toss billing keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
    ctx.clock.set(new Date('2026-12-01T00:00:00.000Z'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const toss = () => {
    const t = ctx.services.vipToss;
    return t;
  };
  const chargesOf = (vipId: string) =>
    ctx.database.db
      .select()
      .from(vipTossCharges)
      .where(eq(vipTossCharges.subscriptionId, vipId))
      .orderBy(vipTossCharges.periodNumber, vipTossCharges.attempt);
  const passOf = async (userId: string) => ctx.services.vip.passOf(userId);

  it('the adapter speaks the billing API: issue a key from the authKey, charge it, with our secret only', async () => {
    const fake = sandboxOf(ctx);
    const base = async () => `${await fake.url()}/toss`;
    const client = createTossClient({ secretKey: SANDBOX_KEYS.tossSecretKey, apiBase: base });
    const authKey = fake.tossBilling.registerCard({
      customerKey: 'ck_adapter',
      outcome: 'approve',
    });
    const wrong = createTossClient({ secretKey: 'test_sk_wrong', apiBase: base });
    const refused = await wrong.issueBillingKey({ authKey, customerKey: 'ck_adapter' });
    expect(refused).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED_KEY' });
    const issued = await client.issueBillingKey({ authKey, customerKey: 'ck_adapter' });
    if (!issued.ok) throw new Error(issued.code);
    expect(issued.billing.customerKey).toBe('ck_adapter');
    // an authKey is used once
    const again = await client.issueBillingKey({ authKey, customerKey: 'ck_adapter' });
    expect(again.ok).toBe(false);
    const input = {
      billingKey: issued.billing.billingKey,
      customerKey: 'ck_adapter',
      amount: 6900,
      orderId: 'vip-adapter-1-1',
      orderName: 'SnapDrama VIP (weekly)',
    };
    const paid = await client.chargeBillingKey(input);
    if (!paid.ok) throw new Error(paid.code);
    expect(paid.payment).toMatchObject({
      orderId: 'vip-adapter-1-1',
      status: 'DONE',
      totalAmount: 6900,
      currency: 'KRW',
    });
    expect(paid.payment.approvedAt).toEqual(expect.any(String));
    // the same order again (a retry): the first answer, no second charge
    const retried = await client.chargeBillingKey(input);
    expect(retried.ok && retried.payment.paymentKey).toBe(paid.payment.paymentKey);
    expect(fake.tossBilling.chargesOf('ck_adapter')).toEqual(['vip-adapter-1-1']);
    fake.tossBilling.declineCharges('ck_adapter', 'REJECT_CARD_COMPANY');
    const declined = await client.chargeBillingKey({ ...input, orderId: 'vip-adapter-2-1' });
    expect(declined).toMatchObject({ ok: false, status: 403, code: 'REJECT_CARD_COMPANY' });
  });

  it('subscribe hands out a customerKey and the card registration page, never a billing key', async () => {
    const m = await signInMember(ctx, 'TossStart');
    const started = await tossVipStarted(ctx, m);
    expect(started.customerKey).toMatch(/^ck_/);
    expect(started.checkoutUrl).toMatch(/^\/sandbox\/payments\/toss\/billing\?/);
    const page = await ctx.app.inject({ method: 'GET', url: started.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('toss-billing-register');
    const url = new URL(started.checkoutUrl, 'http://localhost');
    // the stand-in page's form, as the buyer's browser posts it
    const postForm = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/payments/toss/billing',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          customerKey: started.customerKey,
          successUrl: url.searchParams.get('successUrl') ?? '',
          failUrl: url.searchParams.get('failUrl') ?? '',
          ...fields,
        }).toString(),
      });
    const posted = await postForm({ outcome: 'approve', action: 'register' });
    expect(posted.statusCode).toBe(303);
    const back = new URL(posted.headers.location as string);
    expect(back.pathname).toBe('/vip/return/toss');
    expect(back.searchParams.get('vipId')).toBe(started.vipId);
    expect(back.searchParams.get('customerKey')).toBe(started.customerKey);
    expect(back.searchParams.get('authKey')).toMatch(/^bln_/);
    // the buyer backs out: Toss's failUrl with PAY_PROCESS_CANCELED
    const canceled = await postForm({ action: 'cancel' });
    expect(new URL(canceled.headers.location as string).searchParams.get('code')).toBe(
      'PAY_PROCESS_CANCELED',
    );
  });

  it('the return issues the key and charges the first week in KRW once; My orders shows it', async () => {
    const m = await signInMember(ctx, 'TossBuy');
    const started = await tossVipStarted(ctx, m);
    const authKey = tossCardRegistered(ctx, started.customerKey);
    const r = await confirmToss(ctx, m, { ...started, authKey });
    expect(r.statusCode, r.body).toBe(200);
    const pass = body<VipPassData>(r).data;
    expect(pass).toMatchObject({ gateway: 'T', status: 'active', active: true, renews: true });
    expect(pass.cancelable).toBe(true);
    expect(pass.activeUntil).toBe(new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString());
    expect(r.body).not.toMatch(/bk_/);
    // the card registration page again (Back): paid, My orders linked, no register button
    const again = await ctx.app.inject({ method: 'GET', url: started.checkoutUrl });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-testid="checkout-already-paid"');
    expect(again.body).toMatch(/href="[^"]*\/profile\/orders"/);
    expect(again.body).not.toContain('toss-billing-register');
    const [billing] = await ctx.database.db
      .select()
      .from(vipTossBilling)
      .where(eq(vipTossBilling.subscriptionId, started.vipId));
    expect(billing?.billingKey).toMatch(/^bk_/);
    const charges = await chargesOf(started.vipId);
    expect(charges).toMatchObject([
      {
        periodNumber: 1,
        attempt: 1,
        orderId: tossOrderId(started.vipId, 1, 1),
        status: 'done',
        amountMinor: 6900,
        currency: 'KRW',
      },
    ]);
    const list = body<VipChargeListData>(
      await api(ctx.app, m, 'GET', '/vip/charges?page=1&count=10'),
    ).data;
    expect(list.list).toMatchObject([
      { vipId: started.vipId, pymn_gtwy: 'T', amnt: 6900, crncy: 'KRW', stts: 'paid' },
    ]);
    const receipt = await api(ctx.app, m, 'GET', `/vip/charges/${list.list[0]?.chrgId ?? ''}`);
    expect(body<{ prvd_id: string }>(receipt).data.prvd_id).toBe(charges[0]?.paymentKey);
    for (const reply of [receipt, await api(ctx.app, m, 'GET', '/vip/status')])
      expect(reply.body).not.toMatch(/bk_/);
  });

  it('a replayed authKey (Back, reload) answers the pass and charges nothing more', async () => {
    const m = await signInMember(ctx, 'TossReplay');
    const bought = await tossVipBought(ctx, m);
    const calls = sandboxOf(ctx).calls['toss.billing'] ?? 0;
    for (let i = 0; i < 3; i++) {
      const again = await confirmToss(ctx, m, bought);
      expect(again.statusCode, again.body).toBe(200);
      expect(body<VipPassData>(again).data.activeUntil).toBe(bought.pass.activeUntil);
    }
    expect(sandboxOf(ctx).calls['toss.billing'] ?? 0).toBe(calls);
    expect(sandboxOf(ctx).tossBilling.chargesOf(bought.customerKey)).toHaveLength(1);
    // another viewer's return with this pass, or another pass's customerKey: refused
    const other = await signInMember(ctx, 'TossOther');
    expect((await confirmToss(ctx, other, bought)).statusCode).toBe(404);
    const mine = await signInMember(ctx, 'TossMine');
    const minePass = await tossVipStarted(ctx, mine);
    const crossed = await confirmToss(ctx, mine, { ...bought, vipId: minePass.vipId });
    expect(body(crossed).code).toBe(ResultCode.VIP_MISMATCH);
  });

  it('a declined first charge says why, stays unpaid on replay, and another card can pay', async () => {
    const m = await signInMember(ctx, 'TossDecline');
    const started = await tossVipStarted(ctx, m);
    const bad = tossCardRegistered(ctx, started.customerKey, 'decline');
    const r = await confirmToss(ctx, m, { ...started, authKey: bad });
    expect(body(r).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(body(r).message).toMatch(/^REJECT_CARD_COMPANY: /);
    expect((await passOf(m.userId))?.active ?? false).toBe(false);
    const replay = await confirmToss(ctx, m, { ...started, authKey: bad });
    expect(body(replay).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(await chargesOf(started.vipId)).toHaveLength(1);
    const good = tossCardRegistered(ctx, started.customerKey);
    const paid = await confirmToss(ctx, m, { ...started, authKey: good });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await chargesOf(started.vipId)).map((c) => [c.attempt, c.status])).toEqual([
      [1, 'declined'],
      [2, 'done'],
    ]);
  });

  it('the renewal job charges a due pass once at its period end and extends it', async () => {
    const m = await signInMember(ctx, 'TossRenew');
    const bought = await tossVipBought(ctx, m);
    const paidUntil = new Date(bought.pass.activeUntil ?? '');
    ctx.clock.set(new Date(paidUntil.getTime() - 60_000));
    expect((await toss().renewDue()).done).toBe(0);
    ctx.clock.set(paidUntil);
    expect((await toss().renewDue()).done).toBeGreaterThanOrEqual(1);
    // the job again (another instance, the next sweep): nothing more to charge
    await toss().renewDue();
    await toss().renewDue();
    const charges = await chargesOf(bought.vipId);
    expect(charges.map((c) => [c.periodNumber, c.attempt, c.status, c.orderId])).toEqual([
      [1, 1, 'done', tossOrderId(bought.vipId, 1, 1)],
      [2, 1, 'done', tossOrderId(bought.vipId, 2, 1)],
    ]);
    const periods = await ctx.services.vip.periodsOf(bought.vipId);
    expect(periods[1]?.startsAt.toISOString()).toBe(paidUntil.toISOString());
    expect(periods[1]).toMatchObject({ amountMinor: 6900, currency: 'KRW' });
    expect((await passOf(m.userId))?.activeUntil).toBe(
      new Date(paidUntil.getTime() + 7 * DAY).toISOString(),
    );
    expect(sandboxOf(ctx).tossBilling.chargesOf(bought.customerKey)).toHaveLength(2);
  });

  it('declined renewals: grace while retried a day apart, the third decline ends VIP and is recorded', async () => {
    const m = await signInMember(ctx, 'TossGrace');
    const bought = await tossVipBought(ctx, m);
    const paidUntil = new Date(bought.pass.activeUntil ?? '');
    sandboxOf(ctx).tossBilling.declineCharges(bought.customerKey, 'REJECT_CARD_COMPANY');
    ctx.clock.set(paidUntil);
    await toss().renewDue();
    let pass = await passOf(m.userId);
    expect(pass).toMatchObject({ status: 'grace', active: true });
    // not due again before a day has passed
    ctx.clock.set(new Date(paidUntil.getTime() + TOSS_RETRY_MS - 1000));
    await toss().renewDue();
    expect(await chargesOf(bought.vipId)).toHaveLength(2);
    ctx.clock.set(new Date(paidUntil.getTime() + TOSS_RETRY_MS));
    await toss().renewDue();
    expect((await passOf(m.userId))?.active).toBe(true);
    ctx.clock.set(new Date(paidUntil.getTime() + 2 * TOSS_RETRY_MS));
    await toss().renewDue();
    pass = await passOf(m.userId);
    expect(pass).toMatchObject({ status: 'expired', active: false, renews: false });
    const charges = await chargesOf(bought.vipId);
    expect(charges.map((c) => [c.periodNumber, c.attempt, c.status, c.failureCode])).toEqual([
      [1, 1, 'done', null],
      [2, 1, 'declined', 'REJECT_CARD_COMPANY'],
      [2, 2, 'declined', 'REJECT_CARD_COMPANY'],
      [2, 3, 'declined', 'REJECT_CARD_COMPANY'],
    ]);
    // ended: the job never charges it again
    ctx.clock.set(new Date(paidUntil.getTime() + 10 * DAY));
    await toss().renewDue();
    expect(await chargesOf(bought.vipId)).toHaveLength(4);
  });

  it('a retry that succeeds in grace extends the pass from its paid end', async () => {
    const m = await signInMember(ctx, 'TossRecover');
    const bought = await tossVipBought(ctx, m);
    const paidUntil = new Date(bought.pass.activeUntil ?? '');
    sandboxOf(ctx).tossBilling.declineCharges(bought.customerKey, 'NOT_ENOUGH_BALANCE');
    ctx.clock.set(paidUntil);
    await toss().renewDue();
    sandboxOf(ctx).tossBilling.declineCharges(bought.customerKey, null);
    ctx.clock.set(new Date(paidUntil.getTime() + TOSS_RETRY_MS));
    await toss().renewDue();
    expect(await passOf(m.userId)).toMatchObject({
      status: 'active',
      activeUntil: new Date(paidUntil.getTime() + 7 * DAY).toISOString(),
    });
  });

  it('a renewal window that passed uncharged (the job stopped for days) ends the pass, no back charges', async () => {
    const m = await signInMember(ctx, 'TossLapsed');
    const bought = await tossVipBought(ctx, m);
    ctx.clock.set(new Date(new Date(bought.pass.activeUntil ?? '').getTime() + 30 * DAY));
    await toss().renewDue();
    await toss().renewDue();
    expect(await chargesOf(bought.vipId)).toHaveLength(1);
    expect(await passOf(m.userId)).toMatchObject({ status: 'expired', active: false });
  });

  it('cancel stops renewing: the paid week runs to its end and nothing more is charged', async () => {
    const m = await signInMember(ctx, 'TossCancel');
    const bought = await tossVipBought(ctx, m);
    const r = await api(ctx.app, m, 'POST', '/vip/cancel', { vipId: bought.vipId });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<VipPassData>(r).data).toMatchObject({
      active: true,
      renews: false,
      cancelable: false,
    });
    const paidUntil = new Date(bought.pass.activeUntil ?? '');
    ctx.clock.set(new Date(paidUntil.getTime() - 1000));
    expect((await passOf(m.userId))?.active).toBe(true);
    ctx.clock.set(paidUntil);
    await toss().renewDue();
    expect(await chargesOf(bought.vipId)).toHaveLength(1);
    expect((await passOf(m.userId))?.active).toBe(false);
  });

  it('a refund goes through Toss cancel once and ends the pass; My orders shows it refunded', async () => {
    const m = await signInMember(ctx, 'TossRefund');
    const bought = await tossVipBought(ctx, m);
    const [charge] = await chargesOf(bought.vipId);
    const paymentKey = charge?.paymentKey ?? '';
    const first = await toss().refundCharge(paymentKey, 'operator refund', `refund-${paymentKey}`);
    const again = await toss().refundCharge(paymentKey, 'operator refund', `refund-${paymentKey}`);
    expect(first.ok && again.ok).toBe(true);
    expect(sandboxOf(ctx).toss.payment(paymentKey)?.status).toBe('CANCELED');
    expect(sandboxOf(ctx).toss.payment(paymentKey)?.cancels).toHaveLength(1);
    expect(await passOf(m.userId)).toMatchObject({ status: 'refunded', active: false });
    const list = body<VipChargeListData>(
      await api(ctx.app, m, 'GET', '/vip/charges?page=1&count=10'),
    ).data;
    expect(list.list[0]).toMatchObject({ stts: 'refunded', crncy: 'KRW', amnt: 6900 });
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 8 * DAY));
    await toss().renewDue();
    expect(await chargesOf(bought.vipId)).toHaveLength(1);
  });

  it("a charge canceled in Toss's console (its status webhook) ends the pass refunded, once", async () => {
    const m = await signInMember(ctx, 'TossConsole');
    const bought = await tossVipBought(ctx, m);
    const [charge] = await chargesOf(bought.vipId);
    const paymentKey = charge?.paymentKey ?? '';
    // Toss does not sign these: the payment is read back from Toss, a forged key is unknown there
    const post = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook/toss',
        payload: {
          eventType: 'PAYMENT_STATUS_CHANGED',
          data: { paymentKey: key, status: 'CANCELED' },
        },
      });
    expect(body<{ outcome: string }>(await post(paymentKey)).data.outcome).toBe('ignored');
    expect((await passOf(m.userId))?.active).toBe(true);
    sandboxOf(ctx).toss.cancel(paymentKey);
    expect(body<{ outcome: string }>(await post(paymentKey)).data.outcome).toBe('applied');
    expect(body<{ outcome: string }>(await post(paymentKey)).data.outcome).toBe('replay');
    expect(await passOf(m.userId)).toMatchObject({ status: 'refunded', active: false });
  });

  it('guests and bad input are refused', async () => {
    const m = await signInMember(ctx, 'TossBad');
    const started = await tossVipStarted(ctx, m);
    for (const payload of [
      {},
      { vipId: started.vipId, customerKey: started.customerKey },
      { vipId: 'nope', customerKey: started.customerKey, authKey: 'x' },
      { vipId: started.vipId, customerKey: started.customerKey, authKey: 7 },
    ]) {
      const r = await api(ctx.app, m, 'PUT', '/vip/toss/confirm', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // an authKey Toss never issued: Toss's refusal, the pass stays unpaid
    const forged = await confirmToss(ctx, m, { ...started, authKey: 'bln_forged' });
    expect(body(forged).code).toBe(ResultCode.PAYMENT_DECLINED);
    expect(await chargesOf(started.vipId)).toHaveLength(0);
  });
});

describe('the Toss billing stand-in outside the sandbox', () => {
  it('is never mounted in production, and without Toss a pass cannot start', async () => {
    const ctx = await createTestContext({ seed: false });
    try {
      const fake = sandboxOf(ctx);
      expect(() => sandboxCheckoutRoutes({ fake, production: true })).toThrow(/production/);
      const off = createVipToss({
        vip: ctx.services.vip,
        repo: createVipTossRepository(ctx.database.db),
        gateways: { toss: undefined },
        clock: systemClock,
      });
      const m = await signInMember(ctx, 'TossOff');
      const { pass } = await ctx.services.vip.openCheckout(m.userId, 'vip_weekly', 'T');
      await expect(off.start(pass, 'http://localhost')).rejects.toMatchObject({
        code: ResultCode.PAYMENT_PROVIDER_UNAVAILABLE,
      });
    } finally {
      await ctx.close();
    }
  });
});
