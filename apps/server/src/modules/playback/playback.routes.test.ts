import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller, useTestContext } from '../../test/harness';
import { DEMO_DRAMAS } from '../../seed/demo-catalog';

const ctx = useTestContext();
let guest: Caller;
const first = DEMO_DRAMAS[0];
const dramaId = 1;

beforeAll(async () => {
  guest = await joinGuest(ctx.app);
});

/** The episode route, called by the guest unless another caller is named. */
const episodeCall =
  (method: 'POST' | 'PUT') =>
  (payload: unknown, who: Caller = guest) =>
    ctx.app.inject({
      method,
      url: `${API_BASE}/drama/episode`,
      headers: bearer(who),
      payload: payload as object,
    });
/** Starts playback of an episode. */
const start = episodeCall('POST');
/** Ends the playback a start began. */
const end = episodeCall('PUT');
const info = (id: string | number, headers: Record<string, string> = bearer(guest)) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/info/${id}`, headers });

/** The qualities an episode's URL list offers, in its order. */
const qualitiesOf = (list: { quality: string }[]) => list.map((v) => v.quality);

describe('GET /drama/info/:dramaId', () => {
  it('returns the drama, its episodes and the caller’s records', async () => {
    const res = await info(dramaId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.drama).toMatchObject({
      dram_id: dramaId,
      epsd_cnt: first?.episodes,
      titl_lang_key: 'drama.ceo-contract-bride.title',
    });
    expect(data.episodeList).toHaveLength(first?.episodes ?? 0);
    expect(data.episodeList[0]).toEqual({ epsd: 1, coin: 0 });
    expect(data.episodeList.at(-1).coin).toBeGreaterThan(0);
    expect(data.userDramaEpisodeList).toEqual([]);
    expect(data.bookmark).toBe(false);
  });

  it('works without a session too', async () => {
    expect((await info(dramaId, {})).statusCode).toBe(200);
  });

  it('an unknown drama is 404 with its code; a malformed id is 400', async () => {
    const unknown = await info(99_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await info(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
  });
});

describe('POST /drama/episode', () => {
  it('starts a free episode: a log id and signed URLs for Auto, 480p, 720p and 1080p', async () => {
    const res = await start({ dramId: dramaId, epsd: 1 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.logId).toMatch(/^[0-9a-f-]{36}$/);
    expect(qualitiesOf(data.videoUrlList)).toEqual(['Auto', '480p', '720p', '1080p']);
    for (const v of data.videoUrlList) {
      expect(v.videoUrl).toMatch(
        new RegExp(`^/media/${dramaId}/1/.+\\.m3u8\\?expires=\\d+&sig=[\\w-]+$`),
      );
    }
    const after = (await info(dramaId)).json().data;
    expect(after.userDramaEpisodeList.map((e: { epsd: number }) => e.epsd)).toEqual([1]);
  });

  it('carries the master and rendition playlists, as the signed URLs serve them', async () => {
    const data = (await start({ dramId: dramaId, epsd: 1 })).json().data;
    const urls = data.videoUrlList.map((v: { videoUrl: string }) => v.videoUrl);
    const playlists = data.playlistList as { videoUrl: string; playlist: string }[];
    expect(playlists.map((p) => p.videoUrl)).toEqual(urls);
    for (const { videoUrl, playlist } of playlists) {
      expect(playlist).toMatch(/^#EXTM3U/);
      const served = await ctx.app.inject({ method: 'GET', url: videoUrl });
      expect(served.statusCode).toBe(200);
      // signed alike: every child URI the player follows opens with the same signature
      expect(playlist).toBe(served.body);
    }
    const master = playlists[0]?.playlist ?? '';
    const query = urls[0].split('?')[1];
    for (const line of master.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line.endsWith(`?${query}`)).toBe(true);
    }
  });

  it('refuses a priced episode that was never unlocked, and records nothing', async () => {
    const locked = (first?.freeEpisodes ?? 0) + 1;
    const res = await start({ dramId: dramaId, epsd: locked });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ResultCode.EPISODE_LOCKED);
    const after = (await info(dramaId)).json().data;
    expect(after.userDramaEpisodeList.some((e: { epsd: number }) => e.epsd === locked)).toBe(false);
  });

  it('hands over the next episode’s URLs when it is playable, and none before a locked one', async () => {
    const withNext = (await start({ dramId: dramaId, epsd: 1 })).json().data;
    expect(qualitiesOf(withNext.nextVideoUrlList)).toEqual(['Auto', '480p', '720p', '1080p']);
    for (const v of withNext.nextVideoUrlList) {
      expect(v.videoUrl).toMatch(new RegExp(`^/media/${dramaId}/2/.+\\?expires=\\d+&sig=`));
    }
    const lastFree = first?.freeEpisodes ?? 0;
    const beforeLocked = (await start({ dramId: dramaId, epsd: lastFree })).json().data;
    expect(beforeLocked.videoUrlList).toHaveLength(4);
    expect(beforeLocked.nextVideoUrlList).toBeUndefined();
    // handing over URLs records nothing: the next episode is not "viewed"
    const after = (await info(dramaId)).json().data;
    expect(after.userDramaEpisodeList.some((e: { epsd: number }) => e.epsd === lastFree + 1)).toBe(
      false,
    );
  });

  it('refuses every episode beyond the unlock rule (unlock+1 and further), for any caller', async () => {
    const viewer = await joinGuest(ctx.app);
    const unlock = first?.freeEpisodes ?? 0;
    const total = first?.episodes ?? 0;
    for (const epsd of [unlock + 1, unlock + 2, Math.floor((unlock + total) / 2), total]) {
      const res = await start({ dramId: dramaId, epsd }, viewer);
      expect(res.statusCode, `episode ${epsd}`).toBe(403);
      expect(res.json().code).toBe(ResultCode.EPISODE_LOCKED);
    }
    const recorded = (await info(dramaId, bearer(viewer))).json().data.userDramaEpisodeList;
    expect(recorded).toEqual([]);
    // a free episode still starts for the same caller
    expect((await start({ dramId: dramaId, epsd: unlock }, viewer)).statusCode).toBe(200);
  });

  it('an episode beyond the drama is 404; an unknown drama is 404', async () => {
    const beyond = await start({ dramId: dramaId, epsd: (first?.episodes ?? 0) + 1 });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().code).toBe(ResultCode.EPISODE_NOT_FOUND);
    const unknown = await start({ dramId: 99_999, epsd: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
    const unknownBeyond = await start({ dramId: 99_999, epsd: 500 });
    expect(unknownBeyond.json().code).toBe(ResultCode.DRAMA_NOT_FOUND);
  });

  it.each([
    ['no body', undefined],
    ['missing epsd', { dramId: dramaId }],
    ['episode 0', { dramId: dramaId, epsd: 0 }],
    ['negative episode', { dramId: dramaId, epsd: -1 }],
    ['fractional episode', { dramId: dramaId, epsd: 1.5 }],
    ['text episode', { dramId: dramaId, epsd: 'one' }],
    ['missing drama', { epsd: 1 }],
    ['episode too large', { dramId: dramaId, epsd: 10_001 }],
    ['null episode', { dramId: dramaId, epsd: null }],
    ['drama 0', { dramId: 0, epsd: 1 }],
    ['text drama', { dramId: 'abc', epsd: 1 }],
    ['drama id too large', { dramId: 2_147_483_648, epsd: 1 }],
  ])('%s is 400', async (_name, payload) => {
    const res = await start(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode`,
      payload: { dramId: 1, epsd: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /drama/episode', () => {
  it('closes the caller’s log with the watched time, and a second close keeps it', async () => {
    const logId = (await start({ dramId: dramaId, epsd: 2 })).json().data.logId;
    ctx.clock.advance(7_000);
    const closed = await end({ logId });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toEqual({ logId, watchedSeconds: 7 });
    ctx.clock.advance(5_000);
    expect((await end({ logId })).json().data.watchedSeconds).toBe(7);
  });

  it('another user’s log, an unknown log and a malformed id are refused', async () => {
    const logId = (await start({ dramId: dramaId, epsd: 1 })).json().data.logId;
    const other = await joinGuest(ctx.app);
    const foreign = await end({ logId }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(ResultCode.WATCH_LOG_NOT_FOUND);
    expect((await end({ logId: randomUUID() })).statusCode).toBe(404);
    expect((await end({ logId: 'nope' })).statusCode).toBe(400);
  });
});

describe('GET /drama/latest/list/:count/:page', () => {
  it('pages the catalog newest first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/latest/list/5/1` });
    const data = res.json().data;
    expect(data.totalCount).toBe(DEMO_DRAMAS.length);
    expect(data.dramaList).toHaveLength(5);
    const dates = data.dramaList.map((d: { rgst_dtm: string }) => Date.parse(d.rgst_dtm));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const last = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/drama/latest/list/5/3` });
    expect(last.json().data.dramaList).toHaveLength(DEMO_DRAMAS.length - 10);
    const beyond = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/latest/list/5/9`,
    });
    expect(beyond.json().data).toMatchObject({ totalCount: DEMO_DRAMAS.length, dramaList: [] });
  });

  it.each(['0/1', '201/1', '10/0', 'x/1', '10/y'])('refuses %s with 400', async (params) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/latest/list/${params}`,
    });
    expect(res.statusCode).toBe(400);
  });
});
