import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ADMIN_BASE,
  API_BASE,
  ResultCode,
  type Experiment,
  type ExperimentResults,
  type PaymentGoods,
} from '@snapdrama/contract';
import { assignVariant } from '@snapdrama/rules';
import { useTestContext } from '../../test/harness';
import {
  operatorCall,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import { api, body, sandboxOf } from '../payments/payments.test-support';
import { signInMember, type Member } from '../wallet/wallet.test-support';

const base = `${API_BASE}${ADMIN_BASE}/experiments`;

/** Coin-pack and first-charge experiments: the list shows the variant, the order charges it. */
describe('experiments on coin packs (issue 43 item 5)', () => {
  const ctx = useTestContext({ seed: false });
  let admin: OperatorCaller;
  beforeAll(async () => {
    admin = await signInOperator(ctx, 'admin');
  });
  const call = operatorCall(ctx, () => admin);
  const packOf = async (who: Member) => {
    const list = body<{ paymentGoodsList: PaymentGoods[] }>(
      await api(ctx.app, who, 'GET', '/payment/goods/list'),
    ).data.paymentGoodsList;
    return list.find((g) => g.gods_code === 'coin_500');
  };
  const register = (who: Member, price: number) =>
    api(ctx.app, who, 'POST', '/payment/regist', { godsCode: 'coin_500', pymnGtwy: 'T', price });
  async function oneViewerPerVariant(id: string): Promise<[Member, Member]> {
    const { salt, split } = await ctx.services.experiments.get(id);
    const found: (Member | undefined)[] = [undefined, undefined];
    while (!found[0] || !found[1]) {
      const m = await signInMember(ctx, 'Buyer');
      found[assignVariant(salt, m.userId, split as number[])] ??= m;
    }
    return [found[0], found[1]];
  }

  it('the pack list shows each viewer their variant; the order charges it; a stop never raises it', async () => {
    const before = await ctx.services.payments.allGoods();
    const pack = before.find((g) => g.godsCode === 'coin_500');
    if (!pack) throw new Error('no coin_500 pack');
    const exp = await call<Experiment>('POST', base, {
      kind: 'coin_pack',
      name: 'Cheaper 500',
      godsCode: 'coin_500',
      variants: [
        { krw: pack.krw, usdCents: pack.usdCents, bonusCoin: pack.bonusCoin },
        { krw: pack.krw - 1000, usdCents: pack.usdCents - 100, bonusCoin: pack.bonusCoin + 50 },
      ],
      split: [50, 50],
    });
    await call('POST', `${base}/${exp.id}/start`);
    const [a, b] = await oneViewerPerVariant(exp.id);
    expect(await packOf(a)).toMatchObject({ krw: pack.krw, bons_coin: pack.bonusCoin });
    expect(await packOf(b)).toMatchObject({ krw: pack.krw - 1000, bons_coin: pack.bonusCoin + 50 });

    // B pays what B was shown; the catalog's price is refused for B (never charged more)
    expect(body(await register(b, pack.krw)).code).toBe(ResultCode.PAYMENT_PRICE_MISMATCH);
    const reg = body<{ ordrId: string; amnt: number }>(await register(b, pack.krw - 1000)).data;
    expect(reg.amnt).toBe(pack.krw - 1000);
    const pymnKey = sandboxOf(ctx).toss.authorize({
      orderId: reg.ordrId,
      amount: reg.amnt,
      orderName: 'x',
      outcome: 'approve',
    });
    const paid = await api(ctx.app, b, 'PUT', '/payment/toss/confirm', {
      ordrId: reg.ordrId,
      amnt: reg.amnt,
      pymnKey,
    });
    expect(body<{ bons_coin: number }>(paid).data.bons_coin).toBe(
      pack.bonusCoin + 50 + pack.firstBonusCoin,
    );

    const results = await call<ExperimentResults>('GET', `${base}/${exp.id}/results`);
    expect(results.revenueUnit).toBe('krw');
    expect(results.variants.map((v) => [v.exposures, v.conversions])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(results.variants[1]?.revenuePerViewer?.estimate).toBe(pack.krw - 1000);

    // stopped: B keeps the lower price and the higher bonus; a newcomer gets the catalog's
    await call('POST', `${base}/${exp.id}/stop`);
    expect(await packOf(b)).toMatchObject({ krw: pack.krw - 1000, bons_coin: pack.bonusCoin + 50 });
    expect(body<{ amnt: number }>(await register(b, pack.krw - 1000)).data.amnt).toBe(
      pack.krw - 1000,
    );
    expect(await packOf(await signInMember(ctx, 'Newcomer'))).toMatchObject({ krw: pack.krw });
    // nothing about the pack changed in the catalog until shipped
    expect((await ctx.services.payments.allGoods()).find((g) => g.godsCode === 'coin_500')).toEqual(
      pack,
    );
  });

  it('a first-charge bonus variant shows and ships through payments, audited', async () => {
    const pack = (await ctx.services.payments.allGoods()).find((g) => g.godsCode === 'coin_500');
    if (!pack) throw new Error('no coin_500 pack');
    const exp = await call<Experiment>('POST', base, {
      kind: 'first_charge_bonus',
      name: 'Bigger first charge',
      godsCode: 'coin_500',
      variants: [
        { firstBonusCoin: pack.firstBonusCoin },
        { firstBonusCoin: pack.firstBonusCoin + 200 },
      ],
      split: [50, 50],
    });
    await call('POST', `${base}/${exp.id}/start`);
    const [, b] = await oneViewerPerVariant(exp.id);
    expect((await packOf(b))?.bons_coin_1st).toBe(pack.firstBonusCoin + 200);
    await call('POST', `${base}/${exp.id}/ship`, { variant: 1 });
    const after = (await ctx.services.payments.allGoods()).find((g) => g.godsCode === 'coin_500');
    expect(after).toEqual({ ...pack, firstBonusCoin: pack.firstBonusCoin + 200 });
    const audit = JSON.stringify(
      await ctx.database.db.execute(
        sql`select action, target_id from audit_log where action in ('goods.update', 'experiment.ship')`,
      ),
    );
    expect(audit).toContain('goods.update');
    expect(audit).toContain('experiment.ship');
    expect((await packOf(await signInMember(ctx, 'Later')))?.bons_coin_1st).toBe(
      pack.firstBonusCoin + 200,
    );
  });
});
