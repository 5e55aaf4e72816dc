import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { API_BASE } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { dramas } from '../catalog/catalog.tables';
import { auth, signInMember, type Member } from '../wallet/wallet.test-support';
import { bookmarks } from './bookmarks.tables';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('bookmark count races on PostgreSQL', () => {
  const ctx = useTestContext();
  let members: Member[] = [];

  beforeAll(async () => {
    members = [];
    for (let i = 0; i < 100; i += 1) members.push(await signInMember(ctx, `Racer${i}`));
  });

  const url = `${API_BASE}/drama/bookmark`;
  const add = (who: Member, dramId: number) =>
    ctx.app.inject({ method: 'POST', url, headers: auth(who), payload: { dramId } });
  const remove = (who: Member, dramIds: number[]) =>
    ctx.app.inject({ method: 'DELETE', url, headers: auth(who), payload: { dramIds } });

  async function expectCountsExact(dramaIds: number[]) {
    for (const id of dramaIds) {
      const [drama] = await ctx.database.db
        .select({ bkmk: dramas.bookmarkCount })
        .from(dramas)
        .where(eq(dramas.id, id));
      const [rows] = await ctx.database.db
        .select({ n: count() })
        .from(bookmarks)
        .where(eq(bookmarks.dramaId, id));
      expect(drama?.bkmk, `drama ${id}`).toBe(rows?.n);
    }
  }

  it('100 members toggling one drama at once: bkmk_cnt equals the bookmarks held', async () => {
    // half start bookmarked, so the 100 toggles are 50 deletes and 50 adds at once
    for (const m of members.slice(0, 50)) expect((await add(m, 1)).statusCode).toBe(200);
    const before = (await ctx.database.db.select().from(dramas).where(eq(dramas.id, 1)))[0]
      ?.bookmarkCount;
    expect(before).toBe(50);
    const replies = await Promise.all(members.map((m, i) => (i < 50 ? remove(m, [1]) : add(m, 1))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    await expectCountsExact([1]);
    const [drama] = await ctx.database.db.select().from(dramas).where(eq(dramas.id, 1));
    expect(drama?.bookmarkCount).toBe(50);
  });

  it('duplicate adds, deletes of several dramas in different orders: exact and no deadlock', async () => {
    const ids = [2, 3, 4];
    // in waves of 25 members (150 requests at once): all 600 at once waited past the pool's 5 s
    // for a connection on a loaded CI machine (503), which is the pool's limit, not this race
    const added: { statusCode: number }[] = [];
    for (let wave = 0; wave < members.length; wave += 25) {
      const requests: Promise<{ statusCode: number }>[] = [];
      for (const [i, m] of members.slice(wave, wave + 25).entries()) {
        const mine = i % 2 === 0 ? ids : [...ids].reverse();
        // the same member adds each drama twice at once: one 200, one 409001
        for (const id of mine) requests.push(add(m, id), add(m, id));
      }
      added.push(...(await Promise.all(requests)));
    }
    const statuses = added.map((r) => r.statusCode);
    expect(
      statuses.filter((code) => code === 200),
      statuses.join(' '),
    ).toHaveLength(300);
    expect(statuses.filter((code) => code === 409)).toHaveLength(300);
    await expectCountsExact(ids);

    // every member removes all three in one call while a third of them re-add one at once
    const mixed = await Promise.all(
      members.flatMap((m, i) => [
        remove(m, i % 2 === 0 ? ids : [...ids].reverse()),
        ...(i % 3 === 0 ? [add(m, 2)] : []),
      ]),
    );
    expect(mixed.every((r) => [200, 404, 409].includes(r.statusCode))).toBe(true);
    await expectCountsExact(ids);
  });
});
