import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, MAX_BOOKMARK_DELETE, ResultCode, enMessages } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import { auth, signInMember, type Member } from '../wallet/wallet.test-support';

const ctx = useTestContext();
let guest: Caller;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
  alice = await signInMember(ctx, 'Alice');
  bob = await signInMember(ctx, 'Bob');
});

type Headers = Record<string, string>;
const url = `${API_BASE}/drama/bookmark`;
const list = (headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const add = (headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const remove = (headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'DELETE', url, headers, payload: payload as object });
const info = (headers: Headers, dramaId: number) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/${dramaId}`, headers });
const start = (headers: Headers, dramId: number, epsd: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers,
    payload: { dramId, epsd },
  });

async function countOf(dramaId: number): Promise<number> {
  return (await info({}, dramaId)).json<{ data: { drama: { bkmk_cnt: number } } }>().data.drama
    .bkmk_cnt;
}

describe('bookmarks for guests and anonymous callers', () => {
  it('a guest is refused with 403005 on all three calls and nothing changes', async () => {
    const before = await countOf(2);
    for (const res of [
      await list(bearer(guest)),
      await add(bearer(guest), { dramId: 2 }),
      await remove(bearer(guest), { dramIds: [2] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: ResultCode.GUEST_NOT_ALLOWED, data: null });
    }
    expect(await countOf(2)).toBe(before);
  });

  it('without a session the calls are 401', async () => {
    expect((await list({})).json().code).toBe(ResultCode.INVALID_SESSION);
    expect((await add({}, { dramId: 2 })).statusCode).toBe(401);
    expect((await remove({}, { dramIds: [2] })).statusCode).toBe(401);
  });
});

describe('POST /drama/bookmark', () => {
  it('adds a bookmark: count +1, drama/info says bookmarked, the list has it', async () => {
    const before = await countOf(3);
    const res = await add(auth(alice), { dramId: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { dramId: 3, bkmk_cnt: before + 1 } });
    expect(await countOf(3)).toBe(before + 1);
    expect((await info(auth(alice), 3)).json().data.bookmark).toBe(true);
    expect((await info(auth(bob), 3)).json().data.bookmark).toBe(false);
    const items = (await list(auth(alice))).json().data.bookmarkList;
    expect(items).toEqual([
      expect.objectContaining({ dram_id: 3, epsd: 0, titl_lang_key: expect.any(String) }),
    ]);
  });

  it('a second add is 409001 and the count does not move', async () => {
    const before = await countOf(3);
    const res = await add(auth(alice), { dramId: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ResultCode.ALREADY_BOOKMARKED);
    expect(await countOf(3)).toBe(before);
  });

  it('an unknown drama is 404002; malformed bodies are 400', async () => {
    const unknown = await add(auth(alice), { dramId: 99_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
    for (const bad of [{}, { dramId: 'x' }, { dramId: 0 }, { dramId: -1 }, { dramId: 1.5 }]) {
      const res = await add(auth(alice), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
  });
});

describe('GET /drama/bookmark', () => {
  it('lists the last watched episode, newest bookmark first, and only the caller’s', async () => {
    await start(auth(bob), 4, 1);
    ctx.clock.advance(1000);
    await start(auth(bob), 4, 2);
    ctx.clock.advance(1000);
    await start(auth(bob), 4, 1); // re-watching 1 makes it the last watched
    expect((await add(auth(bob), { dramId: 4 })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await add(auth(bob), { dramId: 5 })).statusCode).toBe(200);
    const items = (await list(auth(bob))).json().data.bookmarkList;
    expect(items.map((i: { dram_id: number; epsd: number }) => [i.dram_id, i.epsd])).toEqual([
      [5, 0],
      [4, 1],
    ]);
    expect(items[1]).toMatchObject({
      epsd_cnt: expect.any(Number),
      pstr_vrtc_path: expect.any(String),
    });
  });
});

describe('DELETE /drama/bookmark', () => {
  it('removes all named bookmarks at once and lowers each count by one', async () => {
    await add(auth(alice), { dramId: 6 });
    await add(auth(alice), { dramId: 7 });
    const [c6, c7] = [await countOf(6), await countOf(7)];
    const res = await remove(auth(alice), { dramIds: [7, 6, 7] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      dramIds: [6, 7],
      bkmkCntList: [
        { dram_id: 6, bkmk_cnt: c6 - 1 },
        { dram_id: 7, bkmk_cnt: c7 - 1 },
      ],
    });
    const ids = (await list(auth(alice)))
      .json()
      .data.bookmarkList.map((i: { dram_id: number }) => i.dram_id);
    expect(ids).toEqual([3]);
  });

  it('all or nothing: one id that is not bookmarked keeps every bookmark and names the id', async () => {
    const before = await countOf(3);
    for (const dramIds of [
      [3, 8],
      [3, 99_999],
    ]) {
      const res = await remove(auth(alice), { dramIds });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ResultCode.BOOKMARK_NOT_FOUND);
      expect(res.json().message).toBe(enMessages['error.404080']);
    }
    expect(await countOf(3)).toBe(before);
    expect((await info(auth(alice), 3)).json().data.bookmark).toBe(true);
  });

  it('another user’s bookmark cannot be removed', async () => {
    const before = await countOf(4);
    const res = await remove(auth(alice), { dramIds: [4] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ResultCode.BOOKMARK_NOT_FOUND);
    expect(await countOf(4)).toBe(before);
    expect((await info(auth(bob), 4)).json().data.bookmark).toBe(true);
  });

  it('empty, oversized and malformed id lists are 400 and change nothing', async () => {
    const oversized = Array.from({ length: MAX_BOOKMARK_DELETE + 1 }, (_, i) => i + 1);
    for (const bad of [
      {},
      { dramIds: [] },
      { dramIds: oversized },
      { dramIds: 3 },
      { dramIds: ['a'] },
      { dramIds: [0] },
    ]) {
      const res = await remove(auth(alice), bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    expect((await info(auth(alice), 3)).json().data.bookmark).toBe(true);
  });
});

describe('auto-bookmark after 3 consecutive watched episodes (spec §4)', () => {
  it('a member is bookmarked on the third consecutive episode, once', async () => {
    const carol = await signInMember(ctx, 'Carol');
    const before = await countOf(9);
    expect((await start(auth(carol), 9, 1)).json().data.autoBookmarked).toBeUndefined();
    expect((await start(auth(carol), 9, 2)).json().data.autoBookmarked).toBeUndefined();
    expect((await info(auth(carol), 9)).json().data.bookmark).toBe(false);
    expect((await start(auth(carol), 9, 3)).json().data.autoBookmarked).toBe(true);
    expect((await info(auth(carol), 9)).json().data.bookmark).toBe(true);
    expect(await countOf(9)).toBe(before + 1);
    const items = (await list(auth(carol))).json().data.bookmarkList;
    expect(items).toEqual([expect.objectContaining({ dram_id: 9, epsd: 3 })]);

    // removed by the viewer: watching on does not bookmark it again
    expect((await remove(auth(carol), { dramIds: [9] })).statusCode).toBe(200);
    expect((await start(auth(carol), 9, 4)).json().data.autoBookmarked).toBeUndefined();
    expect((await info(auth(carol), 9)).json().data.bookmark).toBe(false);
    expect(await countOf(9)).toBe(before);
  });

  it('episodes 1 and 3 are not consecutive', async () => {
    const dave = await signInMember(ctx, 'Dave');
    await start(auth(dave), 10, 1);
    await start(auth(dave), 10, 3);
    expect((await info(auth(dave), 10)).json().data.bookmark).toBe(false);
  });

  it('a guest is never auto-bookmarked', async () => {
    const other = await joinGuest(ctx.app);
    for (const epsd of [1, 2, 3]) await start(bearer(other), 10, epsd);
    expect((await info(bearer(other), 10)).json().data.bookmark).toBe(false);
  });
});

describe('withdrawal', () => {
  it('erases the member’s bookmarks and lowers the counts', async () => {
    const erin = await signInMember(ctx, 'Erin');
    await add(auth(erin), { dramId: 2 });
    const before = await countOf(2);
    await ctx.database.db.transaction((tx) =>
      ctx.services.bookmarks.eraseUserData(erin.userId, tx),
    );
    expect(await countOf(2)).toBe(before - 1);
  });
});
