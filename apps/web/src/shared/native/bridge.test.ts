import { describe, expect, it, vi } from 'vitest';
import { NATIVE_ORIGIN, NativeResult } from '@snapdrama/contract';
import { createNativeBridge, type BridgeDeps } from './bridge';
import { detectNativeHost } from './native-host';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function setup() {
  const events = new EventTarget();
  const sent: { v: number; id: string; type: string; payload: unknown }[] = [];
  const errors: string[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  let n = 0;
  const deps: BridgeDeps = {
    host: {
      platform: 'ios',
      postMessage: (m) => sent.push(JSON.parse(m) as (typeof sent)[number]),
    },
    events: events,
    makeId: () => `id-${++n}`,
    logError: (message) => errors.push(message),
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    defaultTimeoutMs: 1000,
  };
  const bridge = createNativeBridge(deps);
  const reply = (data: unknown, init: { origin?: string; source?: MessagePort } = {}) =>
    events.dispatchEvent(
      new MessageEvent('message', {
        data: typeof data === 'string' ? data : JSON.stringify(data),
        origin: init.origin ?? NATIVE_ORIGIN,
        ...(init.source ? { source: init.source } : {}),
      }),
    );
  const fireTimers = () => timers.filter((t) => !t.cleared).forEach((t) => t.fn());
  return { bridge, sent, errors, reply, timers, fireTimers };
}

const settled = async <T>(promise: Promise<T>) => {
  let value: T | 'pending' = 'pending';
  void promise.then((v) => (value = v));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return value;
};

describe('native bridge (web side)', () => {
  it('sends a versioned request with an id and takes the matching reply', async () => {
    const { bridge, sent, reply } = setup();
    const pending = bridge.request('googleLogin', {});
    expect(sent).toEqual([{ v: 1, id: 'id-1', type: 'googleLogin', payload: {} }]);
    reply({ v: 1, id: 'id-1', type: 'googleLogin', result: 0, payload: { idToken: JWT } });
    await expect(pending).resolves.toEqual({ status: 'ok', payload: { idToken: JWT } });
  });

  it('ignores a reply from another origin, and one with the native origin from a window', async () => {
    const { bridge, reply, errors } = setup();
    const pending = bridge.request('loadAccessToken', {});
    const good = {
      v: 1,
      id: 'id-1',
      type: 'loadAccessToken',
      result: 0,
      payload: { accessToken: null },
    };
    reply(good, { origin: 'https://evil.example' });
    const { port1 } = new MessageChannel();
    reply(good, { source: port1 });
    port1.close();
    expect(await settled(pending)).toBe('pending');
    expect(errors).toHaveLength(1); // the forged native origin is logged; strangers' messages are not ours
    reply(good);
    await expect(pending).resolves.toEqual({ status: 'ok', payload: { accessToken: null } });
  });

  it('ignores replies for unknown ids and of another type', async () => {
    const { bridge, reply, errors } = setup();
    const pending = bridge.request('getConsentStatus', {});
    const payload = { consentStatus: 'obtained', privacyOptionsRequired: false };
    reply({ v: 1, id: 'id-99', type: 'getConsentStatus', result: 0, payload });
    reply({
      v: 1,
      id: 'id-1',
      type: 'showPrivacyOptions',
      result: 0,
      payload: { consentStatus: 'obtained' },
    });
    reply({ v: 1, type: 'getConsentStatus', result: 0, payload });
    expect(await settled(pending)).toBe('pending');
    expect(errors).toHaveLength(3);
    reply({ v: 1, id: 'id-1', type: 'getConsentStatus', result: 0, payload });
    await expect(pending).resolves.toMatchObject({ status: 'ok' });
  });

  it('ignores malformed payloads and non-JSON, and keeps waiting for a good reply', async () => {
    const { bridge, reply, errors } = setup();
    const pending = bridge.request('purchaseProduct', { productId: 'coins_100', ordrId: 'o-1' });
    reply('{not json');
    // a Google purchase without its token (spec §5: every required field)
    reply({
      v: 1,
      id: 'id-1',
      type: 'purchaseProduct',
      result: 0,
      payload: { store: 'google', ordrId: 'o-1', packageName: 'p', productId: 'coins_100' },
    });
    reply({ v: 1, id: 'id-1', type: 'purchaseProduct', result: 'zero' });
    expect(await settled(pending)).toBe('pending');
    expect(errors).toHaveLength(3);
    reply({
      v: 1,
      id: 'id-1',
      type: 'purchaseProduct',
      result: NativeResult.CANCELED,
      message: 'Canceled',
    });
    await expect(pending).resolves.toEqual({ status: 'canceled', message: 'Canceled' });
  });

  it('times out, and a late reply after the timeout is ignored', async () => {
    const { bridge, reply, errors, fireTimers, timers } = setup();
    const pending = bridge.request(
      'rewardAds',
      {
        logId: 'log-1',
        adType: 'unlock',
        adUnitId: 'ca-app-pub-1/2',
        userId: 'u1',
      },
      { timeoutMs: 5000 },
    );
    expect(timers[0]?.ms).toBe(5000);
    fireTimers();
    await expect(pending).resolves.toEqual({ status: 'timeout' });
    reply({ v: 1, id: 'id-1', type: 'rewardAds', result: 0, payload: { rewarded: true } });
    expect(errors).toEqual([
      'native bridge: rewardAds timed out',
      'native bridge: dropped a reply for no pending request',
    ]);
  });

  it('maps failure results, and a reply is taken once', async () => {
    const { bridge, reply, errors } = setup();
    const a = bridge.request('nativeShare', { url: 'https://x.example/1', title: 't', text: 'x' });
    const b = bridge.request('appleLogin', {});
    const c = bridge.request('kakaoLogin', {});
    reply({
      v: 1,
      id: 'id-1',
      type: 'nativeShare',
      result: NativeResult.FAILED,
      message: 'No app',
    });
    reply({ v: 1, id: 'id-2', type: 'appleLogin', result: NativeResult.UNSUPPORTED });
    reply({ v: 1, id: 'id-3', type: 'kakaoLogin', result: 0, payload: { idToken: JWT } });
    reply({ v: 1, id: 'id-3', type: 'kakaoLogin', result: 0, payload: { idToken: JWT } });
    await expect(a).resolves.toEqual({ status: 'failed', message: 'No app' });
    await expect(b).resolves.toEqual({ status: 'unsupported', message: undefined });
    await expect(c).resolves.toMatchObject({ status: 'ok' });
    expect(errors).toEqual(['native bridge: dropped a reply for no pending request']);
  });

  it("carries a failure's reason (a store's error code); a reason outside the pattern drops the reply", async () => {
    const { bridge, reply, errors } = setup();
    const pending = bridge.request('purchaseProduct', { productId: 'coins_100', ordrId: 'o-1' });
    reply({
      v: 1,
      id: 'id-1',
      type: 'purchaseProduct',
      result: NativeResult.FAILED,
      reason: 'Billing Unavailable <b>',
    });
    expect(await settled(pending)).toBe('pending');
    expect(errors).toHaveLength(1);
    reply({
      v: 1,
      id: 'id-1',
      type: 'purchaseProduct',
      result: NativeResult.FAILED,
      message: 'Billing is unavailable',
      reason: 'billing-unavailable',
    });
    await expect(pending).resolves.toEqual({
      status: 'failed',
      message: 'Billing is unavailable',
      reason: 'billing-unavailable',
    });
  });

  it('refuses to send a malformed request', async () => {
    const { bridge, sent } = setup();
    await expect(
      bridge.request('saveAccessToken', { accessToken: 42 } as unknown as { accessToken: string }),
    ).resolves.toEqual({ status: 'failed', message: undefined });
    expect(sent).toEqual([]);
  });

  it('sends events without ids, and stops listening when disposed', async () => {
    const { bridge, sent, reply, errors } = setup();
    bridge.notify('backExhausted');
    expect(sent).toEqual([{ v: 1, event: 'backExhausted' }]);
    const pending = bridge.request('getAppVersion', {});
    bridge.dispose();
    reply({ v: 1, id: 'id-1', type: 'getAppVersion', result: 0, payload: {} });
    expect(await settled(pending)).toBe('pending');
    expect(errors).toEqual([]);
  });
});

describe('detectNativeHost', () => {
  it('finds the host only with a known platform and a postMessage function', () => {
    const postMessage = vi.fn();
    expect(
      detectNativeHost({ SnapDramaHost: { platform: 'android', postMessage } })?.platform,
    ).toBe('android');
    expect(detectNativeHost({ SnapDramaHost: { platform: 'web', postMessage } })).toBeNull();
    expect(detectNativeHost({ SnapDramaHost: { platform: 'ios' } })).toBeNull();
    expect(detectNativeHost({})).toBeNull();
  });
});
