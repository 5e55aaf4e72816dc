import { describe, expect, it } from 'vitest';
import type { RawReply } from '../shared/api/api-client';
import { deepLinkOf, startBootPlayer } from './boot-player';
import { takeBootPlayer, type BootJoin, type BootPlayer } from '../shared/boot/handoff';

const reply = (status: number, body: RawReply['body']): RawReply => ({ status, body });

function page(
  pathname: string,
  options: { startData?: unknown; stored?: Record<string, string>; mse?: boolean } = {},
) {
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const win = {
    location: { pathname, href: `https://snap.example${pathname}` } as Location,
    localStorage: { getItem: (key: string) => options.stored?.[key] ?? null } as Storage,
    innerHeight: 800,
    devicePixelRatio: 1,
    matchMedia: (() => ({ matches: false })) as unknown as Window['matchMedia'],
    MediaSource: options.mse === false ? undefined : (class {} as unknown as typeof MediaSource),
    fetch: ((url: string, init?: RequestInit) => {
      sent.push({ url, init });
      const data =
        url.endsWith('/drama/episode') && options.startData ? options.startData : { url };
      return Promise.resolve(new Response(JSON.stringify({ code: 0, data })));
    }) as typeof fetch,
    snapdramaBootPlayer: undefined as BootPlayer | undefined,
    // the desktop layout (matchMedia above): the boot script plays nothing (boot-video.test.ts)
    document: { visibilityState: 'visible' } as Document,
    snapdramaBootVideo: undefined,
  };
  return { win, sent };
}

const q = 'expires=4000000000&sig=abc';
// portrait renditions, named by their width as the encoder names them
const variant = (width: number) =>
  `#EXT-X-STREAM-INF:BANDWIDTH=${width * 2000},RESOLUTION=${width}x${Math.round((width * 16) / 9)}\n${width}p/index.m3u8?${q}`;
const media = `#EXTM3U\n#EXT-X-MAP:URI="init.mp4?${q}"\n#EXTINF:1,\nseg_000.m4s?${q}\n#EXTINF:2,\nseg_001.m4s?${q}\n#EXT-X-ENDLIST`;
const startWithPlaylists = {
  logId: 'l1',
  videoUrlList: [{ quality: 'Auto', videoUrl: `/media/7/3/master.m3u8?${q}` }],
  playlistList: [
    {
      videoUrl: `/media/7/3/master.m3u8?${q}`,
      playlist: `#EXTM3U\n${variant(480)}\n${variant(720)}\n${variant(1080)}`,
    },
    ...[480, 720, 1080].map((w) => ({
      videoUrl: `/media/7/3/${w}p/index.m3u8?${q}`,
      playlist: media,
    })),
  ],
};
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const joined = (token = 'new-token'): BootJoin => ({
  authId: 'g',
  reply: Promise.resolve(reply(200, { code: 0, data: { access_token: token } })),
});

describe("the boot script's player link", () => {
  it.each([
    ['/7/3', { dramaId: 7, epsd: 3 }],
    ['/7/3/', { dramaId: 7, epsd: 3 }],
    ['/7', { dramaId: 7 }],
    ['/', null],
    ['/search', null],
    ['/settings/terms', null],
    ['/0/1', null],
    ['/7/0', null],
    ['/7/x', null],
    ['/7/3/4', null],
    ['/1234567890/1', null],
  ])('reads %s as the router does', (pathname, link) => {
    expect(deepLinkOf(pathname)).toEqual(link);
  });

  it("sends the drama info and the episode start with the join's token once it answers", async () => {
    const { win, sent } = page('/7/3');
    startBootPlayer(win, joined());
    // handed over at once, before the join answered
    const boot = takeBootPlayer(win, 7, 3);
    expect(boot).not.toBeNull();
    expect(sent).toHaveLength(0);
    const requests = await boot?.sent;
    // the start first: its answer leads to the first segments
    expect(sent.map((s) => [s.url, s.init?.method])).toEqual([
      ['/api/v1/drama/episode', 'POST'],
      ['/api/v1/drama/info/7', 'GET'],
    ]);
    for (const s of sent) {
      expect((s.init?.headers as Record<string, string>).authorization).toBe('Bearer new-token');
    }
    expect(JSON.parse(sent[0]?.init?.body as string)).toEqual({ dramId: 7, epsd: 3 });
    await expect(requests?.info).resolves.toEqual(
      reply(200, { code: 0, data: { url: '/api/v1/drama/info/7' } }),
    );
    await expect(requests?.start).resolves.toEqual(
      reply(200, { code: 0, data: { url: '/api/v1/drama/episode' } }),
    );
  });

  it('asks only for the drama info on a link without an episode', async () => {
    const { win, sent } = page('/7');
    startBootPlayer(win, joined());
    const requests = await takeBootPlayer(win, 7, undefined)?.sent;
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/drama/info/7']);
    expect(requests?.start).toBeUndefined();
  });

  it.each([
    ['refused as already joined', () => Promise.resolve(reply(403, { code: 403003 }))],
    ['answered without a token', () => Promise.resolve(reply(200, { code: 0, data: {} }))],
    ['lost', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('sends nothing more when the join was %s, and says so', async (_name, answer) => {
    const { win, sent } = page('/7/3');
    startBootPlayer(win, { authId: 'g', reply: answer() });
    await expect(takeBootPlayer(win, 7, 3)?.sent).resolves.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('leaves other pages alone', () => {
    const { win, sent } = page('/search');
    startBootPlayer(win, joined());
    expect(win.snapdramaBootPlayer).toBeUndefined();
    expect(sent).toHaveLength(0);
  });

  it('hands over once, and only for the link it read', () => {
    const { win } = page('/7/3');
    startBootPlayer(win, joined());
    expect(takeBootPlayer(win, 7, 4)).toBeNull();
    expect(takeBootPlayer(win, 7, undefined)).toBeNull();
    expect(takeBootPlayer(win, 7, 3)).not.toBeNull();
    expect(takeBootPlayer(win, 7, 3)).toBeNull();
  });

  it("fetches the start's first segments the moment it answers, for the level the player loads first", async () => {
    const { win, sent } = page('/7/3', { startData: startWithPlaylists });
    startBootPlayer(win, joined());
    await takeBootPlayer(win, 7, 3)?.sent;
    await settled();
    // an 800 px desktop player starts on 480p (start-segments.ts)
    expect(sent.slice(2).map((s) => s.url)).toEqual([
      `https://snap.example/media/7/3/480p/init.mp4?${q}`,
      `https://snap.example/media/7/3/480p/seg_000.m4s?${q}`,
    ]);
  });

  it("follows the viewer's stored quality", async () => {
    const stored = { video_settings: JSON.stringify({ state: { quality: '1080p' }, version: 1 }) };
    const { win, sent } = page('/7/3', { startData: startWithPlaylists, stored });
    startBootPlayer(win, joined());
    await takeBootPlayer(win, 7, 3)?.sent;
    await settled();
    expect(sent.slice(2).map((s) => new URL(s.url).pathname)).toEqual([
      '/media/7/3/1080p/init.mp4',
      '/media/7/3/1080p/seg_000.m4s',
    ]);
  });

  it("runs what waits for the start's answer after its segments were asked for", async () => {
    const { win, sent } = page('/7/3', { startData: startWithPlaylists });
    const order: string[] = [];
    startBootPlayer(win, joined(), () => order.push(`answered after ${sent.length} requests`));
    await takeBootPlayer(win, 7, 3)?.sent;
    await settled();
    // the start, the drama info, the init and the first segment
    expect(order).toEqual(['answered after 4 requests']);
  });

  it('runs it for a refused start too, and for the drama info on a link without an episode', async () => {
    const refused = page('/7/3');
    refused.win.fetch = () =>
      Promise.resolve(new Response(JSON.stringify({ code: 403004 }), { status: 403 }));
    let answered = 0;
    startBootPlayer(refused.win, joined(), () => (answered += 1));
    await takeBootPlayer(refused.win, 7, 3)?.sent;
    await settled();
    expect(answered).toBe(1);

    const drama = page('/7');
    startBootPlayer(drama.win, joined(), () => (answered += 1));
    await takeBootPlayer(drama.win, 7, undefined)?.sent;
    await settled();
    expect(answered).toBe(2);
  });

  it('runs nothing when the join failed', async () => {
    const { win } = page('/7/3');
    let answered = 0;
    const reply = Promise.resolve({ status: 403, body: { code: 403003 } });
    startBootPlayer(win, { authId: 'g', reply }, () => (answered += 1));
    await takeBootPlayer(win, 7, 3)?.sent;
    await settled();
    expect(answered).toBe(0);
  });

  it.each([
    ['without Media Source Extensions (native HLS fetches its own)', { mse: false }],
    [
      'for a start without playlists',
      { startData: { ...startWithPlaylists, playlistList: undefined } },
    ],
    ['for a start whose answer is not one', { startData: { nothing: true } }],
  ])('fetches no segments %s', async (_name, options) => {
    const { win, sent } = page('/7/3', { startData: startWithPlaylists, ...options });
    startBootPlayer(win, joined());
    await takeBootPlayer(win, 7, 3)?.sent;
    await settled();
    expect(sent).toHaveLength(2);
  });
});
