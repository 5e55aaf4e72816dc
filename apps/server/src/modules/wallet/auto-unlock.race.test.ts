import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_BASE, ResultCode, type AutoUnlockData } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { watchPositions } from '../progress/progress.tables';
import { autoUnlock, savePosition, setAutoUnlock, undo } from './auto-unlock.test-support';
import {
  addUniformDramas,
  auth,
  signInMember,
  grantCoins,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';
import { servicesPresent } from '../../test/services';

// PGlite has one connection and cannot race; these run on the PostgreSQL server (CI has one).
describe.runIf(servicesPresent('postgres'))('auto-unlock undo races on PostgreSQL', () => {
  const PRICE = 25;
  const FREE = 1;
  const ROUNDS = 16;
  const ctx = useTestContext({ seed: false });
  let dramaIds: number[] = [];

  beforeAll(async () => {
    dramaIds = await addUniformDramas(ctx, {
      count: ROUNDS,
      episodes: 4,
      free: FREE,
      price: PRICE,
    });
  });
  expectLedgerBalancedAfterAll(ctx);

  it('an undo raced with a save of playback past 10 %: exactly one wins, every round', async () => {
    const m = await signInMember(ctx, 'Racer');
    await grantCoins(ctx, m.userId, PRICE * ROUNDS, 'bonus', {
      idempotencyKey: `au-race-${m.userId}`,
    });
    await setAutoUnlock(ctx.app, m, { enabled: true });
    let undone = 0;
    let kept = 0;
    for (const [i, dramId] of dramaIds.entries()) {
      const a = (await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 })).json<{
        data: AutoUnlockData;
      }>().data;
      expect(a.usag_coin).toBe(PRICE);
      // half the rounds send the save first, half the undo first; both in flight together
      const save = () =>
        savePosition(ctx.app, m, { dramId, epsd: FREE + 1, position: 15, duration: 30 });
      const back = () => undo(ctx.app, m, { autoUnlockId: a.auto_unlock_id });
      let s, u;
      if (i % 2) [s, u] = await Promise.all([save(), back()]);
      else [u, s] = await Promise.all([back(), save()]);
      const saveCode = s.json<{ code: number }>().code;
      const undoCode = u.json<{ code: number }>().code;
      const [stored] = await ctx.database.db
        .select()
        .from(watchPositions)
        .where(
          and(
            eq(watchPositions.userId, m.userId),
            eq(watchPositions.dramaId, dramId),
            eq(watchPositions.episodeNumber, FREE + 1),
          ),
        );
      const unlocked = await ctx.services.wallet.unlockedEpisodes(m.userId, dramId);
      if (undoCode === 0) {
        // the undo went first: the save found the episode given back and stored nothing
        undone++;
        expect(saveCode).toBe(ResultCode.EPISODE_LOCKED);
        expect(stored).toBeUndefined();
        expect(unlocked).toEqual([]);
      } else {
        // the save went first: the undo saw 50 % and refused; the unlock stays
        kept++;
        expect(undoCode).toBe(ResultCode.AUTO_UNLOCK_UNDO_WATCHED);
        expect(saveCode).toBe(0);
        expect(stored?.positionSeconds).toBe(15);
        expect(unlocked).toEqual([FREE + 1]);
      }
    }
    expect(undone + kept).toBe(ROUNDS);
    console.info(`undo won ${undone} rounds, the save ${kept}`);
    const balances = await ctx.services.wallet.balances(m.userId);
    expect(balances.bonus).toBe(PRICE * undone);
  });

  it('an undo raced with the start of playback: the undo wins and the episode is locked again, every round', async () => {
    const m = await signInMember(ctx, 'Starter');
    const rounds = 8;
    await grantCoins(ctx, m.userId, PRICE * rounds, 'bonus', {
      idempotencyKey: `au-start-${m.userId}`,
    });
    await setAutoUnlock(ctx.app, m, { enabled: true });
    const start = (dramId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/drama/episode`,
        headers: auth(m),
        payload: { dramId, epsd: FREE + 1 },
      });
    for (const [i, dramId] of dramaIds.slice(0, rounds).entries()) {
      const a = (await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 })).json<{
        data: AutoUnlockData;
      }>().data;
      const back = () => undo(ctx.app, m, { autoUnlockId: a.auto_unlock_id });
      let u, s;
      if (i % 2) [u, s] = await Promise.all([back(), start(dramId)]);
      else [s, u] = await Promise.all([start(dramId), back()]);
      // nothing was played past 10 %: the undo is honoured whichever came first
      expect(u.json<{ code: number; data: { rfnd_coin: number } }>().data.rfnd_coin).toBe(PRICE);
      expect([0, ResultCode.EPISODE_LOCKED]).toContain(s.json<{ code: number }>().code);
      // a view made while it was bought was forgotten: the episode is locked again
      expect((await start(dramId)).json<{ code: number }>().code).toBe(ResultCode.EPISODE_LOCKED);
      expect(await ctx.services.wallet.unlockedEpisodes(m.userId, dramId)).toEqual([]);
    }
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({
      paid: 0,
      bonus: PRICE * rounds,
    });
  });

  it('20 parallel undos of one auto-unlock give the coins back once', async () => {
    const m = await signInMember(ctx, 'Twenty');
    await grantCoins(ctx, m.userId, PRICE, 'bonus', { idempotencyKey: `au-twenty-${m.userId}` });
    await setAutoUnlock(ctx.app, m, { enabled: true });
    const dramId = dramaIds[0] ?? 0;
    // a new member: episode FREE + 1 is the next one for them
    const target = (await autoUnlock(ctx.app, m, { dramId, epsd: FREE + 1 })).json<{
      data: AutoUnlockData;
    }>().data;
    expect(target.usag_coin).toBe(PRICE);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => undo(ctx.app, m, { autoUnlockId: target.auto_unlock_id })),
    );
    const bodies = replies.map((r) => r.json<{ code: number; data: { rfnd_coin: number } }>());
    expect(bodies.every((b) => b.code === 0)).toBe(true);
    expect(bodies.filter((b) => b.data.rfnd_coin > 0)).toHaveLength(1);
    expect(bodies.reduce((s, b) => s + b.data.rfnd_coin, 0)).toBe(PRICE);
    expect(await ctx.services.wallet.balances(m.userId)).toEqual({ paid: 0, bonus: PRICE });
  });
});
