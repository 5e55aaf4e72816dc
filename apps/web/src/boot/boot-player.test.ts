import { describe, expect, it } from 'vitest';
import type { RawReply } from '../shared/api/api-client';
import { deepLinkOf, startBootPlayer } from './boot-player';
import { takeBootPlayer, type BootJoin, type BootPlayer } from './handoff';

const reply = (status: number, body: RawReply['body']): RawReply => ({ status, body });

function page(pathname: string) {
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const win = {
    location: { pathname } as Location,
    fetch: ((url: string, init?: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ code: 0, data: { url } })));
    }) as typeof fetch,
    snapdramaBootPlayer: undefined as BootPlayer | undefined,
  };
  return { win, sent };
}

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
    expect(sent.map((s) => [s.url, s.init?.method])).toEqual([
      ['/api/v1/drama/info/7', 'GET'],
      ['/api/v1/drama/episode', 'POST'],
    ]);
    for (const s of sent) {
      expect((s.init?.headers as Record<string, string>).authorization).toBe('Bearer new-token');
    }
    expect(JSON.parse(sent[1]?.init?.body as string)).toEqual({ dramId: 7, epsd: 3 });
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
});
