import { describe, expect, it } from 'vitest';
import {
  NATIVE_MESSAGE_TYPES,
  NATIVE_ORIGIN,
  NativeResult,
  parseNativeReply,
  type NativeMessageType,
} from '@snapdrama/contract';
import {
  BACK_SCRIPT,
  HostError,
  canceled,
  createHostBridge,
  hostHandleScript,
  isTrustedPage,
  replyScript,
  type PlatformModules,
} from './host-bridge';

const WEB = 'https://snapdrama.example';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function fakeModules(overrides: Partial<PlatformModules> = {}): PlatformModules {
  let saved: string | null = null;
  return {
    platform: 'android',
    appVersion: '1.2.3',
    googleLogin: () => Promise.resolve({ idToken: JWT }),
    kakaoLogin: () => Promise.resolve({ idToken: JWT }),
    facebookLogin: () => Promise.resolve({ accessToken: 'EAAGm0PX4ZCpsBA' }),
    appleLogin: () => Promise.resolve({ idToken: JWT }),
    rewardAds: () => Promise.resolve({ rewarded: true }),
    getPurchaseProductList: ({ productIds }) =>
      Promise.resolve({
        products: productIds.map((productId) => ({
          productId,
          price: '₩1,200',
          currency: 'KRW',
          priceMicros: 1_200_000_000,
        })),
      }),
    purchaseProduct: ({ productId, ordrId }) =>
      Promise.resolve({
        store: 'google' as const,
        ordrId,
        packageName: 'com.snapdrama.app',
        productId,
        purchaseToken: 'purchase-token',
      }),
    purchaseComplete: () => Promise.resolve({}),
    nativeShare: () => Promise.resolve({ shared: true }),
    showPrivacyOptions: () => Promise.resolve({ consentStatus: 'obtained' as const }),
    getConsentStatus: () =>
      Promise.resolve({ consentStatus: 'required' as const, privacyOptionsRequired: true }),
    saveAccessToken: ({ accessToken }) => {
      saved = accessToken;
      return Promise.resolve({});
    },
    loadAccessToken: () => Promise.resolve({ accessToken: saved }),
    getPushToken: () => Promise.resolve({ platform: 'fcm' as const, token: 'fcm-token:abc123' }),
    ...overrides,
  };
}

const REQUESTS: Record<NativeMessageType, unknown> = {
  getAppVersion: {},
  googleLogin: {},
  kakaoLogin: {},
  facebookLogin: {},
  appleLogin: {},
  rewardAds: { logId: 'log-1', adType: 'unlock', adUnitId: 'ca-app-pub-1/2', userId: 'u1' },
  getPurchaseProductList: { productIds: ['coins_100'] },
  purchaseProduct: { productId: 'coins_100', ordrId: 'ORD-1' },
  purchaseComplete: { store: 'google', purchaseToken: 'purchase-token' },
  nativeShare: { url: 'https://snapdrama.example/1/1', title: 'Drama', text: 'Watch' },
  showPrivacyOptions: {},
  getConsentStatus: {},
  saveAccessToken: { accessToken: 'eyJ.saved.token' },
  loadAccessToken: {},
  getPushToken: {},
};

/** Runs the reply script the way a web view would, and returns the event it dispatched. */
function runScript(script: string): MessageEvent {
  const dispatched: MessageEvent[] = [];
  const fn = new Function('window', 'MessageEvent', script) as (w: unknown, m: unknown) => void;
  fn({ dispatchEvent: (e: MessageEvent) => dispatched.push(e) }, MessageEvent);
  const [event] = dispatched;
  if (!event) throw new Error('no event');
  return event;
}

function setup(modules = fakeModules()) {
  const scripts: string[] = [];
  const events: string[] = [];
  const errors: string[] = [];
  const bridge = createHostBridge({
    modules,
    webOrigin: WEB,
    inject: (s) => scripts.push(s),
    onWebEvent: (e) => events.push(e),
    logError: (m) => errors.push(m),
  });
  const post = (message: unknown, page = `${WEB}/payment`) =>
    bridge.handleWebMessage(typeof message === 'string' ? message : JSON.stringify(message), page);
  const replies = () =>
    scripts.map((s) => JSON.parse(runScript(s).data as string) as Record<string, unknown>);
  return { post, replies, scripts, events, errors };
}

describe('host bridge', () => {
  it.each(NATIVE_MESSAGE_TYPES)('answers %s with a reply the web accepts', async (type) => {
    const { post, replies, scripts } = setup();
    await post({ v: 1, id: 'r1', type, payload: REQUESTS[type] });
    expect(scripts).toHaveLength(1);
    const event = runScript(scripts[0] ?? '');
    expect(event.origin).toBe(NATIVE_ORIGIN);
    expect(event.source).toBeNull();
    const [reply] = replies();
    expect(reply).toMatchObject({ v: 1, id: 'r1', type, result: 0 });
    expect(parseNativeReply(type, reply)).toMatchObject({ ok: true, result: 0 });
  });

  it('keeps the token between save and load', async () => {
    const { post, replies } = setup();
    await post({
      v: 1,
      id: 'a',
      type: 'saveAccessToken',
      payload: { accessToken: 'eyJ.saved.token' },
    });
    await post({ v: 1, id: 'b', type: 'loadAccessToken', payload: {} });
    expect(replies()[1]?.payload).toEqual({ accessToken: 'eyJ.saved.token' });
  });

  it('ignores messages from a page outside the web app', async () => {
    const { post, scripts, errors } = setup();
    await post({ v: 1, id: 'r1', type: 'loadAccessToken', payload: {} }, 'https://evil.example/x');
    await post({ v: 1, id: 'r2', type: 'loadAccessToken', payload: {} }, 'not a url');
    expect(scripts).toEqual([]);
    expect(errors).toHaveLength(2);
  });

  it('answers a malformed request with BAD_REQUEST and never calls the module', async () => {
    let called = false;
    const { post, replies } = setup(
      fakeModules({
        purchaseProduct: () => {
          called = true;
          return Promise.reject(new Error('unreachable'));
        },
      }),
    );
    await post({ v: 1, id: 'r1', type: 'purchaseProduct', payload: { productId: 'coins_100' } });
    await post('{not json');
    await post({ v: 1, id: 'r2', type: 'selfDestruct', payload: {} });
    expect(called).toBe(false);
    expect(replies()).toEqual([
      expect.objectContaining({ id: 'r1', result: NativeResult.BAD_REQUEST }),
    ]);
  });

  it('passes on cancels and failures with their message', async () => {
    const { post, replies } = setup(
      fakeModules({
        appleLogin: () => Promise.reject(canceled('Sign in with Apple was canceled')),
        rewardAds: () => Promise.reject(new HostError(NativeResult.FAILED, 'No ad to show')),
        nativeShare: () => Promise.reject(new Error('Share sheet crashed')),
        // the store's own code goes with it (the web's words for a refusal, issue 40)
        purchaseProduct: () =>
          Promise.reject(
            new HostError(NativeResult.FAILED, 'Billing unavailable', 'billing-unavailable'),
          ),
      }),
    );
    await post({ v: 1, id: 'a', type: 'appleLogin', payload: {} });
    await post({ v: 1, id: 'b', type: 'rewardAds', payload: REQUESTS.rewardAds });
    await post({ v: 1, id: 'c', type: 'nativeShare', payload: REQUESTS.nativeShare });
    await post({ v: 1, id: 'd', type: 'purchaseProduct', payload: REQUESTS.purchaseProduct });
    expect(replies().map((r) => [r.result, r.message, r.reason])).toEqual([
      [NativeResult.CANCELED, 'Sign in with Apple was canceled', undefined],
      [NativeResult.FAILED, 'No ad to show', undefined],
      [NativeResult.FAILED, 'Share sheet crashed', undefined],
      [NativeResult.FAILED, 'Billing unavailable', 'billing-unavailable'],
    ]);
  });

  it('never sends a reply outside the protocol (a module bug is a failure)', async () => {
    const { post, replies, errors } = setup(
      fakeModules({
        // a store answer without its purchase token
        purchaseProduct: () =>
          Promise.resolve({ store: 'google', ordrId: 'o', packageName: 'p' } as never),
      }),
    );
    await post({ v: 1, id: 'r1', type: 'purchaseProduct', payload: REQUESTS.purchaseProduct });
    expect(replies()[0]).toMatchObject({ result: NativeResult.FAILED });
    expect(replies()[0]?.payload).toBeUndefined();
    expect(errors[0]).toContain('outside the protocol');
  });

  it("passes the web's events on", async () => {
    const { post, events, scripts } = setup();
    await post({ v: 1, event: 'backExhausted' });
    expect(events).toEqual(['backExhausted']);
    expect(scripts).toEqual([]);
  });
});

describe('scripts and origins', () => {
  it('trusts only the web origin', () => {
    expect(isTrustedPage(`${WEB}/1/2?x=1`, WEB)).toBe(true);
    expect(isTrustedPage('https://snapdrama.example.evil.com/', WEB)).toBe(false);
    expect(isTrustedPage('http://snapdrama.example/', WEB)).toBe(false);
    expect(isTrustedPage(undefined, WEB)).toBe(false);
  });

  it('the handle script gives the page a frozen host handle that posts to the web view', () => {
    const posted: string[] = [];
    const win: Record<string, unknown> = {
      ReactNativeWebView: { postMessage: (m: string) => posted.push(m) },
    };
    new Function('window', hostHandleScript('ios'))(win);
    const host = win.SnapDramaHost as { platform: string; postMessage: (m: string) => void };
    expect(host.platform).toBe('ios');
    host.postMessage('{"v":1}');
    expect(posted).toEqual(['{"v":1}']);
    expect(Object.isFrozen(host)).toBe(true);
  });

  it('the reply script escapes the payload', () => {
    const event = runScript(
      replyScript({
        v: 1,
        id: '</script>',
        type: 'nativeShare',
        result: 1,
        message: "'); alert(1); ('",
      }),
    );
    expect(JSON.parse(event.data as string)).toMatchObject({
      id: '</script>',
      message: "'); alert(1); ('",
    });
  });

  it('the back script calls the web back hook, or says nothing is left', () => {
    let backs = 0;
    const posted: string[] = [];
    new Function('window', BACK_SCRIPT)({ snapdramaBack: () => backs++ });
    new Function('window', BACK_SCRIPT)({
      ReactNativeWebView: { postMessage: (m: string) => posted.push(m) },
    });
    expect(backs).toBe(1);
    expect(posted).toEqual(['{"v":1,"event":"backExhausted"}']);
  });
});
