import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type ForYouData } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';

const ctx = useTestContext();
let guest: Caller;

beforeAll(async () => {
  await ctx.services.forYouJobs.refreshCatalog();
  guest = await joinGuest(ctx.app);
});

type Headers = Record<string, string>;
const feed = (headers: Headers, query = '') =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/foryou${query}`, headers });
const signal = (headers: Headers, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/foryou/signals`,
    headers,
    payload: payload as object,
  });

describe('GET /foryou', () => {
  it('a new guest gets a page of playable openings with signed URLs', async () => {
    const res = await feed(bearer(guest), '?count=5');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: ForYouData }>().data;
    expect(data.itemList).toHaveLength(5);
    for (const item of data.itemList) {
      expect(item.videoUrlList[0]?.videoUrl).toMatch(/sig=/);
      expect(item.bookmark).toBe(false);
    }
    expect(data.cursor).toEqual(expect.any(String));
  });

  it('bad input is 400 and no session is 401', async () => {
    for (const q of ['?count=0', '?count=31', '?count=x', `?cursor=${'a'.repeat(600)}`]) {
      expect((await feed(bearer(guest), q)).statusCode, q).toBe(400);
    }
    const badCursor = await feed(bearer(guest), '?cursor=nope');
    expect(badCursor.json().code).toBe(ResultCode.FORYOU_CURSOR_INVALID);
    expect((await feed({})).statusCode).toBe(401);
  });

  it('signals: recorded once per kind; foreign or unknown impressions are 404190', async () => {
    const item = (await feed(bearer(guest), '?count=1')).json<{ data: ForYouData }>().data
      .itemList[0];
    expect(item).toBeDefined();
    const id = item?.impressionId;
    expect((await signal(bearer(guest), { impressionId: id, kind: 'shown' })).statusCode).toBe(200);
    expect((await signal(bearer(guest), { impressionId: id, kind: 'shown' })).statusCode).toBe(200);
    const other = await joinGuest(ctx.app);
    const foreign = await signal(bearer(other), { impressionId: id, kind: 'shown' });
    expect(foreign.json().code).toBe(ResultCode.FORYOU_IMPRESSION_NOT_FOUND);
  });
});
