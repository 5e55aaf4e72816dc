import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import { auth, signInMember } from '../wallet/wallet.test-support';

const ctx = useTestContext();
let guest: Caller;

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
});

type Headers = Record<string, string>;
const save = (headers: Headers, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}/drama/episode/position`,
    headers,
    payload: payload as object,
  });
const ofDrama = (headers: Headers, dramaId: number | string) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/episode/position/${dramaId}`, headers });
const continueList = (headers: Headers, count: number | string = 10) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/continue/list/${count}`, headers });

describe('playback positions', () => {
  it('a guest saves a position; the latest save of an episode wins', async () => {
    expect(
      (await save(bearer(guest), { dramId: 1, epsd: 2, position: 12.7, duration: 30 })).statusCode,
    ).toBe(200);
    ctx.clock.advance(1000);
    const res = await save(bearer(guest), { dramId: 1, epsd: 2, position: 15.2, duration: 30 });
    expect(res.json().data).toMatchObject({ epsd: 2, position: 15, duration: 30 });
    const list = (await ofDrama(bearer(guest), 1)).json().data.positionList;
    expect(list).toEqual([expect.objectContaining({ epsd: 2, position: 15, duration: 30 })]);
  });

  it('bad input is 400 or 404 and stores nothing', async () => {
    for (const bad of [
      {},
      { dramId: 1, epsd: 2, position: -1, duration: 30 },
      { dramId: 1, epsd: 2, position: 31, duration: 30 },
      { dramId: 1, epsd: 2, position: 0, duration: 0 },
      { dramId: 1, epsd: 0, position: 1, duration: 30 },
      { dramId: 'x', epsd: 1, position: 1, duration: 30 },
    ]) {
      const res = await save(bearer(guest), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (const [unknown, code] of [
      [{ dramId: 99_999, epsd: 1, position: 1, duration: 30 }, ResultCode.DRAMA_NOT_FOUND],
      [{ dramId: 1, epsd: 9_999, position: 1, duration: 30 }, ResultCode.EPISODE_NOT_FOUND],
    ] as const) {
      const res = await save(bearer(guest), unknown);
      expect(res.json().code, JSON.stringify(unknown)).toBe(code);
    }
    expect((await save({}, { dramId: 1, epsd: 1, position: 1, duration: 30 })).statusCode).toBe(
      401,
    );
    expect((await ofDrama(bearer(guest), 1)).json().data.positionList).toHaveLength(1);
  });

  it('continue list: latest episode per drama, newest first; a finished episode hands over to the next', async () => {
    const viewer = await signInMember(ctx, 'Cont');
    await save(auth(viewer), { dramId: 2, epsd: 1, position: 10, duration: 30 });
    ctx.clock.advance(1000);
    await save(auth(viewer), { dramId: 2, epsd: 3, position: 29, duration: 30 });
    ctx.clock.advance(1000);
    await save(auth(viewer), { dramId: 3, epsd: 1, position: 20, duration: 30 });
    const items = (await continueList(auth(viewer))).json().data.continueList;
    expect(
      items.map((i: { dram_id: number; epsd: number; position: number }) => [
        i.dram_id,
        i.epsd,
        i.position,
      ]),
    ).toEqual([
      [3, 1, 20],
      [2, 4, 0],
    ]);
    expect(items[0]).toMatchObject({
      titl_lang_key: expect.any(String),
      epsd_cnt: expect.any(Number),
    });
    expect((await continueList(auth(viewer), 1)).json().data.continueList).toHaveLength(1);
    for (const bad of [0, 51, 'x'])
      expect((await continueList(auth(viewer), bad)).statusCode).toBe(400);
    // another viewer sees only their own
    expect(
      (await continueList(bearer(guest)))
        .json()
        .data.continueList.map((i: { dram_id: number }) => i.dram_id),
    ).toEqual([1]);
  });

  it('a guest’s positions carry over to the account it signs in to; the later save wins', async () => {
    const member = await signInMember(ctx, 'Merge');
    ctx.clock.advance(1000);
    await save(auth(member), { dramId: 1, epsd: 2, position: 5, duration: 30 });
    ctx.clock.advance(1000);
    const other = await joinGuest(ctx.app);
    await save(bearer(other), { dramId: 1, epsd: 2, position: 22, duration: 30 });
    await save(bearer(other), { dramId: 4, epsd: 1, position: 7, duration: 30 });
    const guestUserId = (await ctx.services.auth.authenticate(other.token)).userId;
    await ctx.database.db.transaction((tx) =>
      ctx.services.progress.transferUserData(guestUserId, member.userId, tx),
    );
    const mine = (await ofDrama(auth(member), 1)).json().data.positionList;
    expect(mine).toEqual([expect.objectContaining({ epsd: 2, position: 22 })]);
    expect((await ofDrama(auth(member), 4)).json().data.positionList).toHaveLength(1);
  });
});
