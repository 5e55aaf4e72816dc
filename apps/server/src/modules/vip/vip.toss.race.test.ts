import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VipPassData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { servicesPresent } from '../../test/services';
import { body, sandboxOf } from '../payments/payments.test-support';
import { signInMember } from '../wallet/wallet.test-support';
import { vipTossCharges } from './vip.tables';
import { confirmToss, tossCardRegistered, tossVipBought, tossVipStarted } from './vip.test-support';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('VIP through Toss: races on PostgreSQL', () => {
  const ctx = useTestContext({ seed: false });
  beforeAll(async () => {
    ctx.clock.set(new Date());
  });
  const chargesOf = (vipId: string) =>
    ctx.database.db.select().from(vipTossCharges).where(eq(vipTossCharges.subscriptionId, vipId));

  it('20 concurrent returns with one authKey issue one key and charge once; all answer the pass', async () => {
    const m = await signInMember(ctx, 'TossRaceConfirm');
    const started = await tossVipStarted(ctx, m);
    const authKey = tossCardRegistered(ctx, started.customerKey);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => confirmToss(ctx, m, { ...started, authKey })),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const untils = new Set(replies.map((r) => body<VipPassData>(r).data.activeUntil));
    expect(untils.size).toBe(1);
    expect(sandboxOf(ctx).tossBilling.chargesOf(started.customerKey)).toHaveLength(1);
    expect(await chargesOf(started.vipId)).toHaveLength(1);
    expect(await ctx.services.vip.periodsOf(started.vipId)).toHaveLength(1);
  });

  it('two cards registered at once (two tabs): one first charge, the other answers the pass', async () => {
    const m = await signInMember(ctx, 'TossRaceTabs');
    const started = await tossVipStarted(ctx, m);
    const keys = [0, 1, 2].map(() => tossCardRegistered(ctx, started.customerKey));
    const replies = await Promise.all(
      keys.map((authKey) => confirmToss(ctx, m, { ...started, authKey })),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(sandboxOf(ctx).tossBilling.chargesOf(started.customerKey)).toHaveLength(1);
    expect(await ctx.services.vip.periodsOf(started.vipId)).toHaveLength(1);
  });

  it('the renewal job on 12 workers at once charges a due period once', async () => {
    const m = await signInMember(ctx, 'TossRaceRenew');
    const bought = await tossVipBought(ctx, m);
    ctx.clock.set(new Date(bought.pass.activeUntil ?? ''));
    const reports = await Promise.all(
      Array.from({ length: 12 }, () => ctx.services.vipToss.renewDue()),
    );
    expect(reports.reduce((n, r) => n + r.errors, 0)).toBe(0);
    expect(sandboxOf(ctx).tossBilling.chargesOf(bought.customerKey)).toHaveLength(2);
    const charges = await chargesOf(bought.vipId);
    expect(charges.filter((c) => c.periodNumber === 2)).toMatchObject([{ status: 'done' }]);
    expect(await ctx.services.vip.periodsOf(bought.vipId)).toHaveLength(2);
  });

  it('declines on many workers: one attempt per day, VIP ends after the third', async () => {
    const m = await signInMember(ctx, 'TossRaceDecline');
    const bought = await tossVipBought(ctx, m);
    sandboxOf(ctx).tossBilling.declineCharges(bought.customerKey, 'REJECT_CARD_COMPANY');
    const end = new Date(bought.pass.activeUntil ?? '').getTime();
    for (const day of [0, 1, 2]) {
      ctx.clock.set(new Date(end + day * 86_400_000));
      await Promise.all(Array.from({ length: 8 }, () => ctx.services.vipToss.renewDue()));
    }
    const renewals = (await chargesOf(bought.vipId)).filter((c) => c.periodNumber === 2);
    expect(renewals.map((c) => c.attempt).sort()).toEqual([1, 2, 3]);
    expect(await ctx.services.vip.passOf(m.userId)).toMatchObject({
      status: 'expired',
      active: false,
    });
  });

  it('a cancel in the last second, with the job running on 6 workers: no renewal is charged', async () => {
    const m = await signInMember(ctx, 'TossRaceCancel');
    const bought = await tossVipBought(ctx, m);
    const end = new Date(bought.pass.activeUntil ?? '').getTime();
    ctx.clock.set(new Date(end - 1000));
    // the service, not the route: a week on the clock has expired the viewer's access token
    const [cancel] = await Promise.all([
      ctx.services.vipGateways.cancel({ userId: m.userId, authMethod: 'google' }, bought.vipId),
      ...Array.from({ length: 6 }, () => ctx.services.vipToss.renewDue()),
    ]);
    expect(cancel).toMatchObject({ renews: false, active: true });
    for (const later of [end, end + 86_400_000, end + 30 * 86_400_000]) {
      ctx.clock.set(new Date(later));
      await Promise.all(Array.from({ length: 6 }, () => ctx.services.vipToss.renewDue()));
    }
    expect(sandboxOf(ctx).tossBilling.chargesOf(bought.customerKey)).toHaveLength(1);
    expect((await ctx.services.vip.passOf(m.userId))?.active).toBe(false);
  });
});
