import { describe, expect, it } from 'vitest';
import {
  NATIVE_MESSAGE_TYPES,
  NativeResult,
  nativeMessages,
  parseNativeReply,
  parseNativeRequest,
  sameOrderId,
  type NativeMessageType,
} from './native-bridge';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

/** For each message: a good request and reply, and a bad one of each (wrong or missing field). */
const cases: Record<
  NativeMessageType,
  { request: unknown; badRequest: unknown; reply: unknown; badReply: unknown }
> = {
  getAppVersion: {
    request: {},
    badRequest: { extra: 1 },
    reply: { appVersion: '1.4.0', protocolVersion: 1, platform: 'ios', messages: ['googleLogin'] },
    badReply: { appVersion: '1.4.0', protocolVersion: 1, platform: 'windows', messages: [] },
  },
  googleLogin: {
    request: {},
    badRequest: { provider: 'google' },
    reply: { idToken: JWT },
    badReply: { accessToken: 'abcdefgh12' },
  },
  kakaoLogin: {
    request: {},
    badRequest: 'x',
    reply: { idToken: JWT },
    badReply: { idToken: 'short' },
  },
  facebookLogin: {
    request: {},
    badRequest: [],
    reply: { accessToken: 'EAAGm0PX4ZCpsBA' },
    badReply: { idToken: JWT },
  },
  appleLogin: {
    request: {},
    badRequest: { nonce: 1 },
    reply: { idToken: JWT },
    badReply: {},
  },
  rewardAds: {
    request: { logId: 'log-1', adType: 'unlock', adUnitId: 'ca-app-pub-1/2', userId: 'u1' },
    badRequest: { logId: '', adType: 'unlock', adUnitId: 'x', userId: 'u1' },
    reply: { rewarded: true },
    badReply: { rewarded: 'yes' },
  },
  getPurchaseProductList: {
    request: { productIds: ['coins_100'] },
    badRequest: { productIds: [] },
    reply: {
      products: [{ productId: 'coins_100', price: '₩1,200', currency: 'KRW', priceMicros: 1 }],
    },
    badReply: { products: [{ productId: 'coins_100', price: '', currency: 'KRW' }] },
  },
  purchaseProduct: {
    request: { productId: 'coins_100', ordrId: 'ORD-1' },
    badRequest: { productId: 'coins_100' },
    reply: {
      store: 'google',
      ordrId: 'ord-1',
      packageName: 'com.snapdrama.app',
      productId: 'coins_100',
      purchaseToken: 'tok',
    },
    // a Google reply without its purchase token (spec §5: every required field)
    badReply: { store: 'google', ordrId: 'ord-1', packageName: 'p', productId: 'coins_100' },
  },
  purchaseComplete: {
    request: { store: 'apple', transactionId: '2000000123' },
    badRequest: { store: 'apple', purchaseToken: 'tok' },
    reply: {},
    badReply: { done: true },
  },
  nativeShare: {
    request: { url: 'https://snapdrama.example/d1/1', title: 'Drama', text: 'Watch' },
    badRequest: { url: 'javascript-not-a-url', title: 'x', text: 'y' },
    reply: { shared: false },
    badReply: {},
  },
  showPrivacyOptions: {
    request: {},
    badRequest: { force: true },
    reply: { consentStatus: 'obtained' },
    badReply: { consentStatus: 'maybe' },
  },
  getConsentStatus: {
    request: {},
    badRequest: 1,
    reply: { consentStatus: 'required', privacyOptionsRequired: true },
    badReply: { consentStatus: 'required' },
  },
  saveAccessToken: {
    request: { accessToken: 'eyJ.token.value' },
    badRequest: { accessToken: 42 },
    reply: {},
    badReply: { saved: 1 },
  },
  getPushToken: {
    request: {},
    badRequest: { ask: true },
    reply: { platform: 'fcm', token: 'fcm-token:abc123' },
    badReply: { platform: 'web', token: 'x' },
  },
  loadAccessToken: {
    request: {},
    badRequest: { key: 'access_token' },
    reply: { accessToken: null },
    badReply: {},
  },
};

describe('native bridge messages', () => {
  it('has the fourteen messages of spec §7 and getPushToken (decision 1520)', () => {
    expect(NATIVE_MESSAGE_TYPES).toHaveLength(15);
  });

  describe.each(NATIVE_MESSAGE_TYPES)('%s', (type) => {
    const c = cases[type];
    it('accepts a good request and refuses a bad one', () => {
      expect(nativeMessages[type].request.safeParse(c.request).success).toBe(true);
      expect(nativeMessages[type].request.safeParse(c.badRequest).success).toBe(false);
      const parsed = parseNativeRequest(
        JSON.stringify({ v: 1, id: 'r1', type, payload: c.request }),
      );
      expect(parsed.ok).toBe(true);
      const bad = parseNativeRequest({ v: 1, id: 'r2', type, payload: c.badRequest });
      expect(bad).toMatchObject({ ok: false, id: 'r2', type });
    });
    it('accepts a good reply and refuses a bad one', () => {
      expect(parseNativeReply(type, { v: 1, id: 'r1', type, result: 0, payload: c.reply })).toEqual(
        { ok: true, result: 0, payload: expect.anything() as unknown },
      );
      expect(
        parseNativeReply(type, { v: 1, id: 'r1', type, result: 0, payload: c.badReply }).ok,
      ).toBe(false);
    });
  });

  it('a failed reply needs no payload and carries the native message', () => {
    expect(
      parseNativeReply('googleLogin', {
        v: 1,
        id: 'r1',
        type: 'googleLogin',
        result: NativeResult.CANCELED,
        message: 'Sign-in canceled',
      }),
    ).toEqual({ ok: true, result: NativeResult.CANCELED, message: 'Sign-in canceled' });
  });

  it('refuses a reply of another type, without an id, or not an object', () => {
    expect(
      parseNativeReply('googleLogin', { v: 1, id: 'r', type: 'appleLogin', result: 0 }).ok,
    ).toBe(false);
    expect(parseNativeReply('googleLogin', { v: 1, type: 'googleLogin', result: 0 }).ok).toBe(
      false,
    );
    expect(parseNativeReply('googleLogin', 'reply').ok).toBe(false);
    expect(parseNativeRequest('{not json').ok).toBe(false);
    expect(parseNativeRequest({ v: 1, id: 'x', type: 'launchMissiles', payload: {} }).ok).toBe(
      false,
    );
  });

  it('compares order ids case-insensitively (spec §5)', () => {
    expect(sameOrderId('ORD-abc', 'ord-ABC')).toBe(true);
    expect(sameOrderId('ORD-abc', 'ORD-abd')).toBe(false);
  });
});
