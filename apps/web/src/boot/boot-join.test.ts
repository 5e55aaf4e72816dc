import { describe, expect, it } from 'vitest';
import { startBootJoin, startBootUserInfo } from './boot-join';
import {
  takeBootJoin,
  takeBootUserInfo,
  type BootJoin,
  type BootSigned,
} from '../shared/boot/handoff';

function page(options: { search?: string; stored?: Record<string, string>; host?: unknown } = {}) {
  const map = new Map(Object.entries(options.stored ?? {}));
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const win = {
    SnapDramaHost: options.host,
    location: { search: options.search ?? '' } as Location,
    localStorage: {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    } as Storage,
    fetch: ((url: string, init?: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(
        new Response(JSON.stringify({ code: 0, data: { access_token: 't' } }), { status: 200 }),
      );
    }) as typeof fetch,
    snapdramaBootJoin: undefined as BootJoin | undefined,
    snapdramaBootUserInfo: undefined as Promise<BootSigned | null> | undefined,
  };
  return { win, map, sent };
}

describe('the boot script', () => {
  it('a brand-new browser stores a guest id and sends its join at once', async () => {
    const { win, map, sent } = page();
    const join = startBootJoin(win, () => 'new-id');
    expect(map.get('guest_id')).toBe('new-id');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/v1/auth/join');
    expect(sent[0]?.init?.method).toBe('POST');
    expect(JSON.parse(sent[0]?.init?.body as string)).toEqual({
      authMthd: 'guest',
      authId: 'new-id',
      infoAgreeYn: 'N',
    });
    await expect(join?.reply).resolves.toEqual({
      status: 200,
      body: { code: 0, data: { access_token: 't' } },
    });
    expect(win.snapdramaBootJoin).toBe(join);
  });

  it.each([
    ['a stored token', { stored: { access_token: 'a' } }],
    ['a stored guest id', { stored: { guest_id: 'g' } }],
    ['the app wrapper', { host: { platform: 'ios', postMessage: () => undefined } }],
    ['the simulator asked for', { search: '?native-sim=android' }],
    ['the simulator switched on', { stored: { 'snapdrama.nativeSim.platform': 'ios' } }],
  ])('leaves start-up to the app with %s', (_name, options) => {
    const { win, sent } = page(options);
    expect(startBootJoin(win, () => 'x')).toBeNull();
    expect(sent).toHaveLength(0);
    expect(win.snapdramaBootJoin).toBeUndefined();
  });

  it('sends nothing when storage refuses the guest id (the app signs in as usual)', () => {
    const { win, sent } = page();
    win.localStorage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(startBootJoin(win, () => 'x')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('hands its join over once, and only for its own guest id', () => {
    const { win } = page();
    const join = startBootJoin(win, () => 'mine');
    expect(takeBootJoin(win, 'other')).toBeNull();
    expect(takeBootJoin(win, 'mine')).toBe(join?.reply);
    expect(takeBootJoin(win, 'mine')).toBeNull();
  });

  it("asks for the user info with the join's token once the join answers, and hands it over once", async () => {
    const { win, sent } = page();
    startBootUserInfo(win, startBootJoin(win, () => 'mine') as BootJoin);
    await expect(takeBootUserInfo(win, 'other')).resolves.toBeNull();
    expect(win.snapdramaBootUserInfo).toBeUndefined();
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/auth/join', '/api/v1/user/info']);
    const headers = sent[1]?.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer t');
    expect(sent[1]?.init?.method).toBe('GET');
  });

  it('hands the user info over to the app holding its token', async () => {
    const { win } = page();
    startBootUserInfo(win, startBootJoin(win, () => 'mine') as BootJoin);
    const taken = await takeBootUserInfo(win, 't');
    expect(taken?.token).toBe('t');
    await expect(taken?.reply).resolves.toMatchObject({ status: 200 });
    await expect(takeBootUserInfo(win, 't')).resolves.toBeNull();
  });

  it.each([
    [
      'refused',
      () => Promise.resolve(new Response(JSON.stringify({ code: 409003 }), { status: 409 })),
    ],
    ['without a token', () => Promise.resolve(new Response(JSON.stringify({ code: 0, data: {} })))],
    ['lost', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('asks for no user info when the join was %s', async (_name, answer) => {
    const { win, sent } = page();
    win.fetch = ((url: string, init?: RequestInit) => {
      sent.push({ url, init });
      return answer();
    }) as typeof fetch;
    startBootUserInfo(win, startBootJoin(win, () => 'mine') as BootJoin);
    await expect(win.snapdramaBootUserInfo).resolves.toBeNull();
    expect(sent).toHaveLength(1);
  });
});
