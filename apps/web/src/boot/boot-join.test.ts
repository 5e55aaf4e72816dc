import { describe, expect, it } from 'vitest';
import { startBootJoin } from './boot-join';
import { takeBootJoin, type BootJoin } from './handoff';

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
});
