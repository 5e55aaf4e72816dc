import { beforeEach, describe, expect, it } from 'vitest';
import { ResultCode, type VipChargeData, type VipChargeListData } from '@snapdrama/contract';
import { joinGuest, useTestContext } from '../../test/harness';
import { api, body, sandboxOf } from '../payments/payments.test-support';
import { signInAgain, signInMember } from '../wallet/wallet.test-support';
import { postVipStripe, stripeInvoice, stripeVipBought } from './vip.test-support';

const DAY_S = 86_400;

/** Issue 40 item 2: VIP charges in My orders, each with its receipt. */
describe('VIP charges (My orders)', () => {
  const ctx = useTestContext({ seed: false });
  // the stand-in dates periods by the wall clock; the app's clock starts there
  beforeEach(() => ctx.clock.set(new Date()));

  const list = async (who: { token: string }, query = '') => {
    const r = await api(ctx.app, who, 'GET', `/vip/charges${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return body<VipChargeListData>(r).data;
  };

  it('each paid period is a charge with the plan price; a renewal adds one, a refund marks it', async () => {
    let m = await signInMember(ctx, 'VipCharges');
    expect(await list(m)).toEqual({ list: [], totalCount: 0, page: 1, count: 20, lastPage: true });

    const bought = await stripeVipBought(ctx, m, 'vip_monthly');
    const sub = sandboxOf(ctx).stripe.subscription(bought.subscriptionId);
    if (!sub) throw new Error('no subscription at the stand-in');
    const first = await list(m);
    expect(first.totalCount).toBe(1);
    expect(first.list[0]).toMatchObject({
      vipId: bought.vipId,
      plan: 'vip_monthly',
      pymn_gtwy: 'S',
      amnt: 14.99,
      crncy: 'USD',
      stts: 'paid',
      rfnd_dtm: null,
      prvd_id: sub.latest_invoice,
      strt_dtm: new Date(sub.current_period_start * 1000).toISOString(),
      end_dtm: new Date(sub.current_period_end * 1000).toISOString(),
    });

    // the renewal a month later is a second charge, listed first; its notice replayed adds none
    ctx.clock.set(new Date(sub.current_period_end * 1000 + 60_000));
    m = await signInAgain(ctx, m);
    const renewal = stripeInvoice(
      'in_vip_renewal',
      bought.subscriptionId,
      { start: sub.current_period_end, end: sub.current_period_end + 30 * DAY_S },
      bought.vipId,
    );
    for (let i = 0; i < 2; i++) {
      const r = await postVipStripe(ctx, 'invoice.paid', renewal, { eventId: 'evt_renewal' });
      expect(r.statusCode).toBe(200);
    }
    const two = await list(m);
    expect(two.list.map((c) => c.prvd_id)).toEqual(['in_vip_renewal', sub.latest_invoice]);

    // the renewal's money returned: that charge is refunded, the first stays paid
    const refunded = await postVipStripe(ctx, 'charge.refunded', {
      id: 'ch_vip_renewal',
      object: 'charge',
      invoice: 'in_vip_renewal',
      amount_refunded: 1499,
    });
    expect(refunded.statusCode).toBe(200);
    const after = await list(m);
    expect(after.list.map((c) => c.stts)).toEqual(['refunded', 'paid']);
    expect(after.list[0]?.rfnd_dtm).not.toBeNull();

    // paged: one per page
    const page1 = await list(m, '?page=1&count=1');
    const page2 = await list(m, '?page=2&count=1');
    expect([page1.lastPage, page2.lastPage]).toEqual([false, true]);
    expect([...page1.list, ...page2.list]).toEqual(after.list);

    // the receipt is the list's entry
    const charge = after.list[1] as VipChargeData;
    const receipt = await api(ctx.app, m, 'GET', `/vip/charges/${charge.chrgId}`);
    expect(receipt.statusCode).toBe(200);
    expect(body<VipChargeData>(receipt).data).toEqual(charge);
  });

  it("a guest, another viewer's charge and bad paging are refused with their codes", async () => {
    const owner = await signInMember(ctx, 'VipChargeOwner');
    const other = await signInMember(ctx, 'VipChargeOther');
    await stripeVipBought(ctx, owner, 'vip_weekly');
    const [charge] = (await list(owner)).list;
    if (!charge) throw new Error('no charge');

    const guest = await joinGuest(ctx.app);
    const guestList = await api(ctx.app, guest, 'GET', '/vip/charges');
    expect(guestList.statusCode).toBe(403);
    expect(body(guestList).code).toBe(ResultCode.GUEST_NOT_ALLOWED);

    const theirs = await api(ctx.app, other, 'GET', `/vip/charges/${charge.chrgId}`);
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).code).toBe(ResultCode.VIP_NOT_FOUND);
    expect((await list(other)).totalCount).toBe(0);

    for (const url of ['/vip/charges/not-a-uuid', '/vip/charges?count=0', '/vip/charges?page=x']) {
      const r = await api(ctx.app, owner, 'GET', url);
      expect(r.statusCode, url).toBe(400);
    }
    expect((await list(owner)).list).toEqual([charge]);
  });
});
