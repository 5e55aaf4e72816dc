import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type ForYouData } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import { signInOperator } from '../operators/operators.test-support';

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

  it('signals: bad input is 400 and records nothing; text/plain beacons are read as JSON', async () => {
    const item = (await feed(bearer(guest), '?count=1')).json<{ data: ForYouData }>().data
      .itemList[0];
    const id = item?.impressionId ?? '';
    for (const bad of [
      {},
      { impressionId: 'nope', kind: 'shown' },
      { impressionId: id, kind: 'liked' },
      { impressionId: id, kind: 'watch', watchedMs: -1 },
      { impressionId: id, kind: 'watch', watchedMs: 1.5 },
      { impressionId: id, kind: 'watch', watchedMs: 86_400_001 },
    ]) {
      expect((await signal(bearer(guest), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await signal(bearer(guest), {
      impressionId: '00000000-0000-4000-8000-000000000000',
      kind: 'shown',
    });
    expect(unknown.json().code).toBe(ResultCode.FORYOU_IMPRESSION_NOT_FOUND);
    expect((await signal({}, { impressionId: id, kind: 'shown' })).statusCode).toBe(401);
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/foryou/signals`,
      headers: { ...bearer(guest), 'content-type': 'text/plain' },
      payload: JSON.stringify({ impressionId: id, kind: 'watch', watchedMs: 4000 }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
  });

  it("the dashboard's continue rate: continued over shown, each impression once per kind", async () => {
    const admin = await signInOperator(ctx, 'admin');
    const counts = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${API_BASE}/admin/foryou/counts`,
          headers: admin.headers,
        })
      ).json().data;
    const before = await counts();
    const viewer = await joinGuest(ctx.app);
    const items = (await feed(bearer(viewer), '?count=4')).json<{ data: ForYouData }>().data
      .itemList;
    for (const item of items) {
      await signal(bearer(viewer), { impressionId: item.impressionId, kind: 'shown' });
    }
    const first = items[0]?.impressionId;
    await signal(bearer(viewer), { impressionId: first, kind: 'continue' });
    await signal(bearer(viewer), { impressionId: first, kind: 'continue' });
    await signal(bearer(viewer), { impressionId: items[1]?.impressionId, kind: 'skip' });
    const after = await counts();
    expect(after.hours24.served - before.hours24.served).toBe(4);
    expect(after.hours24.shown - before.hours24.shown).toBe(4);
    expect(after.hours24.continued - before.hours24.continued).toBe(1);
    expect(after.hours24.skipped - before.hours24.skipped).toBe(1);
    expect(after.hours24.continueRate).toBeCloseTo(after.hours24.continued / after.hours24.shown);
    const editor = await signInOperator(ctx, 'editor');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin/foryou/counts`,
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
